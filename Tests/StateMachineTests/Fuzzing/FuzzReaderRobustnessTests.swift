import Testing

@testable import StateMachine

/// The reader and the auditor must survive any bytes: random ones, and mutated valid traces.
@Suite struct FuzzReaderRobustnessTests {
  /// Reads `bytes` and audits whatever events come out; returns how many records were read.
  @discardableResult
  static func readAndAudit(_ bytes: [UInt8]) -> Int {
    var auditor = Auditor()
    var findings: [Finding] = []
    var records = 0
    for record in TraceReader(bytes: bytes) {
      records += 1
      if case .event(let event, let line) = record { auditor.audit(event, line: line, into: &findings) }
    }
    auditor.finish(into: &findings)
    return records
  }

  static let fragments: [[UInt8]] =
    [
      "{", "}", "[", "]", "\"", ":", ",", "\n", "\r\n", "\\", "\\u", "\\ud800", "1e999", "-0", "NaN",
      "\"t\":", "\"id\":", "\"event\":", "\"completeTransition\"", "null", "true", "9999999999999999999999",
      "{\"t\":1,\"id\":\"p\",\"event\":\"present\"}",
    ].map { Array($0.utf8) } + [[0xFF], [0xC3], [0xE2, 0x82], [0x00], [0xF0, 0x9F, 0x98]]

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
        let depth = random.within(1...2000)
        bytes =
          Array(repeating: UInt8(ascii: "["), count: depth) + Array(valid.prefix(random.below(valid.count)))
      }
      Self.readAndAudit(bytes)
    }
    #expect(Self.readAndAudit(valid) > 0, "seed \(seed)")
  }
}
