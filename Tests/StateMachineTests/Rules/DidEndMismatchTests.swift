import Testing

@testable import PresentationStateMachine

extension Rules {
  /// The unit tests of `did-end-mismatch` (*DidEnd(completed:) disagrees with
  /// completeTransition(didComplete:)): traces that must trigger it, and near misses that must stay clean.
  @Suite("did-end-mismatch") struct DidEndMismatchTests {
    @Test func didEndFalseAfterCompleteTrueIsDidEndMismatch() {
      var lines = Array(presentation("p1", at: 1).prefix(4))
      lines.append(line(1.303, "p1", "presentationTransitionDidEnd", #""completed":false"#))
      #expect(summary(audit(lines)) == ["5 p1 did-end-mismatch"])
    }

    @Test func didEndTrueAfterCompleteFalseIsDidEndMismatch() {
      var lines = presentation("card", at: 1) + interactiveDismissal("card", at: 2, to: 0.3, finishing: false)
      lines[11] = line(2.33, "card", "dismissalTransitionDidEnd", #""completed":true"#)
      #expect(summary(audit(lines)) == ["12 card did-end-mismatch"])
    }

    /// `DidEnd(false)` after `completeTransition(false)`, and a non-animated presentation whose
    /// `DidEnd(true)` has no `completeTransition` to agree with.
    @Test func didEndsThatAgreeAreClean() {
      var lines = presentation("card", at: 1) + interactiveDismissal("card", at: 2, to: 0.3, finishing: false)
      lines += [
        line(3, "toast", "present", #""presenter":"card""#),
        line(3.001, "toast", "presentationTransitionWillBegin"),
        line(3.002, "toast", "presentationTransitionDidEnd", #""completed":true"#),
      ]
      #expect(audit(lines).isEmpty)
    }
  }
}
