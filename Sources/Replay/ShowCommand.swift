import PresentationStateMachine

/// `replay show TRACE`: every transition as a block of phases and times, then a terminal timeline.
enum ShowCommand {
  static let usage = """
    USAGE: replay show [options] TRACE

    Rebuilds every transition of one trace: when it was requested, began, animated, was finished or
    cancelled, completed and ended (times relative to the trace's first event), declared versus measured
    duration, outcome and findings; then a timeline with one row per presentation.

    OPTIONS:
      --width COLUMNS      timeline width (default: $COLUMNS, else 100)
    \(ThresholdOptions.help)
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
    switch CommandInput.parse(arguments, options: Option.all, usage: usage) {
    case .done(let result): return result
    case .run(let parsed): input = parsed
    }
    let path: String
    let width: Int
    do {
      path = try input.singlePath()
      width = try input.integer(Option.width, minimum: 20, fallback: context.environment["COLUMNS"] ?? "100")
    } catch {
      return input.failure(error)
    }
    let replay = TraceReplay.run(path: path, configuration: input.configuration)
    var result = ReplayCLI.Result(
      status: ExitStatus(AuditReport(files: [replay.report]), strict: input.isStrict))
    if let failure = replay.report.readFailure {
      result.stderr = "error: \(TerminalText.escaped(failure))\n"
      return result
    }
    for error in replay.report.inputErrors {
      result.stderr += DiagnosticLine.inputError(error, path: path)
    }
    result.stdout = ShowRenderer.render(replay, width: width, color: context.useColor)
    return result
  }
}
