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
  }
}
