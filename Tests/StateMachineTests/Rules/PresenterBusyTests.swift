import Testing

@testable import PresentationStateMachine

extension Rules {
  /// The unit tests of `presenter-busy` (present on a presenter that already presents another live
  /// presentation): traces that must trigger it, and near misses that must stay clean.
  @Suite("presenter-busy") struct PresenterBusyTests {
    @Test func refusedPresentFollowedByItsCallbacksIsReportedOnce() {
      var lines = presentation("p1", at: 1)
      // presenter-busy at line 6; the callbacks that follow show it happened.
      lines += presentation("p2", at: 2)
      #expect(summary(audit(lines)) == ["6 p2 presenter-busy"])
    }

    @Test func evidenceOfARefusedPresentDoesNotCorruptTheStack() {
      let lines = [
        #"{"t":0,"id":"p1","event":"present"}"#,
        #"{"t":0.01,"id":"p1","event":"presentationTransitionWillBegin"}"#,
        #"{"t":0.02,"id":"p1","event":"presentationTransitionDidEnd","completed":true}"#,
        #"{"t":0.1,"id":"p2","event":"present"}"#,
        #"{"t":0.11,"id":"p2","event":"presentationTransitionWillBegin"}"#,
        #"{"t":0.12,"id":"p2","event":"presentationTransitionDidEnd","completed":true}"#,
        #"{"t":0.5,"id":"p2","event":"dismiss"}"#,
        #"{"t":0.51,"id":"p2","event":"dismissalTransitionWillBegin"}"#,
        #"{"t":0.52,"id":"p2","event":"dismissalTransitionDidEnd","completed":true}"#,
        #"{"t":0.6,"id":"p4","event":"present"}"#,
        #"{"t":0.7,"id":"root","event":"dismiss"}"#,
      ]
      #expect(summary(audit(lines)) == ["4 p2 presenter-busy", "10 p4 presenter-busy"])
    }

    @Test func aSystemDismissalLowerInTheStackDismissesTheStackAbove() {
      let lines = [
        #"{"t":0,"id":"p1","event":"presentationTransitionWillBegin"}"#,
        #"{"t":0.02,"id":"p1","event":"presentationTransitionDidEnd","completed":true}"#,
        #"{"t":0.1,"id":"p2","event":"presentationTransitionWillBegin"}"#,
        #"{"t":0.12,"id":"p2","event":"presentationTransitionDidEnd","completed":true}"#,
        #"{"t":1.01,"id":"p1","event":"dismissalTransitionWillBegin"}"#,
        #"{"t":1.02,"id":"p1","event":"dismissalTransitionDidEnd","completed":true}"#,
        #"{"t":5,"id":"p2","event":"presentationTransitionWillBegin"}"#,
        #"{"t":5.02,"id":"p2","event":"presentationTransitionDidEnd","completed":true}"#,
        #"{"t":6,"id":"p3","event":"present","presenter":"root"}"#,
      ]
      #expect(summary(audit(lines)) == ["9 p3 presenter-busy"])
    }

    @Test func aPresenterIsFreeAgainOnceItsPresentationIsDismissed() {
      #expect(audit(presentation("p1", at: 1) + dismissal("p1", at: 2) + presentation("p2", at: 3)).isEmpty)
    }
  }
}
