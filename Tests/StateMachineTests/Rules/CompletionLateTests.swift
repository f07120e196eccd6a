import Testing

@testable import StateMachine

extension Rules {
  /// The unit tests of `completion-late` (completeTransition later than UIKit's remaining time after
  /// finish/cancel ((1−p)·d÷speed, p·d÷speed)): traces that must trigger it, and near misses that must stay
  /// clean.
  @Suite("completion-late") struct CompletionLateTests {
    @Test func toleranceMovesCompletionLateAndEarly() {
      #expect(
        bundledRuleIDs("rules/completion-late.jsonl", AuditConfiguration(toleranceSeconds: 0.5)).isEmpty)
      #expect(
        bundledRuleIDs("near-miss/completion-late.jsonl", AuditConfiguration(toleranceSeconds: 0)) == [
          "completion-late"
        ])
      #expect(
        bundledRuleIDs("near-miss/completion-early.jsonl", AuditConfiguration(toleranceSeconds: 0)) == [
          "completion-early"
        ])
    }
  }
}
