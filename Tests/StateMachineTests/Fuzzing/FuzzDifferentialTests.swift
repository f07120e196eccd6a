import Testing

@testable import StateMachine

/// The machine and the independent `OrderingAcceptor` must agree on clean-versus-not for the ordering
/// rules, on generated and mutated traces inside the acceptor's subset (see its documentation).
@Suite struct FuzzDifferentialTests {
  static let configuration = GeneratorConfiguration(
    episodes: 10, roots: 1, weights: GeneratorConfiguration.Weights(dismissFromBelow: 0))

  /// The machine's and the acceptor's answers, or nil when the acceptor has no opinion.
  static func answers(_ projected: [Event]) -> (machine: Bool, acceptor: Bool)? {
    let verdict = OrderingAcceptor.verdict(projected)
    let acceptorClean: Bool
    switch verdict {
    case .clean: acceptorClean = true
    case .violation: acceptorClean = false
    case .undefined: return nil
    }
    let machineClean = !FuzzSupport.findings(projected).contains {
      OrderingAcceptor.judgedRules.contains($0.rule)
    }
    return (machineClean, acceptorClean)
  }

  static func disagree(_ projected: [Event]) -> Bool {
    guard let answers = answers(projected) else { return false }
    return answers.machine != answers.acceptor
  }

  static func render(_ events: [Event]) -> String {
    events.map { TraceWriter.line(for: $0) }.joined(separator: "\n")
  }

  @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
  func machineAndAcceptorAgree(seed: UInt64) {
    var generator = TraceGenerator(seed: seed, configuration: Self.configuration)
    var mutator = TraceMutator(seed: seed)
    var judged = 0
    var undefined = 0
    for round in 0..<FuzzSupport.iterations(60) {
      let valid = OrderingAcceptor.projection(of: generator.events())
      #expect(
        OrderingAcceptor.verdict(valid) == .clean,
        "seed \(seed) trace \(round): acceptor rejects a valid trace")
      var candidates: [(events: [Event], label: String)] = [(valid, "generated")]
      for _ in 0..<4 {
        let (mutated, mutation) = mutator.mutate(valid)
        candidates.append((OrderingAcceptor.projection(of: mutated), mutation?.description ?? "none"))
      }
      for (events, label) in candidates {
        guard let answers = Self.answers(events) else {
          undefined += 1
          continue
        }
        judged += 1
        if answers.machine != answers.acceptor {
          let minimal = TraceShrinker.shrink(events, keeping: Self.disagree)
          Issue.record(
            """
            seed \(seed) trace \(round) (\(label)): machine says \(answers.machine ? "clean" : "not clean"), \
            acceptor says \(answers.acceptor ? "clean" : "not clean"); minimal trace:
            \(Self.render(minimal))
            machine: \(FuzzSupport.findings(minimal).map { "\($0.line) \($0.rule.rawValue)" }); \
            acceptor: \(OrderingAcceptor.verdict(minimal))
            """)
          return
        }
      }
    }
    #expect(judged > undefined, "seed \(seed): the acceptor judged only \(judged), undefined \(undefined)")
  }
}
