import Testing

@testable import StateMachine

extension Rules {
  /// The unit tests of `interaction-after-end` (update/finish/cancel/pause after the interaction was
  /// finished or cancelled): traces that must trigger it, and near misses that must stay clean.
  @Suite("interaction-after-end") struct InteractionAfterEndTests {
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
  }
}
