import Testing

@testable import StateMachine

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
  }
}
