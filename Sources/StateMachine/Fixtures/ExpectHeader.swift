/// Turns a recorded session into a regression fixture: writes the findings of an audit into the trace's
/// header (`expect`), and compares a later audit with it.
///
/// ```swift
/// let report = FileReport.audit(path: path)
/// let entries = ExpectHeader.entries(for: report.findings, lines: true)  // [complete-twice@10]
/// let fixed = try ExpectHeader.rewrite(bytes, expect: entries.map(\.description))  // header updated
/// try ExpectHeader.difference(report)  // nil when the findings agree with the header's expect
/// ```
///
/// An entry is a rule id (the rule is reported at least once, on any line) or `rule@line` (a finding of
/// the rule on that line); see ``ExpectEntry``.
public enum ExpectHeader {
  /// How an audit differs from its file's `expect`.
  public struct Difference: Sendable, Hashable {
    /// Entries of the header that no finding satisfies, as the header spells them.
    public var missing: [String]
    /// Findings no entry expects: `rule@line` when the header names lines, else their distinct rule ids.
    public var unexpected: [String]
    /// The file has no header `expect` at all.
    public var noExpectation: Bool

    /// `- entry` for each missing entry and `+ entry` for each unexpected finding, like a diff.
    public var text: String {
      if noExpectation { return "the file has no \"expect\" in its header; run 'replay expect' on it" }
      return
        (missing.map { "- \($0) (expected, not reported)" }
        + unexpected.map { "+ \($0) (reported, not expected)" })
        .joined(separator: "\n")
    }
  }

  /// The entries `replay expect` writes for `findings`: one `rule@line` per line with a finding of the
  /// rule (`lines`), or the distinct rule ids; sorted as ``ExpectEntry`` orders them.
  public static func entries(for findings: [Finding], lines: Bool) -> [ExpectEntry] {
    Set(findings.map { ExpectEntry(rule: $0.rule, line: lines ? $0.line : nil) }).sorted()
  }

  /// Whether `entries` name lines: then findings are written, and compared, as `rule@line`.
  public static func namesLines(_ entries: [ExpectEntry]) -> Bool { entries.contains { $0.line != nil } }

  /// The entries of `report`'s header `expect`, or `nil` when the header has none.
  ///
  /// A malformed entry (an unknown rule, `rule@`, `@12`, a line below 1) is an input error at the header:
  /// its line and the entry's column are looked up in the file at `report.path` (line 1, column 1 when the
  /// file cannot be read again), and the message names the closest rule id as `ignore`'s errors do.
  public static func entries(of report: FileReport) throws(InputError) -> [ExpectEntry]? {
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
  public static func difference(expected: [ExpectEntry]?, findings: [Finding]) -> Difference? {
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
  public static func difference(_ report: FileReport) throws(InputError) -> Difference? {
    difference(expected: try entries(of: report), findings: report.findings)
  }

  /// The trace `bytes` with its header's `expect` set to `expect` (a header is added when there is none);
  /// every other byte is kept as it was, line endings included.
  public static func rewrite(_ bytes: [UInt8], expect: [String]) throws(ExpectHeaderError) -> [UInt8] {
    var start = 0
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
      switch decoder.decode(content, line: lineNumber) {
      case .header(var header, _):
        header.expect = expect
        let replacement = Array(TraceWriter.line(for: header).utf8) + (crlf ? [0x0D] : [])
        return Array(bytes[..<start]) + replacement + Array(bytes[end...])
      case .inputError(let error):
        throw ExpectHeaderError(message: "line \(error.line), column \(error.column): \(error.message)")
      default:
        let header =
          Array(TraceWriter.line(for: TraceHeader(expect: expect)).utf8) + (crlf ? [0x0D, 0x0A] : [0x0A])
        return Array(bytes[..<start]) + header + Array(bytes[start...])
      }
    }
    return Array(TraceWriter.line(for: TraceHeader(expect: expect)).utf8) + [0x0A] + bytes
  }
}

/// A header `expect` entry that cannot be read, or a trace whose header cannot be rewritten (its first
/// line is malformed).
public struct ExpectHeaderError: Error, Sendable, Equatable {
  public var message: String
  public init(message: String) { self.message = message }
}
