import Foundation
import Testing

/// A run whose standard output cannot be written (a full disk: `/dev/full`) says so and ends with status 2,
/// whatever the command: its report is not all there. `export --format svg` and `--format chrome`,
/// `stats`, `rules`, `graph` and `audit` once ended as if the report had been written (`svg` and `chrome`
/// with status 0 and no message), where `export --table` already said "cannot write the rows". A reader
/// that goes away (a closed pipe) still ends the output quietly.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full (Linux)"))
struct UnwritableOutputTests {
  static let commands: [String] = [
    "export --format svg traces/mixed/shopping-session.jsonl",
    "export --format chrome traces/mixed/shopping-session.jsonl",
    "stats traces/valid",
    "audit traces/valid",
    "audit --format json traces/valid",
    "show traces/valid/card-present-dismiss.jsonl",
    "state --at 3 traces/valid/card-present-dismiss.jsonl",
    "rules",
    "graph",
    "tail --from-start --timeout 0.2 traces/rules/complete-twice.jsonl",
  ]

  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

  @Test(arguments: commands)
  func aFullDiskIsAnErrorWithStatusTwo(_ command: String) throws {
    let run = try BuiltReplay.runShell(
      "cd \"$ROOT\" && exec \"$REPLAY\" \(command) > /dev/full",
      environment: [
        "ROOT": Self.root
      ])
    #expect(!run.timedOut && !run.signalled && run.status == 2, "\(run.stderr)")
    #expect(
      run.stderr.contains("error: cannot write standard output: No space left on device"), "\(run.stderr)")
  }

  @Test(arguments: [["audit"], ["tail", "--from-start", "--timeout", "20"]])
  func aClosedPipeEndsTheOutputQuietly(_ command: [String]) throws {
    // 20,000 dismisses of ids never presented: a report of about 3 MB, far more than a pipe holds, of
    // which `head -c 1` reads a byte before it goes away. SIGPIPE ignored (as a service manager may start
    // a process), so the write fails with EPIPE rather than the signal ending `replay`: it ends with its
    // own status (1, the findings) and says nothing, and `tail` stops following at once.
    let trace = FileManager.default.temporaryDirectory.appendingPathComponent(
      "closed-pipe-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: trace) }
    let lines = (1...20_000).map { #"{"t":\#($0),"id":"p\#($0)","event":"dismiss"}"# }
    try (lines.joined(separator: "\n") + "\n").write(to: trace, atomically: true, encoding: .utf8)
    let script = #"""
      trap '' PIPE
      ("$REPLAY" \#(command.joined(separator: " ")) "$TRACE" 2> "$TRACE.err"; echo $? > "$TRACE.status") \#
      | head -c 1 > /dev/null
      grep -v '^replay tail: following' "$TRACE.err"; echo "status $(cat "$TRACE.status")"
      rm -f "$TRACE.err" "$TRACE.status"
      """#
    let run = try BuiltReplay.runShell(script, environment: ["TRACE": trace.path], timeout: 15)
    #expect(!run.timedOut, "replay went on after its reader went away")
    #expect(run.stdout == "status 1\n", "\(run.stdout)")
  }

  /// Standard output a parent left non-blocking (a pipe it shares): a write that would block waits, as a
  /// blocking one does, and the whole report arrives. It once failed the run with "Resource temporarily
  /// unavailable" and a cut report.
  @Test func aNonBlockingPipeGetsTheWholeReport() throws {
    let trace = FileManager.default.temporaryDirectory.appendingPathComponent(
      "non-blocking-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: trace) }
    let lines = (1...20_000).map { #"{"t":\#($0),"id":"p\#($0)","event":"dismiss"}"# }
    try (lines.joined(separator: "\n") + "\n").write(to: trace, atomically: true, encoding: .utf8)
    var ends: [Int32] = [-1, -1]
    try #require(pipe(&ends) == 0)
    _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
    let child = Process()
    child.executableURL = URL(fileURLWithPath: try BuiltReplay.executable())
    child.arguments = ["audit", trace.path]
    child.standardOutput = FileHandle(fileDescriptor: ends[1], closeOnDealloc: false)
    child.standardError = FileHandle.nullDevice
    try child.run()
    close(ends[1])
    // Read only after the child has filled the pipe and met a write that would block.
    usleep(300_000)
    let report = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true).readDataToEndOfFile()
    child.waitUntilExit()
    #expect(child.terminationStatus == 1)
    #expect(
      String(decoding: report, as: UTF8.self).hasSuffix(
        "20000 events: 20000 errors, 0 warnings in 1 file (failed)\n"))
  }
}
