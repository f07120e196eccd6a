import Foundation
import Testing

@testable import StateMachine

/// Audits every trace under `traces/` and checks the reported rule ids equal the file's own `expect` header.
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
    let expect = try #require(report.expect, "\(relativePath) has no \"expect\" in its header")
    let listing = report.findings.map { "  \($0.line): [\($0.rule.rawValue)] \($0.message)" }
    #expect(
      report.ruleIDs == Array(Set(expect)).sorted(),
      Comment(rawValue: "\(relativePath):\n" + listing.joined(separator: "\n")))
    for id in expect { #expect(Rule(rawValue: id) != nil, "\(relativePath) expects unknown rule id \(id)") }
  }

  @Test func everyRuleHasATraceThatTriggersIt() {
    let expected = Set(
      Self.traceFiles.filter { $0.hasPrefix("rules/") }.flatMap { path in
        FileReport.audit(path: Self.tracesDirectory.appendingPathComponent(path).path).expect ?? []
      })
    for rule in Rule.allCases {
      #expect(expected.contains(rule.rawValue), "no trace under traces/rules triggers \(rule.rawValue)")
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
