import Testing

@testable import PresentationStateMachine

extension Rules {
  /// The unit tests of `size-change-during-transition` (viewWillTransitionToSize while a transition is in
  /// flight): traces that must trigger it, and near misses that must stay clean.
  @Suite("size-change-during-transition") struct SizeChangeDuringTransitionTests {
    /// UIKit defers rotation until `completeTransition`: a size change while animating was forwarded by hand.
    @Test func aSizeChangeWhileAnimatingIsSizeChangeDuringTransition() {
      var lines = Array(presentation("p1", at: 1).prefix(3))
      lines.append(line(1.1, "p1", "viewWillTransitionToSize", #""width":844,"height":390"#))
      lines += presentation("p1", at: 1).suffix(2)
      #expect(summary(audit(lines)) == ["4 p1 size-change-during-transition"])
    }

    @Test func aSizeChangeOnceThePresentationEndedIsClean() {
      var lines = presentation("p1", at: 1)
      lines.append(line(2.2, "p1", "viewWillTransitionToSize", #""width":844,"height":390"#))
      #expect(audit(lines).isEmpty)
    }
  }
}
