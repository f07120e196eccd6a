import Testing

@testable import StateMachine

/// Exhaustive exploration at a small depth finds no dead end, no trap, no non-determinism, explores each
/// state once, and gets far enough to present and dismiss.
@Suite struct FuzzBoundedExplorerTests {
  @Test(arguments: [(6, 1), (3, 2)])
  func smallDepthsHoldEveryProperty(depth: Int, presentations: Int) {
    let report = BoundedExplorer(depth: depth, presentations: presentations).run()
    #expect(
      report.violations.isEmpty,
      "depth \(depth), \(presentations) ids: \(report.violations.joined(separator: "\n\n"))")
    #expect(report.deepest == depth, "depth \(depth): the search stopped at \(report.deepest)")
    #expect(report.states > 3 * depth, "depth \(depth): only \(report.states) states")
    // Memoised: fewer states than clean sequences, as different orders reach the same state.
    #expect(report.states < report.clean, "depth \(depth): \(report.states) states, \(report.clean) clean")
  }

  @Test func reachesAFullPresentThenDismiss() {
    let report = BoundedExplorer(depth: 6, presentations: 1).run()
    let cycle = report.presentThenDismiss ?? []
    #expect(report.presentedThenDismissed > 0, "depth 6: no presentation was presented and dismissed")
    #expect(
      cycle.map(\.kind) == [
        .presentationTransitionWillBegin, .presentationTransitionDidEnd, .dismissalTransitionWillBegin,
        .dismissalTransitionDidEnd,
      ], "depth 6: \(cycle.map(\.kind.rawValue))")
  }

  @Test func eachCleanStateIsExpandedOnce() {
    let explorer = BoundedExplorer(depth: 1, presentations: 1)
    let size = explorer.alphabet.count
    let one = explorer.run()
    #expect(one.sequences == 1 + size)
    // Depth 2 expands the empty sequence and every new clean state of depth 1, each with the alphabet.
    let two = BoundedExplorer(depth: 2, presentations: 1).run()
    #expect(two.sequences == 1 + size + size * (one.states - 1))
  }
}
