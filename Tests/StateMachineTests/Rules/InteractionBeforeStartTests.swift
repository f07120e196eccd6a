import Testing

@testable import StateMachine

extension Rules {
  /// The unit tests of `interaction-before-start` (update/finish/cancel/pause before
  /// startInteractiveTransition (dropped or deferred by UIKit)): traces that must trigger it, and near
  /// misses that must stay clean.
  @Suite("interaction-before-start") struct InteractionBeforeStartTests {
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
}
