import Foundation
import Testing

@testable import PresentationStateMachine
@testable import Replay

/// Each way of configuring rules changes the verdict: the command line, a settings file, and discovery.
@Suite struct SettingsTests {
  static let traces = ReplayCLITests.tracesDirectory

  func run(_ arguments: [String]) -> ReplayCLI.Result {
    ReplayCLI.run(arguments, context: ReplayCLI.Context(environment: [:], stdoutIsTerminal: false))
  }

  func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "replay-settings-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func disableDropsTheFindingsOfARule() {
    let trace = Self.traces + "/rules/complete-twice.jsonl"
    #expect(run(["audit", trace]).status == .findings)
    let result = run(["audit", "--disable", "complete-twice", trace])
    #expect(result.status == .clean)
    #expect(!result.stdout.contains("[complete-twice]"))
  }

  @Test func severityChangesTheExitStatus() {
    let hitch = Self.traces + "/rules/layout-hitch.jsonl"
    #expect(run(["audit", hitch]).status == .clean)
    #expect(run(["audit", "--severity", "layout-hitch=error", hitch]).status == .findings)
    #expect(run(["audit", "--strict", hitch]).status == .findings)
    let twice = Self.traces + "/rules/complete-twice.jsonl"
    #expect(run(["audit", "--severity=complete-twice=warning", twice]).status == .clean)
  }

  @Test func unknownRuleIdsNameTheClosestValidOne() throws {
    let result = run(["audit", "--disable", "complete-twise", Self.traces + "/valid"])
    #expect(result.status == .usage)
    #expect(result.stderr.contains("unknown rule id 'complete-twise'; did you mean 'complete-twice'?"))
    let directory = try temporaryDirectory()
    let file = directory.appendingPathComponent("settings.json")
    try #"{"severity":{"layout-hich":"error"}}"#.write(to: file, atomically: true, encoding: .utf8)
    let fromFile = run(["audit", "--config", file.path, Self.traces + "/valid"])
    #expect(fromFile.status == .inputError)  // the file is bad input, not wrong usage
    #expect(
      fromFile.stderr.contains(
        "\(file.path):1:13: unknown rule id 'layout-hich'; did you mean 'layout-hitch'?"))
    #expect(!fromFile.stderr.contains("USAGE"))
  }

  @Test func aSettingsFileChangesTheVerdictAndTheCommandLineWins() throws {
    let directory = try temporaryDirectory()
    let file = directory.appendingPathComponent(".replay.json")
    try """
    {
      "disable": ["complete-twice"],
      "severity": {"layout-hitch": "error"},
      "frameRate": 30
    }
    """.write(to: file, atomically: true, encoding: .utf8)
    #expect(
      run(["audit", "--config", file.path, Self.traces + "/rules/complete-twice.jsonl"]).status == .clean)
    // At 30 Hz the 24 ms pass fits in a frame, so even as an error it does not fire; at 60 Hz it does.
    #expect(
      run(["audit", "--config", file.path, Self.traces + "/rules/layout-hitch.jsonl"]).status == .clean)
    #expect(
      run(["audit", "--config", file.path, "--frame-rate", "60", Self.traces + "/rules/layout-hitch.jsonl"])
        .status
        == .findings)
  }

  @Test func thePresentationLimitComesFromTheSettingsFileOrTheCommandLine() throws {
    let directory = try temporaryDirectory()
    let trace = directory.appendingPathComponent("two.jsonl")
    try """
    {"format":"presentation-trace","version":1}
    {"t":1,"id":"a","event":"present","presenter":"root:1","style":"alert"}
    {"t":2,"id":"b","event":"present","presenter":"root:2","style":"alert"}
    """.write(to: trace, atomically: true, encoding: .utf8)
    let file = directory.appendingPathComponent(".replay.json")
    try #"{"maxPresentations": 1}"#.write(to: file, atomically: true, encoding: .utf8)
    let limited = run(["audit", "--config", file.path, trace.path])
    #expect(limited.status == .inputError)
    // The first presentation and its root make two.
    #expect(limited.stdout.contains("\(trace.path):2:1: error: [input] this event makes 2 presentations"))
    #expect(run(["audit", "--config", file.path, "--max-presentations", "4", trace.path]).status == .clean)
    #expect(run(["audit", "--max-presentations", "0", trace.path]).status == .usage)
    // Past Int.max is no limit, as in the settings file (it was wrong usage on the command line only).
    #expect(run(["audit", "--max-presentations", "99999999999999999999", trace.path]).status == .clean)
    #expect(run(["audit", "--max-presentations", "-99999999999999999999", trace.path]).status == .usage)
    try #"{"maxPresentations": 1.5}"#.write(to: file, atomically: true, encoding: .utf8)
    let malformed = run(["audit", "--config", file.path, trace.path])
    #expect(malformed.status == .inputError)
    #expect(malformed.stderr.contains("\"maxPresentations\" must be a whole number >= 1"))
  }

  @Test func unknownSettingsAreErrorsThatListTheValidOnes() throws {
    let file = try temporaryDirectory().appendingPathComponent(".replay.json")
    try #"{"grase": 3}"#.write(to: file, atomically: true, encoding: .utf8)
    let result = run(["audit", "--config", file.path, Self.traces + "/valid"])
    #expect(result.status == .inputError)
    #expect(
      result.stderr.contains(
        "\(file.path):1:2: unknown setting \"grase\" (did you mean \"grace\"?); valid: disable, severity, grace"
      ))
  }

  @Test func anUnreadableSettingsFileIsOneClearErrorExitTwoWithoutTheUsage() throws {
    let missing = try temporaryDirectory().appendingPathComponent("nope.json").path
    let result = run(["audit", "--config", missing, Self.traces + "/valid"])
    #expect(result.status == .inputError)
    #expect(!result.stderr.contains("USAGE"), "\(result.stderr)")
    #expect(result.stderr.contains("cannot read the settings file \(missing)"))
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    // Every command that takes the settings behaves the same.
    for command in [["rules"], ["show", Self.traces + "/valid/id-reuse.jsonl"]] {
      #expect(run(command + ["--config", missing]).status == .inputError)
    }
  }

  @Test func aMalformedSettingsFileNamesItsLineAndColumn() throws {
    let directory = try temporaryDirectory()
    let file = directory.appendingPathComponent(".replay.json")
    try "{\n  \"disable\": [\"layout-hitch\"],\n  \"grace\": 3,,\n}\n".write(
      to: file, atomically: true, encoding: .utf8)
    let result = run(["audit", "--config", file.path, Self.traces + "/valid"])
    #expect(result.status == .inputError)
    #expect(result.stderr.hasPrefix("error: \(file.path):3:14: "), "\(result.stderr)")
    #expect(result.stderr.contains("fix the file"))
    #expect(!result.stderr.contains("USAGE"))
  }

  @Test func theExitStatusOfABadSettingsFileIsDocumented() {
    #expect(
      run(["audit", "--help"]).stdout.contains(
        "2 unreadable input (a trace or the settings\nfile, .replay.json or --config"))
  }

  @Test func anEmptyNoColorDoesNotDisableColour() throws {
    let context = { (value: String?) in
      ReplayCLI.Context(environment: value.map { ["NO_COLOR": $0] } ?? [:], stdoutIsTerminal: true)
    }
    #expect(context(nil).useColor)
    #expect(context("").useColor)  // https://no-color.org: only a non-empty value counts
    #expect(!context("1").useColor)
  }

  @Test func theNearestSettingsFileIsFoundFromADirectoryUpward() throws {
    let directory = try temporaryDirectory()
    let nested = directory.appendingPathComponent("a/b")
    try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
    let file = directory.appendingPathComponent(".replay.json")
    try "{}".write(to: file, atomically: true, encoding: .utf8)
    #expect(ThresholdOptions.discoverConfigFile(from: nested.path) == file.standardizedFileURL.path)
  }

  @Test func rulesShowsTheEffectiveSettings() {
    let text = run(["rules", "--disable", "layout-hitch", "--severity", "gesture-after-commit=error"]).stdout
    #expect(text.contains("(disabled)"))
    #expect(text.contains("(default: warning)"))
    #expect(text.contains("thresholds: grace 2 s, frame rate 60 Hz, tolerance 25% ± 50 ms"))
  }
}
