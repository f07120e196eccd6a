import Foundation
import Testing

@testable import Replay

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct ExpectCommandTests {
  /// The files these tests write are seconds old at most: they are rewritten at once.
  static let settled = ["REPLAY_EXPECT_MIN_AGE": "0"]

  func run(_ arguments: [String], environment: [String: String] = Self.settled) -> ReplayCLI.Result {
    ReplayCLI.run(arguments, context: ReplayCLI.Context(environment: environment, stdoutIsTerminal: false))
  }

  @Test func expectThenCheckExpectIsCleanAndAChangedTraceShowsTheDifference() throws {
    let source = ReplayCLITests.tracesDirectory + "/rules/complete-twice.jsonl"
    let original = try String(contentsOfFile: source, encoding: .utf8)
    var lines = original.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    lines.removeFirst()  // a recording without a header
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "expect-\(UUID().uuidString).jsonl"
    ).path
    try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)

    #expect(run(["audit", "--check-expect", path]).status == .findings)
    let written = run(["expect", path])
    #expect(written.status == .clean)
    #expect(written.stdout == "\(path): expect [complete-twice]\n")
    #expect(run(["audit", "--check-expect", path]).status == .clean)

    // Fix the app: drop the second completeTransition; the fixture now reports the difference.
    let text = try String(contentsOfFile: path, encoding: .utf8)
    var fixed = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let second = try #require(fixed.lastIndex { $0.contains("\"completeTransition\"") })
    fixed.remove(at: second)
    try fixed.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
    let check = run(["audit", "--check-expect", path])
    #expect(check.status == .findings)
    #expect(check.stdout.contains("- complete-twice (expected, not reported)"))
  }

  /// complete-twice's sample without its header, in a temporary file.
  func headerlessCompleteTwice() throws -> String {
    let source = ReplayCLITests.tracesDirectory + "/rules/complete-twice.jsonl"
    let lines = try String(contentsOfFile: source, encoding: .utf8).split(separator: "\n").dropFirst()
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "expect-lines-\(UUID().uuidString).jsonl"
    ).path
    try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test func linesWritesRuleAtLineAndLaterRunsKeepTheHeadersForm() throws {
    let path = try headerlessCompleteTwice()
    // The header is added as line 1, so the second completeTransition (line 9 without it) is line 10.
    #expect(run(["expect", "--lines", path]).stdout == "\(path): expect [complete-twice@10]\n")
    #expect(
      try String(contentsOfFile: path, encoding: .utf8).hasPrefix(
        #"{"format":"presentation-trace","version":1,"expect":["complete-twice@10"]}"#))
    #expect(run(["audit", "--check-expect", path]).status == .clean)
    #expect(run(["expect", "--dry-run", path]).stdout == "\(path): expect [complete-twice@10]\n")
    #expect(run(["expect", "--no-lines", path]).stdout == "\(path): expect [complete-twice]\n")
    #expect(run(["expect", path]).stdout == "\(path): expect [complete-twice]\n")
    #expect(run(["audit", "--check-expect", path]).status == .clean)
  }

  @Test func aMalformedLineEntryIsReplacedWithLines() throws {
    let path = try headerlessCompleteTwice()
    let text = try String(contentsOfFile: path, encoding: .utf8)
    try (#"{"format":"presentation-trace","version":1,"expect":["complete-twice@"]}"# + "\n" + text).write(
      toFile: path, atomically: true, encoding: .utf8)
    #expect(run(["audit", "--check-expect", path]).status == .inputError)
    #expect(run(["expect", path]).stdout == "\(path): expect [complete-twice@10]\n")
    #expect(run(["audit", "--check-expect", path]).status == .clean)
  }

  @Test func linesAndNoLinesTogetherIsWrongUsage() throws {
    let result = run(["expect", "--lines", "--no-lines", try headerlessCompleteTwice()])
    #expect(result.status == .usage)
    #expect(result.stderr.hasPrefix("error: give at most one of --lines and --no-lines\n"))
  }

  @Test func aTraceWithInputErrorsIsNotRewritten() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "expect-bad-\(UUID().uuidString).jsonl")
    try #"{"t":1,"id":"p1","event":"present"}"#.appending("\n{oops\n").write(
      to: path, atomically: true, encoding: .utf8)
    let before = try String(contentsOf: path, encoding: .utf8)
    let result = run(["expect", path.path])
    #expect(result.status == .inputError)
    #expect(try String(contentsOf: path, encoding: .utf8) == before)
    // Each input error where it is, as 'replay audit' prints it, then why nothing was written.
    #expect(
      result.stderr.hasPrefix("\(path.path):2:2: error: [input] "), "\(result.stderr)")
    #expect(
      result.stderr.hasSuffix("\(path.path): error: not rewritten: the trace has 1 input error\n"),
      "\(result.stderr)")
  }

  // MARK: A fixture, not a live trace

  /// The permission bits of the file at `path`, and whether it is a symbolic link (not followed).
  static func mode(_ path: String) -> (permissions: mode_t, isLink: Bool) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return (0, false) }
    return (info.st_mode & 0o7777, info.st_mode & S_IFMT == S_IFLNK)
  }

  @Test func anAppStillAppendingToTheFileKeepsWritingIntoTheRewrittenTrace() throws {
    let path = try headerlessCompleteTwice()
    // The recording app holds the file open for appending, as a trace sink does.
    let app = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
    try #require(app >= 0)
    defer { close(app) }
    #expect(run(["expect", path]).status == .clean)
    let line = #"{"t":9,"id":"late","event":"mark","name":"after expect"}"# + "\n"
    #expect(line.withCString { write(app, $0, strlen($0)) } == line.utf8.count)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.hasPrefix(#"{"format":"presentation-trace","version":1,"expect":["complete-twice"]}"#))
    #expect(text.hasSuffix(line), "the app's line went to a file no longer at the path")
  }

  @Test func theFileKeepsItsMode() throws {
    let path = try headerlessCompleteTwice()
    #expect(chmod(path, 0o600) == 0)
    #expect(run(["expect", path]).status == .clean)
    #expect(Self.mode(path).permissions == 0o600)
    #expect(try String(contentsOfFile: path, encoding: .utf8).contains(#""expect":["complete-twice"]"#))
  }

  @Test func aReadOnlyFileIsRefused() throws {
    let path = try headerlessCompleteTwice()
    let before = try String(contentsOfFile: path, encoding: .utf8)
    #expect(chmod(path, 0o444) == 0)
    let result = run(["expect", path])
    #expect(result.status == .inputError)
    #expect(result.stderr.contains("\(path): error: read-only"), "\(result.stderr)")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == before)
    #expect(Self.mode(path).permissions == 0o444)
  }

  @Test func aSymbolicLinkIsRefusedNotFollowed() throws {
    let target = try headerlessCompleteTwice()
    let before = try String(contentsOfFile: target, encoding: .utf8)
    let link = target + ".link.jsonl"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    let result = run(["expect", link])
    #expect(result.status == .inputError)
    #expect(result.stderr.contains("\(link): error: a symbolic link"), "\(result.stderr)")
    #expect(Self.mode(link).isLink)
    #expect(try String(contentsOfFile: target, encoding: .utf8) == before)
  }

  @Test func aFileThatChangesWhileExpectWorksOnItIsRefusedAndKeepsTheNewLines() throws {
    let path = try headerlessCompleteTwice()
    let line = #"{"t":9,"id":"late","event":"mark","name":"during expect"}"# + "\n"
    let context = ReplayCLI.Context(environment: Self.settled)
    let result = ExpectCommand.run([path], context: context) { _ in
      let app = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
      _ = line.withCString { write(app, $0, strlen($0)) }
      close(app)
    }
    #expect(result.status == .inputError)
    #expect(result.stderr.contains("\(path): error: changed while expect read it"), "\(result.stderr)")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(!text.contains(#""expect""#))
    #expect(text.hasSuffix(line))
  }

  @Test func aFileReplacedWhileExpectWorksOnItIsRefused() throws {
    let path = try headerlessCompleteTwice()
    let replacement = path + ".new"
    let context = ReplayCLI.Context(environment: Self.settled)
    let result = ExpectCommand.run([path], context: context) { _ in
      // Another recording renamed into place: its mtime and size may well match the first.
      _ = try? FileManager.default.copyItem(atPath: path, toPath: replacement)
      _ = rename(replacement, path)
    }
    #expect(result.status == .inputError)
    #expect(
      result.stderr.contains("\(path): error: replaced or removed while expect read it"), "\(result.stderr)")
    #expect(!(try String(contentsOfFile: path, encoding: .utf8)).contains(#""expect""#))
  }

  @Test func aFileModifiedSecondsAgoIsRefusedAsPossiblyLive() throws {
    let path = try headerlessCompleteTwice()
    let before = try String(contentsOfFile: path, encoding: .utf8)
    let result = run(["expect", path], environment: [:])
    #expect(result.status == .inputError)
    #expect(result.stderr.contains("\(path): error: modified "), "\(result.stderr)")
    #expect(result.stderr.contains("not live traces"), "\(result.stderr)")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == before)
    // Once it has been left alone long enough, it is rewritten.
    #expect(run(["expect", path], environment: ["REPLAY_EXPECT_MIN_AGE": "0"]).status == .clean)
  }
}

@Suite struct IncrementalAuditCommandTests {
  func run(_ arguments: [String]) -> ReplayCLI.Result {
    ReplayCLI.run(arguments, context: ReplayCLI.Context(environment: [:], stdoutIsTerminal: false))
  }

  @Test func aGrowingLogAuditedInTwoRunsGivesTheFindingsOfOne() throws {
    let source = ReplayCLITests.tracesDirectory + "/mixed/shopping-session.jsonl"
    let lines = try String(contentsOfFile: source, encoding: .utf8).split(separator: "\n").map(String.init)
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("grow-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let log = directory.appendingPathComponent("log.jsonl").path
    let snapshot = directory.appendingPathComponent("snapshot.json").path
    try (lines.prefix(60).joined(separator: "\n") + "\n").write(
      toFile: log, atomically: true, encoding: .utf8)
    let first = run(["audit", "--format", "json", "--snapshot-out", snapshot, log])
    try (lines.joined(separator: "\n") + "\n").write(toFile: log, atomically: true, encoding: .utf8)
    let second = run(["audit", "--format", "json", "--resume", snapshot, "--snapshot-out", snapshot, log])
    let whole = run([
      "audit", "--format", "json", "--snapshot-out", directory.appendingPathComponent("w").path, log,
    ])
    func rules(_ result: ReplayCLI.Result) throws -> [String] {
      let document = try #require(
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
      let files = try #require(document["files"] as? [[String: Any]])
      return (files.first?["violations"] as? [[String: Any]] ?? []).map {
        "\($0["line"] ?? "") \($0["rule"] ?? "")"
      }
    }
    #expect(try rules(first) + rules(second) == rules(whole))
    #expect(try !rules(second).isEmpty)
    #expect(second.stderr.contains("resumed after line 60"))
  }

  /// A snapshot of the first `count` lines of the shopping session, and the directory it lives in.
  func snapshotOfShoppingSession(lines count: Int) throws -> (
    directory: URL, snapshot: String, lines: [String]
  ) {
    let source = ReplayCLITests.tracesDirectory + "/mixed/shopping-session.jsonl"
    let lines = try String(contentsOfFile: source, encoding: .utf8).split(separator: "\n").map(String.init)
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("grow-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let log = directory.appendingPathComponent("log.jsonl").path
    let snapshot = directory.appendingPathComponent("snapshot.json").path
    try (lines.prefix(count).joined(separator: "\n") + "\n").write(
      toFile: log, atomically: true, encoding: .utf8)
    let first = run(["audit", "--snapshot-out", snapshot, log])
    #expect(first.status != .inputError, "\(first.stderr)")
    return (directory, snapshot, lines)
  }

  @Test func resumingOnAShorterFileIsRefused() throws {
    let (directory, snapshot, lines) = try snapshotOfShoppingSession(lines: 100)
    let short = directory.appendingPathComponent("short.jsonl").path
    try (lines.prefix(50).joined(separator: "\n") + "\n").write(
      toFile: short, atomically: true, encoding: .utf8)
    let result = run(["audit", "--resume", snapshot, short])
    #expect(result.status == .inputError)
    #expect(result.stderr.contains("shorter than where the snapshot stopped"), "\(result.stderr)")
    #expect(result.stderr.contains("without --resume"))
    #expect(result.stdout.isEmpty)
  }

  @Test func resumingOnAnotherFileIsRefused() throws {
    let (directory, snapshot, _) = try snapshotOfShoppingSession(lines: 100)
    // As long as the log, but another recording: the photos session, padded with marks.
    let other = directory.appendingPathComponent("other.jsonl").path
    var text = try String(
      contentsOfFile: ReplayCLITests.tracesDirectory + "/mixed/photos-session.jsonl", encoding: .utf8)
    while text.utf8.count < 64 << 10 { text += #"{"t":99999,"id":"x","event":"mark","name":"pad"}"# + "\n" }
    try text.write(toFile: other, atomically: true, encoding: .utf8)
    let result = run(["audit", "--resume", snapshot, other])
    #expect(result.status == .inputError)
    #expect(result.stderr.contains("not those the snapshot saw"), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  @Test func resumingReadsOnlyWhatWasAppended() throws {
    // Damage line 2 of the log after the snapshot (far more than the fingerprinted tail before its end):
    // a resumed audit does not read it again, so it reports no input error for it.
    let (directory, snapshot, lines) = try snapshotOfShoppingSession(lines: 120)
    let log = directory.appendingPathComponent("log.jsonl").path
    var damaged = lines
    damaged[1] = String(repeating: "#", count: damaged[1].utf8.count)
    try (damaged.joined(separator: "\n") + "\n").write(toFile: log, atomically: true, encoding: .utf8)
    let result = run(["audit", "--resume", snapshot, log])
    #expect(result.status == .findings, "\(result.stdout)\(result.stderr)")
    #expect(!result.stdout.contains("[input]"))
    #expect(result.stdout.contains(":136:1: error: [transition-never-completed]"))
  }

  @Test func aDamagedSnapshotIsRefusedClearly() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("snap-\(UUID().uuidString).json")
      .path
    try "{}".write(toFile: path, atomically: true, encoding: .utf8)
    let result = run(["audit", "--resume", path, ReplayCLITests.tracesDirectory + "/valid/id-reuse.jsonl"])
    #expect(result.status == .inputError)
    #expect(result.stderr.contains("not an audit snapshot"))
  }
}
