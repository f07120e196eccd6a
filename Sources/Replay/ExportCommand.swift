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

  static func run(_ arguments: [String], context: ReplayCLI.Context) -> ReplayCLI.Result {
    let parser = ArgumentParser(
      options: [
        .init(name: "--format", takesValue: true), .init(name: "--width", takesValue: true),
        .init(name: "--help", takesValue: false),
      ] + ThresholdOptions.options)
    let parsed: ArgumentParser.Parsed
    let configuration: AuditConfiguration
    do {
      parsed = try parser.parse(arguments)
      configuration = try ThresholdOptions.configuration(from: parsed)
    } catch {
      return ReplayCLI.usageFailure(error, usage: usage)
    }
    if parsed.flags.contains("--help") { return ReplayCLI.Result(stdout: usage + "\n") }
    guard let format = parsed.values["--format"], format == "chrome" || format == "svg" else {
      return ReplayCLI.usageFailure(UsageError(message: "--format must be chrome or svg"), usage: usage)
    }
    guard parsed.positionals.count == 1, let path = parsed.positionals.first else {
      return ReplayCLI.usageFailure(UsageError(message: "give exactly one trace file"), usage: usage)
    }
    let widthText = parsed.values["--width"] ?? "1000"
    guard let width = Int(widthText), width >= 300 else {
      return ReplayCLI.usageFailure(
        UsageError(message: "--width must be a number >= 300, not '\(widthText)'"), usage: usage)
    }
    let replay = TraceReplay.run(path: path, configuration: configuration)
    if let failure = replay.report.readFailure {
      return ReplayCLI.Result(status: 2, stderr: "error: \(failure)\n")
    }
    var result = ReplayCLI.Result(status: replay.report.inputErrors.isEmpty ? 0 : 2)
    for error in replay.report.inputErrors {
      result.stderr += "\(path):\(error.line):\(error.column): error: [input] \(error.message)\n"
    }
    result.stdout =
      format == "chrome"
      ? ChromeTraceExporter.export(replay) : SVGTimelineExporter.export(replay, width: width)
    return result
  }
}
