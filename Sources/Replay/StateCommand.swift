import PresentationStateMachine

/// `replay state TRACE --at LINE | --time T`: the audit's state at one point of a trace (time travel).
enum StateCommand {
  static let usage = """
    USAGE: replay state (--at LINE | --time T) [--format text|json] [settings options] TRACE

    Folds the trace up to a point and prints the state there: each live presentation with its phase,
    presenter, interactive progress, open layout pass and pending appearance callback; the stack of every
    root; the transitions in flight with the time they become a hang (or, for a present nothing began,
    are dropped); the findings so far; and the lines
    up to the point that could not be read.

    OPTIONS:
      --at LINE            after the event on this line
      --time T             after every event with t at or before T (the trace's own clock)
      --format text|json   text (default) or one JSON document
    \(ThresholdOptions.help)
      -h, --help           Show this help

    Exit status: 0 the state was printed, 2 an unreadable trace or settings file, input errors up to the
    point (the state is still printed; those lines were skipped), or standard output that cannot be
    written, 64 wrong usage.
    """

  /// The options of `replay state` besides the settings, each declared once for the parser and for `run`.
  enum Option {
    static let at = ArgumentParser.Value("--at")
    static let time = ArgumentParser.Value("--time")

    static let all: [any ArgumentParser.Option] = [at, time, CommandInput.Option.format]
  }

  static func run(_ arguments: [String], context: ReplayCLI.Context) -> ReplayCLI.Result {
    let input: CommandInput
    switch CommandInput.parse(arguments, options: Option.all, usage: usage) {
    case .done(let result): return result
    case .run(let parsed): input = parsed
    }
    let parsed = input.parsed
    let configuration = input.configuration
    let point: AuditState.Point
    switch (parsed[Option.at], parsed[Option.time]) {
    case (let line?, nil):
      guard let number = Int(line), number >= 1 else {
        return ReplayCLI.usageFailure(
          UsageError(message: "--at must be a line number >= 1, not '\(line)'"), usage: usage)
      }
      point = .line(number)
    case (nil, let time?):
      guard let t = Double(time), t.isFinite else {
        return ReplayCLI.usageFailure(
          UsageError(message: "--time must be a number, not '\(time)'"), usage: usage)
      }
      point = .time(t)
    default:
      return ReplayCLI.usageFailure(
        UsageError(message: "give exactly one of --at LINE and --time T"), usage: usage)
    }
    let format: String
    let file: TraceFile
    do {
      format = try input.format(["text", "json"])
      file = try input.singleFile(context)
    } catch {
      return input.failure(error)
    }
    let reader: TraceReader
    do {
      reader = try file.reader()
    } catch {
      return ReplayCLI.Result(status: .inputError, stderr: "error: \(TerminalText.escaped(error.message))\n")
    }
    let state = AuditState.at(point, in: reader, configuration: configuration)
    return ReplayCLI.Result(
      status: state.inputErrors.isEmpty ? .clean : .inputError,
      stdout: format == "json" ? state.json() + "\n" : state.text(path: file.path))
  }
}
