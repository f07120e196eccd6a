import StateMachine

/// `replay export TRACE --format chrome|svg`: a timeline for Perfetto / chrome://tracing, or an SVG.
enum ExportCommand {
  static let usage = """
    USAGE: replay export --format chrome|svg [--width PIXELS] [threshold options] TRACE

    Writes the trace's timeline to standard output:
      chrome   Chrome Trace Event JSON: open it in https://ui.perfetto.dev or chrome://tracing. One track per
               presentation; each transition and its phases as duration events; findings as instant events.
      svg      a self-contained SVG timeline to open in a browser or attach to a bug report.

    OPTIONS:
      --format chrome|svg  the output format (required)
      --width PIXELS       width of the SVG (default 1000)
    \(ThresholdOptions.help)
      -h, --help           Show this help

    Example: replay export --format svg trace.jsonl > timeline.svg
    """

  /// The options of `replay export` besides the settings, each declared once for the parser and for `run`.
  enum Option {
    static let width = ArgumentParser.Value("--width")

    static let all: [any ArgumentParser.Option] = [CommandInput.Option.format, width]
  }

  static func run(_ arguments: [String], context: ReplayCLI.Context) -> ReplayCLI.Result {
    let input: CommandInput
    switch CommandInput.parse(arguments, options: Option.all, usage: usage) {
    case .done(let result): return result
    case .run(let parsed): input = parsed
    }
    let format: String
    let path: String
    let width: Int
    do throws(UsageError) {
      guard input.parsed[CommandInput.Option.format] != nil else {
        throw UsageError(message: "--format chrome|svg is required")
      }
      format = try input.format(["chrome", "svg"])
      path = try input.singlePath()
      width = try input.integer(Option.width, minimum: 300, fallback: "1000")
    } catch {
      return input.failure(error)
    }
    let replay = TraceReplay.run(path: path, configuration: input.configuration)
    if let failure = replay.report.readFailure {
      return ReplayCLI.Result(status: .inputError, stderr: "error: \(failure)\n")
    }
    var result = ReplayCLI.Result(status: replay.report.inputErrors.isEmpty ? .clean : .inputError)
    for error in replay.report.inputErrors {
      result.stderr += "\(path):\(error.line):\(error.column): error: [input] \(error.message)\n"
    }
    result.stdout =
      format == "chrome"
      ? ChromeTraceExporter.export(replay) : SVGTimelineExporter.export(replay, width: width)
    return result
  }
}
