import Foundation
import StateMachine

/// `replay explore --depth N --presentations K`: every event sequence up to N events, checked.
enum ExploreCommand {
  static let usage = """
    USAGE: replay explore [--depth N] [--presentations K]

    Enumerates every event sequence of up to N events over the abstract alphabet (every event kind for
    each of K presentation ids, present from every possible presenter, both values of completed and
    didComplete, a fixed 10 ms time step) and checks on each: nothing traps; clean sequences (no ordering
    finding) are prefix-closed; every clean sequence can still reach quiescence (a few more events end
    every transition, still clean); the machine is deterministic. Prints the states and sequences checked
    and the rate. The alphabet has about 40 events per id: depth 3 with 2 ids is half a million sequences.

    OPTIONS:
      --depth N            the longest sequence (default 3)
      --presentations K    how many presentation ids (default 2)
      -h, --help           Show this help

    Exit status: 0 every property holds, 1 a property failed (the sequence is printed), 64 wrong usage.
    """

  static func run(_ arguments: [String], context: ReplayCLI.Context) -> ReplayCLI.Result {
    let parser = ArgumentParser(options: [
      .init(name: "--depth", takesValue: true), .init(name: "--presentations", takesValue: true),
      .init(name: "--help", takesValue: false),
    ])
    let parsed: ArgumentParser.Parsed
    do {
      parsed = try parser.parse(arguments)
    } catch {
      return ReplayCLI.usageFailure(error, usage: usage)
    }
    if parsed.flags.contains("--help") { return ReplayCLI.Result(stdout: usage + "\n") }
    guard parsed.positionals.isEmpty else {
      return ReplayCLI.usageFailure(UsageError(message: "explore takes no paths"), usage: usage)
    }
    guard let depth = Int(parsed.values["--depth"] ?? "3"), (0...8).contains(depth) else {
      return ReplayCLI.usageFailure(UsageError(message: "--depth needs an integer from 0 to 8"), usage: usage)
    }
    guard let presentations = Int(parsed.values["--presentations"] ?? "2"), (1...4).contains(presentations)
    else {
      return ReplayCLI.usageFailure(
        UsageError(message: "--presentations needs an integer from 1 to 4"), usage: usage)
    }
    let explorer = BoundedExplorer(depth: depth, presentations: presentations)
    let start = Date()
    let report = explorer.run()
    let seconds = max(Date().timeIntervalSince(start), 1e-9)
    var result = ReplayCLI.Result()
    result.stdout =
      "explored depth \(depth), \(presentations) presentation\(presentations == 1 ? "" : "s"), "
      + "alphabet \(explorer.alphabet.count) events: \(report.sequences) sequences (\(report.clean) clean), "
      + "\(report.states) states in \(String(format: "%.2f", seconds)) s "
      + "(\(Int((Double(report.sequences) / seconds).rounded())) sequences/s); "
      + (report.violations.isEmpty ? "every property holds\n" : "\(report.violations.count) violations\n")
    for violation in report.violations { result.stderr += "error: \(violation)\n" }
    result.status = report.violations.isEmpty ? 0 : 1
    return result
  }
}
