import StateMachine

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

  static func run(_ arguments: [String], context: ReplayCLI.Context) -> ReplayCLI.Result {
    let options: [ArgumentParser.Option] = [
      .init(name: "--format", takesValue: true), .init(name: "--all", takesValue: false),
      .init(name: "--violations", takesValue: false),
    ]
    let parsed: ArgumentParser.Parsed
    switch CommandInput.parse(arguments, options: options, usage: usage, auditSettings: false) {
    case .done(let result): return result
    case .run(let input): parsed = input.parsed
    }
    if let extra = parsed.positionals.first {
      return ReplayCLI.usageFailure(UsageError(message: "unexpected argument '\(extra)'"), usage: usage)
    }
    if parsed.flags.contains("--violations") {
      guard parsed.values["--format"] == nil, !parsed.flags.contains("--all") else {
        return ReplayCLI.usageFailure(
          UsageError(message: "--violations prints a Markdown table; it takes neither --format nor --all"),
          usage: usage)
      }
      return ReplayCLI.Result(stdout: TransitionTable.ruleTable())
    }
    let formatName = parsed.values["--format"] ?? "dot"
    guard let format = TransitionTable.GraphFormat(rawValue: formatName) else {
      return ReplayCLI.usageFailure(
        UsageError(message: "--format must be dot or mermaid, not '\(formatName)'"), usage: usage)
    }
    return ReplayCLI.Result(
      stdout: TransitionTable.graph(format, includeAll: parsed.flags.contains("--all")))
  }
}
