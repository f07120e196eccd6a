import Testing

@testable import PresentationStateMachine

/// `PresentationLifecycle.updateStay`, the facts of a stay on a trigger that changes only the transition's
/// times (and an update's progress), must be what the general `update` gives for the same stay: for every
/// such trigger, in every phase, once-per-transition or not, after a side track's rule or none, from
/// records in several states and with percents in and out of range or missing.
@Suite struct LifecycleStayTests {
  @Test func theStaysUpdateIsTheGeneralOne() {
    let triggers = Trigger.allCases.filter(PresentationLifecycle.staysWithTimesOnly)
    // The list `updateStay` serves: a test over none would prove nothing.
    #expect(triggers.count == 13)
    var compared = 0
    for trigger in triggers {
      for phase in Phase.allCases {
        for record in Self.records() {
          for percent in [nil, 0.4, -0.2, 1.7] as [Double?] {
            // With a side track's rule too (`applyStay` updates the facts after one): `update` must not read it.
            for (once, rule) in [
              (false, nil), (true, nil), (false, .layoutUnbalanced), (true, .percentOutOfRange),
            ]
              as [(Bool, Rule?)]
            {
              let event = CompactEvent(
                Event(
                  t: 7.25, id: "p", kind: .updateInteractiveTransition, payload: Payload(percent: percent)))
              var general = record
              PresentationLifecycle.update(
                &general, trigger, event: event, line: 42, decision: .stay, from: phase, to: phase,
                rule: rule, once: once)
              var stay = record
              PresentationLifecycle.updateStay(
                &stay, trigger, event: event, line: 42, phase: phase, once: once)
              let context = "\(trigger) in \(phase), percent \(String(describing: percent)), once \(once)"
              #expect(stay == general, "\(context), rule \(String(describing: rule))")
              compared += 1
            }
          }
        }
      }
    }
    #expect(compared == 13 * Phase.allCases.count * 3 * 4 * 4)
  }

  /// A transition just requested, one driven and committed, and one already ended.
  private static func records() -> [TransitionRecord] {
    let requested = TransitionRecord(direction: .presenting, line: 1, t: 1, animated: true, serial: 1)
    var driven = TransitionRecord(direction: .dismissing, line: 3, t: 2, animated: true, serial: 2)
    driven.interactiveStartT = 2.5
    driven.lastDriveT = 3
    driven.progress = 0.6
    driven.hadUpdate = true
    driven.undrivenSince = 3
    driven.commit = .init(kind: .cancel, t: 3.5, progress: 0.6, completionSpeed: 1, hadUpdate: true)
    var ended = TransitionRecord(direction: .presenting, line: 5, t: 4, animated: false, serial: 3)
    ended.animateT = 4.1
    ended.completeT = 4.4
    ended.completeValue = true
    ended.didEndT = 4.5
    ended.markSeen(.animationEnded)
    return [requested, driven, ended]
  }
}
