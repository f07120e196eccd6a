import StateMachine

/// The `replay` command: dispatches to subcommands and turns their results into output and an exit status.
enum ReplayCLI {
  static let version = "0.1.0"

  /// What a run printed and how it ended.
  struct Result {
    var status = ExitStatus.clean
    var stdout = ""
    var stderr = ""
  }

  /// The context a run sees from its process: environment and whether stdout is a terminal.
  struct Context {
    var environment: [String: String] = [:]
    var stdoutIsTerminal = false
    /// The whole of standard input, read when a command is given `-` as a path (tests pass their own).
    var standardInput: () -> String = { "" }

    /// Colour only for a terminal, and never when `NO_COLOR` is set to a non-empty value
    /// (https://no-color.org: an empty `NO_COLOR` does not count).
    var useColor: Bool { stdoutIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty }
  }

  static let usage = """
    USAGE: replay <command> [options]

    Audits recorded UIKit presentation lifecycles (trace format v1, JSON Lines).

    COMMANDS:
      audit PATH...   Audit trace files or directories of *.jsonl for invalid orderings
      rules           List the rule catalog (id, severity, what it catches)
      shrink TRACE    Reduce a trace to a minimal one that still reports --rule ID (writes --out FILE)
      fuzz            Generate seeded traces (--seed S --count N), audit them, shrink failing cases
      explore         Check the machine on every event sequence up to --depth N over --presentations K
      show TRACE      Rebuild every transition's phases and timing, with a terminal timeline
      stats PATH...   Statistics across many traces (durations, outcomes, let-go progress, findings)
      export TRACE    Export a timeline: --format chrome (Perfetto, chrome://tracing) or svg
      tail FILE       Follow a trace while an app writes it and print each finding as it happens
      graph           Draw the lifecycle from the transition table (Graphviz DOT or Mermaid)
      state TRACE     The audit's state at a line or time: phases, stacks, deadlines (time travel)
      expect TRACE... Write each trace's findings into its header (expect): recorded sessions as tests

    OPTIONS:
      -h, --help      Show help (also after a command: replay audit --help)
      --version       Show the version

    Exit status: 0 clean (warnings allowed), 1 an error finding, 2 unreadable input (a trace, or the
    settings file: .replay.json or --config), 64 wrong usage.
    """

  static func run(_ arguments: [String], context: Context) -> Result {
    guard let command = arguments.first else {
      return Result(status: .usage, stderr: "error: missing command\n\n" + usage + "\n")
    }
    let rest = Array(arguments.dropFirst())
    switch command {
    case "-h", "--help", "help":
      return Result(stdout: usage + "\n")
    case "--version":
      return Result(stdout: "replay \(version) (trace format v\(TraceHeader.supportedVersion))\n")
    case "audit":
      return AuditCommand.run(rest, context: context)
    case "rules":
      return RulesCommand.run(rest, context: context)
    case "shrink": return ShrinkCommand.run(rest, context: context)
    case "fuzz": return FuzzCommand.run(rest, context: context)
    case "explore": return ExploreCommand.run(rest, context: context)
    case "show":
      return ShowCommand.run(rest, context: context)
    case "stats":
      return StatsCommand.run(rest, context: context)
    case "export":
      return ExportCommand.run(rest, context: context)
    case "tail":
      return TailCommand.run(rest, context: context)
    case "graph":
      return GraphCommand.run(rest, context: context)
    case "state":
      return StateCommand.run(rest, context: context)
    case "expect":
      return ExpectCommand.run(rest, context: context)
    default:
      let commands = [
        "audit", "rules", "show", "stats", "export", "tail", "graph", "state", "expect", "shrink", "fuzz",
        "explore", "help",
      ]
      let hint =
        ClosestMatch.name(to: command, among: commands, maximumDistance: 2).map { "; did you mean '\($0)'?" }
        ?? ""
      return Result(status: .usage, stderr: "error: unknown command '\(command)'\(hint)\n\n" + usage + "\n")
    }
  }

  /// Wrong usage: the message and the command's usage, exit 64. A bad settings file is not wrong usage:
  /// one line naming the file, exit 2.
  static func usageFailure(_ error: UsageError, usage: String) -> Result {
    guard !error.isUnreadableInput else {
      return Result(status: .inputError, stderr: "error: \(error.message)\n")
    }
    return Result(status: .usage, stderr: "error: \(error.message)\n\n\(usage)\n")
  }
}
