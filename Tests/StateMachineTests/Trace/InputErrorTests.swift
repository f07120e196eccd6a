import Testing

@testable import PresentationStateMachine

/// Malformed lines through the whole reader: each one is an input error with its line and byte column,
/// and the good lines around it are still read as events.
@Suite struct InputErrorTests {
  /// A bad line 2 between two good lines, with the column and a part of the message it must give.
  struct Case: Sendable, CustomTestStringConvertible {
    let what: String
    let bytes: [UInt8]
    let column: Int
    let message: String

    init(_ what: String, _ text: String, column: Int, _ message: String) {
      self.init(what, Array(text.utf8), column: column, message)
    }

    init(_ what: String, _ bytes: [UInt8], column: Int, _ message: String) {
      self.what = what
      self.bytes = bytes
      self.column = column
      self.message = message
    }

    var testDescription: String { what }
  }

  static let cases: [Case] = [
    Case("broken JSON", #"{"t":1.5,"id":"p1" "event":"dismiss"}"#, column: 20, "expected ',' or '}'"),
    Case("missing t", #"{"id":"p1","event":"dismiss"}"#, column: 1, #"missing "t""#),
    Case("missing id", #"{"t":1.5,"event":"dismiss"}"#, column: 1, #"missing "id""#),
    Case("missing event", #"{"t":1.5,"id":"p1"}"#, column: 1, #"missing "event""#),
    Case(
      "t as a string", #"{"t":"1.5","id":"p1","event":"dismiss"}"#, column: 6,
      #""t" must be a number of seconds, found a string"#),
    Case("t as null", #"{"t":null,"id":"p1","event":"dismiss"}"#, column: 6, "found null"),
    Case(
      "id as a number", #"{"t":1.5,"id":1,"event":"dismiss"}"#, column: 15,
      #""id" must be a string, found a number"#),
    Case("empty id", #"{"t":1.5,"id":"","event":"dismiss"}"#, column: 15, #""id" must not be empty"#),
    Case(
      "event as a number", #"{"t":1.5,"id":"p1","event":7}"#, column: 28,
      #""event" must be a string, found a number"#),
    Case(
      "animated as \"yes\"", #"{"t":1.5,"id":"p1","event":"dismiss","animated":"yes"}"#, column: 49,
      #""animated" of dismiss must be a boolean, found a string"#),
    Case(
      "duration as a string", #"{"t":1.5,"id":"p1","event":"animateTransition","duration":"0.3"}"#,
      column: 59, #""duration" of animateTransition must be a number, found a string"#),
    Case(
      "style as a number", #"{"t":1.5,"id":"p1","event":"present","presenter":"root","style":3}"#,
      column: 65, #""style" of present must be a string, found a number"#),
    Case(
      "wantsInteractiveStart as a string",
      #"{"t":1.5,"id":"p1","event":"startInteractiveTransition","wantsInteractiveStart":"no"}"#, column: 81,
      #""wantsInteractiveStart" of startInteractiveTransition must be a boolean, found a string"#),
    Case(
      "completed missing", #"{"t":1.5,"id":"p1","event":"presentationTransitionDidEnd"}"#, column: 28,
      #"presentationTransitionDidEnd needs "completed" (a boolean)"#),
    Case(
      "completed as a string",
      #"{"t":1.5,"id":"p1","event":"presentationTransitionDidEnd","completed":"true"}"#, column: 71,
      #""completed" of presentationTransitionDidEnd must be a boolean, found a string"#),
    Case(
      "NaN", #"{"t":NaN,"id":"p1","event":"dismiss"}"#, column: 6, "NaN and Infinity are not JSON numbers"),
    Case(
      "Infinity", #"{"t":Infinity,"id":"p1","event":"dismiss"}"#, column: 6,
      "NaN and Infinity are not JSON numbers"),
    Case(
      "-Infinity", #"{"t":-Infinity,"id":"p1","event":"dismiss"}"#, column: 6,
      "NaN and Infinity are not JSON numbers"),
    Case(
      "1e400", #"{"t":1e400,"id":"p1","event":"dismiss"}"#, column: 6,
      "number 1e400 is out of range for a double"),
    Case(
      "lone high surrogate", #"{"t":1.5,"id":"\uD83D","event":"dismiss"}"#, column: 16,
      #"unpaired UTF-16 surrogate in \u escape"#),
    Case(
      "lone low surrogate", #"{"t":1.5,"id":"\uDE00","event":"dismiss"}"#, column: 16,
      #"unpaired UTF-16 surrogate in \u escape"#),
    Case(
      "invalid UTF-8 in a string",
      Array(#"{"t":1.5,"id":"p"#.utf8) + [0xFF] + Array(#"1","event":"dismiss"}"#.utf8), column: 17,
      "invalid UTF-8 byte 0xFF"),
    Case(
      "invalid UTF-8 outside strings",
      Array(#"{"t":1.5,"#.utf8) + [0xFF] + Array(#""id":"p1","event":"dismiss"}"#.utf8), column: 10,
      "expected a key in double quotes, found byte 0xFF"),
    Case(
      "10,000 nested arrays",
      #"{"t":1.5,"id":"p1","event":"dismiss","x":"# + String(repeating: "[", count: 10_000), column: 105,
      "nesting deeper than 64 levels"),
    Case(
      "duplicate key", #"{"t":1.5,"id":"p1","event":"dismiss","t":2}"#, column: 38, #"duplicate key "t""#),
    Case(
      "trailing garbage", #"{"t":1.5,"id":"p1","event":"dismiss"},"#, column: 38,
      "unexpected text after the JSON object"),
    Case(
      "header not on the first line", #"{"format":"presentation-trace","version":1}"#, column: 2,
      "a header (a line with \"format\") is only allowed as the first line"),
    Case("not an object", #"["t",1.5]"#, column: 1, "expected a JSON object starting with '{'"),
  ]

  @Test(arguments: cases)
  func badLineIsReportedAndTheLinesAroundItAreRead(_ bad: Case) throws {
    let error = try #require(TraceFixture.errorBetweenGoodLines(bad.bytes))
    #expect(error.line == 2, "\(bad.what): \(error)")
    #expect(error.column == bad.column, "\(bad.what): \(error.message)")
    #expect(error.message.contains(bad.message), "\(bad.what): \(error.message)")
  }

  @Test func headerWithAnUnsupportedVersionIsAnErrorAndEventsAreStillRead() {
    let text = #"{"format":"presentation-trace","version":2}"# + "\n" + TraceFixture.goodBefore + "\n"
    let records = TraceFixture.read(text)
    #expect(
      TraceFixture.errors(records) == [
        InputError(
          line: 1, column: 42,
          message: "unsupported trace version 2; this reader understands version 1")
      ])
    #expect(TraceFixture.eventLines(records) == [2])
  }

  @Test(arguments: [
    (#"{"format":"other","version":1}"#, 11, #""format" must be "presentation-trace""#),
    (#"{"format":"presentation-trace"}"#, 1, #"the header needs "version":1"#),
    (#"{"format":"presentation-trace","version":"1"}"#, 42, "unsupported trace version a string"),
    (#"{"format":"presentation-trace","version":1,"expect":"x"}"#, 53, #""expect" must be an array"#),
    (#"{"format":"presentation-trace","version":1,"expect":["a",1]}"#, 53, "must hold only strings"),
  ])
  func malformedHeaderIsAnErrorAtItsValue(header: String, column: Int, message: String) throws {
    let records = TraceFixture.read(header + "\n" + TraceFixture.goodBefore)
    let error = try #require(TraceFixture.errors(records).first)
    #expect(error.line == 1)
    #expect(error.column == column, "\(error.message)")
    #expect(error.message.contains(message), "\(error.message)")
    #expect(TraceFixture.eventLines(records) == [2])
  }

  /// A valid line touching every token kind: each proper prefix of it is a line cut off mid-write.
  static let fullLine =
    #"{"t":-0.5e-3,"id":"p\u00e9é\uD83D\uDE00","event":"present","animated":true,"n":null,"#
    + #""x":[false,{"y":[]}],"z":"\\"}"#

  @Test func everyCutOffLastLineIsReportedAsTruncatedAndEarlierLinesAreRead() {
    let full = Array(Self.fullLine.utf8)
    #expect(TraceFixture.errors(TraceFixture.read(full)).isEmpty, "the uncut line itself must be valid")
    let head = Array((TraceFixture.goodBefore + "\n").utf8)
    for length in 1..<full.count {
      let records = TraceFixture.read(head + full[..<length])
      let errors = TraceFixture.errors(records)
      #expect(TraceFixture.eventLines(records) == [1], "cut at byte \(length)")
      #expect(errors.count == 1, "cut at byte \(length): \(records)")
      #expect(errors.first?.line == 2, "cut at byte \(length)")
      #expect(
        errors.first?.message.contains("truncated") == true,
        "cut at byte \(length) (\(String(decoding: full[..<length], as: UTF8.self))): \(errors)")
    }
  }

  @Test func truncatedLastLineNamesTheEndOfTheLine() {
    let text = TraceFixture.goodBefore + "\n" + #"{"t":2,"id":"p1","event":"dism"#
    let records = TraceFixture.read(text)
    #expect(TraceFixture.eventLines(records) == [1])
    #expect(
      TraceFixture.errors(records) == [
        InputError(line: 2, column: 31, message: "unterminated string (truncated line?)")
      ])
  }

  @Test func lineLongerThanTheMaximumIsReportedAndSkippedWithoutLosingTheNextLine() {
    let longLine = TraceReader.maximumLineLength + 10
    let prefix = #"{"t":1.5,"id":"p1","event":"mark","blob":""#
    let source = GeneratedByteSource([
      .text(TraceFixture.goodBefore + "\n"),
      .text(prefix),
      .run(UInt8(ascii: "a"), count: longLine - prefix.utf8.count - 2),
      .text("\"}\n"),
      .text(TraceFixture.goodAfter + "\n"),
    ])
    let records = TraceFixture.read(source: source)
    #expect(TraceFixture.eventLines(records) == [1, 3])
    let errors = TraceFixture.errors(records)
    #expect(errors.count == 1)
    #expect(errors.first?.line == 2)
    #expect(errors.first?.column == TraceReader.maximumLineLength + 1)
    #expect(errors.first?.message == "line is longer than 16 MiB; skipped")
  }

  @Test(arguments: [0, 1])
  func lineLengthLimitIsInclusive(excess: Int) {
    // A line that the parser refuses at its first byte, so that one within the limit is cheap to read.
    let source = GeneratedByteSource([
      .text("x"),
      .run(UInt8(ascii: " "), count: TraceReader.maximumLineLength - 1 + excess),
      .text("\n" + TraceFixture.goodAfter + "\n"),
    ])
    let records = TraceFixture.read(source: source)
    #expect(TraceFixture.eventLines(records) == [2])
    let errors = TraceFixture.errors(records)
    #expect(errors.map(\.line) == [1])
    #expect(errors.first?.column == (excess > 0 ? TraceReader.maximumLineLength + 1 : 1))
    #expect(errors.first?.message.contains(excess > 0 ? "longer than" : "expected a JSON object") == true)
  }
}
