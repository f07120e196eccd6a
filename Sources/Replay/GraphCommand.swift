import StateMachine

/// `replay graph`: the lifecycle drawn from the transition table the machine runs on.
enum GraphCommand {
  static let usage = """
    USAGE: replay graph [--format dot|mermaid] [--all]

    Prints the lifecycle of one presentation as a graph: phases as nodes, events as edges, drawn from
    the same transition table the auditor runs on. Red dashed edges report a rule (named on the edge)
    and follow the evidence to the phase the event implies.

    OPTIONS:
      --format dot|mermaid   dot: Graphviz (default; render with 'dot -Tsvg -o lifecycle.svg');
                             mermaid: a flowchart for a ```mermaid block
      --all                  also draw refused events (dotted red self-loops) and events that keep the
                             phase (grey self-loops): every row of the table
      -h, --help             Show this help
    """

  static func run(_ arguments: [String], context: ReplayCLI.Context) -> ReplayCLI.Result {
    let parser = ArgumentParser(options: [
      .init(name: "--format", takesValue: true), .init(name: "--all", takesValue: false),
      .init(name: "--help", takesValue: false),
    ])
    let parsed: ArgumentParser.Parsed
    do {
      parsed = try parser.parse(arguments)
    } catch {
      return ReplayCLI.usageFailure(error, usage: usage)
    }
    if parsed.flags.contains("--help") { return ReplayCLI.Result(stdout: usage + "\n") }
    if let extra = parsed.positionals.first {
      return ReplayCLI.usageFailure(UsageError(message: "unexpected argument '\(extra)'"), usage: usage)
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
