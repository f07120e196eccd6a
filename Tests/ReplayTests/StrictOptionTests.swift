import Testing

@testable import Replay

/// `--strict` is an option of the commands whose exit status reports the findings, and of no other: on
/// `stats`, `export`, `state` and the rest it once parsed, promised "warnings fail the run too (exit 1)"
/// in their help, and changed nothing (`replay stats --strict` of a trace of warnings exited 0).
@Suite struct StrictOptionTests {
  static let failingOnFindings = ["audit", "show", "tail"]
  static let others = ["stats", "export", "state", "rules", "shrink", "fuzz", "expect"]

  func run(_ arguments: [String]) -> ReplayCLI.Result {
    ReplayCLI.run(arguments, context: ReplayCLI.Context(environment: [:], stdoutIsTerminal: false))
  }

  @Test(arguments: failingOnFindings)
  func theCommandsThatFailOnFindingsOfferIt(_ command: String) {
    let help = run([command, "--help"])
    #expect(help.status == .clean)
    #expect(help.stdout.contains("--strict             warnings fail the run too (exit 1)"), "\(help.stdout)")
  }

  @Test(arguments: others)
  func anyOtherCommandRefusesIt(_ command: String) {
    let help = run([command, "--help"])
    #expect(help.status == .clean)
    #expect(!help.stdout.contains("--strict"), "\(help.stdout)")
    let refused = run([command, "--strict", "traces/rules/layout-hitch.jsonl"])
    #expect(refused.status == .usage, "\(refused.stdout)\(refused.stderr)")
    #expect(refused.stderr.contains("unknown option '--strict'"), "\(refused.stderr)")
  }

  /// `--check-expect`'s status says whether the findings agree with the header, so `--strict` would do
  /// nothing there (it was taken and ignored).
  @Test func checkExpectRefusesIt() {
    let refused = run(["audit", "--check-expect", "--strict", "traces/rules/layout-hitch.jsonl"])
    #expect(refused.status == .usage)
    #expect(refused.stderr.hasPrefix("error: --strict fails a run on warnings; --check-expect passes"))
  }
}
