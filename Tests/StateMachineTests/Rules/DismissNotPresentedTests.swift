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

    /// UIKit refused the present, so the dismiss undoes nothing: the refusal is the root cause and the one
    /// finding (<doc:Rules#Recovery-follows-the-evidence>). A second dismiss is a double dismiss again.
    @Test func aDismissOfWhatARefusedPresentNeverPresentedIsNoSecondFinding() {
      var lines = [line(1, "p1", "present"), line(1.01, "p2", "present")]
      lines += [
        line(1.02, "p1", "presentationTransitionWillBegin"),
        line(1.03, "p1", "animateTransition", #""duration":0.3"#),
        line(1.33, "p1", "completeTransition", #""didComplete":true"#),
        line(1.34, "p1", "presentationTransitionDidEnd", #""completed":true"#),
        line(2, "p2", "dismiss"), line(2.001, "p2", "completion"),
      ]
      #expect(summary(audit(lines)) == ["2 p2 present-while-transitioning"])
      lines.append(line(3, "p2", "dismiss"))
      #expect(summary(audit(lines)) == ["2 p2 present-while-transitioning", "9 p2 dismiss-not-presented"])
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
