import Testing

@testable import Replay

/// `replay audit --snapshot-out` and `--resume` audit one trace from a snapshot's line on: the options
/// that would do nothing there are wrong usage, not taken silently. `--check-expect` with them once
/// printed a plain audit and exited 0 though the trace's findings disagreed with its header's `expect`.
@Suite struct IncrementalAuditOptionsTests {
  static let trace = ReplayCLITests.tracesDirectory + "/valid/card-present-dismiss.jsonl"

  func run(_ arguments: [String]) -> ReplayCLI.Result {
    ReplayCLI.run(arguments, context: ReplayCLI.Context(environment: [:], stdoutIsTerminal: false))
  }

  @Test(arguments: [
    (["--check-expect"], "--check-expect compares a whole audit with the header's expect"),
    (["--jobs", "2"], "--jobs shares out many files; --resume and --snapshot-out audit one"),
    (["--shard", "0/2"], "--shard shares out many files; --resume and --snapshot-out audit one"),
  ])
  func anOptionThatWouldDoNothingIsWrongUsage(_ option: [String], _ message: String) {
    for incremental in [["--snapshot-out", "/nonexistent/s.json"], ["--resume", "/nonexistent/s.json"]] {
      let result = run(["audit"] + option + incremental + [Self.trace])
      #expect(result.status == .usage, "\(result.stderr)")
      #expect(result.stderr.hasPrefix("error: \(message)"), "\(result.stderr)")
    }
  }
}
