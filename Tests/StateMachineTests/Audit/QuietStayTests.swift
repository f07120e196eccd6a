import Testing

@testable import PresentationStateMachine

/// The auditor's quiet stay (`PresentationSession.steppedQuietStay`, a stay with nothing to report stepped
/// without a `SessionStep`) must change nothing: the same findings, and after the trace the same
/// lifecycles, gestures, roots' children, transitions in flight, clock and whole session document, as
/// every event through `handle`, on generated, mutated and soup traces and the bundled traces.
@Suite struct QuietStayTests {
  @Test(arguments: [41, 42, 43, 44] as [UInt64])
  func theQuietStayFindsWhatTheStepFinds(seed: UInt64) throws {
    var quietStays = 0
    for (number, trace) in DeadlineShortcutTests.traces(seed: seed).enumerated() {
      var quiet = Auditor()
      var stepped = Auditor()
      stepped.stepsEveryEventThroughHandle()
      var quietFindings: [Finding] = []
      var steppedFindings: [Finding] = []
      for (index, event) in trace.enumerated() {
        // Asked of a copy: the question changes the session when the answer is yes.
        var probe = quiet.session
        if PresentationSession.mayStayQuietly(event.kind),
          probe.steppedQuietStay(
            CompactEvent(event), line: index + 1, frameRate: quiet.configuration.frameRate)
        {
          quietStays += 1
        }
        quiet.audit(event, line: index + 1, into: &quietFindings)
        stepped.audit(event, line: index + 1, into: &steppedFindings)
      }
      quiet.finish(into: &quietFindings)
      stepped.finish(into: &steppedFindings)
      #expect(quietFindings == steppedFindings, "seed \(seed) trace \(number)")
      #expect(quiet.session.lifecycles == stepped.session.lifecycles, "seed \(seed) trace \(number)")
      #expect(quiet.session.gestures == stepped.session.gestures, "seed \(seed) trace \(number)")
      #expect(quiet.session.inFlight == stepped.session.inFlight, "seed \(seed) trace \(number)")
      #expect(quiet.session.rootChildren == stepped.session.rootChildren, "seed \(seed) trace \(number)")
      #expect(quiet.clock == stepped.clock, "seed \(seed) trace \(number)")
      #expect(
        try StayShortcutTests.document(of: quiet.session) == StayShortcutTests.document(of: stepped.session),
        "seed \(seed) trace \(number)")
    }
    // The traces reach the quiet stay (counted on a copy of the session, which the auditor asks only within
    // its clock's horizon): a test of it that never took it would prove nothing.
    #expect(quietStays > 1_000)
  }

  /// `mayStayQuietly`, the auditor's bit test on an event's kind, names exactly the kinds whose trigger
  /// `quietStayTriggerMask` names, and the pan events of a finger that is down.
  @Test func theKindsAskedAreTheQuietTriggers() {
    for kind in EventKind.allCases {
      let trigger = Trigger(Event(t: 0, id: "p", kind: kind))
      let quiet =
        PresentationSession.quietStayTriggerMask & (1 << UInt64(trigger.rawValue)) != 0
        || kind == .panBegan || kind == .panChanged
      #expect(PresentationSession.mayStayQuietly(kind) == quiet, "\(kind)")
    }
  }
}
