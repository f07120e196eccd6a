import Testing

@testable import PresentationStateMachine

extension Rules {
  /// The unit tests of `duration-mismatch` (non-interactive: completeTransition − animateTransition differs
  /// from the declared duration beyond tolerance): traces that must trigger it, and near misses that must
  /// stay clean.
  @Suite("duration-mismatch") struct DurationMismatchTests {
    /// Declared 0.3 s, accepted 0.175…0.425 s between `animateTransition` and `completeTransition`.
    @Test func aCompletionFarFromTheDeclaredDurationIsDurationMismatch() {
      let begun = Array(presentation("p1", at: 1).prefix(3))
      for completeT in [1.602, 1.102] {
        let lines =
          begun + [
            line(completeT, "p1", "completeTransition", #""didComplete":true"#),
            line(completeT, "p1", "presentationTransitionDidEnd", #""completed":true"#),
          ]
        #expect(summary(audit(lines)) == ["4 p1 duration-mismatch"], "completed at t=\(completeT)")
      }
    }

    @Test func aCompletionInsideTheToleranceIsClean() {
      var lines = Array(presentation("p1", at: 1).prefix(3))
      lines += [
        line(1.422, "p1", "completeTransition", #""didComplete":true"#),
        line(1.422, "p1", "presentationTransitionDidEnd", #""completed":true"#),
      ]
      #expect(audit(lines).isEmpty)
    }

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
