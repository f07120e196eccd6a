import Foundation
import Testing

@testable import PresentationStateMachine
@testable import Replay

/// Input a command cannot use as it is stops it with exit status 2 (a trace with input errors given to
/// `shrink`, statistics of another version given to `stats --merge`), and a settings file with a UTF-8
/// byte-order mark is read as a trace with one is.
@Suite struct InputChecksTests {
  let cli = ReplayCLITests()

  @Test func shrinkRefusesATraceWithInputErrors() throws {
    let path = try cli.temporaryTrace(
      ReplayCLITests.cleanTrace + [
        #"{"t":1.4,"id":"p1","event":"completeTransition","didComplete":true}"#, #"{"t":oops}"#,
      ])
    let out = path + ".shrunk.jsonl"
    defer { try? FileManager.default.removeItem(atPath: out) }
    let result = cli.run(["shrink", "--rule", "complete-twice", "--out", out, path])
    #expect(result.status == .inputError)
    #expect(result.stderr.hasPrefix("\(path):7:6: error: [input] "), "\(result.stderr)")
    #expect(
      result.stderr.hasSuffix(
        "\(path): error: not shrunk: the trace has input errors; fix or remove "
          + "those lines, then shrink again\n"))
    #expect(!FileManager.default.fileExists(atPath: out), "nothing is written")
    // Without the bad line it shrinks as before.
    let good = try cli.temporaryTrace(
      ReplayCLITests.cleanTrace + [#"{"t":1.4,"id":"p1","event":"completeTransition","didComplete":true}"#])
    let shrunk = cli.run(["shrink", "--rule", "complete-twice", "--out", "-", good])
    #expect(shrunk.status == .clean && shrunk.stderr.isEmpty)
  }

  @Test(arguments: [
    (#""version":2"#, "version 2"), (#""version":"1""#, #"version "1""#), ("", #"no "version""#),
    (#""version":null"#, "version null"), (#""version":1.5"#, "version 1.5"),
  ])
  func mergeRefusesVersionsItDoesNotKnow(member: String, named: String) throws {
    let statistics = try cli.temporaryTrace([
      #"{"format":"presentation-stats","# + (member.isEmpty ? "" : member + ",") + #""files":1,"events":3}"#
    ])
    let result = cli.run(["stats", "--merge", statistics])
    #expect(result.status == .inputError)
    #expect(
      result.stderr
        == "\(statistics): error: \(named): this replay merges statistics of version 1 only; merge them "
        + "with the replay that wrote them\n")
    #expect(result.stdout.isEmpty)
  }

  @Test func mergeReadsItsOwnVersion() throws {
    let written = cli.run(["stats", "--format", "json", ReplayCLITests.tracesDirectory + "/valid"]).stdout
    #expect(written.hasPrefix(#"{"format":"presentation-stats","version":1,"#))
    let statistics = try cli.temporaryTrace([written.trimmingWhitespace()])
    let decimal = try cli.temporaryTrace([
      written.trimmingWhitespace().replacingOccurrences(of: #""version":1,"#, with: #""version":1.0,"#)
    ])
    let merged = cli.run(["stats", "--merge", "--format", "json", statistics, decimal])
    #expect(merged.status == .clean, "\(merged.stderr)")
  }

  @Test func aSettingsFileWithAByteOrderMarkIsRead() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bom-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let settings = directory.appendingPathComponent(".replay.json")
    let bom = Data([0xEF, 0xBB, 0xBF])
    try (bom + Data(#"{"disable":["complete-twice"]}"#.utf8)).write(to: settings)
    let trace = ReplayCLITests.tracesDirectory + "/rules/complete-twice.jsonl"
    #expect(cli.run(["audit", trace]).status == .findings)
    let result = cli.run(["audit", "--config", settings.path, trace])
    #expect(result.status == .clean, "\(result.stderr)")
    // Discovered from the working directory too.
    #expect(ThresholdOptions.discoverConfigFile(from: directory.path) == settings.path)
    // A problem's column counts the mark's 3 bytes, as a trace's columns do.
    try (bom + Data(#"{"grace":"soon"}"#.utf8)).write(to: settings)
    let bad = cli.run(["audit", "--config", settings.path, trace])
    #expect(bad.status == .inputError)
    #expect(
      bad.stderr.hasPrefix("error: \(settings.path):1:13: \"grace\" must be a number >= 0"), "\(bad.stderr)")
    // A mark alone is an empty file, which is malformed as before.
    try bom.write(to: settings)
    #expect(cli.run(["audit", "--config", settings.path, trace]).status == .inputError)
  }
}
