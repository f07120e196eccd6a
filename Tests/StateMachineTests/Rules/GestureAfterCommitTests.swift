import Testing

@testable import PresentationStateMachine

extension Rules {
  /// The unit tests of `gesture-after-commit` (panBegan/panChanged after the interactive transition was
  /// finished or cancelled): traces that must trigger it, and near misses that must stay clean.
  @Suite("gesture-after-commit") struct GestureAfterCommitTests {
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

    /// `panEnded` after a finish and `panCancelled` after a cancel are the finger lifting; a new `panBegan`
    /// after the cancelled transition ended starts the next one.
    @Test func theFingerLiftingAfterTheCommitIsClean() {
      var lines = presentation("card", at: 1)
      lines += [
        line(2, "card", "panBegan"), line(2.001, "card", "dismiss"),
        line(2.002, "card", "dismissalTransitionWillBegin"),
        line(2.003, "card", "startInteractiveTransition", #""duration":0.4"#),
        line(2.05, "card", "panChanged"),
        line(2.05, "card", "updateInteractiveTransition", #""percent":0.3"#),
        line(2.1, "card", "cancelInteractiveTransition"), line(2.11, "card", "panCancelled"),
        line(2.22, "card", "completeTransition", #""didComplete":false"#),
        line(2.221, "card", "dismissalTransitionDidEnd", #""completed":false"#),
        line(3, "card", "panBegan"), line(3.001, "card", "dismiss"),
        line(3.002, "card", "dismissalTransitionWillBegin"),
        line(3.003, "card", "startInteractiveTransition", #""duration":0.4"#),
        line(3.05, "card", "panChanged"),
        line(3.05, "card", "updateInteractiveTransition", #""percent":0.6"#),
        line(3.1, "card", "finishInteractiveTransition"), line(3.11, "card", "panEnded"),
        line(3.26, "card", "completeTransition", #""didComplete":true"#),
        line(3.261, "card", "dismissalTransitionDidEnd", #""completed":true"#),
      ]
      #expect(audit(lines).isEmpty)
    }
  }
}
