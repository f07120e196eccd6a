import Foundation
import Testing

@testable import PresentationStateMachine

/// Audits every trace under `traces/` and checks its findings, by rule and line, against the file's own
/// `expect` header: one `rule@line` entry per line with a finding of the rule.
@Suite struct BundledTracesTests {
  static let tracesDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("traces")

  static let traceFiles: [String] = {
    let root = tracesDirectory.path
    guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
    return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".jsonl") }.sorted()
  }()

  @Test func thereAreTracesToAudit() {
    #expect(
      Self.traceFiles.count >= 10, "found \(Self.traceFiles.count) traces under \(Self.tracesDirectory.path)")
  }

  @Test(arguments: traceFiles)
  func auditMatchesExpectHeader(_ relativePath: String) throws {
    let report = FileReport.audit(path: Self.tracesDirectory.appendingPathComponent(relativePath).path)
    #expect(report.readFailure == nil)
    #expect(report.inputErrors.isEmpty, "input errors: \(report.inputErrors)")
    // A malformed entry (an unknown rule, a line below 1) throws here, naming the entry.
    let expected = try #require(
      try ExpectHeader.entries(of: report), "\(relativePath) has no \"expect\" in its header")
    let withoutLines = expected.filter { $0.line == nil }.map(\.description)
    #expect(
      withoutLines.isEmpty,
      "\(relativePath) expects \(withoutLines) on no line; run 'replay expect --lines' on it")
    #expect(Set(expected).count == expected.count, "\(relativePath) repeats an entry: \(expected)")
    let difference = ExpectHeader.difference(expected: expected, findings: report.findings)
    let listing = report.findings.map { "  \($0.line): [\($0.rule.rawValue)] \($0.message)" }
    #expect(
      difference == nil,
      Comment(
        rawValue: "\(relativePath):\n\(difference?.text ?? "")\nfindings:\n" + listing.joined(separator: "\n")
      ))
  }

  @Test func everyRuleHasATraceThatTriggersIt() throws {
    var expected: Set<Rule> = []
    for path in Self.traceFiles where path.hasPrefix("rules/") {
      let report = FileReport.audit(path: Self.tracesDirectory.appendingPathComponent(path).path)
      expected.formUnion(try ExpectHeader.entries(of: report)?.map(\.rule) ?? [])
    }
    for rule in Rule.allCases {
      #expect(expected.contains(rule), "no trace under traces/rules triggers \(rule.rawValue)")
    }
  }

  /// A misspelt event name is skipped as an app's own event, so a near miss missing the event it meant
  /// could stay clean: the traces of the rules and their near misses name only events the format defines.
  @Test func ruleTracesAndNearMissesNameOnlyEventsTheFormatDefines() {
    let paths = Self.traceFiles.filter { $0.hasPrefix("rules/") || $0.hasPrefix("near-miss/") }
    #expect(paths.count >= 2 * Rule.allCases.count)
    for path in paths {
      let report = FileReport.audit(path: Self.tracesDirectory.appendingPathComponent(path).path)
      #expect(report.notes.isEmpty, "\(path): \(report.notes.map { "line \($0.line): \($0.message)" })")
    }
  }

  @Test func everyRuleHasANearMissThatStaysClean() {
    let nearMisses = Set(
      Self.traceFiles.filter { $0.hasPrefix("near-miss/") }.map {
        String($0.dropFirst("near-miss/".count).split(separator: ".").first ?? "")
      })
    for rule in Rule.allCases {
      #expect(
        nearMisses.contains { $0 == rule.rawValue || $0.hasPrefix(rule.rawValue + "-") },
        "no near-miss trace traces/near-miss/\(rule.rawValue).jsonl")
    }
  }
}
