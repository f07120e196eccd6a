import Testing

@testable import PresentationStateMachine

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
    // Each transition in two events: a request ended by completeTransition with no WillBegin logged (Rules:
    // "Optional request events", "Transitions recorded from the animator alone") comes before the
    // callbacks-only WillBegin and DidEnd in the alphabet's order.
    #expect(
      cycle.map(\.kind) == [.present, .completeTransition, .dismiss, .completeTransition],
      "depth 6: \(cycle.map(\.kind.rawValue))")
  }

  /// The alphabet holds the payloads that the census kinds (`TraceCensus.Kind`) turn on: a `present` in a
  /// system style and a
  /// `startInteractiveTransition` with `wantsInteractiveStart` false, beside every event kind.
  @Test func theAlphabetHoldsSystemStylesAndRunningStarts() {
    let explorer = BoundedExplorer(depth: 0, presentations: 2)
    #expect(explorer.alphabet.contains { $0.kind == .present && $0.payload.style == "pageSheet" })
    #expect(explorer.alphabet.contains { $0.kind == .present && $0.payload.style == nil })
    #expect(
      explorer.alphabet.contains {
        $0.kind == .startInteractiveTransition && $0.payload.wantsInteractiveStart == false
      })
    #expect(explorer.alphabet.contains { $0.kind == .interruptibleAnimator })
    #expect(explorer.alphabet.contains { $0.kind == .viewIsAppearing })
    // 32 + 2K events per id (the usage text of replay explore says so).
    #expect(explorer.alphabet.count == 2 * (32 + 2 * 2), "\(explorer.alphabet.count)")
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
