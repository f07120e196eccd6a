import Testing

@testable import StateMachine

/// Each threshold moves the verdict of a timing rule: the rule traces fire at the defaults, and the
/// configuration can clear them or make their near-misses fire.
@Suite struct TimingThresholdTests {
  static func rules(_ relative: String, _ configuration: AuditConfiguration = AuditConfiguration())
    -> [String]
  {
    FileReport.audit(
      path: BundledTracesTests.tracesDirectory.appendingPathComponent(relative).path,
      configuration: configuration
    ).ruleIDs
  }

  @Test func toleranceMovesDurationMismatch() {
    #expect(Self.rules("rules/duration-mismatch.jsonl") == ["duration-mismatch"])
    #expect(Self.rules("rules/duration-mismatch.jsonl", AuditConfiguration(toleranceRatio: 1)).isEmpty)
    #expect(Self.rules("near-miss/duration-mismatch.jsonl").isEmpty)
    #expect(
      Self.rules(
        "near-miss/duration-mismatch.jsonl", AuditConfiguration(toleranceRatio: 0.1, toleranceSeconds: 0))
        == ["duration-mismatch"])
  }

  @Test func toleranceMovesCompletionLateAndEarly() {
    #expect(Self.rules("rules/completion-late.jsonl", AuditConfiguration(toleranceSeconds: 0.5)).isEmpty)
    #expect(
      Self.rules("near-miss/completion-late.jsonl", AuditConfiguration(toleranceSeconds: 0)) == [
        "completion-late"
      ])
    #expect(
      Self.rules("near-miss/completion-early.jsonl", AuditConfiguration(toleranceSeconds: 0)) == [
        "completion-early"
      ])
  }

  @Test func frameRateMovesLayoutHitch() {
    #expect(Self.rules("rules/layout-hitch.jsonl", AuditConfiguration(frameRate: 30)).isEmpty)
    #expect(
      Self.rules("near-miss/layout-hitch.jsonl", AuditConfiguration(frameRate: 120)) == ["layout-hitch"])
  }

  @Test func undrivenThresholdMovesInteractionUndriven() {
    #expect(Self.rules("rules/interaction-undriven.jsonl", AuditConfiguration(undrivenAfter: 2)).isEmpty)
    #expect(
      Self.rules("near-miss/interaction-undriven.jsonl", AuditConfiguration(undrivenAfter: 0.5))
        == ["interaction-undriven"])
  }

  @Test func graceMovesTheHang() {
    #expect(
      Self.rules("rules/transition-never-completed-at-end.jsonl", AuditConfiguration(grace: 1000)).isEmpty)
  }
}
