import Testing

@testable import PresentationStateMachine

/// The session's timers as data: a step reports when its transition becomes a finding, and the trace's
/// clock coming back in says what expired, each timer once.
@Suite struct SessionTimerTests {
  @Test func aRequestNothingBeginsIsDroppedWhenTheClockPassesItsDeadline() {
    var session = PresentationSession()
    let step = session.handle(Event(t: 0, id: "p1", kind: .present), line: 1)
    #expect(step.effects.timer == .schedule(serial: 1, hang: 2, undriven: nil))
    #expect(session.clockAdvanced(to: 2).expiries.isEmpty, "a deadline is passed only by a later t")
    let clock = session.clockAdvanced(to: 2.5)
    guard case .droppedRequest(let id, let presenter, let record, let deadline)? = clock.expiries.first else {
      Issue.record("no dropped request: \(clock.expiries)")
      return
    }
    #expect(clock.expiries.count == 1)
    #expect(id == "p1" && presenter == "root" && record.requestLine == 1 && deadline.t == 2)
    #expect(clock.nextDeadline == .infinity)
    #expect(session.phase(of: "p1") == .absent)
  }

  @Test func aRequestWhoseOwnLineShowsItsDeadlinePassedBeganLate() {
    var session = PresentationSession()
    _ = session.handle(Event(t: 0, id: "p1", kind: .present), line: 1)
    let clock = session.clockAdvanced(to: 2.5, byLineOf: "p1")
    guard case .hang(let id, let phase, _, _)? = clock.expiries.first else {
      Issue.record("no hang: \(clock.expiries)")
      return
    }
    #expect(id == "p1" && phase == .presentingRequested)
    #expect(session.phase(of: "p1") == .presentingRequested)
  }

  @Test func aHangExpiresOnceAndItsTransitionStaysInFlight() {
    var session = PresentationSession()
    _ = session.handle(Event(t: 0, id: "p1", kind: .present), line: 1)
    let began = session.handle(Event(t: 0.1, id: "p1", kind: .presentationTransitionWillBegin), line: 2)
    #expect(began.effects.timer == .schedule(serial: 1, hang: 2.1, undriven: nil))
    #expect(session.deadline(of: "p1")?.t == 2.1)
    let clock = session.clockAdvanced(to: 3)
    guard case .hang(let id, let phase, let record, let deadline)? = clock.expiries.first else {
      Issue.record("no hang: \(clock.expiries)")
      return
    }
    #expect(clock.expiries.count == 1)
    #expect(id == "p1" && phase == .presentingBegan && record.lastLine == 2 && deadline.t == 2.1)
    #expect(session.clockAdvanced(to: 10).expiries.isEmpty)
    #expect(session.deadline(of: "p1") == nil)
    #expect(session.phase(of: "p1") == .presentingBegan)
    let later = session.handle(Event(t: 10.1, id: "p1", kind: .viewWillAppear), line: 3)
    #expect(later.effects.timer == nil, "a stay moves deadlines only later")
  }

  @Test func anInteractionNothingDrivesExpiresBeforeItsHang() {
    var session = PresentationSession()
    _ = session.handle(Event(t: 0, id: "p1", kind: .present), line: 1)
    _ = session.handle(Event(t: 0.1, id: "p1", kind: .presentationTransitionWillBegin), line: 2)
    let started = session.handle(
      Event(t: 0.2, id: "p1", kind: .startInteractiveTransition, payload: Payload(duration: 0.3)), line: 3)
    #expect(started.effects.timer == .schedule(serial: 1, hang: 2.2, undriven: 1.2))
    let clock = session.clockAdvanced(to: 1.5)
    guard case .undriven(let id, let record)? = clock.expiries.first else {
      Issue.record("no undriven interaction: \(clock.expiries)")
      return
    }
    #expect(id == "p1" && record.undrivenSinceLine == 3)
    #expect(clock.nextDeadline == 2.2)
  }

  @Test func aFingerDownHoldsTheTimersOffAndAnEndedTransitionCancelsThem() {
    var session = PresentationSession()
    _ = session.handle(Event(t: 0, id: "p1", kind: .present), line: 1)
    let down = session.handle(Event(t: 0.05, id: "p1", kind: .panBegan), line: 2)
    #expect(down.effects.timer == nil, "a finger down moves deadlines only later")
    let lifted = session.handle(Event(t: 0.5, id: "p1", kind: .panEnded), line: 3)
    #expect(lifted.effects.timer == .schedule(serial: 1, hang: 2.5, undriven: nil))
    _ = session.handle(Event(t: 0.6, id: "p1", kind: .presentationTransitionWillBegin), line: 4)
    let ended = session.handle(
      Event(t: 0.7, id: "p1", kind: .presentationTransitionDidEnd, payload: Payload(completed: true)), line: 5
    )
    #expect(ended.to == .presented)
    #expect(ended.effects.timer == .cancel(serial: 1))
  }

  @Test func theClockForgetsAnEndedPresentationAndSaysWhatItLeftUnresolved() {
    var session = PresentationSession()
    _ = session.handle(Event(t: 0, id: "p1", kind: .present), line: 1)
    _ = session.handle(Event(t: 0.1, id: "p1", kind: .presentationTransitionWillBegin), line: 2)
    _ = session.handle(Event(t: 0.2, id: "p1", kind: .viewWillAppear), line: 3)
    _ = session.handle(
      Event(t: 0.3, id: "p1", kind: .presentationTransitionDidEnd, payload: Payload(completed: false)),
      line: 4)
    #expect(session.clockAdvanced(to: 2.3).unresolved.isEmpty, "the tail window is still open")
    let clock = session.clockAdvanced(to: 2.4)
    #expect(clock.unresolved.map(\.line) == [3])
    #expect(session.lifecycle(of: "p1") == nil)
  }

  /// Up to the bound the clock forgets nothing however `ended + grace` and `t - grace` round, and the bound
  /// is no more than a few steps of rounding short of `ended + grace`.
  @Test func theClockForgetsNothingUpToTheBound() {
    var random = SystemRandomNumberGenerator()
    var cases: [(ended: Double, grace: Double)] = [
      (0.3, 2), (-1e-20, 2), (1e-20, 2), (0, 2), (1e308, 1e308), (5, .infinity), (5, 0), (5, -1), (-5, 2),
    ]
    for _ in 0..<10_000 {
      let scale: Double = [1e-3, 1, 1e3, 1e6, 1e9].randomElement(using: &random) ?? 1
      let ended = Double.random(in: -scale...scale, using: &random)
      cases.append((ended, Double.random(in: 0...4, using: &random)))
    }
    for (ended, grace) in cases {
      let bound = PresentationSession.forgetsNothing(endedT: ended, grace: grace)
      #expect(!(ended < bound - grace), "ended \(ended) grace \(grace) bound \(bound)")
      guard (ended + grace).isFinite else { continue }
      #expect(bound >= (ended + grace).nextDown.nextDown, "ended \(ended) grace \(grace) bound \(bound)")
    }
    #expect(PresentationSession.forgetsNothing(endedT: .infinity, grace: 2) == .infinity)
    #expect(PresentationSession.forgetsNothing(endedT: 1, grace: .nan) == -.infinity)
  }
}
