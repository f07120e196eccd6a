import Testing

@testable import PresentationStateMachine

extension Rules {
  /// The unit tests of `presenter-unknown` (present from a presenter that is neither a root nor presented):
  /// traces that must trigger it, and near misses that must stay clean.
  @Suite("presenter-unknown") struct PresenterUnknownTests {
    @Test func presenterUnknownAndPresentOverAPresentedOne() {
      var lines = presentation("sheet", at: 1)
      lines += presentation("detail", at: 2, from: "sheet")
      lines.append(line(3, "x", "present", #""presenter":"ghost""#))
      #expect(summary(audit(lines)) == ["11 x presenter-unknown"])
    }

    /// A dismissed presentation is no presenter, even in the tail window before it is forgotten.
    @Test func presentingFromADismissedPresentationIsPresenterUnknown() {
      var lines = presentation("sheet", at: 1) + dismissal("sheet", at: 2)
      lines.append(line(2.5, "x", "present", #""presenter":"sheet""#))
      #expect(summary(audit(lines)) == ["11 x presenter-unknown"])
    }

    /// Roots always exist: one never mentioned before may present.
    @Test func aRootNeverMentionedBeforeMayPresent() {
      #expect(audit(presentation("toast", at: 1, from: "root:external")).isEmpty)
    }
  }
}
