import Foundation
import Testing

@testable import PresentationStateMachine

/// `resolvedStyle` changes no finding: a trace audits identically with and without it, and its transitions
/// differ in nothing but their resolved style.
@Suite struct ResolvedStyleAuditTests {
  static let styles = [
    "pageSheet", "formSheet", "popover", "fullScreen", "overFullScreen", "currentContext",
    "overCurrentContext", "custom", "none", "automatic", "sideSheet",
  ]

  /// `bytes` with `"resolvedStyle"` added to every `viewWillAppear` line that lacks it (a style from
  /// `styles`, round robin), and how many lines got one.
  static func addingResolvedStyles(to bytes: [UInt8]) -> (bytes: [UInt8], added: Int) {
    var added = 0
    let text = String(decoding: bytes, as: UTF8.self)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let changed = lines.map { line -> String in
      guard line.contains(#""event":"viewWillAppear""#), !line.contains("resolvedStyle"),
        let close = line.lastIndex(of: "}")
      else { return String(line) }
      defer { added += 1 }
      return line[..<close] + #","resolvedStyle":""# + styles[added % styles.count] + "\"" + line[close...]
    }
    return (Array(changed.joined(separator: "\n").utf8), added)
  }

  /// `bytes` without any `,"resolvedStyle":"…"` member (the values here have no escapes). No `Regex`:
  /// the package's macOS 10.15 has none.
  static func removingResolvedStyles(from bytes: [UInt8]) -> [UInt8] {
    var text = Substring(String(decoding: bytes, as: UTF8.self))
    var result = ""
    while let member = text.range(of: #","resolvedStyle":""#) {
      result += text[..<member.lowerBound]
      let value = text[member.upperBound...]
      guard let end = value.firstIndex(of: "\"") else { return bytes }
      text = value[value.index(after: end)...]
    }
    result += text
    return Array(result.utf8)
  }

  static func replay(_ bytes: [UInt8]) -> TraceReplay {
    TraceReplay.run(reader: TraceReader(bytes: bytes), path: "trace")
  }

  /// The report and the transitions must match, the transitions once their resolved styles are cleared.
  static func expectSameAudit(
    _ with: [UInt8], _ without: [UInt8], _ what: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    var report = FileReport(path: "trace")
    report.consume(TraceReader(bytes: with))
    var plainReport = FileReport(path: "trace")
    plainReport.consume(TraceReader(bytes: without))
    #expect(report == plainReport, "\(what): the audit differs", sourceLocation: sourceLocation)
    let replayed = replay(with)
    let plain = replay(without)
    #expect(
      replayed.report == plain.report, "\(what): the replay's report differs", sourceLocation: sourceLocation)
    let cleared = replayed.transitions.map { transition in
      var transition = transition
      transition.resolvedStyle = nil
      return transition
    }
    #expect(cleared == plain.transitions, "\(what): the transitions differ", sourceLocation: sourceLocation)
  }

  @Test func everyBundledTraceAuditsTheSameWithResolvedStylesAdded() {
    var added = 0
    for path in ReaderDifferentialTests.traceFiles {
      let bytes = ReaderDifferentialTests.contents(path)
      let (with, count) = Self.addingResolvedStyles(to: bytes)
      added += count
      Self.expectSameAudit(with, Self.removingResolvedStyles(from: with), path)
    }
    // The corpus has system sheets, custom presentations and roots appearing again: enough to matter.
    #expect(added >= 50, "only \(added) viewWillAppear lines")
  }

  @Test func theSampleTraceAuditsTheSameWithoutTheKey() throws {
    let path = ReaderDifferentialTests.root.appendingPathComponent("traces/valid/resolved-style-sheet.jsonl")
    let bytes = ReaderDifferentialTests.contents(path.path)
    let without = Self.removingResolvedStyles(from: bytes)
    #expect(without.count < bytes.count)
    Self.expectSameAudit(bytes, without, "resolved-style-sheet")
    var report = FileReport(path: "trace")
    report.consume(TraceReader(bytes: bytes))
    #expect(report.findings.isEmpty)
    #expect(report.inputErrors.isEmpty)
  }
}
