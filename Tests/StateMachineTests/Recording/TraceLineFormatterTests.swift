import Testing

@testable import PresentationStateMachine

@Suite struct TraceLineFormatterTests {
  /// The recorder's formatter writes exactly the canonical writer's bytes, for every kind, with ids and
  /// strings that need escaping and numbers of every shape.
  @Test func writesWhatTheCanonicalWriterWrites() {
    let seed: UInt64 = 0xF0_4D_A7
    var random = CodecRandom(seed: seed)
    let strings = [
      "card", "", "p \"1\"", "back\\slash", "tab\there", "é", "e\u{301}", "\u{7F}", "\u{1}", "🃏", "root:Main",
      "new\nline\r\u{8}\u{C}\u{1F}", String(repeating: "\u{0}", count: 40),
    ]
    let numbers: [Double] = [
      0, -0.0, 1, 0.35, 1843.2071, 1e-7, 1e21, 9_007_199_254_740_994, -12.5, 390, 0.1 + 0.2, 0.000_1,
      -0.000_099, 8_589_934_591.999_999, 8_589_934_592.5, 4_294_967_296.000_001, 1843.207_123_456_789,
      .leastNonzeroMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
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
      let line = TraceLineFormatter.line(t: t, kind: kind, id: id, payload)
      #expect(line == TraceWriter.line(for: event), "seed \(seed): \(kind.rawValue) \(id.debugDescription)")
    }
  }

  static func number(_ value: Double) -> String {
    let bytes = [UInt8](unsafeUninitializedCapacity: 64) { buffer, count in
      var writer = ByteWriter(UnsafeMutableRawBufferPointer(buffer), at: 0)
      writer.appendJSONNumber(value)
      count = writer.count
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Whole microseconds (what the system clock reads) take the digit-by-digit path; it must spell them
  /// as `JSONText.number` does, at every magnitude and around the edges of that path.
  @Test func numbersAreSpelledAsJSONTextSpellsThem() {
    // Every microsecond below 0.1 s (across the 0.0001 edge of the digit path), then every 7th to 2 s, in
    // both signs.
    for micros in Array(0..<100_000) + Array(stride(from: 100_000, to: 2_000_000, by: 7)) {
      let value = Double(micros) / 1_000_000
      let text = Self.number(value)
      guard text == JSONText.number(value), Self.number(-value) == JSONText.number(-value) else {
        #expect(text == JSONText.number(value), "\(micros) µs")
        return
      }
    }
    // Whole microseconds up to 10^12 s (across the 2^33 s edge of the digit path), fractions at every
    // scale, and random bit patterns.
    let seed: UInt64 = 0x5EED_71
    var random = CodecRandom(seed: seed)
    for _ in 0..<30_000 {
      let exponent = random.below(40) - 14
      let micros = Double(random.next() % 1_000_000_000_000_000) / 1_000_000
      let scaled =
        micros.truncatingRemainder(dividingBy: 1) * Double(sign: .plus, exponent: exponent, significand: 1)
      for value in [
        micros, scaled, Double(bitPattern: random.next()), -micros, Double(random.below(100_000)),
      ] {
        let text = Self.number(value)
        guard text == JSONText.number(value) else {
          #expect(text == JSONText.number(value), "seed \(seed): \(value.bitPattern)")
          return
        }
      }
    }
  }
}
