import Testing

@testable import PresentationStateMachine

extension Rules {
  /// The unit tests of `layout-unbalanced` (containerViewDidLayoutSubviews without Will (outside a
  /// dismissal), or Will twice): traces that must trigger it, and near misses that must stay clean.
  @Suite("layout-unbalanced") struct LayoutUnbalancedTests {
    @Test func aDidWithoutWillWhilePresentedIsLayoutUnbalanced() {
      var lines = presentation("p1", at: 1)
      lines.append(line(2, "p1", "containerViewDidLayoutSubviews"))
      #expect(summary(audit(lines)) == ["6 p1 layout-unbalanced"])
    }

    /// A `Will` while a pass is open is reported; the `Did` that then closes the nested pass is the same root
    /// cause.
    @Test func aWillWhileAPassIsOpenIsReportedOnce() {
      var lines = presentation("p1", at: 1)
      lines += [
        line(2, "p1", "containerViewWillLayoutSubviews"),
        line(2.001, "p1", "containerViewWillLayoutSubviews"),
        line(2.002, "p1", "containerViewDidLayoutSubviews"),
      ]
      #expect(summary(audit(lines)) == ["7 p1 layout-unbalanced"])
    }

    /// While dismissing, UIKit suppresses the `Will`: a lone `Did` is legal there; and passes back to back,
    /// never nested, are balanced.
    @Test func aLoneDidWhileDismissingAndBackToBackPassesAreClean() {
      var lines = presentation("p1", at: 1)
      lines += [
        line(1.5, "p1", "containerViewWillLayoutSubviews"),
        line(1.501, "p1", "containerViewDidLayoutSubviews"),
        line(1.502, "p1", "containerViewWillLayoutSubviews"),
        line(1.503, "p1", "containerViewDidLayoutSubviews"),
      ]
      var dismissing = dismissal("p1", at: 2)
      dismissing.insert(line(2.0015, "p1", "containerViewDidLayoutSubviews"), at: 2)
      #expect(audit(lines + dismissing).isEmpty)
    }
  }
}
