import Foundation
import Testing

@testable import PresentationStateMachine
@testable import Replay

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct TailCommandTests {
  static let cleanStart = [
    #"{"t":1.0,"id":"p1","event":"present"}"#,
    #"{"t":1.001,"id":"p1","event":"presentationTransitionWillBegin"}"#,
    #"{"t":1.002,"id":"p1","event":"animateTransition","duration":0.3}"#,
    #"{"t":1.302,"id":"p1","event":"completeTransition","didComplete":true}"#,
    #"{"t":1.302,"id":"p1","event":"presentationTransitionDidEnd","completed":true}"#,
  ]
  static let completeTwice = #"{"t":1.4,"id":"p1","event":"completeTransition","didComplete":true}"#

  /// Output gathered from the follow loop, readable from the test thread.
  final class Output: @unchecked Sendable {
    private let lock = NSLock()
    private var text = ""
    var value: String {
      lock.lock()
      defer { lock.unlock() }
      return text
    }
    func append(_ more: String) {
      lock.lock()
      text += more
      lock.unlock()
    }
  }

  static func temporaryPath() throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tail-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory.appendingPathComponent("live.jsonl").path
  }

  /// Truncates the file and writes `text` into the same inode, as an app starting a new recording in place
  /// (O_TRUNC) does.
  static func rewriteInPlace(_ path: String, _ text: String) throws {
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.truncate(atOffset: 0)
    try handle.write(contentsOf: Data(text.utf8))
    try handle.close()
  }

  static func append(_ text: String, to path: String) throws {
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(text.utf8))
  }

  /// Polls the follower until `output` contains `needle` (or 10 s pass).
  static func poll(
    _ follower: inout TraceFollower, path: String, until needle: String, into output: inout String
  ) -> Bool {
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline {
      output += TailCommand.render(follower.poll(), path: path, color: false)
      if output.contains(needle) { return true }
      usleep(5_000)
    }
    return false
  }

  @Test func findingsPrintAsTheLinesAreWrittenInTheAuditFormat() throws {
    let path = try Self.temporaryPath()
    try (Self.cleanStart.joined(separator: "\n") + "\n").write(
      toFile: path, atomically: false, encoding: .utf8)
    var follower = TraceFollower(path: path, fromStart: false)
    defer { follower.close() }
    var output = TailCommand.render(follower.poll(), path: path, color: false)
    #expect(output.isEmpty)
    // Half a line: nothing yet.
    try Self.append(String(Self.completeTwice.prefix(20)), to: path)
    output += TailCommand.render(follower.poll(), path: path, color: false)
    #expect(output.isEmpty)
    #expect(follower.pendingBytes == 20)
    try Self.append(String(Self.completeTwice.dropFirst(20)) + "\n", to: path)
    #expect(Self.poll(&follower, path: path, until: "complete-twice", into: &output))
    // Exactly the line `replay audit` prints for the finished file.
    let audit = ReplayCLI.run(["audit", path], context: ReplayCLI.Context())
    let findingLine = try #require(audit.stdout.split(separator: "\n").first)
    #expect(output == findingLine + "\n")
    #expect(output.hasPrefix("\(path):6:1: error: [complete-twice] p1:"))
  }

  @Test func existingFindingsAreHiddenUnlessFromStart() throws {
    let path = try Self.temporaryPath()
    try ((Self.cleanStart + [Self.completeTwice]).joined(separator: "\n") + "\n").write(
      toFile: path, atomically: false, encoding: .utf8)
    var quiet = TraceFollower(path: path, fromStart: false)
    let hidden = TailCommand.render(quiet.poll(), path: path, color: false)
    quiet.close()
    #expect(
      hidden == "\(path): note: 1 finding in the lines already written not shown (--from-start shows them)\n")
    var loud = TraceFollower(path: path, fromStart: true)
    let shown = TailCommand.render(loud.poll(), path: path, color: false)
    loud.close()
    #expect(shown.hasPrefix("\(path):6:1: error: [complete-twice]"))
  }

  /// `count` lines that are each a finding (a dismiss of an id never presented), from line `first` on.
  static func findingLines(_ count: Int, from first: Int) -> String {
    (first..<(first + count)).map { #"{"t":\#($0),"id":"d\#($0)","event":"dismiss"}"# + "\n" }.joined()
  }

  /// What a follower holds stays what is in flight, however many findings it printed: a tail of a day's
  /// recording must not grow with it. A backlog goes out in batches.
  @Test func theFollowerForgetsTheFindingsItHandedOver() throws {
    let path = try Self.temporaryPath()
    try Self.findingLines(5_000, from: 1).write(toFile: path, atomically: false, encoding: .utf8)
    var follower = TraceFollower(path: path, fromStart: true)
    defer { follower.close() }
    var lines: [Int] = []
    var batches = 0
    func drain() {
      var update = TraceFollower.Update(more: true)
      while update.more {
        update = follower.poll()
        batches += 1
        #expect(update.findings.count <= 1_000 + 64 << 10 / 40, "a batch of \(update.findings.count)")
        #expect(Set(update.findings.map(\.rule)).isSubset(of: [.dismissNotPresented]))
        lines += update.findings.map(\.line)
        #expect(follower.retainedFindings == 0)
      }
    }
    drain()
    #expect(lines == Array(1...5_000))
    #expect(batches > 2)
    try Self.append(Self.findingLines(5_000, from: 5_001), to: path)
    drain()
    #expect(lines == Array(1...10_000))
    // Caught up silently, the lines already written are counted, not kept.
    var quiet = TraceFollower(path: path, fromStart: false)
    defer { quiet.close() }
    let update = quiet.poll()
    #expect(update.hiddenFindings == 10_000 && update.findings.isEmpty && !update.more)
    #expect(quiet.retainedFindings == 0)
    #expect(
      TailCommand.render(update, path: path, color: false).contains("10000 findings in the lines already"))
  }

  /// The command prints a backlog in batches and counts every finding in its summary.
  @Test func theCommandPrintsEveryBatchOfABacklog() throws {
    let path = try Self.temporaryPath()
    try Self.findingLines(3_000, from: 1).write(toFile: path, atomically: false, encoding: .utf8)
    var options = TailCommand.Options(path: path)
    options.fromStart = true
    var printed = 0
    let summary = TailCommand.follow(options, maxPolls: 10) { text in
      printed += text.split(separator: "\n").count { $0.contains("[dismiss-not-presented]") }
    }
    #expect(printed == 3_000)
    #expect(summary.errors + summary.warnings == 3_000)
  }

  @Test func aTruncatedFileIsFollowedFromItsStartWithAFreshAudit() throws {
    let path = try Self.temporaryPath()
    try ((Self.cleanStart + [Self.completeTwice]).joined(separator: "\n") + "\n").write(
      toFile: path, atomically: false, encoding: .utf8)
    var follower = TraceFollower(path: path, fromStart: true)
    defer { follower.close() }
    var output = ""
    #expect(Self.poll(&follower, path: path, until: "complete-twice", into: &output))
    // The app starts a new recording in place (O_TRUNC) and writes one short line.
    try Self.rewriteInPlace(path, #"{"t":5,"id":"p9","event":"dismiss"}"# + "\n")
    output = ""
    #expect(Self.poll(&follower, path: path, until: "dismiss-not-presented", into: &output))
    #expect(output.contains("\(path): note: \(path) was truncated; starting over from its first line"))
    #expect(output.contains("\(path):1:1: error: [dismiss-not-presented] p9"))
  }

  @Test func aFileRewrittenPastTheOldSizeBetweenPollsIsNoticed() throws {
    let path = try Self.temporaryPath()
    try (Self.cleanStart.joined(separator: "\n") + "\n").write(
      toFile: path, atomically: false, encoding: .utf8)
    var follower = TraceFollower(path: path, fromStart: true)
    defer { follower.close() }
    _ = follower.poll()
    // Rewritten in place with more bytes than before: the size alone does not shrink.
    let longer = [#"{"t":9,"id":"other","event":"dismiss"}"#] + Self.cleanStart.map { $0 + "   " }
    try Self.rewriteInPlace(path, longer.joined(separator: "\n") + "\n")
    var output = ""
    #expect(Self.poll(&follower, path: path, until: "dismiss-not-presented", into: &output))
    #expect(output.contains("was rewritten; starting over"))
    #expect(output.contains("\(path):1:1: error: [dismiss-not-presented] other"))
  }

  @Test func aReplacedFileIsFollowedFromTheNewFilesStart() throws {
    let path = try Self.temporaryPath()
    try (Self.cleanStart.joined(separator: "\n") + "\n").write(
      toFile: path, atomically: false, encoding: .utf8)
    var follower = TraceFollower(path: path, fromStart: true)
    defer { follower.close() }
    _ = follower.poll()
    // A new recording replaces the file (written aside, renamed over it: a new inode).
    let aside = path + ".new"
    try (#"{"t":1,"id":"q","event":"dismiss"}"# + "\n").write(
      toFile: aside, atomically: false, encoding: .utf8)
    #expect(rename(aside, path) == 0)
    var output = ""
    #expect(Self.poll(&follower, path: path, until: "dismiss-not-presented", into: &output))
    #expect(output.contains("was replaced by a new file"))
    #expect(output.contains("\(path):1:1: error: [dismiss-not-presented] q"))
  }

  @Test func aMissingFileIsWaitedFor() throws {
    let path = try Self.temporaryPath()
    var follower = TraceFollower(path: path, fromStart: false)
    defer { follower.close() }
    let waiting = TailCommand.render(follower.poll(), path: path, color: false)
    #expect(waiting.contains("note: waiting for \(path)"))
    #expect(TailCommand.render(follower.poll(), path: path, color: false).isEmpty)  // said once
    try (#"{"t":1,"id":"q","event":"dismiss"}"# + "\n").write(
      toFile: path, atomically: false, encoding: .utf8)
    var output = ""
    #expect(Self.poll(&follower, path: path, until: "dismiss-not-presented", into: &output))
  }

  /// The whole command against a recorder writing in the background: findings are printed while the
  /// app records, and the command stops at --timeout with the audit's exit status.
  @Test func theCommandFollowsARecordingAppUntilAskedToStop() throws {
    let path = try Self.temporaryPath()
    let sink = try FileTraceSink(path: path, flushInterval: 0.01)
    let clock = VirtualTraceClock(start: 1)
    let recorder = TraceRecorder(sink: sink, clock: clock, header: TraceHeader())
    let output = Output()
    let stop = StopRequest()
    let done = DispatchSemaphore(value: 0)
    let result = LockedBox<ReplayCLI.Result>()
    Thread.detachNewThread {
      result.value = TailCommand.run(
        // From the start: on a busy machine the recorder may flush its lines before the command opens
        // the file, and lines already written are otherwise only counted.
        ["--from-start", "--interval", "0.01", "--timeout", "30", path], context: ReplayCLI.Context(),
        stop: stop
      ) { output.append($0) }
      done.signal()
    }
    // The app: a clean presentation, then a double completeTransition, recorded over time.
    recorder.record(.present, id: "card")
    recorder.record(.presentationTransitionWillBegin, id: "card")
    recorder.record(.animateTransition, id: "card", Payload(duration: 0.3))
    clock.advance(by: 0.3)
    recorder.record(.completeTransition, id: "card", Payload(didComplete: true))
    recorder.record(.completeTransition, id: "card", Payload(didComplete: true))
    #expect(RecordingFixtureWait.until { output.value.contains("[complete-twice]") })
    #expect(output.value.contains("\(path):6:1: error: [complete-twice] card"))
    try recorder.close()
    stop.request()
    #expect(done.wait(timeout: .now() + 30) == .success)
    #expect(result.value?.status == .findings)
    #expect(
      result.value?.stdout.hasPrefix("followed \(path) (interrupted), 5 events: 1 error, 0 warnings") == true)
  }

  @Test func aTimeoutStopsTheCommand() throws {
    let path = try Self.temporaryPath()
    try (Self.cleanStart.joined(separator: "\n") + "\n").write(
      toFile: path, atomically: false, encoding: .utf8)
    let output = Output()
    let result = TailCommand.run(
      ["--timeout", "0.05", "--interval", "0.01", path], context: ReplayCLI.Context()
    ) {
      output.append($0)
    }
    #expect(result.status == .clean)
    #expect(result.stdout == "followed \(path) (timed out), 5 events: 0 errors, 0 warnings\n")
    #expect(output.value.isEmpty)
  }

  /// A wall clock the test moves by hand, in nanoseconds.
  final class FakeWallClock: @unchecked Sendable {
    private let lock = NSLock()
    private var nanoseconds: UInt64 = 1_000_000_000
    var now: UInt64 {
      lock.lock()
      defer { lock.unlock() }
      return nanoseconds
    }
    func advance(seconds: Double) {
      lock.lock()
      nanoseconds += UInt64(seconds * 1e9)
      lock.unlock()
    }
  }

  /// An app frozen mid-animation writes nothing more: with no new line, only the idle check (the wall
  /// time since the last line mapped onto the trace's clock) can see the deadline pass. The finding is
  /// printed once, and not again when a later line proves it.
  @Test func theIdleCheckReportsATransitionStuckWithNoNewLines() throws {
    let path = try Self.temporaryPath()
    let stuck = Array(Self.cleanStart.prefix(3))  // present, WillBegin, animateTransition(0.3) at t=1.002
    try (stuck.joined(separator: "\n") + "\n").write(toFile: path, atomically: false, encoding: .utf8)
    let wall = FakeWallClock()
    var follower = TraceFollower(path: path, fromStart: true, wallClock: { wall.now })
    defer { follower.close() }
    var output = TailCommand.render(follower.poll(), path: path, color: false)
    output += TailCommand.render(follower.idleCheck(after: 1), path: path, color: false)
    #expect(output.isEmpty)
    wall.advance(seconds: 2.0)  // t would be 3.002: before the deadline (1.002 + 0.3 + 2 s of grace)
    output += TailCommand.render(follower.poll(), path: path, color: false)
    output += TailCommand.render(follower.idleCheck(after: 1), path: path, color: false)
    #expect(output.isEmpty)
    wall.advance(seconds: 0.5)
    output += TailCommand.render(follower.poll(), path: path, color: false)
    output += TailCommand.render(follower.idleCheck(after: 1), path: path, color: false)
    #expect(output.contains("\(path):3:1: error: [transition-never-completed] p1"), "\(output)")
    #expect(output.contains("note: no new line for 2.5 s"), "\(output)")
    output = TailCommand.render(follower.idleCheck(after: 1), path: path, color: false)
    #expect(output.isEmpty)  // said once
    // The app wakes up and writes a line past the deadline: the audit proves the same hang, not printed again.
    try Self.append(#"{"t":9,"id":"other","event":"mark","name":"later"}"# + "\n", to: path)
    var later = ""
    for _ in 0..<200 where later.isEmpty {
      let update = follower.poll()
      if update.events > 0 {
        later = TailCommand.render(update, path: path, color: false) + "<polled>"
      }
      usleep(5_000)
    }
    #expect(later == "<polled>")
    #expect(
      follower.retainedFindings == 0, "the idle check's note of the hang outlived the line that proved it")
    let audit = ReplayCLI.run(["audit", path], context: ReplayCLI.Context())
    #expect(audit.stdout.contains("\(path):3:1: error: [transition-never-completed] p1"))
  }

  @Test func theIdleCheckThroughTheCommand() throws {
    let path = try Self.temporaryPath()
    let stuck = Array(Self.cleanStart.prefix(3))
    try (stuck.joined(separator: "\n") + "\n").write(toFile: path, atomically: false, encoding: .utf8)
    let output = Output()
    let stop = StopRequest()
    // Stopped as soon as the hang is printed (the timeout is only a safety net).
    let result = TailCommand.run(
      [
        "--from-start", "--grace", "0.05", "--idle-check", "0.2", "--interval", "0.01", "--timeout", "20",
        path,
      ],
      context: ReplayCLI.Context(), stop: stop
    ) { text in
      output.append(text)
      if text.contains("[transition-never-completed]") { stop.request() }
    }
    #expect(output.value.contains("[transition-never-completed] p1"), "\(output.value)")
    #expect(result.status == .findings)
    #expect(result.stdout.contains("(interrupted)") && result.stdout.contains("1 error"), "\(result.stdout)")
    let plain = TailCommand.run(
      ["--from-start", "--grace", "0.05", "--interval", "0.01", "--timeout", "0.5", path],
      context: ReplayCLI.Context()
    ) { _ in }
    #expect(plain.status == .clean)  // without the idle check, nothing shows the hang
  }

  /// `--finish-on-stop` settles what only the end of a trace settles, as `replay audit` of the file as it
  /// is would.
  @Test func endOfTraceFindingsOnStopWhenAsked() throws {
    let source = Self.repository.appendingPathComponent(
      "traces/rules/appearance-unbalanced-never-resolved-at-end.jsonl")
    let path = try Self.temporaryPath()
    try FileManager.default.copyItem(atPath: source.path, toPath: path)
    let audit = ReplayCLI.run(["audit", path], context: ReplayCLI.Context())
    let expected = try #require(
      audit.stdout.split(separator: "\n").first { $0.contains("[appearance-unbalanced]") })
    let output = Output()
    let asked = TailCommand.run(
      ["--finish-on-stop", "--interval", "0.01", "--timeout", "0.05", path], context: ReplayCLI.Context()
    ) { output.append($0) }
    #expect(output.value.contains(expected + "\n"), "\(output.value)")
    #expect(asked.status == .findings)
    let notAsked = TailCommand.run(
      ["--interval", "0.01", "--timeout", "0.05", path], context: ReplayCLI.Context()
    ) {
      _ in
    }
    #expect(notAsked.status == .clean)
  }

  /// The exit status and summary count the file as it is now: findings of the content before a
  /// truncation belong to a recording that is gone.
  @Test func countsStartOverWhenTheFileIsTruncated() throws {
    let path = try Self.temporaryPath()
    try ((Self.cleanStart + [Self.completeTwice]).joined(separator: "\n") + "\n").write(
      toFile: path, atomically: false, encoding: .utf8)
    var summary = TailCommand.follow(TailCommand.Options(path: path, fromStart: true), maxPolls: 1) { _ in }
    #expect(summary.errors == 1)
    let output = Output()
    let stop = StopRequest()
    let done = DispatchSemaphore(value: 0)
    let box = LockedBox<TailCommand.Summary>()
    Thread.detachNewThread {
      var options = TailCommand.Options(path: path, fromStart: true)
      options.interval = 0.01
      box.value = TailCommand.follow(options, stop: stop) { output.append($0) }
      done.signal()
    }
    #expect(RecordingFixtureWait.until { output.value.contains("[complete-twice]") })
    try Self.rewriteInPlace(path, Self.cleanStart.joined(separator: "\n") + "\n")
    #expect(RecordingFixtureWait.until { output.value.contains("was truncated") })
    stop.request()
    #expect(done.wait(timeout: .now() + 30) == .success)
    summary = try #require(box.value)
    #expect(summary.errors == 0)
    #expect(summary.events == 5)
    #expect(summary.restarts == 1)
    #expect(summary.exitStatus(strict: false) == .clean)
    #expect(
      TailCommand.summaryLine(summary, path: path, strict: false).contains(
        "since the file was last truncated or replaced"))
  }

  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()

  @Test func usageErrorsAndHelp() {
    func run(_ arguments: [String]) -> ReplayCLI.Result {
      TailCommand.run(arguments, context: ReplayCLI.Context()) { _ in }
    }
    #expect(
      ReplayCLI.run(["tail", "--help"], context: ReplayCLI.Context()).stdout.contains("USAGE: replay tail"))
    #expect(run([]).status == .usage)
    #expect(run(["a", "b"]).status == .usage)
    #expect(run(["--interval", "0", "x"]).status == .usage)
    #expect(run(["--timeout", "-1", "x"]).status == .usage)
    #expect(run(["--from-strat", "x"]).stderr.contains("did you mean '--from-start'"))
    #expect(run(["--idle-check", "0", "x"]).status == .usage)
    #expect(run(["--idle-check", "soon", "x"]).status == .usage)
  }

  /// The built `replay` stops cleanly on Ctrl-C (SIGINT) and prints its summary.
  @Test func theBuiltCommandStopsOnSigint() throws {
    let executable = try #require(Self.builtExecutable("replay"))
    let path = try Self.temporaryPath()
    try (Self.cleanStart.joined(separator: "\n") + "\n").write(
      toFile: path, atomically: false, encoding: .utf8)
    let child = Process()
    child.executableURL = URL(fileURLWithPath: executable)
    child.arguments = ["tail", "--interval", "0.01", "--timeout", "60", path]
    let stdout = Pipe()
    let stderr = Pipe()
    child.standardOutput = stdout
    child.standardError = stderr
    try child.run()
    // The command says it is following once its SIGINT handler is in place (read aside, so a silent
    // child fails the test instead of hanging it).
    let started = Output()
    let said = DispatchSemaphore(value: 0)
    let reader = stderr.fileHandleForReading
    Thread.detachNewThread {
      started.append(String(decoding: reader.availableData, as: UTF8.self))
      said.signal()
    }
    #expect(said.wait(timeout: .now() + 20) == .success)
    #expect(started.value.hasPrefix("replay tail: following \(path)"))
    kill(child.processIdentifier, SIGINT)
    let exited = RecordingFixtureWait.until(timeout: 20) { !child.isRunning }
    #expect(exited)
    if !exited { kill(child.processIdentifier, SIGKILL) }
    child.waitUntilExit()
    let text = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(child.terminationReason == .exit)
    #expect(child.terminationStatus == 0)
    #expect(text.contains("followed \(path) (interrupted)"))
  }

  static func builtExecutable(_ name: String) -> String? {
    var candidates: [URL] = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
    if let executable = Bundle.main.executableURL {
      candidates.append(executable.deletingLastPathComponent())
    }
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
      candidates.append(bundle.bundleURL.deletingLastPathComponent())
    }
    return candidates.map { $0.appendingPathComponent(name).path }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }
}

/// A value handed from a background thread (a follow's summary, a command's result).
final class LockedBox<Value>: @unchecked Sendable {
  // `stored` is read and written only while holding `lock`.
  private let lock = NSLock()
  private var stored: Value?
  var value: Value? {
    get {
      lock.lock()
      defer { lock.unlock() }
      return stored
    }
    set {
      lock.lock()
      stored = newValue
      lock.unlock()
    }
  }
}

/// Polling with a generous deadline instead of sleeping for a guessed time.
enum RecordingFixtureWait {
  static func until(timeout: Double = 10, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if condition() { return true }
      usleep(5_000)
    }
    return condition()
  }
}
