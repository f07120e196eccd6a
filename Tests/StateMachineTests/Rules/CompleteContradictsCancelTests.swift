import Testing

@testable import PresentationStateMachine

extension Rules {
  /// The unit tests of `complete-contradicts-cancel` (completeTransition(true) after
  /// cancelInteractiveTransition): traces that must trigger it, and near misses that must stay clean.
  @Suite("complete-contradicts-cancel") struct CompleteContradictsCancelTests {
    @Test func completeTrueAfterACancelIsCompleteContradictsCancel() {
      var lines = presentation("card", at: 1) + interactiveDismissal("card", at: 2, to: 0.3, finishing: false)
      lines[10] = line(2.32, "card", "completeTransition", #""didComplete":true"#)
      lines[11] = line(2.32, "card", "dismissalTransitionDidEnd", #""completed":true"#)
      #expect(summary(audit(lines)) == ["11 card complete-contradicts-cancel"])
    }

    /// A cancel belongs to its own transition: the next pan's finish completes with `true`.
    @Test func completeTrueAfterTheCancelOfAnEarlierTransitionIsClean() {
      let lines =
        presentation("card", at: 1) + interactiveDismissal("card", at: 2, to: 0.3, finishing: false)
        + interactiveDismissal("card", at: 3, to: 0.7, finishing: true)
      #expect(audit(lines).isEmpty)
    }
  }
}
