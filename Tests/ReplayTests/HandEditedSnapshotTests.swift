import Foundation
import PresentationStateMachine
import Testing

@testable import Replay

/// A snapshot edited by hand is refused (exit status 2, "audit the whole trace again"): never a trap, an
/// abort, or findings at lines that are not theirs. Run as a process, since before these checks some
/// of the edits trapped or aborted.
@Suite struct HandEditedSnapshotTests {
  /// The first 100 lines of the shopping session audited with a snapshot, then the whole session in the
  /// log, ready to resume.
  static func resumable() throws -> (log: String, snapshot: String) {
    let source = ReplayCLITests.tracesDirectory + "/mixed/shopping-session.jsonl"
    let lines = try String(contentsOfFile: source, encoding: .utf8).split(separator: "\n").map(String.init)
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "edited-snapshot-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let log = directory.appendingPathComponent("log.jsonl").path
    let snapshot = directory.appendingPathComponent("snapshot.json").path
    try (lines.prefix(100).joined(separator: "\n") + "\n").write(
      toFile: log, atomically: true, encoding: .utf8)
    let first = ReplayCLITests().run(["audit", "--snapshot-out", snapshot, log])
    #expect(first.status != .inputError, "\(first.stderr)")
    try (lines.joined(separator: "\n") + "\n").write(toFile: log, atomically: true, encoding: .utf8)
    return (log, snapshot)
  }

  /// Edits the snapshot's JSON as a person would (the keys then in another order, but the same values
  /// besides the edit), and resumes from it with the built `replay`.
  static func resume(after edit: (inout [String: Any]) throws -> Void) throws -> BuiltReplay {
    let (log, snapshot) = try resumable()
    var object = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: snapshot)))
        as? [String: Any])
    try edit(&object)
    try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: snapshot))
    return try BuiltReplay.run(["audit", "--resume", snapshot, log], timeout: 120)
  }

  static func expectRefused(_ run: BuiltReplay, _ comment: Comment) {
    #expect(!run.timedOut && !run.signalled, "\(comment): ended by signal \(run.status)")
    #expect(run.status == 2, comment)
    #expect(run.stderr.contains("audit the whole trace again"), "\(comment): \(run.stderr)")
    #expect(run.stdout.isEmpty, "\(comment): reported \(run.stdout)")
  }

  @Test func theLineAtIntMaxIsRefused() throws {
    Self.expectRefused(try Self.resume { $0["line"] = Int.max }, "line at Int.max")
  }

  @Test func theEventsAtIntMaxAreRefused() throws {
    Self.expectRefused(try Self.resume { $0["events"] = Int.max }, "events at Int.max")
  }

  @Test func aTailOfATebibyteIsRefused() throws {
    let run = try Self.resume { object in
      var log = try #require(object["log"] as? [String: Any])
      log["tailLength"] = 1 << 40
      object["log"] = log
    }
    Self.expectRefused(run, "log.tailLength at 1 TiB")
  }

  @Test func anEarlierLineIsRefusedNotReportedAtWrongLines() throws {
    Self.expectRefused(
      try Self.resume { object in object["line"] = ((object["line"] as? Int) ?? 100) - 10 }, "line 10 lower")
  }

  @Test func anotherPhaseIsRefused() throws {
    let run = try Self.resume { object in
      var auditor = try #require(object["auditor"] as? [String: Any])
      var session = try #require(auditor["session"] as? [String: Any])
      var lifecycles = try #require(session["lifecycles"] as? [String: Any])
      let id = try #require(lifecycles.keys.sorted().first)
      var lifecycle = try #require(lifecycles[id] as? [String: Any])
      let phase = try #require(lifecycle["phase"] as? Int)
      // presented <-> dismissing.requested: each a phase the machine reaches, not this presentation's.
      lifecycle["phase"] = phase == 10 ? 11 : 10
      lifecycles[id] = lifecycle
      session["lifecycles"] = lifecycles
      auditor["session"] = session
      object["auditor"] = auditor
    }
    Self.expectRefused(run, "another phase")
  }

  @Test func aSnapshotOfTheVersionBeforeIsRefusedClearly() throws {
    let before = AuditSnapshot.supportedVersion - 1
    let run = try Self.resume { $0["version"] = before }
    Self.expectRefused(run, "version \(before)")
    #expect(
      run.stderr.contains(
        "snapshot version \(before) is not supported (this build reads version \(AuditSnapshot.supportedVersion))"
      ))
  }
}
