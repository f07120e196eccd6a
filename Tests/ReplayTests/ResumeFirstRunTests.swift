import Foundation
import Testing

@testable import Replay

/// `replay audit --resume S --snapshot-out S LOG`, the command CI runs on every build: the first run has no
/// snapshot yet and audits from the start; a missing snapshot under any other name is still an error.
@Suite struct ResumeFirstRunTests {
  func run(_ arguments: [String]) -> ReplayCLI.Result {
    ReplayCLI.run(arguments, context: ReplayCLI.Context(environment: [:], stdoutIsTerminal: false))
  }

  @Test func theFirstRunStartsFromTheBeginningAndTheNextResumes() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "resume-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let snapshot = directory.appendingPathComponent("state.json").path
    let log = ReplayCLITests.tracesDirectory + "/rules/complete-twice.jsonl"

    let first = run(["audit", "--resume", snapshot, "--snapshot-out", snapshot, log])
    #expect(first.status == .findings)
    #expect(first.stderr.contains("no snapshot at \(snapshot) yet"))
    #expect(first.stdout.contains("[complete-twice]"))
    #expect(FileManager.default.fileExists(atPath: snapshot))

    let second = run(["audit", "--resume", snapshot, "--snapshot-out", snapshot, log])
    #expect(second.status == .clean, "nothing new since the snapshot: \(second.stdout) \(second.stderr)")
    #expect(second.stderr.contains("resumed after line"))
  }

  /// The snapshot is written whole under a temporary name and renamed over its name: a link planted under
  /// that name is replaced, never followed, and no temporary is left behind.
  @Test func theSnapshotReplacesALinkInsteadOfWritingThroughIt() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "snapshot-link-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let target = directory.appendingPathComponent("elsewhere.json").path
    let out = directory.appendingPathComponent("state.json").path
    try FileManager.default.createSymbolicLink(atPath: out, withDestinationPath: target)
    let log = ReplayCLITests.tracesDirectory + "/rules/complete-twice.jsonl"
    let result = run(["audit", "--snapshot-out", out, log])
    #expect(result.status == .findings)
    #expect(!FileManager.default.fileExists(atPath: target))
    let attributes = try FileManager.default.attributesOfItem(atPath: out)
    #expect(attributes[.type] as? FileAttributeType == .typeRegular)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["state.json"])
  }

  @Test func aSnapshotThatCannotBeWrittenSaysWhy() {
    let log = ReplayCLITests.tracesDirectory + "/rules/complete-twice.jsonl"
    let result = run(["audit", "--snapshot-out", "/nonexistent/state.json", log])
    #expect(result.status == .inputError)
    #expect(
      result.stderr.contains("cannot write the snapshot /nonexistent/state.json: cannot open the directory"))
  }

  @Test func aMissingSnapshotUnderAnotherNameIsAnError() {
    let log = ReplayCLITests.tracesDirectory + "/rules/complete-twice.jsonl"
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("other-\(UUID().uuidString).json")
      .path
    let result = run(["audit", "--resume", "/nonexistent/state.json", "--snapshot-out", out, log])
    #expect(result.status == .inputError)
    #expect(result.stderr.contains("cannot read the snapshot /nonexistent/state.json"))
  }
}
