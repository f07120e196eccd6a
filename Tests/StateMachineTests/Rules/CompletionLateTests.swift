import Testing

@testable import PresentationStateMachine

extension Rules {
  /// The unit tests of `completion-late` (completeTransition later than UIKit's remaining time after
  /// finish/cancel ((1−p)·d÷speed, p·d÷speed)): traces that must trigger it, and near misses that must stay
  /// clean.
  @Suite("completion-late") struct CompletionLateTests {
    /// Finished at 50 % of 0.4 s: UIKit runs the rest in 0.2 s, accepted up to 0.3 s.
    @Test func aCompletionLaterThanUIKitsRemainingTimeIsCompletionLate() {
      let lines =
        presentation("card", at: 1)
        + interactiveDismissal("card", at: 2, to: 0.5, finishing: true, completingAfter: 0.5)
      #expect(summary(audit(lines)) == ["11 card completion-late"])
    }

    @Test func aCompletionInsideTheToleranceIsClean() {
      let lines =
        presentation("card", at: 1)
        + interactiveDismissal("card", at: 2, to: 0.5, finishing: true, completingAfter: 0.29)
      #expect(audit(lines).isEmpty)
    }

    /// At `completionSpeed` 2 the rest takes half as long: 0.1 s, accepted up to 0.175 s.
    @Test func theCompletionSpeedShortensTheRemainingTime() {
      let late =
        presentation("card", at: 1)
        + interactiveDismissal(
          "card", at: 2, to: 0.5, finishing: true, completionSpeed: 2, completingAfter: 0.25)
      #expect(summary(audit(late)) == ["11 card completion-late"])
      let inTime =
        presentation("card", at: 1)
        + interactiveDismissal(
          "card", at: 2, to: 0.5, finishing: true, completionSpeed: 2, completingAfter: 0.15)
      #expect(audit(inTime).isEmpty)
    }

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
