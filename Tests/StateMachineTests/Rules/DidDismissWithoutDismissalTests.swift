import Testing

@testable import PresentationStateMachine

extension Rules {
  /// The unit tests of `did-dismiss-without-dismissal` (presentationControllerDidDismiss without a
  /// completed dismissal): traces that must trigger it, and near misses that must stay clean.
  @Suite("did-dismiss-without-dismissal") struct DidDismissWithoutDismissalTests {
    @Test func aDidDismissWhilePresentedIsDidDismissWithoutDismissal() {
      var lines = presentation("sheet", at: 1)
      lines.append(line(2, "sheet", "presentationControllerDidDismiss"))
      #expect(summary(audit(lines)) == ["6 sheet did-dismiss-without-dismissal"])
    }

    /// A swipe let go early is a cancelled dismissal: the sheet is still presented.
    @Test func aDidDismissAfterACancelledSwipeIsDidDismissWithoutDismissal() {
      var lines = presentation("sheet", at: 1)
      lines += [
        line(2, "sheet", "panBegan"), line(2.001, "sheet", "presentationControllerWillDismiss"),
        line(2.002, "sheet", "dismissalTransitionWillBegin"), line(2.3, "sheet", "panEnded"),
        line(2.4, "sheet", "dismissalTransitionDidEnd", #""completed":false"#),
        line(2.41, "sheet", "presentationControllerDidDismiss"),
      ]
      #expect(summary(audit(lines)) == ["11 sheet did-dismiss-without-dismissal"])
    }

    /// A sheet that resists a swipe (`isModalInPresentation`) logs an attempt and no dismissal; the swipe
    /// that completes is followed by `presentationControllerDidDismiss`.
    @Test func anAttemptThenACompletedSwipeIsClean() {
      var lines = presentation("sheet", at: 1)
      lines += [
        line(2, "sheet", "presentationControllerDidAttemptToDismiss"),
        line(3, "sheet", "presentationControllerWillDismiss"),
        line(3.001, "sheet", "dismissalTransitionWillBegin"),
        line(3.002, "sheet", "animateTransition", #""duration":0.3"#),
        line(3.302, "sheet", "completeTransition", #""didComplete":true"#),
        line(3.302, "sheet", "dismissalTransitionDidEnd", #""completed":true"#),
        line(3.303, "sheet", "presentationControllerDidDismiss"),
      ]
      #expect(audit(lines).isEmpty)
    }
  }
}
