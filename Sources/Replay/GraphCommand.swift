import PresentationStateMachine

/// `replay graph`: the lifecycle drawn from the transition table the machine runs on.
enum GraphCommand {
  static let usage = """
    USAGE: replay graph [--format dot|mermaid] [--all]
           replay graph --violations

    Prints the lifecycle of one presentation from the same transition table the auditor runs on.

    By default: the legal moves only, as a graph with phases as nodes and events as edges (the diagram
    in Docs/lifecycle.svg). With --all: every entry of the table, the rule-producing ones in red and
    named. With --violations: every rule-producing entry (rule, event, phase, what the machine does,
    why) as a Markdown table (Docs/lifecycle-violations.md).

    OPTIONS:
      --format dot|mermaid   dot: Graphviz (default; render with 'dot -Tsvg -o lifecycle.svg');
                             mermaid: a flowchart for a ```mermaid block
      --all                  also draw the entries that keep the phase (grey self-loops) and the
                             rule-producing ones: red dashed to where the machine follows the evidence,
                             red dotted self-loops for refused events, each naming its rule [rule-id]
      --violations           the rule-producing entries as a Markdown table instead of a graph
      -h, --help             Show this help
    """

  /// The options of `replay graph`, each declared once for the parser and for `run`.
  enum Option {
    static let includeAll = ArgumentParser.Flag("--all")
    static let violations = ArgumentParser.Flag("--violations")

    static let all: [any ArgumentParser.Option] = [CommandInput.Option.format, includeAll, violations]
  }

  static func run(_ arguments: [String], context: ReplayCLI.Context) -> ReplayCLI.Result {
    let parsed: ArgumentParser.Parsed
    switch CommandInput.parse(arguments, options: Option.all, usage: usage, auditSettings: false) {
    case .done(let result): return result
    case .run(let input): parsed = input.parsed
    }
    if let extra = parsed.positionals.first {
      return ReplayCLI.usageFailure(UsageError(message: "unexpected argument '\(extra)'"), usage: usage)
    }
    if parsed[Option.violations] {
      guard parsed[CommandInput.Option.format] == nil, !parsed[Option.includeAll] else {
        return ReplayCLI.usageFailure(
          UsageError(message: "--violations prints a Markdown table; it takes neither --format nor --all"),
          usage: usage)
      }
      return ReplayCLI.Result(stdout: TransitionTable.ruleTable())
    }
    let formatName = parsed[CommandInput.Option.format] ?? "dot"
    guard let format = TransitionTable.GraphFormat(rawValue: formatName) else {
      return ReplayCLI.usageFailure(
        UsageError(message: "--format must be dot or mermaid, not '\(formatName)'"), usage: usage)
    }
    return ReplayCLI.Result(
      stdout: TransitionTable.graph(format, includeAll: parsed[Option.includeAll]))
  }
}
