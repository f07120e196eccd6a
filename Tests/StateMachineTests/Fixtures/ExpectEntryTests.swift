import Testing

@testable import PresentationStateMachine

/// The entries of a header's `expect`: `RULE` (reported on some line) or `RULE@LINE` (on that line).
@Suite struct ExpectEntryTests {
  @Test(arguments: [
    ("complete-twice", ExpectEntry(rule: .completeTwice)),
    ("complete-twice@12", ExpectEntry(rule: .completeTwice, line: 12)),
    ("layout-hitch@1", ExpectEntry(rule: .layoutHitch, line: 1)),
    ("layout-hitch@007", ExpectEntry(rule: .layoutHitch, line: 7)),
  ])
  func parses(_ text: String, _ entry: ExpectEntry) throws {
    #expect(try ExpectEntry(parsing: text) == entry)
  }

  @Test(arguments: ["complete-twice", "complete-twice@12", "transition-never-completed@100000"])
  func theDescriptionIsWhatWasParsed(_ text: String) throws {
    #expect(try ExpectEntry(parsing: text).description == text)
  }

  static let advice = "write RULE or RULE@LINE (a line number >= 1)"

  @Test(arguments: [
    ("complete-twice@", "'complete-twice@' has no line after '@'; \(advice)"),
    ("@12", "'@12' names no rule before '@'; \(advice)"),
    ("@", "'@' names no rule before '@'; \(advice)"),
    ("nope@3", "unknown rule id 'nope'; did you mean '\(closest("nope"))'?"),
    ("complete-twise", "unknown rule id 'complete-twise'; did you mean 'complete-twice'?"),
    ("complete-twise@4", "unknown rule id 'complete-twise'; did you mean 'complete-twice'?"),
    ("complete-twice@0", "the line in 'complete-twice@0' must be a number >= 1, not '0'"),
    ("complete-twice@-1", "the line in 'complete-twice@-1' must be a number >= 1, not '-1'"),
    ("complete-twice@+3", "the line in 'complete-twice@+3' must be a number >= 1, not '+3'"),
    ("complete-twice@1.5", "the line in 'complete-twice@1.5' must be a number >= 1, not '1.5'"),
    ("complete-twice@12@3", "the line in 'complete-twice@12@3' must be a number >= 1, not '12@3'"),
    (
      "complete-twice@99999999999999999999",
      "the line in 'complete-twice@99999999999999999999' must be a number >= 1, not '99999999999999999999'"
    ),
    ("", "unknown rule id ''; did you mean '\(closest(""))'?"),
  ])
  func malformedEntriesSayWhatIsWrong(_ text: String, _ message: String) {
    let error = #expect(throws: ExpectHeaderError.self) { try ExpectEntry(parsing: text) }
    #expect(error?.message == message)
  }

  static func closest(_ id: String) -> String {
    ClosestMatch.name(to: id, among: Rule.allCases.map(\.rawValue)) ?? ""
  }

  @Test func aLineEntryMatchesOnlyItsLineAndARuleIdAnyLine() {
    let finding = Finding(rule: .completeTwice, line: 12, t: 1, id: "p1", message: "")
    #expect(ExpectEntry(rule: .completeTwice).matches(finding))
    #expect(ExpectEntry(rule: .completeTwice, line: 12).matches(finding))
    #expect(!ExpectEntry(rule: .completeTwice, line: 13).matches(finding))
    #expect(!ExpectEntry(rule: .layoutHitch).matches(finding))
    #expect(!ExpectEntry(rule: .layoutHitch, line: 12).matches(finding))
  }

  @Test func ruleIdsComeFirstThenLinesInOrder() throws {
    let texts = ["layout-hitch@7", "complete-twice@12", "id-in-use", "complete-twice@7", "complete-twice"]
    let sorted = try texts.map { text throws in try ExpectEntry(parsing: text) }.sorted().map(\.description)
    #expect(
      sorted == ["complete-twice", "id-in-use", "complete-twice@7", "layout-hitch@7", "complete-twice@12"])
  }

  @Test func theLocationOfAnEntryIsItsColumnInTheHeader() {
    let header = #"{"format":"presentation-trace","version":1,"expect":["a@1","nope@3"]}"#
    let column = header.utf8.count - #""nope@3"]}"#.utf8.count + 1
    /// `[line, column]`, or nil.
    func find(_ text: String, _ entry: String = "nope@3") -> [Int]? {
      ExpectEntryLocation.find(entry, in: Array(text.utf8)).map { [$0.line, $0.column] }
    }
    #expect(find(header + "\n") == [1, column])
    #expect(find("\n  \r\n\t\n" + header + "\r\n{}") == [4, column])
    // The reader counts a byte-order mark as three columns.
    #expect(find("\u{FEFF}" + header) == [1, column + 3])
    // An entry the header does not spell as given (escaped, say): the error points at the key.
    #expect(find(header, "nope@4") == [1, header.utf8.count - #""expect":["a@1","nope@3"]}"#.utf8.count + 1])
    #expect(find("") == nil)
    #expect(find("\n\n") == nil)
  }
}
