import Testing

@testable import PresentationStateMachine

extension Rules {
  /// The unit tests of `event-out-of-phase` (a lifecycle event the current phase does not allow): traces that
  /// must trigger it, and near misses that must stay clean.
  @Suite("event-out-of-phase") struct EventOutOfPhaseTests {
    @Test func aSecondCompletionInAStackedDismissalIsOutOfPhase() {
      var lines = presentation("a", at: 1)
      lines += presentation("b", at: 2, from: "a")
      lines += [
        line(3, "a", "dismiss"), line(3.001, "a", "dismissalTransitionWillBegin"),
        line(3.002, "a", "animateTransition", #""duration":0.3"#),
        line(3.302, "a", "completeTransition", #""didComplete":true"#),
        line(3.302, "a", "dismissalTransitionDidEnd", #""completed":true"#), line(3.302, "a", "completion"),
        line(3.303, "b", "completion"),
      ]
      #expect(summary(audit(lines)) == ["17 b event-out-of-phase"])
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

    /// After `completeTransition`, the tail (`completion`, `animationEnded`) may come before `*DidEnd`.
    @Test func theTailMayComeBeforeTheDidEnd() {
      var lines = Array(presentation("p1", at: 1).prefix(4))
      lines += [
        line(1.303, "p1", "completion"), line(1.303, "p1", "animationEnded", #""completed":true"#),
        line(1.304, "p1", "presentationTransitionDidEnd", #""completed":true"#),
      ]
      #expect(audit(lines).isEmpty)
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

    // MARK: Messages

    // The words of a finding never contradict themselves: it names the phase and the events legal there,
    // and an event reported as a violation is not among the events it says were expected.

    @Test func messageNamesThePhaseAndTheLegalEvents() throws {
      let findings = audit([
        line(1, "p1", "present"), line(1.01, "p1", "presentationTransitionWillBegin"),
        line(1.02, "p1", "animateTransition", #""duration":0.3"#),
        line(1.03, "p1", "dismissalTransitionWillBegin"),
      ])
      let finding = try #require(findings.first)
      #expect(finding.rule == .eventOutOfPhase)
      #expect(finding.line == 4)
      #expect(finding.t == 1.03)
      #expect(finding.message.contains("dismissalTransitionWillBegin in presenting.animating"))
      #expect(
        finding.message.contains(
          "expected one of: animateTransition, startInteractiveTransition, interruptibleAnimator, "
            + "completeTransition(true)"), "\(finding.message)")
    }

    @Test func aSecondCompletionIsNotListedAsExpected() throws {
      var lines = Array(presentation("p1", at: 1).prefix(4))
      lines += [line(1.303, "p1", "completion"), line(1.304, "p1", "completion")]
      let finding = try #require(audit(lines).first)
      #expect(finding.rule == .eventOutOfPhase && finding.line == 6)
      #expect(finding.message.contains("completion was already delivered in this transition"))
      #expect(
        finding.message.hasSuffix("expected one of: presentationTransitionDidEnd(true), animationEnded"),
        "\(finding.message)")
    }

    @Test func aSecondWillDismissIsNotListedAsExpected() throws {
      var lines = presentation("p1", at: 1)
      lines += [
        line(2, "p1", "presentationControllerWillDismiss"),
        line(2.01, "p1", "presentationControllerWillDismiss"),
      ]
      let finding = try #require(audit(lines).first)
      #expect(finding.rule == .eventOutOfPhase && finding.line == 7)
      #expect(
        finding.message.hasSuffix(
          "expected one of: dismissalTransitionWillBegin, animateTransition, startInteractiveTransition, "
            + "interruptibleAnimator, completeTransition(true)"), "\(finding.message)")
    }
  }
}
