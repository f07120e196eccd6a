import Testing

@testable import PresentationStateMachine

extension Rules {
  /// The unit tests of `id-in-use` (present of an id that is still live): traces that must trigger it, and
  /// near misses that must stay clean.
  @Suite("id-in-use") struct IdInUseTests {
    @Test func presentingAPresentedIdAgainIsIdInUse() {
      var lines = presentation("p1", at: 1)
      lines.append(line(2, "p1", "present", #""presenter":"root""#))
      #expect(summary(audit(lines)) == ["6 p1 id-in-use"])
    }

    @Test func presentRulesFollowTheOrderOfDecisionTwo() {
      // p1 is presenting (in flight) and live: a second present of p1 is id-in-use, not
      // present-while-transitioning.
      let findings = audit([
        line(1, "p1", "present"), line(1.001, "p1", "presentationTransitionWillBegin"),
        line(1.002, "p1", "present"), line(1.003, "p2", "present"),
      ])
      #expect(summary(findings) == ["3 p1 id-in-use", "4 p2 present-while-transitioning"])
    }

    @Test func aPresentAfterAMissingDismissalDidEndIsReportedOnce() {
      let lines = [
        #"{"t":0,"id":"p1","event":"present"}"#,
        #"{"t":0.01,"id":"p1","event":"presentationTransitionWillBegin"}"#,
        #"{"t":0.02,"id":"p1","event":"presentationTransitionDidEnd","completed":true}"#,
        #"{"t":1,"id":"p1","event":"dismiss"}"#,
        #"{"t":1.01,"id":"p1","event":"dismissalTransitionWillBegin"}"#,
        #"{"t":1.02,"id":"p1","event":"completeTransition","didComplete":true}"#,
        #"{"t":1.5,"id":"p1","event":"present"}"#,
        #"{"t":1.51,"id":"p1","event":"presentationTransitionWillBegin"}"#,
        #"{"t":1.52,"id":"p1","event":"animateTransition","duration":0.3}"#,
        #"{"t":1.82,"id":"p1","event":"completeTransition","didComplete":true}"#,
        #"{"t":1.83,"id":"p1","event":"presentationTransitionDidEnd","completed":true}"#,
        #"{"t":1.84,"id":"p1","event":"completion"}"#,
      ]
      #expect(summary(audit(lines)) == ["7 p1 id-in-use"])
    }

    @Test func idsMayBeReusedAfterDismissal() {
      #expect(audit(presentation("p1", at: 1) + dismissal("p1", at: 2) + presentation("p1", at: 3)).isEmpty)
    }

    /// A cancelled presentation leaves its id absent again.
    @Test func anIdIsFreeAgainOnceItsPresentationWasCancelled() {
      var lines = [
        line(1, "drawer", "present"), line(1.001, "drawer", "presentationTransitionWillBegin"),
        line(1.002, "drawer", "startInteractiveTransition", #""duration":0.4"#),
        line(1.1, "drawer", "updateInteractiveTransition", #""percent":0.3"#),
        line(1.2, "drawer", "cancelInteractiveTransition"),
        line(1.32, "drawer", "completeTransition", #""didComplete":false"#),
        line(1.32, "drawer", "presentationTransitionDidEnd", #""completed":false"#),
      ]
      lines += presentation("drawer", at: 1.5)
      #expect(audit(lines).isEmpty)
    }
  }
}
