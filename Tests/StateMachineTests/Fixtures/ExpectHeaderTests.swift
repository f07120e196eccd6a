import Testing

@testable import StateMachine

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
    #expect(ExpectHeader.difference(report)?.noExpectation == true)
    let fixture = try ExpectHeader.rewrite(Array(lines.joined(separator: "\n").utf8), expect: report.ruleIDs)
    var again = FileReport(path: "inline")
    again.consume(TraceReader(bytes: fixture))
    #expect(ExpectHeader.difference(again) == nil)
    // The app is fixed: the out-of-phase WillBegin is gone, so the fixture's expectation no longer holds.
    var fixed = FileReport(path: "inline")
    fixed.consume(
      TraceReader(
        bytes: Array(fixture.prefix(while: { $0 != 0x0A })) + [0x0A]
          + Array(events.joined(separator: "\n").utf8)))
    let difference = try #require(ExpectHeader.difference(fixed))
    #expect(difference.missing == ["event-out-of-phase"] && difference.unexpected.isEmpty)
    #expect(difference.text == "- event-out-of-phase (expected, not reported)")
  }
}
