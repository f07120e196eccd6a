import Testing

@testable import PresentationStateMachine

/// `resolvedStyle` on `viewWillAppear` through every reader and writer: the byte scanner (its writer-layout
/// path and its general scan), the reference decoder, `TraceWriter` and `TraceLineFormatter`. The one-line
/// literals here also join the differential corpus (`ReaderDifferentialTests.codecTestLines`).
@Suite struct ResolvedStyleCodecTests {
  static let sheetLine =
    #"{"t":2.004,"id":"settings","event":"viewWillAppear","animated":true,"resolvedStyle":"pageSheet"}"#

  /// The records of `text` from the fast reader, after checking that the reference reads the same.
  static func read(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> [TraceRecord] {
    let bytes = Array(text.utf8)
    ReaderDifferentialTests.expectSameRecords(bytes, text, sourceLocation: sourceLocation)
    return TraceFixture.read(bytes)
  }

  @Test func viewWillAppearReadsItsResolvedStyle() throws {
    let records = Self.read(Self.sheetLine)
    let event = try #require(TraceFixture.events(records).first)
    #expect(event.kind == .viewWillAppear)
    #expect(event.payload == Payload(animated: true, resolvedStyle: "pageSheet"))
    #expect(event.extra.isEmpty)
  }

  /// The writer's own layout takes the fast path, and it writes what the general scan writes, whatever
  /// the event held before (a stale resolved style must not survive a line without one).
  @Test func theWriterLayoutPathTakesTheKey() {
    let stale = Event(
      t: 0, id: "x", kind: .viewWillAppear, payload: Payload(animated: false, resolvedStyle: "formSheet"))
    let lines = [
      Self.sheetLine,
      #"{"t":2.5,"id":"settings","event":"viewWillAppear","resolvedStyle":"custom"}"#,
      #"{"t":3,"id":"settings","event":"viewWillAppear","animated":true}"#,
    ]
    for line in lines {
      let took = WriterLayoutTests.compare(Array(line.utf8), after: stale, line)
      #expect(took == true, "\(line) did not take the writer layout")
    }
  }

  @Test(arguments: [
    ("1", "a number"), ("true", "a boolean"), ("null", "null"), (#"["pageSheet"]"#, "an array"),
    (#"{"name":"pageSheet"}"#, "an object"),
  ])
  func aResolvedStyleOfTheWrongTypeIsAnInputErrorAtItsValue(_ value: String, _ found: String) throws {
    let prefix = #"{"t":1.5,"id":"p1","event":"viewWillAppear","animated":true,"resolvedStyle":"#
    let line = prefix + value + "}"
    ReaderDifferentialTests.expectSameRecords(Array(line.utf8), line)
    let error = try #require(TraceFixture.errorBetweenGoodLines(line))
    #expect(error.line == 2)
    #expect(error.column == prefix.utf8.count + 1)
    #expect(error.message == #""resolvedStyle" of viewWillAppear must be a string, found \#(found)"#)
  }

  /// Like `style`, any string is a style: an unknown name, `automatic`, an empty one, escapes.
  @Test(arguments: ["sideSheet", "automatic", "", "カード", "page\"Sheet\\"])
  func anyStringIsKeptAsWritten(_ style: String) throws {
    let event = Event(t: 1, id: "p1", kind: .viewWillAppear, payload: Payload(resolvedStyle: style))
    let records = Self.read(TraceWriter.line(for: event))
    #expect(TraceFixture.events(records) == [event])
  }

  /// Only `viewWillAppear` takes the key: on any other event it is an unknown key, kept and ignored.
  @Test func onAnyOtherEventTheKeyIsAnUnknownKey() throws {
    let lines = [
      #"{"t":1,"id":"p1","event":"viewDidAppear","animated":true,"resolvedStyle":"pageSheet"}"#,
      #"{"t":1,"id":"p1","event":"present","style":"automatic","resolvedStyle":"pageSheet"}"#,
      #"{"t":1,"id":"p1","event":"viewIsAppearing","resolvedStyle":3}"#,
    ]
    for line in lines {
      let event = try #require(TraceFixture.events(Self.read(line)).first, "\(line)")
      #expect(event.payload.resolvedStyle == nil, "\(line)")
      #expect(event.extra.map(\.key) == ["resolvedStyle"], "\(line)")
    }
  }

  /// Lines at the edges of the fast path with the key: each takes it or falls back to the same result.
  @Test func theScannerAndTheReferenceAgreeOnLinesWithTheKey() {
    let lines = [
      #"{"t":1,"id":"p1","event":"viewWillAppear","resolvedStyle":"pageSheet","animated":false}"#,
      #"{"resolvedStyle":"formSheet","event":"viewWillAppear","id":"p1","t":1}"#,
      #"{ "t" : 1 , "id" : "p1" , "event" : "viewWillAppear" , "resolvedStyle" : "popover" }"#,
      #"{"t":1,"id":"p1","event":"viewWillAppear","resolvedStyle":"pageSheet","resolvedStyle":"pageSheet"}"#,
      #"{"t":1,"id":"p1","event":"viewWillAppear","resolvedStyle":"page\u0053heet"}"#,
      #"{"t":1,"id":"p1","event":"viewWillAppear","resolvedStyle":"fullScreen","x":1}"#,
      #"{"t":1,"id":"p1","event":"viewWillAppear","resolvedStyle":"overCurrentContext""#,
      #"{"t":1,"id":"p1","event":"viewWillAppear","resolvedstyle":"none"}"#,
      #"{"t":1,"id":"p1","event":"viewWillAppear","resolvedStyle":-0}"#,
      #"{"t":1,"id":"p1","event":"viewWillAppear","resolvedStyle":"currentContext"}x"#,
    ]
    for line in lines {
      ReaderDifferentialTests.expectSameRecords(Array(line.utf8), line)
      let framed = TraceFixture.goodBefore + "\n" + line + "\r\n" + TraceFixture.goodAfter + "\n"
      ReaderDifferentialTests.expectSameRecords(Array(framed.utf8), "framed \(line)")
    }
  }

  /// The recorder's formatter writes the writer's bytes, in canonical order (`animated`, then
  /// `resolvedStyle`), and the line reads back as the event.
  @Test(arguments: ["pageSheet", "overFullScreen", "none", "q\"\\/\n\t\u{1}", "😀"])
  func theFormatterWritesTheWritersLineAndItReadsBack(_ style: String) throws {
    let event = Event(
      t: 1843.2071, id: "card", kind: .viewWillAppear, payload: Payload(animated: true, resolvedStyle: style))
    let written = TraceWriter.line(for: event)
    let formatted = TraceLineFormatter.line(t: event.t, kind: event.kind, id: event.id, event.payload)
    #expect(formatted == written)
    let start = #"{"t":1843.2071,"id":"card","event":"viewWillAppear","animated":true,"resolvedStyle":"#
    #expect(written.hasPrefix(start))
    let records = Self.read(written)
    #expect(TraceFixture.events(records) == [event])
    let decoded = try #require(TraceFixture.events(records).first)
    #expect(TraceWriter.line(for: decoded) == written)
  }
}
