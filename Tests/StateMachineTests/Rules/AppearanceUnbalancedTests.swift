import Testing

@testable import StateMachine

extension Rules {
  /// The unit tests of `appearance-unbalanced` (viewDid* without its viewWill*, or a viewWill* never
  /// resolved): traces that must trigger it, and near misses that must stay clean.
  @Suite("appearance-unbalanced") struct AppearanceUnbalancedTests {
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
  }
}
