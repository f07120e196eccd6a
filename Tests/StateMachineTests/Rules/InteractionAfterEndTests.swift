import Testing

@testable import PresentationStateMachine

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

    /// `pauseInteractiveTransition` after a cancel is an interaction message after the end, like an update.
    @Test func aPauseAfterACancelIsInteractionAfterEnd() {
      var lines = presentation("card", at: 1) + interactiveDismissal("card", at: 2, to: 0.3, finishing: false)
      lines.insert(line(2.25, "card", "pauseInteractiveTransition"), at: 10)
      #expect(summary(audit(lines)) == ["11 card interaction-after-end"])
    }

    /// The last update and the finish share one timestamp (update first), and the finger lifting,
    /// `animationEnded` and `completion` after the finish are fine.
    @Test func theLastUpdateMayShareTheFinishsTimestamp() {
      var lines = presentation("card", at: 1)
      lines += [
        line(2, "card", "panBegan"), line(2.001, "card", "dismiss"),
        line(2.002, "card", "dismissalTransitionWillBegin"),
        line(2.003, "card", "startInteractiveTransition", #""duration":0.4"#),
        line(2.1, "card", "updateInteractiveTransition", #""percent":0.5"#),
        line(2.2, "card", "updateInteractiveTransition", #""percent":0.6"#),
        line(2.2, "card", "finishInteractiveTransition"), line(2.21, "card", "panEnded"),
        line(2.36, "card", "completeTransition", #""didComplete":true"#),
        line(2.361, "card", "dismissalTransitionDidEnd", #""completed":true"#),
        line(2.362, "card", "animationEnded", #""completed":true"#), line(2.363, "card", "completion"),
      ]
      #expect(audit(lines).isEmpty)
    }
  }
}
