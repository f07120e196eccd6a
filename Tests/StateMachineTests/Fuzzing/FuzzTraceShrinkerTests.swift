import Testing

@testable import PresentationStateMachine

/// Shrinking keeps the predicate and leaves nothing removable.
@Suite struct FuzzTraceShrinkerTests {
  /// Mutated generated traces, each with the first rule its audit reports.
  static func failingCases(seed: UInt64, count: Int) -> [(events: [Event], rule: Rule, label: String)] {
    var generator = TraceGenerator(seed: seed, configuration: GeneratorConfiguration(episodes: 8))
    var mutator = TraceMutator(seed: seed)
    var cases: [(events: [Event], rule: Rule, label: String)] = []
    var attempts = 0
    while cases.count < count, attempts < count * 10 {
      attempts += 1
      let (mutated, mutation) = mutator.mutate(generator.events())
      guard let mutation, let rule = TraceAudit.findings(of: mutated).first?.rule else { continue }
      cases.append((mutated, rule, mutation.description))
    }
    return cases
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func shrinkingKeepsThePredicateAndIsMinimal(seed: UInt64) {
    for (events, rule, label) in Self.failingCases(seed: seed, count: FuzzSupport.iterations(4)) {
      let predicate = TraceShrinker.reports(rule)
      let minimal = TraceShrinker.shrink(events, keeping: predicate)
      let context = "seed \(seed), \(label), rule \(rule.rawValue)"
      #expect(predicate(minimal), "\(context): the shrunk trace lost the rule")
      #expect(minimal.count <= events.count, "\(context)")
      #expect(minimal.count < 12, "\(context): \(minimal.count) events left")
      for index in minimal.indices {
        var smaller = minimal
        smaller.remove(at: index)
        #expect(!predicate(smaller), "\(context): event \(index + 1) could still go")
      }
      #expect(TraceShrinker.shrink(events, keeping: predicate) == minimal, "\(context): not deterministic")
    }
  }

  @Test func aTraceWithoutTheRuleIsReturnedUnchanged() {
    var generator = TraceGenerator(seed: 4)
    let events = generator.events()
    #expect(TraceShrinker.shrink(events, keeping: TraceShrinker.reports(.completeTwice)) == events, "seed 4")
  }

  @Test func completeTwiceShrinksToItsCore() {
    var generator = TraceGenerator(seed: 8, configuration: GeneratorConfiguration(episodes: 10))
    let events = generator.events()
    guard let index = events.firstIndex(where: { $0.kind == .completeTransition }) else {
      Issue.record("seed 8: no completeTransition")
      return
    }
    let broken = TraceMutation.duplicate(index: index).apply(to: events)
    let minimal = TraceShrinker.shrink(broken, keeping: TraceShrinker.reports(.completeTwice))
    #expect(minimal.filter { $0.kind == .completeTransition }.count == 2, "seed 8: \(minimal)")
    #expect(minimal.count <= 6, "seed 8: \(minimal.map(\.kind.rawValue))")
  }
}
