import Testing

@testable import StateMachine

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
  }
}
