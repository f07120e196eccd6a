import Testing

@testable import Replay

/// The commands are declared once (`Command.all`); the top-level usage, the dispatch and the "did you
/// mean" hint all come from that list.
@Suite struct CommandTests {
  func run(_ arguments: [String]) -> ReplayCLI.Result {
    ReplayCLI.run(arguments, context: ReplayCLI.Context())
  }

  @Test func namesAreUnique() {
    #expect(Set(Command.all.map(\.name)).count == Command.all.count)
  }

  @Test(arguments: Command.all.map(\.name))
  func everyCommandIsListedDispatchedAndAnswersHelp(_ name: String) throws {
    let command = try #require(Command.named(name))
    let lines = ReplayCLI.usage.split(separator: "\n")
    #expect(lines.filter { $0.hasPrefix("  \(name) ") }.count == 1, "\(name) in replay --help")
    #expect(lines.contains { $0.hasPrefix("  \(name)") && $0.hasSuffix(command.summary) })
    for help in ["--help", "-h"] {
      let result = run([name, help])
      #expect(result.status == .clean && result.stdout == command.usage + "\n", "replay \(name) \(help)")
    }
    let typo = run([name, "--no-such-option"])
    #expect(typo.status == .usage && typo.stderr.hasSuffix(command.usage + "\n"), "replay \(name)")
  }

  @Test(arguments: Command.all.map(\.name))
  func aMisspeltCommandNamesIt(_ name: String) {
    let result = run([name + "x"])
    #expect(result.status == .usage)
    #expect(result.stderr.hasPrefix("error: unknown command '\(name)x'; did you mean '\(name)'?"))
    #expect(result.stderr.contains("COMMANDS:"))
  }

  @Test func theSummariesLineUpAsBefore() {
    #expect(ReplayCLI.usage.contains("\n  audit PATH...   Audit trace files"))
    #expect(ReplayCLI.usage.contains("\n  rules           List the rule catalog"))
    #expect(ReplayCLI.usage.contains("\n  expect TRACE... Write each trace's findings"))
  }
}
