import Testing

@testable import PresentationStateMachine

extension Rules {
  /// The unit tests of `did-end-before-complete` (*DidEnd before completeTransition once an animator
  /// started): traces that must trigger it, and near misses that must stay clean.
  @Suite("did-end-before-complete") struct DidEndBeforeCompleteTests {
    @Test func aDidEndAfterTheAnimatorStartedAndBeforeCompleteTransitionIsDidEndBeforeComplete() {
      var lines = Array(presentation("p1", at: 1).prefix(3))
      lines.append(line(1.302, "p1", "presentationTransitionDidEnd", #""completed":true"#))
      #expect(summary(audit(lines)) == ["4 p1 did-end-before-complete"])
    }

    /// With no animator there is nothing to complete first: a non-animated presentation, and a dismissal
    /// whose recorder saw only `completeTransition`.
    @Test func aDidEndWithNoAnimatorBeforeItIsClean() {
      let lines = [
        line(1, "p1", "present"), line(1.001, "p1", "presentationTransitionWillBegin"),
        line(1.002, "p1", "presentationTransitionDidEnd", #""completed":true"#),
        line(2, "p1", "dismiss"), line(2.001, "p1", "dismissalTransitionWillBegin"),
        line(2.3, "p1", "completeTransition", #""didComplete":true"#),
        line(2.3, "p1", "dismissalTransitionDidEnd", #""completed":true"#),
      ]
      #expect(audit(lines).isEmpty)
    }
  }
}
