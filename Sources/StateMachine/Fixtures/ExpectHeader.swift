/// Turns a recorded session into a regression fixture: writes the findings of an audit into the trace's
/// header (`expect`), and compares a later audit with it.
///
/// ```swift
/// let report = FileReport.audit(path: path)
/// let fixed = try ExpectHeader.rewrite(bytes, expect: report.ruleIDs)  // the same trace, header updated
/// ExpectHeader.difference(report)  // nil when the findings equal the header's expect
/// ```
public enum ExpectHeader {
  /// How an audit differs from its file's `expect`.
  public struct Difference: Sendable, Hashable {
    /// Expected by the header, not reported.
    public var missing: [String]
    /// Reported, not expected by the header.
    public var unexpected: [String]
    /// The file has no header `expect` at all.
    public var noExpectation: Bool

    /// `- id` for each missing rule and `+ id` for each unexpected one, like a diff.
    public var text: String {
      if noExpectation { return "the file has no \"expect\" in its header; run 'replay expect' on it" }
      return
        (missing.map { "- \($0) (expected, not reported)" }
        + unexpected.map { "+ \($0) (reported, not expected)" })
        .joined(separator: "\n")
    }
  }

  /// How `report`'s distinct rule ids differ from its header's `expect`, or `nil` when they are equal.
  public static func difference(_ report: FileReport) -> Difference? {
    guard let expect = report.expect else {
      return Difference(missing: [], unexpected: [], noExpectation: true)
    }
    let expected = Set(expect)
    let reported = Set(report.ruleIDs)
    guard expected != reported else { return nil }
    return Difference(
      missing: expected.subtracting(reported).sorted(), unexpected: reported.subtracting(expected).sorted(),
      noExpectation: false)
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

/// A trace whose header cannot be rewritten (its first line is malformed).
public struct ExpectHeaderError: Error, Sendable, Equatable {
  public var message: String
  public init(message: String) { self.message = message }
}
