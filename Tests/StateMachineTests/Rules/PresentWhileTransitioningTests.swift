import Testing

@testable import StateMachine

extension Rules {
  /// The unit tests of `present-while-transitioning` (present while the presenter, or the presentation it
  /// would stack on, has a transition in flight): traces that must trigger it, and near misses that must stay
  /// clean.
  @Suite("present-while-transitioning") struct PresentWhileTransitioningTests {
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
  }
}
