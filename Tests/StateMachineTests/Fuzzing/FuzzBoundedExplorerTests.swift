import Testing

@testable import StateMachine

/// Exhaustive exploration at a small depth finds no dead end, no trap, no non-determinism.
@Suite struct FuzzBoundedExplorerTests {
  @Test(arguments: [(2, 2), (3, 1)])
  func smallDepthsHoldEveryProperty(depth: Int, presentations: Int) {
    let report = BoundedExplorer(depth: depth, presentations: presentations).run()
    #expect(
      report.violations.isEmpty,
      "depth \(depth), \(presentations) ids: \(report.violations.joined(separator: "\n\n"))")
    #expect(report.clean > 1, "depth \(depth): no clean sequence beyond the empty one")
    #expect(report.states > 3, "depth \(depth): only \(report.states) states")
  }

  @Test func sequencesCountEveryPrefix() {
    let explorer = BoundedExplorer(depth: 2, presentations: 1)
    let size = explorer.alphabet.count
    #expect(explorer.run().sequences == 1 + size + size * size)
  }
}
