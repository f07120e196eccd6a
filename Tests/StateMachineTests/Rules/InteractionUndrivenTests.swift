import Testing

@testable import PresentationStateMachine

extension Rules {
  /// The unit tests of `interaction-undriven` (startInteractiveTransition with no update/finish/cancel for
  /// over 1 s): traces that must trigger it, and near misses that must stay clean.
  @Suite("interaction-undriven") struct InteractionUndrivenTests {
    /// Reported at the start's line once a later line is over 1 s past it, before the hang's grace runs out.
    @Test func anInteractionWithNothingDrivingItForOverASecondIsInteractionUndriven() {
      var lines = presentation("card", at: 1)
      lines += [
        line(2, "card", "dismiss"), line(2.001, "card", "dismissalTransitionWillBegin"),
        line(2.002, "card", "startInteractiveTransition", #""duration":0.4"#),
        line(3.1, "app", "mark", #""name":"later""#),
      ]
      #expect(summary(audit(lines)) == ["8 card interaction-undriven"])
    }

    /// A pan of the id drives the interaction: an interactor that moves the views itself and reports no
    /// progress is not undriven (<doc:Rules#Interruptible-transitions> amends the rule so).
    @Test func panEventsDriveAnInteraction() {
      var lines = presentation("card", at: 1)
      lines += [
        line(2, "card", "panBegan"), line(2.001, "card", "dismiss"),
        line(2.002, "card", "dismissalTransitionWillBegin"),
        line(2.003, "card", "startInteractiveTransition", #""duration":0.4"#),
        line(2.5, "card", "panChanged"),
        line(3, "card", "panChanged"), line(3.1, "card", "panChanged"),
      ]
      #expect(audit(lines).isEmpty)
    }

    /// The first update comes 0.8 s after the start, inside the 1 s limit.
    @Test func aFirstUpdateInsideTheLimitDrivesIt() {
      var lines = presentation("card", at: 1)
      lines += [
        line(2, "card", "dismiss"), line(2.001, "card", "dismissalTransitionWillBegin"),
        line(2.002, "card", "startInteractiveTransition", #""duration":0.4"#),
        line(2.8, "card", "updateInteractiveTransition", #""percent":0.3"#),
        line(2.9, "card", "finishInteractiveTransition"),
        line(3.18, "card", "completeTransition", #""didComplete":true"#),
        line(3.18, "card", "dismissalTransitionDidEnd", #""completed":true"#),
        line(4, "app", "mark", #""name":"later""#),
      ]
      #expect(audit(lines).isEmpty)
    }

    @Test func undrivenThresholdMovesInteractionUndriven() {
      #expect(
        bundledRuleIDs("rules/interaction-undriven.jsonl", AuditConfiguration(undrivenAfter: 2)).isEmpty)
      // The first update 0.8 s after the start, with no pan: driven within 1 s, undriven within 0.5 s.
      var lines = presentation("card", at: 1)
      lines += [
        line(2, "card", "dismiss"), line(2.001, "card", "dismissalTransitionWillBegin"),
        line(2.002, "card", "startInteractiveTransition", #""duration":0.4"#),
        line(2.8, "card", "updateInteractiveTransition", #""percent":0.3"#),
      ]
      #expect(audit(lines, AuditConfiguration(undrivenAfter: 1)).isEmpty)
      #expect(
        summary(audit(lines, AuditConfiguration(undrivenAfter: 0.5))) == ["8 card interaction-undriven"])
    }
  }
}
