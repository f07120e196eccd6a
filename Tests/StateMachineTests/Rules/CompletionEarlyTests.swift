import Testing

@testable import PresentationStateMachine

extension Rules {
  /// The unit tests of `completion-early` (completeTransition far sooner than the remaining animation after
  /// finish/cancel): traces that must trigger it, and near misses that must stay clean.
  @Suite("completion-early") struct CompletionEarlyTests {
    /// Cancelled at 60 % of 0.5 s: the card springs back in 0.3 s, accepted from 0.175 s; 1 ms snaps it.
    @Test func aCompletionFarSoonerThanTheRemainingAnimationIsCompletionEarly() {
      let lines =
        presentation("card", at: 1)
        + interactiveDismissal(
          "card", at: 2, to: 0.6, finishing: false, duration: 0.5, completingAfter: 0.001)
      #expect(summary(audit(lines)) == ["11 card completion-early"])
    }

    @Test func aCompletionInsideTheToleranceIsClean() {
      let lines =
        presentation("card", at: 1)
        + interactiveDismissal("card", at: 2, to: 0.6, finishing: false, duration: 0.5, completingAfter: 0.19)
      #expect(audit(lines).isEmpty)
    }

    /// A running animator is not moved by updates (UIKit sets fractionComplete only while paused): a finish
    /// sent while it runs is timed from the time it ran, 0.198 s of 0.4 s, not from the update's 80 %.
    @Test func aFinishWhileRunningIsTimedFromTheTimeTheAnimationRan() {
      func menu(completingAt t: Double) -> [String] {
        [
          line(10, "menu", "present", #""presenter":"root""#),
          line(10.001, "menu", "presentationTransitionWillBegin"),
          line(10.002, "menu", "interruptibleAnimator", #""duration":0.4"#),
          line(
            10.002, "menu", "startInteractiveTransition", #""duration":0.4,"wantsInteractiveStart":false"#),
          line(10.1, "menu", "updateInteractiveTransition", #""percent":0.8"#),
          line(10.2, "menu", "finishInteractiveTransition"),
          line(t, "menu", "completeTransition", #""didComplete":true"#),
          line(t + 0.001, "menu", "presentationTransitionDidEnd", #""completed":true"#),
        ]
      }
      #expect(audit(menu(completingAt: 10.4)).isEmpty)
      #expect(summary(audit(menu(completingAt: 10.25))) == ["7 menu completion-early"])
    }

    /// A cancel with no update is not timed (a tap and release): its completion may come at once.
    @Test func aCancelWithNoUpdateIsNotTimed() {
      var lines = presentation("card", at: 1)
      lines += [
        line(2, "card", "dismiss"), line(2.001, "card", "dismissalTransitionWillBegin"),
        line(2.002, "card", "startInteractiveTransition", #""duration":0.4"#),
        line(2.05, "card", "cancelInteractiveTransition"),
        line(2.051, "card", "completeTransition", #""didComplete":false"#),
        line(2.051, "card", "dismissalTransitionDidEnd", #""completed":false"#),
      ]
      #expect(audit(lines).isEmpty)
    }
  }
}
