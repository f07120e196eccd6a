import Foundation
import Testing

@testable import PresentationStateMachine

/// The auditor's skipped deadline questions (after a step that can only move deadlines later) must change
/// nothing: every finding equals what asking after every step gives, on generated traces, mutated traces,
/// event soup and the bundled traces. Nor may the timers the steps report come later than the machine's
/// deadlines: judging the timers on every step of the clock finds the same.
@Suite struct DeadlineShortcutTests {
  /// Random events over a few ids, most of them legal for the id's current phase (so transitions get far
  /// enough for the fast steps to run), the rest any kind; payloads valid or odd, and now and then a clock
  /// that goes backwards.
  static func soup(seed: UInt64, count: Int) -> [Event] {
    var random = SeededRandom(seed: seed)
    let ids = ["p1", "p2", "p3", "root", "root:side"]
    var session = PresentationSession()
    var t = 1.0
    var events: [Event] = []
    for index in 0..<count {
      t += Double(random.below(400)) / 1000
      if random.below(50) == 0 { t -= 0.5 }
      let id = random.pick(ids) ?? "p1"
      let legal = TransitionTable.legalTriggers(in: session.phase(of: id))
      let trigger =
        random.below(10) < 7 ? random.pick(legal) : random.pick(Trigger.allCases.filter { $0 != .gesture })
      let event =
        random.below(8) == 0
        ? Event(t: t, id: id, kind: random.pick([.panBegan, .panChanged, .panEnded]) ?? .panChanged)
        : Event(t: t, id: id, kind: kind(of: trigger ?? .mark), payload: payload(trigger ?? .mark, &random))
      events.append(event)
      _ = session.handle(event, line: index + 1)
    }
    return events
  }

  static func kind(of trigger: Trigger) -> EventKind {
    switch trigger {
    case .present: .present
    case .dismiss: .dismiss
    case .presentationWillBegin: .presentationTransitionWillBegin
    case .presentationDidEndTrue, .presentationDidEndFalse: .presentationTransitionDidEnd
    case .dismissalWillBegin: .dismissalTransitionWillBegin
    case .dismissalDidEndTrue, .dismissalDidEndFalse: .dismissalTransitionDidEnd
    case .animate: .animateTransition
    case .startInteractive: .startInteractiveTransition
    case .interruptibleAnimator: .interruptibleAnimator
    case .update: .updateInteractiveTransition
    case .pause: .pauseInteractiveTransition
    case .finish: .finishInteractiveTransition
    case .cancel: .cancelInteractiveTransition
    case .completeTrue, .completeFalse: .completeTransition
    case .animationEnded: .animationEnded
    case .completion: .completion
    case .layoutWill: .containerViewWillLayoutSubviews
    case .layoutDid: .containerViewDidLayoutSubviews
    case .viewWillAppear: .viewWillAppear
    case .viewIsAppearing: .viewIsAppearing
    case .viewDidAppear: .viewDidAppear
    case .viewWillDisappear: .viewWillDisappear
    case .viewDidDisappear: .viewDidDisappear
    case .sizeChange: .viewWillTransitionToSize
    case .controllerWillDismiss: .presentationControllerWillDismiss
    case .controllerDidDismiss: .presentationControllerDidDismiss
    case .controllerDidAttemptToDismiss: .presentationControllerDidAttemptToDismiss
    case .gesture: .panChanged
    case .mark: .mark
    }
  }

  static func payload(_ trigger: Trigger, _ random: inout SeededRandom) -> Payload {
    var payload = Payload()
    switch trigger {
    case .present:
      payload.presenter = random.pick(["root", "p1", "p2", "root:side"])
      payload.style = random.pick(["custom", "pageSheet", "alert"])
    case .presentationDidEndTrue, .dismissalDidEndTrue: payload.completed = true
    case .presentationDidEndFalse, .dismissalDidEndFalse: payload.completed = false
    case .completeTrue: payload.didComplete = true
    case .completeFalse: payload.didComplete = false
    case .animate, .interruptibleAnimator: payload.duration = Double(random.below(900)) / 1000
    case .startInteractive:
      payload.duration = Double(random.below(900)) / 1000
      if random.below(3) == 0 { payload.wantsInteractiveStart = false }
    case .update: payload.percent = Double(random.below(130)) / 100 - 0.1
    case .finish, .cancel: payload.completionSpeed = Double(random.below(3))
    case .sizeChange:
      payload.width = 390
      payload.height = 844
    default: break
    }
    return payload
  }

  /// Generated traces, mutations of them, soup (unless `soup` is false), and every bundled trace.
  static func traces(seed: UInt64, soup includesSoup: Bool = true) -> [[Event]] {
    var generator = TraceGenerator(seed: seed, configuration: GeneratorConfiguration(episodes: 12, roots: 2))
    var mutator = TraceMutator(seed: seed)
    var traces: [[Event]] = []
    for _ in 0..<FuzzSupport.iterations(6) {
      let trace = generator.events()
      traces.append(trace)
      for _ in 0..<3 { traces.append(mutator.mutate(trace).events) }
    }
    for round in 0..<4 where includesSoup {
      traces.append(soup(seed: seed &* 31 &+ UInt64(round), count: 800))
    }
    for file in BundledTracesTests.traceFiles {
      let path = BundledTracesTests.tracesDirectory.appendingPathComponent(file).path
      guard let reader = try? TraceReader(path: path) else { continue }
      traces.append(
        reader.compactMap { record in
          if case .event(let event, _) = record { event } else { nil }
        })
    }
    return traces
  }

  @Test(arguments: [21, 22, 23, 24] as [UInt64])
  func theAuditorFindsAlikeWithOrWithoutTheShortcut(seed: UInt64) {
    for (number, trace) in Self.traces(seed: seed).enumerated() {
      var fast = Auditor()
      var general = Auditor()
      general.asksEveryDeadline = true
      var fastFindings: [Finding] = []
      var generalFindings: [Finding] = []
      for (index, event) in trace.enumerated() {
        fast.audit(event, line: index + 1, into: &fastFindings)
        general.audit(event, line: index + 1, into: &generalFindings)
      }
      fast.finish(into: &fastFindings)
      general.finish(into: &generalFindings)
      #expect(fastFindings == generalFindings, "seed \(seed) trace \(number)")
    }
  }

  /// Taking the clock's full checks on every line (whether it went back, reached a timer or the end of a
  /// tail window) finds what taking them only past the horizon finds.
  @Test(arguments: [21, 22, 23, 24] as [UInt64])
  func theClocksHorizonChangesNoFinding(seed: UInt64) {
    for (number, trace) in Self.traces(seed: seed).enumerated() {
      var fast = Auditor()
      var full = Auditor()
      var fastFindings: [Finding] = []
      var fullFindings: [Finding] = []
      for (index, event) in trace.enumerated() {
        fast.audit(event, line: index + 1, into: &fastFindings)
        full.forgetHorizon()
        full.audit(event, line: index + 1, into: &fullFindings)
      }
      fast.finish(into: &fastFindings)
      full.finish(into: &fullFindings)
      #expect(fastFindings == fullFindings, "seed \(seed) trace \(number)")
      #expect(fast.clock == full.clock, "seed \(seed) trace \(number)")
    }
  }

  /// Judging the timers on every step of the clock finds what judging them once the clock passes the
  /// earliest reported finds. Event soup is left out: in a stack dismissed from below, a step of one member
  /// can bring another member's deadline sooner without reporting its timer (a group formed anew around a
  /// member already dismissing, say), which soup reaches and generated or mutated traces do not; such a
  /// hang is then reported at the clock of a later line.
  @Test(arguments: [21, 22, 23, 24] as [UInt64])
  func theEarliestTimerReportedIsNeverLate(seed: UInt64) {
    for (number, trace) in Self.traces(seed: seed, soup: false).enumerated() {
      var fast = Auditor()
      var everyStep = Auditor()
      everyStep.judgesEveryStep = true
      var fastFindings: [Finding] = []
      var everyStepFindings: [Finding] = []
      for (index, event) in trace.enumerated() {
        fast.audit(event, line: index + 1, into: &fastFindings)
        everyStep.audit(event, line: index + 1, into: &everyStepFindings)
      }
      fast.finish(into: &fastFindings)
      everyStep.finish(into: &everyStepFindings)
      #expect(fastFindings == everyStepFindings, "seed \(seed) trace \(number)")
    }
  }
}
