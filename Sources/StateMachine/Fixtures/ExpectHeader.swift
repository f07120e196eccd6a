/// Turns a recorded session into a regression fixture: writes the findings of an audit into the trace's
/// header (`expect`), and compares a later audit with it.
///
/// ```swift
/// let report = FileReport.audit(path: path)
/// let fixed = try ExpectHeader.rewrite(bytes, findings: report.findings, lines: true)
/// fixed.expect  // [complete-twice@10]: fixed.bytes is the same trace with its header updated
/// try ExpectHeader.difference(report)  // nil when the findings agree with the header's expect
/// ```
///
/// An entry is a rule id (the rule is reported at least once, on any line) or `rule@line` (a finding of
/// the rule on that line); see `ExpectEntry`.
package enum ExpectHeader {
  /// How an audit differs from its file's `expect`.
  package struct Difference: Sendable, Hashable {
    /// Entries of the header that no finding satisfies (`rule` or `rule@line`).
    package var missing: [String]
    /// Findings no entry expects: `rule@line` when the header names lines, else their distinct rule ids.
    package var unexpected: [String]
    /// The file has no header `expect` at all.
    package var noExpectation: Bool

    /// `- entry` for each missing entry and `+ entry` for each unexpected finding, like a diff.
    package var text: String {
      if noExpectation { return "the file has no \"expect\" in its header; run 'replay expect' on it" }
      return
        (missing.map { "- \($0) (expected, not reported)" }
        + unexpected.map { "+ \($0) (reported, not expected)" })
        .joined(separator: "\n")
    }
  }

  /// The entries `replay expect` writes for `findings`: one `rule@line` per line with a finding of the
  /// rule (`lines`), or the distinct rule ids; sorted as `ExpectEntry` orders them.
  package static func entries(for findings: [Finding], lines: Bool) -> [ExpectEntry] {
    Set(findings.map { ExpectEntry(rule: $0.rule, line: lines ? $0.line : nil) }).sorted()
  }

  /// Whether `entries` name lines: then findings are written, and compared, as `rule@line`.
  package static func namesLines(_ entries: [ExpectEntry]) -> Bool { entries.contains { $0.line != nil } }

  /// The entries of `report`'s header `expect`, or `nil` when the header has none.
  ///
  /// A malformed entry (an unknown rule, `rule@`, `@12`, a line below 1) is an input error at the header:
  /// its line and the entry's column are looked up in the file at `report.path` (line 1, column 1 when the
  /// file cannot be read again), and the message names the closest rule id as `ignore`'s errors do.
  package static func entries(of report: FileReport) throws(InputError) -> [ExpectEntry]? {
    guard let expect = report.expect else { return nil }
    var entries: [ExpectEntry] = []
    for text in expect {
      do {
        entries.append(try ExpectEntry(parsing: text))
      } catch {
        throw ExpectEntryLocation.inputError(
          "\"expect\": \(error.message)", entry: text, inFileAt: report.path)
      }
    }
    return entries
  }

  /// How `findings` differ from `expected`, or `nil` when every entry is satisfied and every finding
  /// expected: a rule id by any finding of its rule, `rule@line` by a finding of the rule on that line.
  /// No `expected` at all (a header without `expect`) is a difference of its own.
  package static func difference(expected: [ExpectEntry]?, findings: [Finding]) -> Difference? {
    guard let expected else { return Difference(missing: [], unexpected: [], noExpectation: true) }
    let entries = Set(expected)
    let missing = entries.filter { entry in !findings.contains(where: entry.matches) }
    let unmatched = findings.filter { finding in !entries.contains { $0.matches(finding) } }
    guard !missing.isEmpty || !unmatched.isEmpty else { return nil }
    return Difference(
      missing: missing.sorted().map(\.description),
      unexpected: Self.entries(for: unmatched, lines: namesLines(expected)).map(\.description),
      noExpectation: false)
  }

  /// How `report`'s findings differ from its header's `expect`, or `nil` when they agree; a malformed
  /// entry throws the input error ``entries(of:)`` describes.
  package static func difference(_ report: FileReport) throws(InputError) -> Difference? {
    difference(expected: try entries(of: report), findings: report.findings)
  }

  /// The trace `bytes` with its header's `expect` set to what `findings` (an audit of these bytes)
  /// report: rule ids, or `rule@line` entries (`lines`), and those entries.
  ///
  /// When the trace has no header, one is added above its first event, so the lines written count it:
  /// a finding on line 9 of the recording is on line 10 of the fixture.
  package static func rewrite(_ bytes: [UInt8], findings: [Finding], lines: Bool) throws(ExpectHeaderError)
    -> (bytes: [UInt8], expect: [ExpectEntry])
  {
    var findings = findings
    if lines, case .before = try slot(in: bytes) {
      for index in findings.indices { findings[index].line += 1 }
    }
    let expect = entries(for: findings, lines: lines)
    return (try rewrite(bytes, expect: expect.map(\.description)), expect)
  }

  /// The trace `bytes` with its header's `expect` set to `expect` (a header is added when there is none);
  /// every other byte is kept as it was, line endings included.
  package static func rewrite(_ bytes: [UInt8], expect: [String]) throws(ExpectHeaderError) -> [UInt8] {
    switch try slot(in: bytes) {
    case .existing(var header, let range, let crlf):
      header.expect = expect
      let replacement = Array(TraceWriter.line(for: header).utf8) + (crlf ? [0x0D] : [])
      return Array(bytes[..<range.lowerBound]) + replacement + Array(bytes[range.upperBound...])
    case .before(let start, let crlf):
      let header =
        Array(TraceWriter.line(for: TraceHeader(expect: expect)).utf8) + (crlf ? [0x0D, 0x0A] : [0x0A])
      return Array(bytes[..<start]) + header + Array(bytes[start...])
    }
  }

  /// Where a trace's header is, or where one goes.
  private enum Slot {
    /// The header, and the bytes of its line (a `\r` included, not the `\n`).
    case existing(TraceHeader, Range<Int>, crlf: Bool)
    /// No header: one goes at byte `start`, the first non-blank line (or the end), ending as it does.
    case before(Int, crlf: Bool)
  }

  private static func slot(in bytes: [UInt8]) throws(ExpectHeaderError) -> Slot {
    // A byte-order mark stays first; the reader counts it as three blank columns of line 1.
    let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var start = bom
    var lineNumber = 1
    while start < bytes.count {
      let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
      var content = Array(bytes[start..<end])
      let crlf = content.last == 0x0D
      if crlf { content.removeLast() }
      if content.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
        start = end + 1
        lineNumber += 1
        continue
      }
      var decoder = LineDecoder()
      let columns = lineNumber == 1 ? [UInt8](repeating: 0x20, count: bom) : []
      switch decoder.decode(columns + content, line: lineNumber) {
      case .header(let header, _):
        return .existing(header, start..<end, crlf: crlf)
      case .inputError(let error):
        throw ExpectHeaderError(message: error.message, line: error.line, column: error.column)
      default:
        return .before(start, crlf: crlf)
      }
    }
    return .before(bom, crlf: false)
  }
}

/// A header `expect` entry that cannot be read, or a trace whose header cannot be rewritten (its first
/// line is malformed: then `line` and `column` say where).
package struct ExpectHeaderError: Error, Sendable, Equatable {
  package var message: String
  /// Where in the trace, for an error about its bytes (1-based); `nil` for an entry read on its own.
  package var line: Int?
  package var column: Int?

  package init(message: String, line: Int? = nil, column: Int? = nil) {
    self.message = message
    self.line = line
    self.column = column
  }
}
