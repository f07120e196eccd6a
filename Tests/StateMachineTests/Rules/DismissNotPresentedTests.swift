import Testing

@testable import PresentationStateMachine

extension Rules {
  /// The unit tests of `dismiss-not-presented` (dismiss of an id that is not presented (double dismiss)):
  /// traces that must trigger it, and near misses that must stay clean.
  @Suite("dismiss-not-presented") struct DismissNotPresentedTests {
    @Test func aDismissAfterTheDismissalEndedIsDismissNotPresented() {
      var lines = presentation("p1", at: 1) + dismissal("p1", at: 2)
      lines.append(line(3, "p1", "dismiss"))
      #expect(summary(audit(lines)) == ["11 p1 dismiss-not-presented"])
    }

    /// Dismissing a root dismisses what it presents; with nothing presented there is nothing to dismiss.
    @Test func dismissingARootThatPresentsNothingIsDismissNotPresented() {
      #expect(summary(audit([line(1, "root", "dismiss")])) == ["1 root dismiss-not-presented"])
    }

    /// A cancelled interactive dismissal leaves the card presented, so the close button may dismiss it.
    @Test func aDismissAfterACancelledInteractiveDismissalIsClean() {
      let lines =
        presentation("card", at: 1) + interactiveDismissal("card", at: 2, to: 0.3, finishing: false)
        + dismissal("card", at: 3)
      #expect(audit(lines).isEmpty)
    }
  }
}
