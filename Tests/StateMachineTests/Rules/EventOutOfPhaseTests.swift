import Testing

@testable import StateMachine

extension Rules {
  /// The unit tests of `event-out-of-phase` (a lifecycle event the current phase does not allow): traces that
  /// must trigger it, and near misses that must stay clean.
  @Suite("event-out-of-phase") struct EventOutOfPhaseTests {
    @Test func messageNamesThePhaseAndTheLegalEvents() throws {
      let findings = audit([
        line(1, "p1", "present"), line(1.01, "p1", "presentationTransitionWillBegin"),
        line(1.02, "p1", "animateTransition", #""duration":0.3"#),
        line(1.03, "p1", "dismissalTransitionWillBegin"),
      ])
      let finding = try #require(findings.first)
      #expect(finding.rule == .eventOutOfPhase)
      #expect(finding.line == 4)
      #expect(finding.t == 1.03)
      #expect(finding.message.contains("dismissalTransitionWillBegin in presenting.animating"))
      #expect(
        finding.message.contains("expected one of: startInteractiveTransition, completeTransition(true)"))
    }

    @Test func aSecondCompletionInAStackedDismissalIsOutOfPhase() {
      var lines = presentation("a", at: 1)
      lines += presentation("b", at: 2, from: "a")
      lines += [
        line(3, "a", "dismiss"), line(3.001, "a", "dismissalTransitionWillBegin"),
        line(3.002, "a", "animateTransition", #""duration":0.3"#),
        line(3.302, "a", "completeTransition", #""didComplete":true"#),
        line(3.302, "a", "dismissalTransitionDidEnd", #""completed":true"#), line(3.302, "a", "completion"),
        line(3.303, "b", "completion"),
      ]
      #expect(summary(audit(lines)) == ["17 b event-out-of-phase"])
    }
  }
}
