import Testing

@testable import PresentationStateMachine

extension Rules {
  /// The unit tests of `transition-aborted` (completeTransition(false) in a transition that never went
  /// interactive: <doc:Rules#An-animator-may-abort-a-transition>): traces that must trigger it, and near misses
  /// that must stay clean.
  @Suite("transition-aborted") struct TransitionAbortedTests {
    /// The origin posts' `guard let toView = … else { completeTransition(false); return }`: UIKit cancels the
    /// presentation, the id is absent again, and the next present of it is accepted.
    @Test func anAnimatorGivingUpIsAbortedAndThePresentationWithdrawn() {
      var lines = Array(presentation("card", at: 1).prefix(3))
      lines += [
        line(1.003, "card", "completeTransition", #""didComplete":false"#),
        line(1.004, "card", "presentationTransitionDidEnd", #""completed":false"#),
        line(1.005, "card", "completion"),
      ]
      lines += presentation("card", at: 2)
      #expect(summary(audit(lines)) == ["4 card transition-aborted"])
    }

    /// Recorded from the animator alone, a dismissal aborted this way leaves the presentation in place.
    @Test func anAnimatorOnlyDismissalAbortedLeavesThePresentationPresented() {
      var lines = presentation("card", at: 1)
      lines += [
        line(2, "card", "dismiss"), line(2.002, "card", "animateTransition", #""duration":0.3"#),
        line(2.003, "card", "completeTransition", #""didComplete":false"#),
      ]
      lines += dismissal("card", at: 3)
      #expect(summary(audit(lines)) == ["8 card transition-aborted"])
    }

    /// An abort is not timed: no duration-mismatch or completion-early comes with it.
    @Test func anAbortIsReportedOnceAndNotTimed() {
      var lines = Array(presentation("card", at: 1, duration: 0.5).prefix(3))
      lines += [
        line(1.01, "card", "completeTransition", #""didComplete":false"#),
        line(1.011, "card", "presentationTransitionDidEnd", #""completed":false"#),
      ]
      #expect(summary(audit(lines)) == ["4 card transition-aborted"])
    }

    /// Near miss: a transition that went interactive and was cancelled ends with completeTransition(false)
    /// legitimately.
    @Test func aCancelledInteractionIsNotAnAbort() {
      let lines = presentation("card", at: 1) + interactiveDismissal("card", at: 2, to: 0.3, finishing: false)
      #expect(audit(lines).isEmpty)
    }

    /// Near miss: a self-running menu (wantsInteractiveStart false) went interactive, so a cancel by a tap
    /// outside followed by completeTransition(false) is no abort.
    @Test func aSelfRunningInteractionCancelledIsNotAnAbort() {
      let lines = [
        line(1, "menu", "present", #""presenter":"root""#),
        line(1.001, "menu", "presentationTransitionWillBegin"),
        line(1.002, "menu", "interruptibleAnimator", #""duration":0.3"#),
        line(1.003, "menu", "startInteractiveTransition", #""duration":0.3,"wantsInteractiveStart":false"#),
        line(1.1, "menu", "cancelInteractiveTransition"),
        line(1.2, "menu", "completeTransition", #""didComplete":false"#),
        line(1.201, "menu", "presentationTransitionDidEnd", #""completed":false"#),
      ]
      #expect(audit(lines).isEmpty)
    }
  }
}
