import PresentationStateMachine

/// `replay show TRACE`: every transition as a block of phases and times, then a terminal timeline.
enum ShowCommand {
  static let usage = """
    USAGE: replay show [options] TRACE

    Rebuilds every transition of one trace: when it was requested, began, animated, was finished or
    cancelled, completed and ended (times relative to the trace's first event), declared versus measured
    duration, outcome and findings; then a timeline with one row per presentation. It holds the trace
    whole, so it draws at most \(ShowRenderer.limit) transitions and \(ShowRenderer.limit) findings: past
    either it stops (exit status 2) and names what streams a trace of any length instead (replay export
    --table, --format chrome).

    OPTIONS:
      --width COLUMNS      timeline width, 20 to \(ShowRenderer.maximumWidth) (default: $COLUMNS when it is
                           one of those, else 100; another $COLUMNS is passed over with a note on stderr)
    \(ThresholdOptions.help)
    \(ThresholdOptions.strictHelp)
      -h, --help           Show this help

    Colour is used only on a terminal, and never when NO_COLOR is set to a non-empty value.
    """

  /// The options of `replay show` besides the settings, each declared once for the parser and for `run`.
  enum Option {
    static let width = ArgumentParser.Value("--width")

    static let all: [any ArgumentParser.Option] = [width]
  }

  static func run(_ arguments: [String], context: ReplayCLI.Context) -> ReplayCLI.Result {
    let input: CommandInput
    switch CommandInput.parse(arguments, options: Option.all, usage: usage, failsOnFindings: true) {
    case .done(let result): return result
    case .run(let parsed): input = parsed
    }
    let file: TraceFile
    let width: (columns: Int, note: String)
    do {
      file = try input.singleFile(context)
      width = try Self.width(input, environment: context.environment)
    } catch {
      return input.failure(error)
    }
    let path = file.path
    let replay = TraceReplay.run(
      path: path, configuration: input.configuration, limit: ShowRenderer.limit, opening: file.reader)
    if replay.stoppedAtLimit {
      return ReplayCLI.Result(
        status: .inputError,
        stderr: width.note + ExportCommand.tooLong(path, drawing: "show", limit: ShowRenderer.limit))
    }
    var result = ReplayCLI.Result(
      status: AuditReport(files: [replay.report], strict: input.isStrict).exitStatus, stderr: width.note)
    if let failure = replay.report.readFailure {
      result.stderr += "error: \(TerminalText.escaped(failure))\n"
      return result
    }
    for error in replay.report.inputErrors {
      result.stderr += DiagnosticLine.inputError(error, path: path)
    }
    result.stdout = ShowRenderer.render(replay, width: width.columns, color: context.useColor)
    return result
  }

  /// The widths a timeline can be drawn at: a width beyond the maximum would only allocate (a
  /// `--width 999999999999` asked for terabytes).
  static let widths = 20...ShowRenderer.maximumWidth
  static let defaultWidth = 100

  /// The timeline's width: `--width`, which must be in `widths` (else wrong usage), or `$COLUMNS` when it
  /// is such a number, or the default. A `$COLUMNS` that is not (a terminal's own setting, not a mistake
  /// in the command line) is passed over with a note.
  static func width(_ input: CommandInput, environment: [String: String]) throws(UsageError)
    -> (columns: Int, note: String)
  {
    if let text = input.parsed[Option.width] {
      guard let value = Int(text), widths.contains(value) else {
        throw UsageError(
          message: "\(Option.width.name) must be a number from \(widths.lowerBound) to \(widths.upperBound), "
            + "not '\(text)'")
      }
      return (value, "")
    }
    guard let columns = environment["COLUMNS"], !columns.isEmpty else { return (defaultWidth, "") }
    if let value = Int(columns), widths.contains(value) { return (value, "") }
    return (
      defaultWidth,
      "note: COLUMNS='\(TerminalText.escaped(columns))' is not a width from \(widths.lowerBound) to "
        + "\(widths.upperBound); the timeline is \(defaultWidth) columns wide (--width sets it)\n"
    )
  }
}
