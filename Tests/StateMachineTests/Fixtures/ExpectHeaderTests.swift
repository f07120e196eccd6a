import Foundation
import Testing

@testable import PresentationStateMachine

@Suite struct ExpectHeaderTests {
  let events = [
    #"{"t":1,"id":"p1","event":"present"}"#,
    #"{"t":1.1,"id":"p1","event":"presentationTransitionWillBegin"}"#,
  ]

  @Test func replacesTheExpectOfAnExistingHeaderAndKeepsEveryOtherByte() throws {
    let header = #"{"format":"presentation-trace","version":1,"app":"Cards","expect":["old"]}"#
    let text = ([header] + events).joined(separator: "\r\n") + "\r\n"
    let rewritten = try ExpectHeader.rewrite(Array(text.utf8), expect: ["complete-twice"])
    let expected =
      #"{"format":"presentation-trace","version":1,"expect":["complete-twice"],"app":"Cards"}"# + "\r\n"
      + events.joined(separator: "\r\n") + "\r\n"
    #expect(String(decoding: rewritten, as: UTF8.self) == expected)
  }

  @Test func addsAHeaderWhenThereIsNone() throws {
    let text = "\n" + events.joined(separator: "\n") + "\n"
    let rewritten = String(decoding: try ExpectHeader.rewrite(Array(text.utf8), expect: []), as: UTF8.self)
    #expect(
      rewritten == "\n" + #"{"format":"presentation-trace","version":1,"expect":[]}"# + "\n"
        + text.dropFirst())
  }

  @Test func aMalformedFirstLineIsAnError() {
    #expect(throws: ExpectHeaderError.self) { try ExpectHeader.rewrite(Array("{oops\n".utf8), expect: []) }
  }

  @Test func writeThenCheckIsCleanAndAChangedTraceShowsTheDifference() throws {
    let lines = events + [#"{"t":1.2,"id":"p1","event":"presentationTransitionWillBegin"}"#]
    var report = FileReport(path: "inline")
    report.consume(TraceReader(bytes: Array(lines.joined(separator: "\n").utf8)))
    #expect(try ExpectHeader.difference(report)?.noExpectation == true)
    let fixture = try ExpectHeader.rewrite(Array(lines.joined(separator: "\n").utf8), expect: report.ruleIDs)
    var again = FileReport(path: "inline")
    again.consume(TraceReader(bytes: fixture))
    #expect(try ExpectHeader.difference(again) == nil)
    // The app is fixed: the out-of-phase WillBegin is gone, so the fixture's expectation no longer holds.
    var fixed = FileReport(path: "inline")
    fixed.consume(
      TraceReader(
        bytes: Array(fixture.prefix(while: { $0 != 0x0A })) + [0x0A]
          + Array(events.joined(separator: "\n").utf8)))
    let difference = try #require(try ExpectHeader.difference(fixed))
    #expect(difference.missing == ["event-out-of-phase"] && difference.unexpected.isEmpty)
    #expect(difference.text == "- event-out-of-phase (expected, not reported)")
  }

  static func finding(_ rule: Rule, _ line: Int) -> Finding {
    Finding(rule: rule, line: line, t: Double(line), id: "p1", message: "")
  }

  /// complete-twice on lines 3 and 5, layout-hitch on line 7.
  static let findings = [
    finding(.completeTwice, 3), finding(.completeTwice, 5), finding(.layoutHitch, 7),
  ]

  static func difference(_ expect: [String]?) throws -> ExpectHeader.Difference? {
    ExpectHeader.difference(
      expected: try expect.map { try $0.map { entry throws in try ExpectEntry(parsing: entry) } },
      findings: findings)
  }

  @Test(arguments: [
    ["complete-twice", "layout-hitch"], ["complete-twice@3", "complete-twice@5", "layout-hitch@7"],
    ["complete-twice", "layout-hitch@7"],
    ["complete-twice@3", "complete-twice@3", "complete-twice@5", "layout-hitch@7"],
    ["complete-twice@3", "complete-twice", "layout-hitch"],
  ])
  func entriesThatAgree(_ expect: [String]) throws {
    #expect(try Self.difference(expect) == nil, "\(expect)")
  }

  @Test(
    arguments: [
      // A line entry wants exactly its line: a second finding of the rule is unexpected.
      (["complete-twice@3", "layout-hitch@7"], [], ["complete-twice@5"]),
      // A finding on another line than expected: missing there, unexpected where it is.
      (
        ["complete-twice@4", "complete-twice@5", "layout-hitch@7"], ["complete-twice@4"], ["complete-twice@3"]
      ),
      // A header that names lines gets its unexpected findings with lines, even of a rule it does not name.
      (["complete-twice@3", "complete-twice@5"], [], ["layout-hitch@7"]),
      // A header of rule ids gets rule ids, as before lines existed.
      (["complete-twice"], [], ["layout-hitch"]),
      ([], [], ["complete-twice", "layout-hitch"]),
      (["id-in-use", "complete-twice"], ["id-in-use"], ["layout-hitch"]),
      (
        ["layout-hitch@7", "id-in-use@2", "id-in-use"], ["id-in-use", "id-in-use@2"],
        ["complete-twice@3", "complete-twice@5"]
      ),
    ] as [([String], [String], [String])])
  func entriesThatDiffer(_ expect: [String], _ missing: [String], _ unexpected: [String]) throws {
    let difference = try #require(try Self.difference(expect), "\(expect)")
    #expect(difference.missing == missing, "\(expect)")
    #expect(difference.unexpected == unexpected, "\(expect)")
    #expect(!difference.noExpectation)
  }

  @Test func noExpectAtAllIsADifference() throws {
    #expect(try Self.difference(nil)?.noExpectation == true)
  }

  @Test func theDiffNamesLines() throws {
    let difference = try #require(
      try Self.difference(["complete-twice@4", "complete-twice@5", "layout-hitch@7"]))
    #expect(
      difference.text
        == "- complete-twice@4 (expected, not reported)\n+ complete-twice@3 (reported, not expected)")
  }

  @Test func whatReplayExpectWrites() {
    let findings = Self.findings + [Self.finding(.completeTwice, 3), Self.finding(.idInUse, 5)]
    #expect(
      ExpectHeader.entries(for: findings, lines: true).map(\.description)
        == ["complete-twice@3", "complete-twice@5", "id-in-use@5", "layout-hitch@7"])
    #expect(
      ExpectHeader.entries(for: findings, lines: false).map(\.description)
        == ["complete-twice", "id-in-use", "layout-hitch"])
    #expect(ExpectHeader.entries(for: [], lines: true).isEmpty)
  }

  @Test func writtenEntriesAgreeWithTheirFindings() throws {
    for lines in [true, false] {
      let expected = ExpectHeader.entries(for: Self.findings, lines: lines)
      #expect(ExpectHeader.namesLines(expected) == lines)
      #expect(ExpectHeader.difference(expected: expected, findings: Self.findings) == nil)
      let reread = try expected.map { entry throws in try ExpectEntry(parsing: entry.description) }
      #expect(reread == expected)
    }
  }

  @Test func aMalformedEntryIsAnInputErrorAtTheHeaderWithTheEntrysColumn() throws {
    let header = #"{"format":"presentation-trace","version":1,"expect":["complete-twice@3","nope@3"]}"#
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "expect-malformed-\(UUID().uuidString).jsonl"
    ).path
    try ("\n" + header + "\n" + events.joined(separator: "\n") + "\n").write(
      toFile: path, atomically: true, encoding: .utf8)
    let report = FileReport.audit(path: path)
    #expect(report.inputErrors.isEmpty, "the reader itself does not judge expect entries")
    let error = #expect(throws: InputError.self) { try ExpectHeader.entries(of: report) }
    #expect(error?.line == 2)
    #expect(error?.column == header.utf8.count - #""nope@3"]}"#.utf8.count + 1)
    #expect(error?.message.hasPrefix(#""expect": unknown rule id 'nope'; did you mean '"#) == true)
    #expect(throws: InputError.self) { try ExpectHeader.difference(report) }
  }

  @Test func aMalformedEntryOfAReportWithoutAFileIsAtTheFirstLine() {
    var report = FileReport(path: "/nonexistent/inline.jsonl")
    report.expect = ["complete-twice@"]
    let error = #expect(throws: InputError.self) { try ExpectHeader.entries(of: report) }
    #expect(
      error
        == InputError(
          line: 1, column: 1,
          message:
            #""expect": 'complete-twice@' has no line after '@'; write RULE or RULE@LINE (a line number >= 1)"#
        ))
  }

  /// Audits `bytes`, writes the findings into its header, audits the result: the two must agree.
  static func roundTrip(_ text: String, lines: Bool) throws -> (text: String, expect: [String]) {
    var report = FileReport(path: "inline")
    report.consume(TraceReader(bytes: Array(text.utf8)))
    let rewritten = try ExpectHeader.rewrite(Array(text.utf8), findings: report.findings, lines: lines)
    var again = FileReport(path: "inline")
    again.consume(TraceReader(bytes: rewritten.bytes))
    #expect(try ExpectHeader.difference(again) == nil, "\(String(decoding: rewritten.bytes, as: UTF8.self))")
    return (String(decoding: rewritten.bytes, as: UTF8.self), rewritten.expect.map(\.description))
  }

  @Test func theLinesOfAnAddedHeaderCountIt() throws {
    let lines = events + [#"{"t":1.2,"id":"p1","event":"presentationTransitionWillBegin"}"#]
    // Without a header the second WillBegin is on line 4 (after a blank line); the added header makes it 5.
    let added = try Self.roundTrip("\n" + lines.joined(separator: "\n") + "\n", lines: true)
    #expect(added.expect == ["event-out-of-phase@5"])
    #expect(
      added.text.hasPrefix(
        "\n" + #"{"format":"presentation-trace","version":1,"expect":["event-out-of-phase@5"]}"#))
    // With a header (here in CRLF, kept), nothing moves.
    let header = #"{"format":"presentation-trace","version":1,"expect":[]}"#
    let kept = try Self.roundTrip(([header] + lines).joined(separator: "\r\n") + "\r\n", lines: true)
    #expect(kept.expect == ["event-out-of-phase@4"])
    #expect(
      kept.text.hasPrefix(
        #"{"format":"presentation-trace","version":1,"expect":["event-out-of-phase@4"]}"# + "\r\n"))
    #expect(kept.text.hasSuffix(lines.joined(separator: "\r\n") + "\r\n"))
    #expect(try Self.roundTrip(lines.joined(separator: "\n"), lines: false).expect == ["event-out-of-phase"])
  }

  /// A trace the reader reads with a byte-order mark can be made a fixture too; the mark stays first.
  @Test func aByteOrderMarkStaysFirst() throws {
    let bom = "\u{FEFF}"
    let header = #"{"format":"presentation-trace","version":1,"expect":["old"]}"#
    let rewritten = try ExpectHeader.rewrite(Array((bom + header + "\n" + events[0]).utf8), expect: [])
    #expect(
      String(decoding: rewritten, as: UTF8.self)
        == bom + #"{"format":"presentation-trace","version":1,"expect":[]}"# + "\n" + events[0])
    let added = try ExpectHeader.rewrite(Array((bom + events[0]).utf8), expect: [])
    #expect(
      String(decoding: added, as: UTF8.self)
        == bom + #"{"format":"presentation-trace","version":1,"expect":[]}"# + "\n" + events[0])
    let error = #expect(throws: ExpectHeaderError.self) {
      try ExpectHeader.rewrite(Array((bom + "{oops").utf8), expect: [])
    }
    #expect(error?.line == 1)
    #expect(error?.column == 5, "the reader's column: the mark counts 3")
  }
}
