import PresentationStateMachine

/// One `replay` subcommand, declared once: what the user types, its line in `replay --help`, its own
/// usage, and how it runs.
///
/// ```swift
/// Command.named("audit")?.run(["--format", "json", "traces"], context)
/// Command.all.map(\.name)  // ["audit", "rules", "shrink", …]: dispatch, help and "did you mean" alike
/// ```
struct Command: Sendable {
  /// What the user types after `replay`.
  let name: String
  /// What follows the name in the top-level usage (`PATH...`), or nothing.
  let arguments: String
  /// The command's line in the COMMANDS section of `replay --help`.
  let summary: String
  /// The command's own usage: what `replay NAME --help` prints, and what follows its usage errors.
  let usage: String
  let run: @Sendable (_ arguments: [String], _ context: ReplayCLI.Context) -> ReplayCLI.Result

  /// Every command, in the order `replay --help` lists them.
  static let all: [Command] = [
    Command(
      name: "audit", arguments: "PATH...",
      summary: "Audit trace files or directories of *.jsonl for invalid orderings",
      usage: AuditCommand.usage, run: AuditCommand.run(_:context:)),
    Command(
      name: "rules", arguments: "", summary: "List the rule catalog (id, severity, what it catches)",
      usage: RulesCommand.usage, run: RulesCommand.run(_:context:)),
    Command(
      name: "shrink", arguments: "TRACE",
      summary: "Reduce a trace to a minimal one that still reports --rule ID (writes --out FILE)",
      usage: ShrinkCommand.usage, run: ShrinkCommand.run(_:context:)),
    Command(
      name: "fuzz", arguments: "",
      summary: "Generate seeded traces (--seed S --count N), audit them, shrink failing cases",
      usage: FuzzCommand.usage, run: FuzzCommand.run(_:context:)),
    Command(
      name: "explore", arguments: "",
      summary: "Check the machine on every event sequence up to --depth N over --presentations K",
      usage: ExploreCommand.usage, run: ExploreCommand.run(_:context:)),
    Command(
      name: "show", arguments: "TRACE",
      summary: "Rebuild every transition's phases and timing, with a terminal timeline",
      usage: ShowCommand.usage, run: ShowCommand.run(_:context:)),
    Command(
      name: "stats", arguments: "PATH...",
      summary: "Statistics across many traces (durations, outcomes, let-go progress, findings)",
      usage: StatsCommand.usage, run: StatsCommand.run(_:context:)),
    Command(
      name: "export", arguments: "PATH...",
      summary: "Export a timeline (--format chrome|svg), or rows for SQL (--table, jsonl|csv)",
      usage: ExportCommand.usage, run: ExportCommand.run(_:context:)),
    Command(
      name: "tail", arguments: "FILE",
      summary: "Follow a trace while an app writes it and print each finding as it happens",
      usage: TailCommand.usage, run: TailCommand.run(_:context:)),
    Command(
      name: "graph", arguments: "",
      summary: "Draw the lifecycle from the transition table (Graphviz DOT or Mermaid)",
      usage: GraphCommand.usage, run: GraphCommand.run(_:context:)),
    Command(
      name: "state", arguments: "TRACE",
      summary: "The audit's state at a line or time: phases, stacks, deadlines (time travel)",
      usage: StateCommand.usage, run: StateCommand.run(_:context:)),
    Command(
      name: "expect", arguments: "TRACE...",
      summary: "Write each trace's findings into its header (expect): recorded sessions as tests",
      usage: ExpectCommand.usage, run: ExpectCommand.run(_:context:)),
  ]

  /// The command called `name`, if there is one.
  static func named(_ name: String) -> Command? { all.first { $0.name == name } }

  /// The COMMANDS section of `replay --help`: a line per command, summaries aligned.
  static var section: String {
    all.map { command in
      let call = command.arguments.isEmpty ? command.name : command.name + " " + command.arguments
      return "  " + call.padded(to: 15) + " " + command.summary
    }.joined(separator: "\n")
  }
}
