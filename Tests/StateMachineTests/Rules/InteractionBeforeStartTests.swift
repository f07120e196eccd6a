import Testing

@testable import PresentationStateMachine

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

    /// A finish sent after `*WillBegin` but before the start is replayed when the transition starts, as UIKit
    /// does: the warning, and no hang and no timing finding after it.
    @Test func aFinishBeforeStartInteractiveTransitionIsReplayedWithAWarning() {
      let lines = [
        line(1, "p1", "present"), line(1.001, "p1", "presentationTransitionWillBegin"),
        line(1.002, "p1", "finishInteractiveTransition"),
        line(1.003, "p1", "startInteractiveTransition", #""duration":0.3"#),
        line(1.303, "p1", "completeTransition", #""didComplete":true"#),
        line(1.304, "p1", "presentationTransitionDidEnd", #""completed":true"#),
        line(9, "app", "mark", #""name":"later""#),
      ]
      #expect(summary(audit(lines)) == ["3 p1 interaction-before-start"])
    }

    /// Pan events before the start are no interaction messages, and the first update may share the start's
    /// timestamp.
    @Test func pansBeforeTheStartAndAnUpdateAtItsTimeAreClean() {
      let lines = [
        line(1, "p1", "panBegan"), line(1.01, "p1", "panChanged"), line(1.02, "p1", "present"),
        line(1.03, "p1", "presentationTransitionWillBegin"),
        line(1.04, "p1", "startInteractiveTransition", #""duration":0.3"#),
        line(1.04, "p1", "updateInteractiveTransition", #""percent":0.1"#),
        line(1.1, "p1", "updateInteractiveTransition", #""percent":0.5"#),
        line(1.2, "p1", "finishInteractiveTransition"), line(1.2, "p1", "panEnded"),
        line(1.35, "p1", "completeTransition", #""didComplete":true"#),
        line(1.351, "p1", "presentationTransitionDidEnd", #""completed":true"#),
      ]
      #expect(audit(lines).isEmpty)
    }
  }
}
