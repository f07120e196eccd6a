import Testing

@testable import PresentationStateMachine

extension Rules {
  /// The unit tests of `present-while-transitioning` (present while the presenter, or the presentation it
  /// would stack on, has a transition in flight): traces that must trigger it, and near misses that must stay
  /// clean.
  @Suite("present-while-transitioning") struct PresentWhileTransitioningTests {
    @Test func presentingFromAPresentationStillPresentingIsPresentWhileTransitioning() {
      let lines = [
        line(1, "p1", "present"), line(1.001, "p1", "presentationTransitionWillBegin"),
        line(1.002, "p1", "animateTransition", #""duration":0.3"#),
        line(1.1, "p2", "present", #""presenter":"p1""#),
        line(1.302, "p1", "completeTransition", #""didComplete":true"#),
        line(1.302, "p1", "presentationTransitionDidEnd", #""completed":true"#),
      ]
      #expect(summary(audit(lines)) == ["4 p2 present-while-transitioning"])
    }

    @Test func presentFromRootWhileItsSheetIsDismissingIsPresentWhileTransitioning() {
      var lines = presentation("sheet", at: 1)
      lines += [line(2, "sheet", "dismiss"), line(2.001, "sheet", "dismissalTransitionWillBegin")]
      lines.append(line(2.05, "alert", "present", #""presenter":"root""#))
      #expect(summary(audit(lines)) == ["8 alert present-while-transitioning"])
    }

    /// <doc:Rules#Optional-request-events> makes the callback a present, so
    /// <doc:Rules#One-finding-per-event> and <doc:Rules#Presenter-in-flight> judge it: p1 is still presenting
    /// when p2's WillBegin arrives (present-while-transitioning, once); p2 then follows the evidence and
    /// stacks on p1, so p3's later present from root finds root busy.
    @Test func anImplicitPresentDuringAnotherPresentationIsJudgedAndStacksOnTop() {
      let lines = [
        #"{"t":0,"id":"p1","event":"presentationTransitionWillBegin"}"#,
        #"{"t":0.01,"id":"p1","event":"animateTransition","duration":0.3}"#,
        #"{"t":0.05,"id":"p2","event":"presentationTransitionWillBegin"}"#,
        #"{"t":0.06,"id":"p2","event":"presentationTransitionDidEnd","completed":true}"#,
        #"{"t":0.31,"id":"p1","event":"completeTransition","didComplete":true}"#,
        #"{"t":0.32,"id":"p1","event":"presentationTransitionDidEnd","completed":true}"#,
        #"{"t":1,"id":"p2","event":"dismissalTransitionWillBegin"}"#,
        #"{"t":1.01,"id":"p2","event":"dismissalTransitionDidEnd","completed":true}"#,
        #"{"t":2,"id":"p3","event":"present"}"#,
        #"{"t":2.01,"id":"p3","event":"presentationTransitionWillBegin"}"#,
        #"{"t":2.02,"id":"p3","event":"presentationTransitionDidEnd","completed":true}"#,
      ]
      #expect(summary(audit(lines)) == ["3 p2 present-while-transitioning", "9 p3 presenter-busy"])
    }

    /// The same while root's presentation is dismissing: the implicit present is judged, and when the one it
    /// had to stack on ends, it stays on root's stack.
    @Test func anImplicitPresentDuringADismissalIsJudgedAndStaysOnTheRootStack() {
      let lines = [
        #"{"t":0,"id":"p1","event":"presentationTransitionWillBegin"}"#,
        #"{"t":0.01,"id":"p1","event":"presentationTransitionDidEnd","completed":true}"#,
        #"{"t":1,"id":"p1","event":"dismissalTransitionWillBegin"}"#,
        #"{"t":1.01,"id":"p2","event":"presentationTransitionWillBegin"}"#,
        #"{"t":1.02,"id":"p1","event":"dismissalTransitionDidEnd","completed":true}"#,
        #"{"t":1.03,"id":"p2","event":"presentationTransitionDidEnd","completed":true}"#,
        #"{"t":2,"id":"p3","event":"present"}"#,
      ]
      #expect(summary(audit(lines)) == ["4 p2 present-while-transitioning", "7 p3 presenter-busy"])
      let state = AuditState.at(.line(6), in: TraceReader(bytes: Array(lines.joined(separator: "\n").utf8)))
      #expect(state.stacks == [["root", "p2"]])
    }

    /// The sheet's `dismissalTransitionDidEnd` ends its flight: root may present at once, before the sheet's
    /// `animationEnded` and `completion` arrive.
    @Test func presentingFromRootRightAfterItsSheetsDismissalEndedIsClean() {
      var lines = presentation("sheet", at: 1) + dismissal("sheet", at: 2)
      lines += [
        line(2.302, "alert", "present", #""presenter":"root""#),
        line(2.302, "sheet", "animationEnded", #""completed":true"#), line(2.302, "sheet", "completion"),
      ]
      lines += presentation("alert", at: 2.302).dropFirst()
      #expect(audit(lines).isEmpty)
    }

    /// Each scene's root has a stack of its own: another root may present while root's presentation animates.
    @Test func anotherScenesRootMayPresentWhileRootsPresentationAnimates() {
      let lines = [
        line(1, "card", "present", #""presenter":"root""#),
        line(1.001, "card", "presentationTransitionWillBegin"),
        line(1.002, "card", "animateTransition", #""duration":0.3"#),
        line(1.1, "toast", "present", #""presenter":"root:external""#),
        line(1.101, "toast", "presentationTransitionWillBegin"),
        line(1.102, "toast", "presentationTransitionDidEnd", #""completed":true"#),
        line(1.302, "card", "completeTransition", #""didComplete":true"#),
        line(1.302, "card", "presentationTransitionDidEnd", #""completed":true"#),
      ]
      #expect(audit(lines).isEmpty)
    }
  }
}
