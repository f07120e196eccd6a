import Testing

@testable import PresentationStateMachine

extension Rules {
  /// The unit tests of `percent-out-of-range` (updateInteractiveTransition percent outside 0...1): traces
  /// that must trigger it, and near misses that must stay clean.
  @Suite("percent-out-of-range") struct PercentOutOfRangeTests {
    /// A driver's out-of-range percents are one root cause: reported once per transition.
    @Test func percentsOutsideZeroToOneAreReportedOncePerTransition() {
      var lines = presentation("card", at: 1)
      lines += [
        line(2, "card", "dismiss"), line(2.001, "card", "dismissalTransitionWillBegin"),
        line(2.002, "card", "startInteractiveTransition", #""duration":0.4"#),
        line(2.1, "card", "updateInteractiveTransition", #""percent":-0.1"#),
        line(2.2, "card", "updateInteractiveTransition", #""percent":1.2"#),
        line(2.3, "card", "finishInteractiveTransition"),
        line(2.31, "card", "completeTransition", #""didComplete":true"#),
        line(2.31, "card", "dismissalTransitionDidEnd", #""completed":true"#),
      ]
      #expect(summary(audit(lines)) == ["9 card percent-out-of-range"])
    }

    @Test func percentsOfExactlyZeroAndOneAreInRange() {
      var lines = presentation("card", at: 1)
      lines += [
        line(2, "card", "dismiss"), line(2.001, "card", "dismissalTransitionWillBegin"),
        line(2.002, "card", "startInteractiveTransition", #""duration":0.4"#),
        line(2.1, "card", "updateInteractiveTransition", #""percent":0"#),
        line(2.2, "card", "updateInteractiveTransition", #""percent":1"#),
        line(2.3, "card", "finishInteractiveTransition"),
        line(2.31, "card", "completeTransition", #""didComplete":true"#),
        line(2.31, "card", "dismissalTransitionDidEnd", #""completed":true"#),
      ]
      #expect(audit(lines).isEmpty)
    }
  }
}
