import Testing

@testable import StateMachine

extension Rules {
  /// The unit tests of `unknown-presentation` (a lifecycle event for an id that is not live): traces that
  /// must trigger it, and near misses that must stay clean.
  @Suite("unknown-presentation") struct UnknownPresentationTests {
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
