import Testing

@testable import StateMachine

extension Rules {
  /// The unit tests of `interaction-undriven` (startInteractiveTransition with no update/finish/cancel for
  /// over 1 s): traces that must trigger it, and near misses that must stay clean.
  @Suite("interaction-undriven") struct InteractionUndrivenTests {
    @Test func undrivenThresholdMovesInteractionUndriven() {
      #expect(
        bundledRuleIDs("rules/interaction-undriven.jsonl", AuditConfiguration(undrivenAfter: 2)).isEmpty)
      #expect(
        bundledRuleIDs("near-miss/interaction-undriven.jsonl", AuditConfiguration(undrivenAfter: 0.5))
          == ["interaction-undriven"])
    }
  }
}
