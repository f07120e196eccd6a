import Foundation
import Testing

@testable import PresentationStateMachine
@testable import Replay

@Suite struct ReplayCLITests {
  static let tracesDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("traces").path

  func run(_ arguments: [String], environment: [String: String] = [:], terminal: Bool = false)
    -> ReplayCLI.Result
  {
    ReplayCLI.run(arguments, context: ReplayCLI.Context(environment: environment, stdoutIsTerminal: terminal))
  }

  func temporaryTrace(_ lines: [String]) throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "replay-cli-\(UUID().uuidString).jsonl")
    try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
    return url.path
  }

  static let cleanTrace = [
    #"{"t":1.0,"id":"p1","event":"present"}"#,
    #"{"t":1.001,"id":"p1","event":"presentationTransitionWillBegin"}"#,
    #"{"t":1.002,"id":"p1","event":"animateTransition","duration":0.3}"#,
    #"{"t":1.302,"id":"p1","event":"completeTransition","didComplete":true}"#,
    #"{"t":1.302,"id":"p1","event":"presentationTransitionDidEnd","completed":true}"#,
  ]

  @Test func cleanTraceExitsZeroWithASummary() throws {
    let path = try temporaryTrace(Self.cleanTrace)
    let result = run(["audit", path])
    #expect(result.status == .clean)
    #expect(result.stdout.contains("audited 1 file, 5 events: 0 errors, 0 warnings in 0 files (clean)"))
  }

  @Test func errorFindingExitsOneInCompilerStyle() throws {
    let path = try temporaryTrace(
      Self.cleanTrace + [#"{"t":1.4,"id":"p1","event":"completeTransition","didComplete":true}"#])
    let result = run(["audit", path])
    #expect(result.status == .findings)
    #expect(
      result.stdout.contains("\(path):6:1: error: [complete-twice] p1: completeTransition(true) in presented")
    )
  }

  @Test func inputErrorsExitTwoAndWinOverFindings() throws {
    let path = try temporaryTrace(
      Self.cleanTrace + [
        #"{"t":1.4,"id":"p1","event":"completeTransition","didComplete":true}"#, #"{"t":oops}"#,
      ])
    let result = run(["audit", path])
    #expect(result.status == .inputError)
    #expect(result.stdout.contains("\(path):7:6: error: [input]"))
  }

  @Test func anEmptyOrHeaderOnlyTraceIsCleanWithANoteThatItHasNoEvents() throws {
    let empty = FileManager.default.temporaryDirectory.appendingPathComponent(
      "empty-\(UUID().uuidString).jsonl")
    try Data().write(to: empty)
    let headerOnly = try temporaryTrace([#"{"format":"presentation-trace","version":1}"#])
    for path in [empty.path, headerOnly] {
      let result = run(["audit", path])
      #expect(result.status == .clean, "a recording that wrote nothing is not an error")
      #expect(result.stdout.contains("\(path):1:1: note: no events"), "\(result.stdout)")
      let json = run(["audit", "--format", "json", path])
      #expect(json.status == .clean && json.stdout.contains(#""notes":[{"line":1,"message":"no events"#))
    }
    #expect(!run(["audit", try temporaryTrace(Self.cleanTrace)]).stdout.contains("no events"))
  }

  @Test func missingFileIsUnreadableExitTwo() {
    let result = run(["audit", "/nonexistent/trace.jsonl"])
    #expect(result.status == .inputError)
    #expect(result.stdout.contains("[unreadable]"))
  }

  @Test func jsonReportHasTheSpecShape() throws {
    let path = try temporaryTrace(
      Self.cleanTrace + [#"{"t":1.4,"id":"p1","event":"completeTransition","didComplete":true}"#])
    let result = run(["audit", "--format", "json", path])
    #expect(result.status == .findings)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let files = try #require(document["files"] as? [[String: Any]])
    #expect(files.count == 1)
    #expect(files[0]["path"] as? String == path)
    #expect(files[0]["events"] as? Int == 6)
    let violation = try #require((files[0]["violations"] as? [[String: Any]])?.first)
    #expect(violation["rule"] as? String == "complete-twice")
    #expect(violation["severity"] as? String == "error")
    #expect(violation["line"] as? Int == 6)
    #expect(violation["t"] as? Double == 1.4)
    #expect(violation["id"] as? String == "p1")
    #expect((violation["message"] as? String)?.isEmpty == false)
    #expect((files[0]["errors"] as? [Any])?.isEmpty == true)
  }

  @Test func usageErrorsExit64AndNameTheClosestOption() {
    let typo = run(["audit", "--formt", "json", "x.jsonl"])
    #expect(typo.status == .usage)
    #expect(typo.stderr.contains("did you mean '--format'?"))
    #expect(run(["audit"]).status == .usage)
    #expect(run(["audit", "--format", "yaml", "x"]).status == .usage)
    #expect(run([]).status == .usage)
    let command = run(["audti"])
    #expect(command.status == .usage)
    #expect(command.stderr.contains("did you mean 'audit'?"))
  }

  /// The numbers scripts and CI compare against (README's table), whatever the cases are called.
  @Test func exitStatusesAreTheDocumentedNumbers() {
    #expect(
      [AuditExitStatus.clean, .findings, .inputError, .usage].map(\.rawValue) == [0, 1, 2, 64] as [Int32])
  }

  @Test func helpEverywhereAndVersion() {
    for arguments in [["--help"], ["audit", "--help"], ["rules", "--help"], ["audit", "-h"]] {
      let result = run(arguments)
      #expect(result.status == .clean, "\(arguments)")
      #expect(result.stdout.contains("USAGE: replay"), "\(arguments)")
    }
    #expect(run(["--version"]).stdout.hasPrefix("replay "))
  }

  @Test func doubleDashEndsOptions() throws {
    let path = try temporaryTrace(Self.cleanTrace)
    #expect(run(["audit", "--", path]).status == .clean)
  }

  @Test func rulesListsEveryRuleWithSeverity() {
    let text = run(["rules"]).stdout
    for rule in Rule.allCases {
      #expect(text.contains(rule.rawValue) && text.contains(rule.severity.rawValue), "\(rule.rawValue)")
    }
    let json = run(["rules", "--format", "json"]).stdout
    let parsed = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
    #expect(parsed?.count == Rule.allCases.count)
  }

  @Test func colourOnlyOnATerminalWithoutNoColor() throws {
    let path = try temporaryTrace(
      Self.cleanTrace + [#"{"t":1.4,"id":"p1","event":"completeTransition","didComplete":true}"#])
    #expect(run(["audit", path], terminal: true).stdout.contains("\u{1B}["))
    #expect(!run(["audit", path], environment: ["NO_COLOR": "1"], terminal: true).stdout.contains("\u{1B}["))
    #expect(!run(["audit", path], terminal: false).stdout.contains("\u{1B}["))
  }

  @Test func directoryMeansEveryJSONLBelowIt() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "replay-dir-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("nested"), withIntermediateDirectories: true)
    try (Self.cleanTrace.joined(separator: "\n") + "\n").write(
      to: directory.appendingPathComponent("a.jsonl"), atomically: true, encoding: .utf8)
    try (Self.cleanTrace.joined(separator: "\n") + "\n").write(
      to: directory.appendingPathComponent("nested/b.jsonl"), atomically: true, encoding: .utf8)
    try "ignored".write(to: directory.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
    let result = run(["audit", directory.path])
    #expect(result.status == .clean)
    #expect(result.stdout.contains("audited 2 files, 10 events"))
  }

  @Test func bundledTracesFailAndValidOnesPass() {
    #expect(run(["audit", Self.tracesDirectory]).status == .findings)
    #expect(run(["audit", Self.tracesDirectory + "/valid"]).status == .clean)
    #expect(run(["audit", Self.tracesDirectory + "/near-miss"]).status == .clean)
  }
}
