import Testing

@testable import StateMachine

extension Rules {
  /// The unit tests of `duration-mismatch` (non-interactive: completeTransition − animateTransition differs
  /// from the declared duration beyond tolerance): traces that must trigger it, and near misses that must
  /// stay clean.
  @Suite("duration-mismatch") struct DurationMismatchTests {
    @Test func toleranceMovesDurationMismatch() {
      #expect(bundledRuleIDs("rules/duration-mismatch.jsonl") == ["duration-mismatch"])
      #expect(bundledRuleIDs("rules/duration-mismatch.jsonl", AuditConfiguration(toleranceRatio: 1)).isEmpty)
      #expect(bundledRuleIDs("near-miss/duration-mismatch.jsonl").isEmpty)
      #expect(
        bundledRuleIDs(
          "near-miss/duration-mismatch.jsonl", AuditConfiguration(toleranceRatio: 0.1, toleranceSeconds: 0))
          == ["duration-mismatch"])
    }
  }
}
