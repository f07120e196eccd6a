import Testing

@testable import PresentationStateMachine

extension Rules {
  /// The unit tests of `complete-twice` (completeTransition more than once in one transition): traces that
  /// must trigger it, and near misses that must stay clean.
  @Suite("complete-twice") struct CompleteTwiceTests {
    @Test func aSecondCompleteTransitionBeforeTheDidEndIsCompleteTwice() {
      var lines = Array(presentation("p1", at: 1).prefix(4))
      lines += [
        line(1.303, "p1", "completeTransition", #""didComplete":true"#),
        line(1.304, "p1", "presentationTransitionDidEnd", #""completed":true"#),
      ]
      #expect(summary(audit(lines)) == ["5 p1 complete-twice"])
    }

    @Test func aCompleteTransitionAfterTheDidEndIsCompleteTwice() {
      var lines = presentation("p1", at: 1)
      lines.append(line(1.4, "p1", "completeTransition", #""didComplete":true"#))
      #expect(summary(audit(lines)) == ["6 p1 complete-twice"])
    }

    /// Two `completeTransition` calls on one id, one in each of two transitions.
    @Test func oneCompleteTransitionInEachOfTwoTransitionsIsClean() {
      let lines =
        presentation("card", at: 1) + interactiveDismissal("card", at: 2, to: 0.3, finishing: false)
        + interactiveDismissal("card", at: 3, to: 0.6, finishing: true)
      #expect(audit(lines).isEmpty)
    }
  }
}
