import PresentationStateMachine

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `replay export`: one trace's timeline (`--format chrome|svg`), or with `--table` the rows of many
/// traces as JSON Lines or CSV for a query engine.
enum ExportCommand {
  static let usage = """
    USAGE: replay export --format chrome|svg [--width PIXELS] [threshold options] TRACE
           replay export --table transitions|findings|traces [--format jsonl|csv] [--out DIR] [--jobs N]
                         [--shard I/N] [threshold options] PATH...

    Writes the trace's timeline to standard output:
      chrome   Chrome Trace Event JSON: open it in https://ui.perfetto.dev or chrome://tracing. One track per
               presentation; each transition and its phases as duration events; findings as instant events.
               A trace of more than \(ReplayStream.window) transitions and findings is written as it is
               replayed, in the memory of what is in flight (its events then come in the order they settle).
      svg      a self-contained SVG timeline to open in a browser or attach to a bug report. It is held
               whole: at most \(SVGTimelineExporter.limit) transitions and \(SVGTimelineExporter.limit) findings (past
               either, exit status 2 and a note of what streams instead).

    With --table, writes one row per reconstructed transition, per finding or per trace of every trace the
    paths name (a directory means every regular *.jsonl file below it; - reads paths from standard input),
    in the order of the files whatever --jobs. The columns, their types and units are the versioned schema
    of the documentation's "Export tables" article; every row starts with schema_version.

    OPTIONS:
      --format chrome|svg  the timeline's format (required without --table)
      --width PIXELS       width of the SVG (default 1000)
      --table NAME         transitions, findings or traces: export rows instead of a timeline
      --format jsonl|csv   with --table: JSON Lines (default) or CSV (RFC 4180, with a header line)
      --out DIR            with --table: write DIR/part-I-of-N.jsonl|csv (I/N from --shard, else 0/1)
                           under an unguessable temporary name, renamed when complete (removed if the
                           export is interrupted); without it, rows go to standard output
    \(TraceFiles.help)
    \(ThresholdOptions.help)
      -h, --help           Show this help

    --width goes only with a timeline; --table, --out, --jobs and --shard only with --table (else exit 64).
    Exit status: 0 written, 2 unreadable input or an unwritable output (the rows of every readable
    transition are still written), 64 wrong usage.

    Example: replay export --format svg trace.jsonl > timeline.svg
             replay export --table transitions --shard 0/8 --out out/ traces/
    """

  /// The options of `replay export` besides the settings, each declared once for the parser and for `run`.
  enum Option {
    static let width = ArgumentParser.Value("--width")
    static let table = ArgumentParser.Value("--table")
    static let out = ArgumentParser.Value("--out")

    static let all: [any ArgumentParser.Option] =
      [CommandInput.Option.format, width, table, out] + TraceFiles.Option.all
    /// The options that only `--table` reads.
    static let tableOnly: [ArgumentParser.Value] = [out, TraceFiles.Option.jobs, TraceFiles.Option.shard]
  }

  static func run(_ arguments: [String], context: ReplayCLI.Context) -> ReplayCLI.Result {
    // Table rows and their diagnostics stream out as they are made, never held for the run's result.
    run(arguments, context: context, output: .standard)
  }

  /// Runs the command with the table rows and diagnostics given to `output` (tests collect them).
  static func run(_ arguments: [String], context: ReplayCLI.Context, output: TableExport.Output)
    -> ReplayCLI.Result
  {
    let input: CommandInput
    switch CommandInput.parse(arguments, options: Option.all, usage: usage) {
    case .done(let result): return result
    case .run(let parsed): input = parsed
    }
    if input.parsed[Option.table] != nil { return TableExport.run(input, context: context, output: output) }
    let format: String
    let file: TraceFile
    let width: Int
    do throws(UsageError) {
      if let option = Option.tableOnly.first(where: { input.parsed[$0] != nil }) {
        throw UsageError(message: "\(option.name) goes only with --table")
      }
      guard input.parsed[CommandInput.Option.format] != nil else {
        throw UsageError(message: "--format chrome|svg is required (or --table for rows)")
      }
      format = try input.format(["chrome", "svg"])
      file = try input.singleFile(context)
      width = try input.integer(Option.width, minimum: 300, fallback: "1000")
    } catch {
      return input.failure(error)
    }
    let path = file.path
    if format == "chrome" { return chrome(file, configuration: input.configuration, output: output) }
    let replay = TraceReplay.run(
      path: path, configuration: input.configuration, limit: SVGTimelineExporter.limit, opening: file.reader)
    if let failure = replay.report.readFailure {
      return ReplayCLI.Result(status: .inputError, stderr: "error: \(TerminalText.escaped(failure))\n")
    }
    if replay.stoppedAtLimit {
      return ReplayCLI.Result(
        status: .inputError,
        stderr: Self.tooLong(path, drawing: "the SVG timeline", limit: SVGTimelineExporter.limit))
    }
    var result = ReplayCLI.Result(status: replay.report.inputErrors.isEmpty ? .clean : .inputError)
    for error in replay.report.inputErrors {
      result.stderr += DiagnosticLine.inputError(error, path: path)
    }
    result.stdout = SVGTimelineExporter.export(replay, width: width)
    return result
  }

  /// Why a trace was not drawn whole: it holds more transitions or findings than a drawing holds
  /// (``SVGTimelineExporter/limit``, ``ShowRenderer/limit``), and what to run instead.
  static func tooLong(_ path: String, drawing: String, limit: Int) -> String {
    let file = TerminalText.escaped(path)
    return
      "error: \(file) has more than \(limit) transitions or findings: \(drawing) draws at most \(limit) of "
      + "each, held whole. Export its rows instead (replay export --table transitions|findings \(file)), or "
      + "its timeline for Perfetto (replay export --format chrome \(file)), which stream a trace of any "
      + "length\n"
  }

  /// The Chrome timeline, streamed: a trace of any length is written as the replay settles it, a short
  /// one held whole as before (``ChromeTraceExporter/export(path:configuration:window:opening:write:)``).
  static func chrome(_ file: TraceFile, configuration: AuditConfiguration, output: TableExport.Output)
    -> ReplayCLI.Result
  {
    let path = file.path
    var failure: (any Error)?
    let (summary, document) = ChromeTraceExporter.export(
      path: path, configuration: configuration, opening: file.reader
    ) { piece in
      guard failure == nil else { return }
      do {
        try output.rows(piece)
      } catch {
        failure = error
      }
    }
    if let readFailure = summary.readFailure {
      return ReplayCLI.Result(status: .inputError, stderr: "error: \(TerminalText.escaped(readFailure))\n")
    }
    var result = ReplayCLI.Result(status: summary.inputErrors.isEmpty ? .clean : .inputError)
    for error in summary.inputErrors {
      result.stderr += DiagnosticLine.inputError(error, path: path)
    }
    if let document { result.stdout = document }
    if let failure {
      result.status = .inputError
      result.stderr += "error: cannot write the timeline: \(ErrorText.describe(failure))\n"
    }
    return result
  }
}
