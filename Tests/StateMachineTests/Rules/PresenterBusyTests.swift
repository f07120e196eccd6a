import Testing

@testable import StateMachine

extension Rules {
  /// The unit tests of `presenter-busy` (present on a presenter that already presents another live
  /// presentation): traces that must trigger it, and near misses that must stay clean.
  @Suite("presenter-busy") struct PresenterBusyTests {
    @Test func refusedPresentFollowedByItsCallbacksIsReportedOnce() {
      var lines = presentation("p1", at: 1)
      // presenter-busy at line 6; the callbacks that follow show it happened.
      lines += presentation("p2", at: 2)
      #expect(summary(audit(lines)) == ["6 p2 presenter-busy"])
    }
  }
}
