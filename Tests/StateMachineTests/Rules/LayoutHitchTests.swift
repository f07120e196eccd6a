import Testing

@testable import StateMachine

extension Rules {
  /// The unit tests of `layout-hitch` (a container layout pass longer than one frame (60 Hz by default)):
  /// traces that must trigger it, and near misses that must stay clean.
  @Suite("layout-hitch") struct LayoutHitchTests {
    @Test func frameRateMovesLayoutHitch() {
      #expect(bundledRuleIDs("rules/layout-hitch.jsonl", AuditConfiguration(frameRate: 30)).isEmpty)
      #expect(
        bundledRuleIDs("near-miss/layout-hitch.jsonl", AuditConfiguration(frameRate: 120)) == ["layout-hitch"]
      )
    }
  }
}
