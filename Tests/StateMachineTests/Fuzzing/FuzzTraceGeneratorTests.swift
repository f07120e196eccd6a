import Testing

@testable import StateMachine

/// Generated traces are valid, deterministic and round-trip through the canonical writer.
@Suite struct FuzzTraceGeneratorTests {
  static let seeds: [UInt64] = [1, 2, 3, 7, 42, 2026, 0xDEAD_BEEF]

  @Test(arguments: seeds)
  func generatedTracesAuditClean(seed: UInt64) {
    var generator = TraceGenerator(seed: seed)
    for round in 0..<FuzzSupport.iterations(20) {
      let events = generator.events()
      let findings = FuzzSupport.findings(events)
      #expect(
        findings.isEmpty,
        "seed \(seed) trace \(round): \(findings.prefix(3).map { "\($0.line) [\($0.rule.rawValue)] \($0.message)" })"
      )
      if !findings.isEmpty { return }
    }
  }

  @Test(arguments: seeds)
  func sameSeedSameBytes(seed: UInt64) {
    var first = TraceGenerator(seed: seed)
    var second = TraceGenerator(seed: seed)
    #expect(first.text() == second.text(), "seed \(seed)")
    #expect(first.text() == second.text(), "seed \(seed), second trace")
    var other = TraceGenerator(seed: seed &+ 1)
    var third = TraceGenerator(seed: seed)
    #expect(third.text() != other.text(), "seeds \(seed) and \(seed &+ 1) gave the same trace")
  }

  @Test(arguments: seeds)
  func encodeDecodeRoundTripsByteForByte(seed: UInt64) {
    var generator = TraceGenerator(seed: seed)
    let text = generator.text()
    let decoded = FuzzSupport.decode(text)
    #expect(decoded.problems == 0, "seed \(seed)")
    #expect(TraceWriter.trace(header: decoded.header, events: decoded.events) == text, "seed \(seed)")
  }

  @Test func eventsOneAtATimeMatchWholeTraces() {
    var streaming = TraceGenerator(seed: 9)
    var whole = TraceGenerator(seed: 9)
    var received: [Event] = []
    streaming.generate { received.append($0) }
    #expect(received == whole.events(), "seed 9")
  }

  @Test func coversEveryScenario() {
    var generator = TraceGenerator(seed: 5, configuration: GeneratorConfiguration(episodes: 200, roots: 3))
    let events = generator.events()
    let kinds = Set(events.map(\.kind))
    for kind in [
      EventKind.startInteractiveTransition, .finishInteractiveTransition, .cancelInteractiveTransition,
      .viewWillTransitionToSize, .pauseInteractiveTransition, .mark,
    ] {
      #expect(kinds.contains(kind), "seed 5: no \(kind.rawValue)")
    }
    #expect(
      events.contains { $0.kind == .present && $0.payload.animated == false }, "seed 5: no non-animated")
    #expect(
      Set(events.compactMap { $0.kind == .present ? $0.payload.presenter : nil }).count > 3,
      "seed 5: no stacks")
    #expect(Set(events.map(\.id)).contains("root:s2"), "seed 5: one root only")
    let presents = events.filter { $0.kind == .present }.map(\.id)
    #expect(Set(presents).count < presents.count, "seed 5: no id reuse")
  }
}
