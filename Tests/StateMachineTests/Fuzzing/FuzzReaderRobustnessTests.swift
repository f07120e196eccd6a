import Testing

@testable import PresentationStateMachine

/// The reader and the auditor must survive any bytes: random ones, and mutated valid traces.
@Suite struct FuzzReaderRobustnessTests {
  /// Reads `bytes` and audits whatever events come out; returns how many records were read.
  @discardableResult
  static func readAndAudit(_ bytes: [UInt8]) -> Int {
    var audit = TraceAudit()
    var records = 0
    for record in TraceReader(bytes: bytes) {
      records += 1
      audit.feed(record)
    }
    audit.finish()
    return records
  }

  static let fragments: [[UInt8]] =
    [
      "{", "}", "[", "]", "\"", ":", ",", "\n", "\r\n", "\\", "\\u", "\\ud800", "1e999", "-0", "NaN",
      "\"t\":", "\"id\":", "\"event\":", "\"completeTransition\"", "null", "true", "9999999999999999999999",
      "{\"t\":1,\"id\":\"p\",\"event\":\"present\"}",
    ].map { Array($0.utf8) } + [[0xFF], [0xC3], [0xE2, 0x82], [0x00], [0xF0, 0x9F, 0x98]]

  /// An event line whose unknown key `a` holds `depth` nested objects (`{"a":{"a":…1…}}`) or arrays.
  static func nestedLine(depth: Int, array: Bool) -> [UInt8] {
    let open = array ? "[" : "{\"a\":"
    let close = array ? "]" : "}"
    let text =
      #"{"t":1,"id":"p1","event":"mark","name":"n","a":"#
      + String(repeating: open, count: depth) + "1" + String(repeating: close, count: depth) + "}"
    return Array(text.utf8)
  }

  /// The outer object is level 1, so a value nested 63 deep reaches level 64, the limit; one more is an
  /// input error that names the limit, and a hundred thousand more do not exhaust the stack.
  @Test(arguments: [false, true])
  func deepNestingInsideAValueReachesTheDepthLimit(array: Bool) {
    for (depth, legal) in [(63, true), (64, false), (100_000, false)] {
      let records = Array(TraceReader(bytes: Self.nestedLine(depth: depth, array: array)))
      let errors = records.compactMap { record -> InputError? in
        if case .inputError(let error) = record { error } else { nil }
      }
      let events = records.filter { if case .event = $0 { true } else { false } }
      let context = "depth \(depth), \(array ? "arrays" : "objects")"
      if legal {
        #expect(errors.isEmpty && events.count == 1, "\(context): \(errors.map(\.message))")
      } else {
        #expect(events.isEmpty, "\(context)")
        #expect(
          errors.count == 1 && errors.allSatisfy { $0.message.contains("nesting deeper than 64") },
          "\(context): \(errors.map(\.message))")
        #expect(errors.allSatisfy { $0.column > 40 }, "\(context): failed at \(errors.map(\.column))")
      }
    }
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func randomAndMutatedBytesNeverCrash(seed: UInt64) {
    var random = SeededRandom(seed: seed)
    var generator = TraceGenerator(seed: seed, configuration: GeneratorConfiguration(episodes: 4))
    let valid = Array(generator.text().utf8)
    for _ in 0..<FuzzSupport.iterations(150) {
      var bytes: [UInt8]
      switch random.below(4) {
      case 0:
        bytes = (0..<random.within(0...300)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      case 1:
        bytes = []
        for _ in 0..<random.within(1...40) { bytes += random.pick(Self.fragments) ?? [] }
      case 2:
        bytes = valid
        for _ in 0..<random.within(1...8) where !bytes.isEmpty {
          let index = random.below(bytes.count)
          switch random.below(3) {
          case 0: bytes[index] = UInt8(truncatingIfNeeded: random.next())
          case 1: bytes.remove(at: index)
          default: bytes.insert(contentsOf: random.pick(Self.fragments) ?? [], at: index)
          }
        }
      default:
        // Nesting inside a value of an event line, so the parser gets past column 1 and down to its depth
        // limit; sometimes cut short, sometimes closed.
        let nested = Self.nestedLine(depth: random.within(1...2000), array: random.chance(30))
        bytes = random.chance(50) ? Array(nested.prefix(random.below(nested.count + 1))) : nested
        bytes += [UInt8(ascii: "\n")] + valid
      }
      Self.readAndAudit(bytes)
    }
    #expect(Self.readAndAudit(valid) > 0, "seed \(seed)")
  }
}
