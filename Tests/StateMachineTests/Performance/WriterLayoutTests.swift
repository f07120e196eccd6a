import Testing

@testable import PresentationStateMachine

/// The scanner's writer-layout path (`EventLineScanner.decodeWriterLayout`) against its general scan: a
/// line the writer-layout path accepts must be one the general scan turns into an event, and into the same
/// event, bit for bit, whatever the event held before. Every line the writer writes (ASCII strings without
/// escapes, no unknown keys) must take the writer-layout path, or the speed-up is gone without a failure.
@Suite struct WriterLayoutTests {
  /// One line through both paths, each into an event that holds `previous`; `nil` when the writer-layout
  /// path declined the line.
  static func compare(_ line: [UInt8], after previous: Event, _ context: String) -> Bool? {
    var fast = EventLineScanner()
    var general = EventLineScanner()
    general.takesWriterLayout = false
    var fastEvent = previous
    var generalEvent = previous
    var bytes = line
    let took = bytes.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { fast.decodeWriterLayout($0, count: buffer.count, into: &fastEvent) } ?? false
    }
    // The same line decoded straight into the machine's form, as the audit reads it: taken exactly when
    // the event is, and then what the event makes of it.
    var compactScanner = EventLineScanner()
    var compact = CompactEvent(previous)
    var compactBytes = line
    let compactEnd = compactBytes.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { compactScanner.decodeWriterObject($0, limit: buffer.count, into: &compact) }
        ?? -1
    }
    let text = String(decoding: line, as: UTF8.self)
    #expect((compactEnd == line.count) == took, "\(text) (\(context))")
    guard took else { return false }
    #expect(
      CompactEventTests.description(compact) == CompactEventTests.description(CompactEvent(fastEvent)),
      "\(text) (\(context))")
    var generalBytes = line
    let outcome = generalBytes.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { general.decode($0, count: buffer.count, into: &generalEvent) }
    }
    #expect(outcome == .event, "the general scan did not make an event of \(text) (\(context))")
    #expect(fastEvent == generalEvent, "\(text) (\(context))")
    #expect(Self.numberBits(fastEvent) == Self.numberBits(generalEvent), "\(text) (\(context))")
    return true
  }

  /// Every number of an event as bits, so that 0 and -0 differ.
  static func numberBits(_ event: Event) -> [UInt64?] {
    [event.t.bitPattern]
      + PayloadKey.allCases.map { key in
        if case .number(let value)? = event.payload[key] { value.bitPattern } else { nil }
      }
  }

  /// A valid event whose strings need no escapes and that has no unknown key: a line the writer writes.
  static func plainEvent(_ random: inout CodecRandom) -> Event {
    var event = ReaderDifferentialTests.randomEvent(&random)
    let ids = [
      "p1", "card", "root", "root:tv", "s1.card-12", "a-very-long-presentation-identifier-of-some-length",
    ]
    event.id = random.pick(ids)
    for key in event.kind.payloadKeys where key.valueType == .string && event.payload[key] != nil {
      event.payload[key] = .string(random.pick(ids + ["", "custom"]))
    }
    for key in event.kind.requiredPayloadKeys where event.payload[key] == nil {
      switch key.valueType {
      case .bool: event.payload[key] = .bool(true)
      case .number: event.payload[key] = .number(0.5)
      case .string: event.payload[key] = .string("custom")
      }
    }
    event.extra = []
    return event
  }

  @Test func theFixedWordsSpellTheirText() {
    func word(_ text: String) -> UInt64 {
      var bytes = Array(text.utf8)
      bytes += [UInt8](repeating: 0, count: 8 - bytes.count)
      return bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
    }
    #expect(EventLineScanner.openingTWord == word(#"{"t":"#))
    #expect(EventLineScanner.idKeyWord == word(#","id":""#))
    #expect(EventLineScanner.eventKeyWord == word(#"","event"#))
    #expect(UInt64(EventLineScanner.trueWord) == word("true"))
    #expect(UInt64(EventLineScanner.alseWord) == word("alse"))
  }

  @Test func digitWordsReadLikeDigits() {
    var random = CodecRandom(seed: 0xD161_7000)
    for _ in 0..<5000 {
      let digits = random.below(9)
      var text = ""
      for _ in 0..<digits { text.append(Character(String(random.below(10)))) }
      text += random.pick([".", ",", "}", "e", "/", ":", " ", "\u{7F}", "é", "00000000"])
      let padded = Array(text.utf8) + [UInt8](repeating: 0x41, count: 8)
      let word = padded.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
      let expected = min(8, Array(text.utf8).prefix { (0x30...0x39).contains($0) }.count)
      #expect(DigitWord.leadingDigits(word) == expected, "\(text)")
      if expected > 0 {
        let value = UInt64(String(text.prefix(expected)))
        #expect(DigitWord.value(word, digits: expected) == value, "\(text)")
      }
    }
  }

  @Test func aWordPastTheLineEndReadsAsZeros() {
    let line = Array("abcdefgh12".utf8)
    line.withUnsafeBufferPointer { buffer in
      guard let p = buffer.baseAddress else { return }
      #expect(DigitWord.load(p, at: 8, count: 10) == 0x3231)
      #expect(DigitWord.load(p, at: 10, count: 10) == 0)
      #expect(DigitWord.load(p, at: 2, count: 10) == 0x3231_6867_6665_6463)
    }
  }

  @Test func shortNumbersReadLikeTheGeneralScan() {
    var random = CodecRandom(seed: 0x5407_7000)
    let pieces = [
      "0", "1", "12", "1755", "1234567", "12345678", "123456789", "00", "01", "-", "", "9007199254740993",
    ]
    let fractions = ["", ".5", ".606791", ".1234567", ".12345678", ".", ".0", ".0000001", ".x"]
    let tails = ["", "}", ",", "e3", "E-2", "x", ".5", " ", "0"]
    for _ in 0..<20000 {
      let text =
        (random.chance(30) ? "-" : "") + random.pick(pieces) + random.pick(fractions) + random.pick(tails)
      guard !text.isEmpty else { continue }
      let line = Array(("{\"t\":0,\"width\":" + text).utf8)
      line.withUnsafeBufferPointer { buffer in
        guard let p = buffer.baseAddress else { return }
        var fastIndex = 15
        var generalIndex = 15
        let fast = EventLineScanner.scanShortNumber(p, &fastIndex, buffer.count)
        let general = EventLineScanner.scanNumber(p, &generalIndex, buffer.count)
        #expect(fast?.bitPattern == general?.bitPattern, "\(text)")
        if general != nil { #expect(fastIndex == generalIndex, "\(text)") }
      }
    }
  }

  @Test func everyWrittenLineTakesTheWriterLayout() {
    var random = CodecRandom(seed: 0x1A70_0001)
    var previous = Event(t: 0, id: "", kind: .mark)
    for round in 0..<3000 {
      let event = Self.plainEvent(&random)
      let line = Array(TraceWriter.line(for: event).utf8)
      let took = Self.compare(line, after: previous, "round \(round)")
      #expect(took == true, "\(TraceWriter.line(for: event)) did not take the writer layout")
      previous = event
    }
  }

  @Test func mutatedLinesReadLikeTheGeneralScan() {
    var random = CodecRandom(seed: 0x1A70_0002)
    var previous = Event(t: 0, id: "", kind: .mark)
    var taken = 0
    for iteration in 0..<20000 {
      let event = random.chance(80) ? Self.plainEvent(&random) : ReaderDifferentialTests.randomEvent(&random)
      var bytes = Array(TraceWriter.line(for: event).utf8)
      let mutations = 1 + random.below(2)
      var applied: [String] = []
      for _ in 0..<mutations { applied.append(ReaderDifferentialTests.mutate(&bytes, &random)) }
      for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
        let context = "seed 0x1A700002, iteration \(iteration), \(applied.joined(separator: ", "))"
        if Self.compare(Array(line), after: previous, context) == true { taken += 1 }
      }
      previous = event
    }
    // Some mutations leave a line in the writer's layout (a changed digit, a swapped letter of an id):
    // those are the cases where the two paths must agree on something other than "decline".
    #expect(taken > 1000)
  }
}
