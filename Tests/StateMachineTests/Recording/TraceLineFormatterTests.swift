import Testing

@testable import StateMachine

@Suite struct TraceLineFormatterTests {
  /// The recorder's formatter writes exactly the canonical writer's bytes, for every kind, with ids and
  /// strings that need escaping and numbers of every shape.
  @Test func writesWhatTheCanonicalWriterWrites() {
    let seed: UInt64 = 0xF0_4D_A7
    var random = CodecRandom(seed: seed)
    let strings = [
      "card", "", "p \"1\"", "back\\slash", "tab\there", "é", "e\u{301}", "\u{7F}", "\u{1}", "🃏", "root:Main",
    ]
    let numbers: [Double] = [
      0, -0.0, 1, 0.35, 1843.2071, 1e-7, 1e21, 9_007_199_254_740_994, -12.5, 390, 0.1 + 0.2,
    ]
    for _ in 0..<2_000 {
      let kind = random.pick(EventKind.allCases)
      var payload = Payload()
      for key in PayloadKey.allCases where random.chance(70) {
        switch key.valueType {
        case .bool: payload[key] = .bool(random.chance(50))
        case .number: payload[key] = .number(random.pick(numbers))
        case .string: payload[key] = .string(random.pick(strings))
        }
      }
      let id = random.pick(strings) + random.pick(strings)
      let t = random.pick(numbers) + Double(random.below(1000)) / 7
      let event = Event(t: t, id: id, kind: kind, payload: payload)
      let line = TraceLineFormatter.line(t: t, body: TraceLineFormatter.body(for: event))
      #expect(line == TraceWriter.line(for: event), "seed \(seed): \(kind.rawValue) \(id.debugDescription)")
    }
  }

  @Test func anEventWithExtraKeysGoesThroughTheWriter() {
    let event = Event(t: 2, id: "p1", kind: .mark, payload: Payload(name: "x"), extra: [("zeta", .number(1))])
    #expect(
      TraceLineFormatter.line(t: 2, body: TraceLineFormatter.body(for: event)) == TraceWriter.line(for: event)
    )
  }
}
