import Testing

@testable import StateMachine

extension Rules {
  /// The unit tests of `layout-without-container` (container layout while the presentation has no
  /// container): traces that must trigger it, and near misses that must stay clean.
  @Suite("layout-without-container") struct LayoutWithoutContainerTests {
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
  }
}
