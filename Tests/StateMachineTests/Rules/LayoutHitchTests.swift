import Testing

@testable import PresentationStateMachine

extension Rules {
  /// The unit tests of `layout-hitch` (a container layout pass longer than one frame (60 Hz by default)):
  /// traces that must trigger it, and near misses that must stay clean.
  @Suite("layout-hitch") struct LayoutHitchTests {
    /// A presentation of `p1` with one container layout pass of `layoutPass` seconds (lines 3 and 4).
    static func presentingWithLayoutPass(lasting layoutPass: Double) -> [String] {
      [
        line(1, "p1", "present"), line(1.001, "p1", "presentationTransitionWillBegin"),
        line(1.002, "p1", "containerViewWillLayoutSubviews"),
        line(1.002 + layoutPass, "p1", "containerViewDidLayoutSubviews"),
        line(1.03, "p1", "animateTransition", #""duration":0.3"#),
        line(1.33, "p1", "completeTransition", #""didComplete":true"#),
        line(1.33, "p1", "presentationTransitionDidEnd", #""completed":true"#),
      ]
    }

    /// At 60 Hz a frame is 16.7 ms: a 20 ms pass is a hitch, a 15 ms pass is not.
    @Test func aLayoutPassLongerThanOneFrameIsLayoutHitch() {
      #expect(summary(audit(Self.presentingWithLayoutPass(lasting: 0.02))) == ["4 p1 layout-hitch"])
    }

    @Test func aLayoutPassInsideOneFrameIsClean() {
      #expect(audit(Self.presentingWithLayoutPass(lasting: 0.015)).isEmpty)
    }

    @Test func frameRateMovesLayoutHitch() {
      #expect(bundledRuleIDs("rules/layout-hitch.jsonl", AuditConfiguration(frameRate: 30)).isEmpty)
      #expect(
        bundledRuleIDs("near-miss/layout-hitch.jsonl", AuditConfiguration(frameRate: 120)) == ["layout-hitch"]
      )
    }
  }
}
