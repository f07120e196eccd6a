import Testing

@testable import PresentationStateMachine

extension Rules {
  /// The unit tests of `unknown-presentation` (a lifecycle event for an id that is not live): traces that
  /// must trigger it, and near misses that must stay clean.
  @Suite("unknown-presentation") struct UnknownPresentationTests {
    /// A recording that started late is followed in the phase its first event implies, after one finding.
    @Test func theFirstEventOfAnIdNeverPresentedIsReportedOnce() {
      let lines = [
        line(1, "p9", "animateTransition", #""duration":0.3"#),
        line(1.3, "p9", "completeTransition", #""didComplete":true"#),
        line(1.3, "p9", "presentationTransitionDidEnd", #""completed":true"#),
      ]
      #expect(summary(audit(lines)) == ["1 p9 unknown-presentation"])
    }

    /// An ended presentation is forgotten grace after its `*DidEnd`: a tail event later than that is no
    /// longer its.
    @Test func aTailEventLaterThanGraceAfterTheDidEndIsUnknownPresentation() {
      var lines = presentation("p1", at: 1) + dismissal("p1", at: 2)
      lines.append(line(4.5, "p1", "completion"))
      #expect(summary(audit(lines)) == ["11 p1 unknown-presentation"])
    }

    @Test func theDismissalTailWithinGraceIsClean() {
      var lines = presentation("p1", at: 1) + dismissal("p1", at: 2)
      lines += [line(2.5, "p1", "animationEnded", #""completed":true"#), line(2.6, "p1", "completion")]
      #expect(audit(lines).isEmpty)
    }

    /// Pan events and marks need no presentation, and a root logs its own appearance unchecked.
    @Test func pansMarksAndARootsAppearanceNeedNoPresentation() {
      let lines = [
        line(1, "p9", "panBegan"), line(1.1, "p9", "panChanged"), line(1.2, "p9", "panEnded"),
        line(1.3, "app", "mark", #""name":"tick""#), line(1.4, "root", "viewWillDisappear"),
        line(1.5, "root", "viewDidDisappear"),
      ]
      #expect(audit(lines).isEmpty)
    }

    @Test func aStackedMemberMayLogANonAnimatedPairBeforeTheCarrier() {
      let lines = [
        #"{"t":0,"id":"p1","event":"presentationTransitionWillBegin"}"#,
        #"{"t":0.01,"id":"p1","event":"presentationTransitionDidEnd","completed":true}"#,
        #"{"t":0.1,"id":"p2","event":"presentationTransitionWillBegin"}"#,
        #"{"t":0.11,"id":"p2","event":"presentationTransitionDidEnd","completed":true}"#,
        #"{"t":1,"id":"p1","event":"dismiss"}"#,
        #"{"t":1.01,"id":"p2","event":"dismissalTransitionWillBegin"}"#,
        #"{"t":1.02,"id":"p2","event":"dismissalTransitionDidEnd","completed":true}"#,
        #"{"t":1.03,"id":"p1","event":"dismissalTransitionWillBegin"}"#,
        #"{"t":1.04,"id":"p1","event":"animateTransition","duration":0.3}"#,
        #"{"t":1.34,"id":"p1","event":"completeTransition","didComplete":true}"#,
        #"{"t":1.35,"id":"p1","event":"dismissalTransitionDidEnd","completed":true}"#,
      ]
      #expect(summary(audit(lines)) == [])
    }
  }
}
