import PresentationStateMachine

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `replay explore --depth N --presentations K`: every event sequence up to N events, checked.
enum ExploreCommand {
  static let usage = """
    USAGE: replay explore [--depth N] [--presentations K]

    Enumerates every event sequence of up to N events over the abstract alphabet (every event kind for
    each of K presentation ids, present from every possible presenter in a custom and in a system style,
    both values of completed, didComplete and wantsInteractiveStart; 32 + 2K events per id, so 34 with
    one id and 72 in all with two) and checks: nothing traps; clean sequences (no ordering finding) are
    prefix-closed; every clean state can still reach quiescence (a few more events end every transition,
    still clean); the machine is deterministic (the same event on the same state gives the same step,
    findings and state). The search is breadth-first over clean sequences only, and each distinct state
    of the auditor (its whole snapshot state, every event at t = 0) is explored once, so depth 10 with
    one id or 8 with two takes seconds to minutes. Every state explored is kept (2 to 5 KB each), so the
    largest depths with several ids run out of memory before they finish. Prints the states and sequences
    checked, their rates, and the shortest clean present-then-dismiss found.

    OPTIONS:
      --depth N            the longest sequence, 0 to 12 (default 6)
      --presentations K    how many presentation ids, 1 to 4 (default 1)
      -h, --help           Show this help

    Exit status: 0 every property holds, 1 a property failed (the sequence is printed), 2 standard output
    could not be written, 64 wrong usage.
    """

  /// The options of `replay explore`, each declared once for the parser and for `run`.
  enum Option {
    static let depth = ArgumentParser.Value("--depth")
    static let presentations = ArgumentParser.Value("--presentations")

    static let all: [any ArgumentParser.Option] = [depth, presentations]
  }

  static func run(_ arguments: [String], context: ReplayCLI.Context) -> ReplayCLI.Result {
    let parsed: ArgumentParser.Parsed
    switch CommandInput.parse(arguments, options: Option.all, usage: usage, auditSettings: false) {
    case .done(let result): return result
    case .run(let input): parsed = input.parsed
    }
    guard parsed.positionals.isEmpty else {
      return ReplayCLI.usageFailure(UsageError(message: "explore takes no paths"), usage: usage)
    }
    guard let depth = Int(parsed[Option.depth] ?? "6"), (0...12).contains(depth) else {
      return ReplayCLI.usageFailure(
        UsageError(message: "--depth needs an integer from 0 to 12"), usage: usage)
    }
    guard let presentations = Int(parsed[Option.presentations] ?? "1"), (1...4).contains(presentations)
    else {
      return ReplayCLI.usageFailure(
        UsageError(message: "--presentations needs an integer from 1 to 4"), usage: usage)
    }
    let explorer = BoundedExplorer(depth: depth, presentations: presentations)
    let start = Date()
    let report = explorer.run()
    let seconds = max(Date().timeIntervalSince(start), 1e-9)
    func rate(_ count: Int) -> Int { Int((Double(count) / seconds).rounded()) }
    var result = ReplayCLI.Result()
    result.stdout =
      "explored depth \(depth) (reached \(report.deepest)), \(presentations) presentation"
      + "\(presentations == 1 ? "" : "s"), alphabet \(explorer.alphabet.count) events: \(report.states) states, "
      + "\(report.sequences) sequences (\(report.clean) clean) in \(TwoDecimals.text(seconds)) s "
      + "(\(rate(report.states)) states/s, \(rate(report.sequences)) sequences/s); "
      + "\(report.presentedThenDismissed) states after a full present-then-dismiss; "
      + (report.violations.isEmpty ? "every property holds\n" : "\(report.violations.count) violations\n")
    if let cycle = report.presentThenDismiss {
      result.stdout +=
        "shortest present-then-dismiss: " + cycle.map { Self.label($0) }.joined(separator: ", ") + "\n"
    }
    for violation in report.violations { result.stderr += "error: \(violation)\n" }
    result.status = report.violations.isEmpty ? .clean : .findings
    return result
  }

  /// `present p1`, `completeTransition(true) p1`: an event as the alphabet names it.
  private static func label(_ event: Event) -> String {
    "\(Trigger(event).label) \(event.id)"
  }
}
