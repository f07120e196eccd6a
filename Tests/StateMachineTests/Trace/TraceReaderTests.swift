import Foundation
import Testing

@testable import PresentationStateMachine

/// What the reader makes of well-formed traces: headers, events, line numbers, line endings, notes.
@Suite struct TraceReaderTests {
  @Test func emptyFileHasNoRecords() {
    #expect(TraceFixture.read("").isEmpty)
  }

  @Test func fileOfBlankLinesHasNoRecords() {
    #expect(TraceFixture.read("\n \n\t\r\n\n").isEmpty)
  }

  @Test func headerOnlyIsOneHeaderRecord() {
    let records = TraceFixture.read(#"{"format":"presentation-trace","version":1,"app":"Cards"}"# + "\n")
    #expect(records == [.header(TraceHeader(metadata: [("app", .string("Cards"))]), line: 1)])
  }

  @Test func headerExpectAndMetadataAreRead() {
    let text = """
      {"format":"presentation-trace","version":1,"app":"Cards","expect":["complete-twice","layout-hitch"],\
      "device":{"model":"iPhone15,2"}}
      {"t":1,"id":"p1","event":"present"}

      """
    let header = TraceHeader(
      expect: ["complete-twice", "layout-hitch"],
      metadata: [("app", .string("Cards")), ("device", .object([("model", .string("iPhone15,2"))]))])
    let records = TraceFixture.read(text)
    #expect(records.first == .header(header, line: 1))
    #expect(TraceFixture.eventLines(records) == [2])
  }

  @Test func headerWithEmptyExpectIsAnEmptyListNotNil() {
    let records = TraceFixture.read(#"{"format":"presentation-trace","version":1,"expect":[]}"#)
    #expect(records == [.header(TraceHeader(expect: []), line: 1)])
  }

  @Test func headerAfterLeadingBlankLinesIsStillTheHeader() {
    let records = TraceFixture.read("\n  \n" + #"{"format":"presentation-trace","version":1}"# + "\n")
    #expect(records == [.header(TraceHeader(), line: 3)])
  }

  @Test func eventWithAnUnknownKeyNamedFormatIsAnEventNotAMisplacedHeader() {
    let text = TraceFixture.goodBefore + "\n" + #"{"t":2,"id":"p1","event":"mark","format":"sheet"}"#
    let records = TraceFixture.read(text)
    #expect(TraceFixture.errors(records).isEmpty, "\(records)")
    #expect(TraceFixture.events(records).last?.extra.first?.key == "format")
  }

  @Test func crlfLineEndingsAreAcceptedAndNoCarriageReturnReachesAnId() {
    let text =
      "{\"t\":1,\"id\":\"p1\",\"event\":\"present\"}\r\n\r\n"
      + "{\"t\":2,\"id\":\"p2\",\"event\":\"dismiss\"}\r\n"
    let records = TraceFixture.read(text)
    #expect(TraceFixture.eventLines(records) == [1, 3])
    #expect(TraceFixture.events(records).map(\.id) == ["p1", "p2"])
    #expect(TraceFixture.events(records).allSatisfy { !$0.id.unicodeScalars.contains("\r") })
  }

  @Test func crlfIsNotCountedInTheColumnOfAnErrorAtTheEndOfTheLine() {
    let records = TraceFixture.read("{\"t\":1,\"id\":\"p1\",\"event\":\"dismiss\"\r\n")
    #expect(
      TraceFixture.errors(records) == [
        InputError(
          line: 1, column: 35, message: "expected ',' or '}', found the end of the line (truncated line?)")
      ])
  }

  @Test func blankAndWhitespaceOnlyLinesAreSkippedButCounted() {
    let text = "\n \t \n" + TraceFixture.goodBefore + "\n\n   \n" + TraceFixture.goodAfter + "\n\n"
    let records = TraceFixture.read(text)
    #expect(records.count == 2)
    #expect(TraceFixture.eventLines(records) == [3, 6])
  }

  @Test func errorLineNumbersCountBlankLines() {
    let records = TraceFixture.read("\n\n" + #"{"t":1}"# + "\n")
    #expect(TraceFixture.errors(records).map(\.line) == [3])
  }

  @Test func validLastLineWithoutNewlineIsRead() {
    let records = TraceFixture.read(TraceFixture.goodBefore + "\n" + TraceFixture.goodAfter)
    #expect(TraceFixture.errors(records).isEmpty)
    #expect(TraceFixture.eventLines(records) == [1, 2])
  }

  @Test(arguments: ["카드", "😀", "é", "p1 🇰🇷 ok", "\u{FEFF}x"])
  func nonASCIIIdsAreReadByteForByte(id: String) {
    let records = TraceFixture.read(#"{"t":1,"id":"\#(id)","event":"dismiss"}"#)
    #expect(TraceFixture.events(records).map(\.id) == [id])
    #expect(TraceFixture.events(records).first.map { Array($0.id.utf8) } == Array(id.utf8))
  }

  @Test func unicodeEscapesInIdsDecodeIncludingSurrogatePairs() {
    let records = TraceFixture.read(#"{"t":1,"id":"\uCE74\uB4DC-\uD83D\uDE00","event":"dismiss"}"#)
    #expect(TraceFixture.events(records).map(\.id) == ["카드-😀"])
  }

  @Test func oneMegabyteLineIsReadWithItsStringKeptInExtra() throws {
    let blob = String(repeating: "ab", count: 1 << 19)
    let text =
      #"{"t":1,"id":"p1","event":"mark","name":"big","blob":"\#(blob)"}"# + "\n"
      + TraceFixture.goodAfter + "\n"
    let records = TraceFixture.read(text)
    #expect(TraceFixture.errors(records).isEmpty)
    let event = try #require(TraceFixture.events(records).first)
    #expect(event.payload.name == "big")
    #expect(event.extra.count == 1)
    #expect(event.extra.first?.key == "blob")
    #expect(event.extra.first?.value.stringValue?.utf8.count == 1 << 20)
    #expect(TraceFixture.eventLines(records) == [1, 2])
  }

  @Test func unknownEventNamesAreNotedOncePerNameAndTheirLinesSkipped() {
    let text = """
      {"t":1,"id":"p1","event":"didTapCard"}
      {"t":2,"id":"p1","event":"present"}
      {"t":3,"id":"p1","event":"didTapCard"}
      {"t":4,"id":"p1","event":"customThing","x":1}
      {"t":5,"id":"p2","event":"didTapCard"}
      """
    let records = TraceFixture.read(text)
    #expect(
      TraceFixture.notes(records) == [
        TraceNote(line: 1, message: #"unknown event "didTapCard" skipped (reported once per name)"#),
        TraceNote(line: 4, message: #"unknown event "customThing" skipped (reported once per name)"#),
      ])
    #expect(TraceFixture.eventLines(records) == [2])
    #expect(TraceFixture.errors(records).isEmpty)
  }

  @Test func unknownEventNameIsCaseSensitive() {
    let records = TraceFixture.read(#"{"t":1,"id":"p1","event":"Present"}"#)
    #expect(TraceFixture.notes(records).map(\.line) == [1])
    #expect(TraceFixture.events(records).isEmpty)
  }

  @Test func unknownPayloadKeysAreKeptSortedInExtraAndIgnored() throws {
    let text = #"{"t":1,"id":"p1","event":"dismiss","zeta":[1,{"b":2}],"alpha":"x","completed":true}"#
    let event = try #require(TraceFixture.events(TraceFixture.read(text)).first)
    #expect(event.payload == Payload())
    #expect(event.extra.map(\.key) == ["alpha", "completed", "zeta"])
    #expect(event.extra.last?.value == .array([.number(1), .object([("b", .number(2))])]))
  }

  @Test func payloadKeysAreDecodedIntoTheirTypedFields() throws {
    let text =
      #"{"t":0.5,"id":"card","event":"present","style":"custom","animated":false,"presenter":"root:tv"}"#
    let event = try #require(TraceFixture.events(TraceFixture.read(text)).first)
    #expect(
      event
        == Event(
          t: 0.5, id: "card", kind: .present,
          payload: Payload(presenter: "root:tv", animated: false, style: "custom")))
  }

  @Test func currentLineCountsEveryLineRead() {
    var reader = TraceReader(bytes: Array(("\n" + TraceFixture.goodBefore + "\n\n").utf8))
    #expect(reader.next() != nil)
    #expect(reader.currentLine == 2)
    #expect(reader.next() == nil)
    #expect(reader.currentLine == 3)
  }

  @Test func readsATraceFileFromDisk() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("trace-reader-\(UUID().uuidString).jsonl").path
    try Data((TraceFixture.goodBefore + "\n" + TraceFixture.goodAfter + "\n").utf8).write(
      to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let records = Array(try TraceReader(path: path))
    #expect(TraceFixture.eventLines(records) == [1, 2])
  }

  @Test func missingFileIsAReadFailure() {
    let path = "/nonexistent-\(UUID().uuidString)/trace.jsonl"
    #expect {
      _ = try TraceReader(path: path)
    } throws: { error in
      (error as? ReadFailure)?.message.hasPrefix("cannot open \(path)") == true
    }
  }

  @Test func directoryIsAReadFailure() {
    let path = FileManager.default.temporaryDirectory.path
    #expect(throws: ReadFailure(message: "\(path) is a directory")) { _ = try TraceReader(path: path) }
  }
}

@Suite struct ByteOrderMarkTests {
  @Test func aByteOrderMarkBeforeTheHeaderIsIgnoredAndColumnsStayExact() {
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    let header = Array(#"{"format":"presentation-trace","version":1,"expect":[]}"#.utf8)
    let records = Array(TraceReader(bytes: bom + header + Array("\n{\"t\":1}\n".utf8)))
    guard case .header(let parsed, line: 1) = records.first else {
      Issue.record("expected a header on line 1, got \(records)")
      return
    }
    #expect(parsed.expect == [])
    let bad = Array(TraceReader(bytes: bom + Array(#"{"t":x}"#.utf8)))
    #expect(
      bad == [
        .inputError(
          InputError(
            line: 1, column: 9,
            message: "expected a value (object, array, string, number, true, false or null)"))
      ])
  }
}
