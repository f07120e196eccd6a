import Testing

@testable import PresentationStateMachine

@Suite struct IncrementalTraceDecoderTests {
  static let sample: [UInt8] = Array(
    (#"{"format":"presentation-trace","version":1}"# + "\r\n"
      + #"{"t":1,"id":"p1","event":"present"}"# + "\n\n   \n"
      + #"{"t":1.1,"id":"p1","event":"didTapCard"}"# + "\n"
      + #"{"t":1.2,"id":"p1","event":"didTapCard"}"# + "\n"
      + #"{"t":oops}"# + "\n"
      + #"{"format":"presentation-trace","version":1}"# + "\n"
      + #"{"t":2,"id":"é","event":"presentationTransitionWillBegin"}"# + "\n"
      + #"{"t":3,"id":"p1","event":"animateTr"#).utf8)

  static func decode(_ bytes: [UInt8], chunk: Int) -> [TraceRecord] {
    var decoder = IncrementalTraceDecoder()
    var records: [TraceRecord] = []
    var start = 0
    while start < bytes.count {
      let end = min(bytes.count, start + chunk)
      records += decoder.feed(Array(bytes[start..<end]))
      start = end
    }
    return records + decoder.finish()
  }

  @Test(arguments: [1, 2, 3, 7, 64, 4096])
  func recordsEqualTheReadersHoweverTheBytesAreSplit(_ chunk: Int) {
    #expect(Self.decode(Self.sample, chunk: chunk) == Array(TraceReader(bytes: Self.sample)))
  }

  @Test func randomTracesDecodeAsTheReaderReadsThem() {
    let seed: UInt64 = 0x5EED_0005
    var random = CodecRandom(seed: seed)
    let pieces = [
      #"{"t":1,"id":"p1","event":"present"}"#, #"{"t":2,"id":"p1","event":"mark","name":"x"}"#, "",
      "  ", #"{"t":"#, #"{"t":3,"id":"p2","event":"unknownThing"}"#, "\u{FEFF}{}",
      #"{"t":4,"id":"","event":"x"}"#,
      #"{"format":"presentation-trace","version":1}"#, "\r",
    ]
    for _ in 0..<200 {
      var text = ""
      for _ in 0..<random.below(12) {
        text += random.pick(pieces) + (random.chance(80) ? "\n" : "\r\n")
      }
      if random.chance(50) { text += random.pick(pieces) }
      let bytes = Array(text.utf8)
      let chunk = 1 + random.below(20)
      #expect(
        Self.decode(bytes, chunk: chunk) == Array(TraceReader(bytes: bytes)),
        "seed \(seed): \(text.debugDescription)")
    }
  }

  @Test func aLineWaitsForItsNewlineAndACutLastLineIsReportedAtTheEnd() {
    var decoder = IncrementalTraceDecoder()
    #expect(decoder.feed(Array(#"{"t":1,"id":"p1","ev"#.utf8)).isEmpty)
    #expect(decoder.pendingByteCount == 20)
    let completed = decoder.feed(Array(#"ent":"present"}"#.utf8) + [0x0A] + Array(#"{"t":2,"#.utf8))
    #expect(completed.count == 1)
    #expect(decoder.currentLine == 1)
    let rest = decoder.finish()
    guard case .inputError(let error) = rest.first else {
      Issue.record("expected an input error for the cut line, got \(rest)")
      return
    }
    #expect(error.line == 2)
    #expect(error.message.contains("truncated"))
  }
}
