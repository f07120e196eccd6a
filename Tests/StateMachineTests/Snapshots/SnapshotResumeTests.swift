import Foundation
import Testing

@testable import StateMachine

/// Auditing lines 1…N, snapshotting through JSON, and resuming from N+1 gives the findings of one pass,
/// for every N of every bundled trace.
@Suite struct SnapshotResumeTests {
  /// Sessions with hangs, stacks, interactions, timing and late findings: every kind of state to carry over.
  static let traces = BundledTracesTests.traceFiles.filter { path in
    path.hasPrefix("mixed/") || path.hasPrefix("rules/transition-never-completed")
      || path.hasPrefix("rules/appearance-unbalanced") || path == "valid/dismiss-lower-in-stack.jsonl"
      || path == "valid/interactive-dismiss-finished.jsonl" || path == "rules/completion-late.jsonl"
      || path == "rules/interaction-undriven.jsonl" || path == "rules/time-went-backwards.jsonl"
  }

  static func lines(_ relative: String) throws -> [String] {
    let text = try String(
      contentsOf: BundledTracesTests.tracesDirectory.appendingPathComponent(relative), encoding: .utf8)
    return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  static func reader(_ lines: some Collection<String>) -> TraceReader {
    TraceReader(bytes: Array(lines.joined(separator: "\n").utf8))
  }

  @Test(arguments: traces)
  func resumingAtEveryLineGivesTheFindingsOfOnePass(_ relative: String) throws {
    let lines = try Self.lines(relative)
    let onePass = IncrementalAudit.run(reader: Self.reader(lines), path: relative, resumingFrom: nil).report
      .findings
    for split in 1..<lines.count {
      let first = IncrementalAudit.run(
        reader: Self.reader(lines.prefix(split)), path: relative, resumingFrom: nil)
      let restored = try AuditSnapshot(json: try first.snapshot.json())
      let second = IncrementalAudit.run(reader: Self.reader(lines), path: relative, resumingFrom: restored)
      let resumed = first.report.findings + second.report.findings
      #expect(
        resumed.map { "\($0.line) \($0.rule.rawValue) \($0.message)" }
          == onePass.map { "\($0.line) \($0.rule.rawValue) \($0.message)" },
        "\(relative) split after line \(split)")
      if resumed != onePass { return }
    }
  }

  @Test func aSnapshotOfAnotherModelIsRefused() throws {
    let result = IncrementalAudit.run(
      reader: Self.reader(try Self.lines("rules/complete-twice.jsonl")), path: "x", resumingFrom: nil)
    var object = try #require(
      try JSONSerialization.jsonObject(with: try result.snapshot.json()) as? [String: Any])
    object["fingerprint"] = "0000000000000000"
    let tampered = try JSONSerialization.data(withJSONObject: object)
    #expect(throws: AuditSnapshotError.self) { try AuditSnapshot(json: tampered) }
    do {
      _ = try AuditSnapshot(json: tampered)
    } catch {
      #expect(error.message.contains("taken with another model"))
    }
    #expect(throws: AuditSnapshotError.self) { try AuditSnapshot(json: Data(#"{"format":"other"}"#.utf8)) }
  }

  @Test func otherSettingsAreRefused() throws {
    let path = BundledTracesTests.tracesDirectory.appendingPathComponent("rules/complete-twice.jsonl").path
    let first = try IncrementalAudit.run(path: path)
    #expect(throws: AuditSnapshotError.self) {
      try IncrementalAudit.run(
        path: path, resumingFrom: first.snapshot, configuration: AuditConfiguration(grace: 9))
    }
  }

  @Test func theFingerprintIsStable() {
    #expect(ModelFingerprint.current.count == 16)
    #expect(ModelFingerprint.fnv1a("") == "cbf29ce484222325")
    #expect(ModelFingerprint.fnv1a("a") == "af63dc4c8601ec8c")
  }
}
