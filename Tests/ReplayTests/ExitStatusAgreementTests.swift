import Foundation
import PresentationStateMachine
import Testing

/// The built `replay`, with and without `--strict`: what `audit`'s text summary says, what its JSON report
/// gives as `exitStatus`, what `tail`'s summary line says and how each process exits all agree, for a
/// clean trace, a trace of warnings alone, one with an error and one with an input error. They once
/// disagreed: `audit --strict` of warnings alone printed "(clean)" and `"exitStatus":0`, and exited 1.
@Suite struct ExitStatusAgreementTests {
  static let traces = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("traces")

  /// A trace, and the status each strictness must end with.
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var lines: [String]?
    var bundled: String?
    var lenient: AuditExitStatus
    var strict: AuditExitStatus
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "clean", bundled: "valid/card-present-dismiss.jsonl", lenient: .clean, strict: .clean),
    Case(
      name: "warnings alone", bundled: "rules/layout-hitch.jsonl", lenient: .clean, strict: .findings),
    Case(name: "an error", bundled: "rules/complete-twice.jsonl", lenient: .findings, strict: .findings),
    Case(
      name: "an input error and a warning",
      lines: [
        #"{"t":1.0,"id":"card","event":"present","presenter":"root","animated":true}"#,
        #"{"t":1.1,"id":"card","event":"presentationTransitionWillBegin"}"#,
        #"{"t":1.2,"id":"card","event":"containerViewWillLayoutSubviews","width":390,"height":844}"#,
        #"{"t":1.3,"id":"card","event":"containerViewDidLayoutSubviews","width":390,"height":844}"#,
        #"{"t":1.4,"id":"card" "event":"mark"}"#,
      ], lenient: .inputError, strict: .inputError),
  ]

  /// The path of the case's trace: a bundled one, or its lines written to a temporary file.
  static func path(of testCase: Case) throws -> String {
    if let bundled = testCase.bundled { return traces.appendingPathComponent(bundled).path }
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "exit-agreement-\(UUID().uuidString).jsonl")
    try ((testCase.lines ?? []).joined(separator: "\n") + "\n").write(
      to: url, atomically: true, encoding: .utf8)
    return url.path
  }

  /// Removes the temporary file `path(of:)` wrote, not a bundled trace.
  static func remove(_ path: String, of testCase: Case) {
    if testCase.bundled == nil { try? FileManager.default.removeItem(atPath: path) }
  }

  /// The counts a summary line prints: `E errors, W warnings[, I input errors]`.
  static func counts(in summary: String) -> (errors: Int, warnings: Int, inputErrors: Int)? {
    let pattern = /(\d+) errors?, (\d+) warnings?(?:, (\d+) input errors?)?/
    guard let match = summary.firstMatch(of: pattern), let errors = Int(match.output.1),
      let warnings = Int(match.output.2)
    else { return nil }
    return (errors, warnings, match.output.3.flatMap { Int($0) } ?? 0)
  }

  static func lastLine(_ text: String) -> String {
    String(text.split(separator: "\n").last ?? "")
  }

  @Test(arguments: cases, [false, true])
  func auditTextSummarySaysWhatTheProcessDoes(_ testCase: Case, strict: Bool) throws {
    let path = try Self.path(of: testCase)
    defer { Self.remove(path, of: testCase) }
    let run = try BuiltReplay.run(["audit"] + (strict ? ["--strict"] : []) + [path])
    let expected = strict ? testCase.strict : testCase.lenient
    #expect(!run.timedOut && run.status == expected.rawValue, "\(run.stdout)\(run.stderr)")
    let summary = Self.lastLine(run.stdout)
    let counts = try #require(Self.counts(in: summary), "no counts in \(summary)")
    let policy = AuditExitStatus(
      errors: counts.errors, warnings: counts.warnings, inputErrors: counts.inputErrors, strict: strict)
    #expect(policy.rawValue == run.status, "\(summary)")
    #expect(summary.hasSuffix("(\(policy.verdict(errors: counts.errors).text))"), "\(summary)")
    #expect(summary.hasSuffix("(clean)") == (run.status == 0), "\(summary) with exit \(run.status)")
  }

  @Test(arguments: cases, [false, true])
  func auditJSONExitStatusIsTheProcesssStatus(_ testCase: Case, strict: Bool) throws {
    let path = try Self.path(of: testCase)
    defer { Self.remove(path, of: testCase) }
    let run = try BuiltReplay.run(["audit", "--format", "json"] + (strict ? ["--strict"] : []) + [path])
    let expected = strict ? testCase.strict : testCase.lenient
    #expect(!run.timedOut && run.status == expected.rawValue, "\(run.stdout)\(run.stderr)")
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let summary = try #require(document["summary"] as? [String: Any])
    #expect(summary["exitStatus"] as? Int == Int(run.status), "\(summary)")
    let policy = AuditExitStatus(
      errors: summary["errors"] as? Int ?? -1, warnings: summary["warnings"] as? Int ?? -1,
      inputErrors: summary["inputErrors"] as? Int ?? -1, strict: strict)
    #expect(policy.rawValue == run.status, "\(summary)")
  }

  @Test(arguments: cases, [false, true])
  func tailSummaryAgreesWithItsStatus(_ testCase: Case, strict: Bool) throws {
    let path = try Self.path(of: testCase)
    defer { Self.remove(path, of: testCase) }
    let run = try BuiltReplay.run(
      ["tail", "--from-start", "--interval", "0.05", "--timeout", "0.5"] + (strict ? ["--strict"] : [])
        + [path])
    let expected = strict ? testCase.strict : testCase.lenient
    #expect(!run.timedOut && run.status == expected.rawValue, "\(run.stdout)\(run.stderr)")
    let summary = Self.lastLine(run.stdout)
    #expect(summary.hasPrefix("followed "), "\(summary)")
    let counts = try #require(Self.counts(in: summary), "no counts in \(summary)")
    let policy = AuditExitStatus(
      errors: counts.errors, warnings: counts.warnings, inputErrors: counts.inputErrors, strict: strict)
    #expect(policy.rawValue == run.status, "\(summary)")
    // Where only --strict failed the run, the line says so; elsewhere its counts say the status.
    #expect(
      summary.hasSuffix(" (warnings, strict)") == (policy.verdict(errors: counts.errors) == .strictWarnings),
      "\(summary)")
  }

  /// The one policy, as the rules article's table has it.
  @Test func thePolicyIsTheDocumentedTable() {
    #expect(AuditExitStatus.allCases.map(\.rawValue) == [0, 1, 2, 64])
    #expect(AuditExitStatus(errors: 0, warnings: 3, inputErrors: 0, strict: false) == .clean)
    #expect(AuditExitStatus(errors: 0, warnings: 3, inputErrors: 0, strict: true) == .findings)
    #expect(AuditExitStatus(errors: 1, warnings: 0, inputErrors: 0, strict: false) == .findings)
    #expect(AuditExitStatus(errors: 1, warnings: 0, inputErrors: 1, strict: true) == .inputError)
    #expect(AuditExitStatus.findings.verdict(errors: 0) == .strictWarnings)
    #expect(AuditExitStatus.findings.verdict(errors: 1) == .failed)
    #expect(AuditExitStatus.clean.verdict(errors: 0).text == "clean")
  }
}
