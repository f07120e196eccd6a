import Testing

@testable import PresentationStateMachine

extension Rules {
  /// The unit tests of `layout-without-container` (container layout while the presentation has no
  /// container): traces that must trigger it, and near misses that must stay clean.
  @Suite("layout-without-container") struct LayoutWithoutContainerTests {
    /// Nothing began the transition yet, so no container could host the pass; the animator then begins it
    /// with no WillBegin logged (<doc:Rules#Transitions-recorded-from-the-animator-alone>), which is legal.
    @Test func aLayoutPassBeforeWillBeginIsReportedOnce() {
      let lines = [
        #"{"t":0,"id":"p1","event":"present"}"#,
        #"{"t":0.002,"id":"p1","event":"containerViewWillLayoutSubviews"}"#,
        #"{"t":0.003,"id":"p1","event":"containerViewDidLayoutSubviews"}"#,
        #"{"t":0.01,"id":"p1","event":"animateTransition","duration":0.3}"#,
        #"{"t":0.31,"id":"p1","event":"completeTransition","didComplete":true}"#,
        #"{"t":0.32,"id":"p1","event":"presentationTransitionDidEnd","completed":true}"#,
      ]
      #expect(summary(audit(lines)) == ["2 p1 layout-without-container"])
    }

    /// After the final `*DidEnd` there is no container: a pass then is reported once, at its `Will`.
    @Test func aLayoutPassAfterTheDismissalEndedIsReportedOnce() {
      var lines = presentation("p1", at: 1) + dismissal("p1", at: 2)
      lines += [
        line(2.5, "p1", "containerViewWillLayoutSubviews"),
        line(2.501, "p1", "containerViewDidLayoutSubviews"),
      ]
      #expect(summary(audit(lines)) == ["11 p1 layout-without-container"])
    }

    /// A pass right after `presentationTransitionWillBegin` (same timestamp), and one between `dismiss` and
    /// `dismissalTransitionWillBegin` (the container is still the presented one).
    @Test func layoutPassesFromWillBeginUntilTheDismissalsWillBeginAreClean() {
      let lines = [
        line(1, "p1", "present"), line(1.001, "p1", "presentationTransitionWillBegin"),
        line(1.001, "p1", "containerViewWillLayoutSubviews"),
        line(1.002, "p1", "containerViewDidLayoutSubviews"),
        line(1.003, "p1", "animateTransition", #""duration":0.3"#),
        line(1.303, "p1", "completeTransition", #""didComplete":true"#),
        line(1.303, "p1", "presentationTransitionDidEnd", #""completed":true"#),
        line(2, "p1", "dismiss"), line(2.001, "p1", "containerViewWillLayoutSubviews"),
        line(2.002, "p1", "containerViewDidLayoutSubviews"),
        line(2.003, "p1", "dismissalTransitionWillBegin"),
        line(2.004, "p1", "animateTransition", #""duration":0.3"#),
        line(2.304, "p1", "completeTransition", #""didComplete":true"#),
        line(2.304, "p1", "dismissalTransitionDidEnd", #""completed":true"#),
      ]
      #expect(audit(lines).isEmpty)
    }
  }
}
