import Testing

@testable import StateMachine

/// Traces a review of the machine against the contract found wrong once: each must keep its verdict.
@Suite struct SpecReviewRegressionTests {
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

  @Test func theDismissCompletionMayComeOnTheLowerMemberBeforeTheCarriersDidEnd() {
    let lines = [
      #"{"t":0,"id":"p1","event":"presentationTransitionWillBegin"}"#,
      #"{"t":0.01,"id":"p1","event":"presentationTransitionDidEnd","completed":true}"#,
      #"{"t":0.1,"id":"p2","event":"presentationTransitionWillBegin"}"#,
      #"{"t":0.11,"id":"p2","event":"presentationTransitionDidEnd","completed":true}"#,
      #"{"t":1,"id":"p1","event":"dismiss"}"#,
      #"{"t":1.01,"id":"p2","event":"dismissalTransitionWillBegin"}"#,
      #"{"t":1.02,"id":"p2","event":"animateTransition","duration":0.3}"#,
      #"{"t":1.32,"id":"p2","event":"completeTransition","didComplete":true}"#,
      #"{"t":1.32,"id":"p1","event":"completion"}"#,
      #"{"t":1.33,"id":"p2","event":"dismissalTransitionDidEnd","completed":true}"#,
    ]
    #expect(summary(audit(lines)) == [])
  }

  @Test func aStackedMemberWaitingOnTheCarriersLongAnimationIsNotAHang() {
    let lines = [
      #"{"t":0,"id":"p1","event":"presentationTransitionWillBegin"}"#,
      #"{"t":0.01,"id":"p1","event":"presentationTransitionDidEnd","completed":true}"#,
      #"{"t":0.1,"id":"p2","event":"presentationTransitionWillBegin"}"#,
      #"{"t":0.11,"id":"p2","event":"presentationTransitionDidEnd","completed":true}"#,
      #"{"t":1,"id":"p1","event":"dismiss"}"#,
      #"{"t":1.01,"id":"p1","event":"dismissalTransitionWillBegin"}"#,
      #"{"t":1.01,"id":"p2","event":"dismissalTransitionWillBegin"}"#,
      #"{"t":1.02,"id":"p2","event":"animateTransition","duration":3}"#,
      #"{"t":4.02,"id":"p2","event":"completeTransition","didComplete":true}"#,
      #"{"t":4.03,"id":"p2","event":"dismissalTransitionDidEnd","completed":true}"#,
      #"{"t":4.03,"id":"p1","event":"dismissalTransitionDidEnd","completed":true}"#,
    ]
    #expect(summary(audit(lines)) == [])
  }

  @Test func aSecondCompletionAfterALateNonAnimatedPairIsOutOfPhase() {
    let lines = [
      #"{"t":0,"id":"p1","event":"present"}"#,
      #"{"t":0.01,"id":"p1","event":"presentationTransitionWillBegin"}"#,
      #"{"t":0.02,"id":"p1","event":"presentationTransitionDidEnd","completed":true}"#,
      #"{"t":0.1,"id":"p2","event":"present","presenter":"p1"}"#,
      #"{"t":0.11,"id":"p2","event":"presentationTransitionWillBegin"}"#,
      #"{"t":0.12,"id":"p2","event":"presentationTransitionDidEnd","completed":true}"#,
      #"{"t":1,"id":"p1","event":"dismiss"}"#,
      #"{"t":1.01,"id":"p2","event":"dismissalTransitionWillBegin"}"#,
      #"{"t":1.02,"id":"p2","event":"animateTransition","duration":0.3}"#,
      #"{"t":1.32,"id":"p2","event":"completeTransition","didComplete":true}"#,
      #"{"t":1.33,"id":"p2","event":"dismissalTransitionDidEnd","completed":true}"#,
      #"{"t":1.33,"id":"p1","event":"dismissalTransitionWillBegin"}"#,
      #"{"t":1.33,"id":"p1","event":"dismissalTransitionDidEnd","completed":true}"#,
      #"{"t":1.34,"id":"p1","event":"completion"}"#,
      #"{"t":1.35,"id":"p2","event":"completion"}"#,
      #"{"t":2,"id":"p2","event":"present","presenter":"root"}"#,
    ]
    #expect(summary(audit(lines)) == ["15 p2 event-out-of-phase"])
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

  /// <doc:Rules#Optional-request-events> makes the callback a present, so <doc:Rules#One-finding-per-event> and <doc:Rules#Presenter-in-flight> judge it: p1 is still presenting when
  /// p2's WillBegin arrives (present-while-transitioning, once); p2 then follows the evidence and stacks on
  /// p1, so p3's later present from root finds root busy.
  @Test func anImplicitPresentDuringAnotherPresentationIsJudgedAndStacksOnTop() {
    let lines = [
      #"{"t":0,"id":"p1","event":"presentationTransitionWillBegin"}"#,
      #"{"t":0.01,"id":"p1","event":"animateTransition","duration":0.3}"#,
      #"{"t":0.05,"id":"p2","event":"presentationTransitionWillBegin"}"#,
      #"{"t":0.06,"id":"p2","event":"presentationTransitionDidEnd","completed":true}"#,
      #"{"t":0.31,"id":"p1","event":"completeTransition","didComplete":true}"#,
      #"{"t":0.32,"id":"p1","event":"presentationTransitionDidEnd","completed":true}"#,
      #"{"t":1,"id":"p2","event":"dismissalTransitionWillBegin"}"#,
      #"{"t":1.01,"id":"p2","event":"dismissalTransitionDidEnd","completed":true}"#,
      #"{"t":2,"id":"p3","event":"present"}"#,
      #"{"t":2.01,"id":"p3","event":"presentationTransitionWillBegin"}"#,
      #"{"t":2.02,"id":"p3","event":"presentationTransitionDidEnd","completed":true}"#,
    ]
    #expect(summary(audit(lines)) == ["3 p2 present-while-transitioning", "9 p3 presenter-busy"])
  }

  /// The same while root's presentation is dismissing: the implicit present is judged, and when the one it
  /// had to stack on ends, it stays on root's stack.
  @Test func anImplicitPresentDuringADismissalIsJudgedAndStaysOnTheRootStack() {
    let lines = [
      #"{"t":0,"id":"p1","event":"presentationTransitionWillBegin"}"#,
      #"{"t":0.01,"id":"p1","event":"presentationTransitionDidEnd","completed":true}"#,
      #"{"t":1,"id":"p1","event":"dismissalTransitionWillBegin"}"#,
      #"{"t":1.01,"id":"p2","event":"presentationTransitionWillBegin"}"#,
      #"{"t":1.02,"id":"p1","event":"dismissalTransitionDidEnd","completed":true}"#,
      #"{"t":1.03,"id":"p2","event":"presentationTransitionDidEnd","completed":true}"#,
      #"{"t":2,"id":"p3","event":"present"}"#,
    ]
    #expect(summary(audit(lines)) == ["4 p2 present-while-transitioning", "7 p3 presenter-busy"])
    let state = AuditState.at(.line(6), in: TraceReader(bytes: Array(lines.joined(separator: "\n").utf8)))
    #expect(state.stacks == [["root", "p2"]])
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

  @Test func aDismissalAfterAMissingDidEndIsReportedOnce() {
    let lines = [
      #"{"t":0,"id":"p1","event":"present"}"#,
      #"{"t":0.01,"id":"p1","event":"presentationTransitionWillBegin"}"#,
      #"{"t":0.02,"id":"p1","event":"animateTransition","duration":0.3}"#,
      #"{"t":0.32,"id":"p1","event":"completeTransition","didComplete":true}"#,
      #"{"t":1,"id":"p1","event":"dismissalTransitionWillBegin"}"#,
      #"{"t":1.01,"id":"p1","event":"animateTransition","duration":0.3}"#,
      #"{"t":1.31,"id":"p1","event":"completeTransition","didComplete":true}"#,
      #"{"t":1.32,"id":"p1","event":"dismissalTransitionDidEnd","completed":true}"#,
      #"{"t":1.33,"id":"p1","event":"completion"}"#,
    ]
    #expect(summary(audit(lines)) == ["5 p1 event-out-of-phase"])
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

  @Test func aLayoutPassBeforeWillBeginIsReportedOnceAndTheMissingWillBeginOnce() {
    let lines = [
      #"{"t":0,"id":"p1","event":"present"}"#,
      #"{"t":0.001,"id":"p1","event":"viewWillAppear"}"#,
      #"{"t":0.002,"id":"p1","event":"containerViewWillLayoutSubviews"}"#,
      #"{"t":0.003,"id":"p1","event":"containerViewDidLayoutSubviews"}"#,
      #"{"t":0.01,"id":"p1","event":"animateTransition","duration":0.3}"#,
      #"{"t":0.31,"id":"p1","event":"completeTransition","didComplete":true}"#,
      #"{"t":0.32,"id":"p1","event":"presentationTransitionDidEnd","completed":true}"#,
    ]
    #expect(summary(audit(lines)) == ["3 p1 layout-without-container", "5 p1 event-out-of-phase"])
  }

  @Test func aDriverThatKeepsUpdatingAfterFinishIsReportedOnce() {
    let lines = [
      #"{"t":0,"id":"p1","event":"present"}"#,
      #"{"t":0.01,"id":"p1","event":"presentationTransitionWillBegin"}"#,
      #"{"t":0.02,"id":"p1","event":"startInteractiveTransition","duration":0.3}"#,
      #"{"t":0.1,"id":"p1","event":"updateInteractiveTransition","percent":0.5}"#,
      #"{"t":0.2,"id":"p1","event":"finishInteractiveTransition"}"#,
      #"{"t":0.21,"id":"p1","event":"updateInteractiveTransition","percent":0.6}"#,
      #"{"t":0.22,"id":"p1","event":"updateInteractiveTransition","percent":0.7}"#,
      #"{"t":0.23,"id":"p1","event":"updateInteractiveTransition","percent":0.8}"#,
      #"{"t":0.35,"id":"p1","event":"completeTransition","didComplete":true}"#,
      #"{"t":0.36,"id":"p1","event":"presentationTransitionDidEnd","completed":true}"#,
    ]
    #expect(summary(audit(lines)) == ["6 p1 interaction-after-end"])
  }

  @Test func aGestureThatKeepsMovingAfterCommitIsReportedOnce() {
    let lines = [
      #"{"t":0,"id":"p1","event":"panBegan"}"#,
      #"{"t":0,"id":"p1","event":"present"}"#,
      #"{"t":0.01,"id":"p1","event":"presentationTransitionWillBegin"}"#,
      #"{"t":0.02,"id":"p1","event":"startInteractiveTransition","duration":0.3}"#,
      #"{"t":0.05,"id":"p1","event":"updateInteractiveTransition","percent":0.5}"#,
      #"{"t":0.1,"id":"p1","event":"finishInteractiveTransition"}"#,
      #"{"t":0.11,"id":"p1","event":"panChanged"}"#,
      #"{"t":0.12,"id":"p1","event":"panChanged"}"#,
      #"{"t":0.13,"id":"p1","event":"panEnded"}"#,
      #"{"t":0.14,"id":"p1","event":"panBegan"}"#,
      #"{"t":0.25,"id":"p1","event":"completeTransition","didComplete":true}"#,
      #"{"t":0.25,"id":"p1","event":"panChanged"}"#,
      #"{"t":0.26,"id":"p1","event":"presentationTransitionDidEnd","completed":true}"#,
      #"{"t":0.27,"id":"p1","event":"panChanged"}"#,
    ]
    #expect(summary(audit(lines)) == ["7 p1 gesture-after-commit"])
  }

  @Test func aRejectedCompletionDoesNotCountAsDelivered() {
    let lines = [
      #"{"t":0,"id":"p1","event":"present"}"#,
      #"{"t":0.01,"id":"p1","event":"presentationTransitionWillBegin"}"#,
      #"{"t":0.02,"id":"p1","event":"animateTransition","duration":0.3}"#,
      #"{"t":0.03,"id":"p1","event":"completion"}"#,
      #"{"t":0.32,"id":"p1","event":"completeTransition","didComplete":true}"#,
      #"{"t":0.33,"id":"p1","event":"presentationTransitionDidEnd","completed":true}"#,
      #"{"t":0.33,"id":"p1","event":"completion"}"#,
    ]
    #expect(summary(audit(lines)) == ["4 p1 event-out-of-phase"])
  }

  @Test func aPresentersAppearanceIsStillBalanced() {
    let lines = [
      #"{"t":0,"id":"p1","event":"present"}"#,
      #"{"t":0.01,"id":"p1","event":"presentationTransitionWillBegin"}"#,
      #"{"t":0.02,"id":"p1","event":"presentationTransitionDidEnd","completed":true}"#,
      #"{"t":0.1,"id":"p2","event":"present","presenter":"p1"}"#,
      #"{"t":0.11,"id":"p2","event":"presentationTransitionWillBegin"}"#,
      #"{"t":0.12,"id":"p2","event":"presentationTransitionDidEnd","completed":true}"#,
      #"{"t":0.2,"id":"p2","event":"dismiss"}"#,
      #"{"t":0.21,"id":"p2","event":"dismissalTransitionWillBegin"}"#,
      #"{"t":0.22,"id":"p2","event":"dismissalTransitionDidEnd","completed":true}"#,
      #"{"t":1,"id":"p1","event":"viewDidAppear"}"#,
      #"{"t":1.1,"id":"p1","event":"viewDidAppear"}"#,
      #"{"t":2,"id":"p1","event":"dismiss"}"#,
      #"{"t":2.01,"id":"p1","event":"dismissalTransitionWillBegin"}"#,
      #"{"t":2.02,"id":"p1","event":"dismissalTransitionDidEnd","completed":true}"#,
      #"{"t":2.03,"id":"p1","event":"viewDidDisappear"}"#,
    ]
    #expect(
      summary(audit(lines)) == [
        "10 p1 appearance-unbalanced", "11 p1 appearance-unbalanced", "15 p1 appearance-unbalanced",
      ])
  }

  @Test func aSheetHeldBySwipeIsNotAHangUntilTheFingerLifts() {
    let lines = [
      #"{"t":0,"id":"p1","event":"present"}"#,
      #"{"t":0.01,"id":"p1","event":"presentationTransitionWillBegin"}"#,
      #"{"t":0.02,"id":"p1","event":"presentationTransitionDidEnd","completed":true}"#,
      #"{"t":1,"id":"p1","event":"panBegan"}"#,
      #"{"t":1,"id":"p1","event":"presentationControllerWillDismiss"}"#,
      #"{"t":1.01,"id":"p1","event":"dismissalTransitionWillBegin"}"#,
      #"{"t":1.5,"id":"p1","event":"panChanged"}"#,
      #"{"t":4.5,"id":"p1","event":"panChanged"}"#,
      #"{"t":5.0,"id":"p1","event":"panEnded"}"#,
      #"{"t":5.3,"id":"p1","event":"dismissalTransitionDidEnd","completed":false}"#,
    ]
    #expect(summary(audit(lines)) == [])
  }

  @Test func anUpdateBeforePresentIsAWarning() {
    let lines = [
      #"{"t":0,"id":"p1","event":"panBegan"}"#,
      #"{"t":0.001,"id":"p1","event":"updateInteractiveTransition","percent":0.01}"#,
      #"{"t":0.002,"id":"p1","event":"present"}"#,
      #"{"t":0.01,"id":"p1","event":"presentationTransitionWillBegin"}"#,
      #"{"t":0.02,"id":"p1","event":"startInteractiveTransition","duration":0.3}"#,
      #"{"t":0.1,"id":"p1","event":"updateInteractiveTransition","percent":0.5}"#,
      #"{"t":0.2,"id":"p1","event":"finishInteractiveTransition"}"#,
      #"{"t":0.2,"id":"p1","event":"panEnded"}"#,
      #"{"t":0.35,"id":"p1","event":"completeTransition","didComplete":true}"#,
      #"{"t":0.36,"id":"p1","event":"presentationTransitionDidEnd","completed":true}"#,
    ]
    #expect(summary(audit(lines)) == ["2 p1 interaction-before-start"])
  }
}
