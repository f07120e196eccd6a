import PresentationStateMachine

/// The `replay` command: dispatches to subcommands and turns their results into output and an exit status.
enum ReplayCLI {
  static let version = "0.1.0"

  /// What a run printed and how it ended.
  struct Result {
    /// How the run ended. A run whose stream decides it (``streamed(_:)``) knows it once the stream has
    /// run: reading it first runs the stream into nothing (tests read it; the process writes first).
    var status: AuditExitStatus {
      get {
        guard let settled = statusOfStream else { return settledStatus }
        if settled.value == nil { writeStdout { _ in } }
        return settled.value ?? settledStatus
      }
      set {
        settledStatus = newValue
        statusOfStream = nil
      }
    }
    private var settledStatus = AuditExitStatus.clean
    private var statusOfStream: StreamedStatus?
    var stderr = ""
    /// Standard output held whole, for the commands whose output is small.
    private var heldStdout = ""
    /// Standard output written a piece at a time, for a report as large as its findings: the process
    /// writes the pieces as they come (`writeStdout`), so the report never sits in memory whole.
    var streamedStdout: ((inout OutputSink) -> Void)?

    init(status: AuditExitStatus = .clean, stdout: String = "", stderr: String = "") {
      self.settledStatus = status
      self.heldStdout = stdout
      self.stderr = stderr
    }

    /// The whole standard output (a streamed one is rendered on reading, for tests and callers that want it
    /// as text).
    var stdout: String {
      get {
        var text = ""
        writeStdout { text += $0 }
        return text
      }
      set {
        heldStdout = newValue
        streamedStdout = nil
      }
    }

    /// Standard output written by `body` as it goes, which returns the run's exit status at its end: a
    /// run whose output is made as its files are read (`replay audit` of a fleet) holds no more of it.
    mutating func streamed(_ body: @escaping (inout OutputSink) -> AuditExitStatus) {
      let settled = StreamedStatus()
      statusOfStream = settled
      streamedStdout = { sink in settled.value = body(&sink) }
    }

    /// The exit status a stream settles when it runs.
    private final class StreamedStatus {
      var value: AuditExitStatus?
    }

    /// Hands standard output to `emit` in pieces, in order.
    func writeStdout(_ emit: (String) -> Void) {
      guard let streamedStdout else {
        emit(heldStdout)
        return
      }
      withoutActuallyEscaping(emit) { emit in
        var sink = OutputSink(emit)
        streamedStdout(&sink)
      }
    }
  }

  /// The context a run sees from its process: environment and whether stdout is a terminal.
  struct Context {
    var environment: [String: String] = [:]
    var stdoutIsTerminal = false
    /// The whole of standard input, read when a command is given `-` as a path (tests pass their own).
    var standardInput: () -> String = { "" }
    /// The arguments as the operating system passed them, bytes that need not be UTF-8 (a file name
    /// rarely is not); `nil` when the run has only the strings. From `run` on, a command's own arguments,
    /// as its `arguments` are: the strings decode them, an invalid byte as U+FFFD.
    var argumentBytes: [[UInt8]]?

    /// Colour only for a terminal, and never when `NO_COLOR` is set to a non-empty value
    /// (https://no-color.org: an empty `NO_COLOR` does not count).
    var useColor: Bool { stdoutIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty }
  }

  static let usage = """
    USAGE: replay <command> [options]

    Audits recorded UIKit presentation lifecycles (trace format v1, JSON Lines).

    COMMANDS:
    \(Command.section)

    OPTIONS:
      -h, --help      Show help (also after a command: replay audit --help)
      --version       Show the version

    Exit status: 0 clean (warnings allowed), 1 an error finding, 2 unreadable input (a trace, or the
    settings file: .replay.json or --config) or output that cannot be written, 64 wrong usage.
    """

  static func run(_ arguments: [String], context: Context) -> Result {
    guard let command = arguments.first else {
      return Result(status: .usage, stderr: "error: missing command\n\n" + usage + "\n")
    }
    switch command {
    case "-h", "--help", "help":
      return Result(stdout: usage + "\n")
    case "--version":
      return Result(stdout: "replay \(version) (trace format v\(TraceHeader.supportedVersion))\n")
    default:
      if let known = Command.named(command) {
        var context = context
        context.argumentBytes = context.argumentBytes.map { Array($0.dropFirst()) }
        return known.run(Array(arguments.dropFirst()), context)
      }
      let hint =
        ClosestMatch.name(to: command, among: Command.all.map(\.name) + ["help"], maximumDistance: 2)
        .map { "; did you mean '\($0)'?" } ?? ""
      return Result(
        status: .usage,
        stderr: "error: unknown command '\(TerminalText.escaped(command))'\(hint)\n\n" + usage + "\n")
    }
  }

  /// Wrong usage: the message and the command's usage, exit 64. A bad settings file is not wrong usage:
  /// one line naming the file, exit 2.
  static func usageFailure(_ error: UsageError, usage: String) -> Result {
    // The message quotes the command line and the settings file: escaped for the terminal.
    let message = TerminalText.escaped(error.message)
    guard !error.isUnreadableInput else {
      return Result(status: .inputError, stderr: "error: \(message)\n")
    }
    return Result(status: .usage, stderr: "error: \(message)\n\n\(usage)\n")
  }
}
