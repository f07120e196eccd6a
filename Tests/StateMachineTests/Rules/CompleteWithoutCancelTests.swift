import Testing

@testable import PresentationStateMachine

extension Rules {
  /// The unit tests of `complete-without-cancel` (completeTransition(false) with no prior
  /// cancelInteractiveTransition): traces that must trigger it, and near misses that must stay clean.
  @Suite("complete-without-cancel") struct CompleteWithoutCancelTests {
    /// The pan handler's `.cancelled` branch calls completeTransition(false) itself, with no cancel.
    @Test func completeFalseInAnInteractionIsCompleteWithoutCancel() {
      var lines = presentation("card", at: 1)
      lines += [
        line(2, "card", "dismiss"), line(2.001, "card", "dismissalTransitionWillBegin"),
        line(2.002, "card", "startInteractiveTransition", #""duration":0.4"#),
        line(2.05, "card", "updateInteractiveTransition", #""percent":0.2"#),
        line(2.1, "card", "completeTransition", #""didComplete":false"#),
        line(2.101, "card", "dismissalTransitionDidEnd", #""completed":false"#),
      ]
      #expect(summary(audit(lines)) == ["10 card complete-without-cancel"])
    }

    /// Never interactive: an abort, not this rule (<doc:Rules#An-animator-may-abort-a-transition>).
    @Test func completeFalseAfterAnAnimatorAloneIsNotThisRule() {
      var lines = Array(presentation("p1", at: 1).prefix(3))
      lines += [
        line(1.302, "p1", "completeTransition", #""didComplete":false"#),
        line(1.302, "p1", "presentationTransitionDidEnd", #""completed":false"#),
      ]
      #expect(audit(lines).allSatisfy { $0.rule != .completeWithoutCancel })
    }

    @Test func completeFalseAfterAFinishIsCompleteWithoutCancel() {
      var lines = presentation("card", at: 1) + interactiveDismissal("card", at: 2, to: 0.6, finishing: true)
      lines[10] = line(2.36, "card", "completeTransition", #""didComplete":false"#)
      lines[11] = line(2.36, "card", "dismissalTransitionDidEnd", #""completed":false"#)
      #expect(summary(audit(lines)) == ["11 card complete-without-cancel"])
    }

    @Test func completeFalseAfterACancelIsClean() {
      let lines = presentation("card", at: 1) + interactiveDismissal("card", at: 2, to: 0.3, finishing: false)
      #expect(audit(lines).isEmpty)
    }
  }
}
