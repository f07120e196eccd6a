import PresentationStateMachine

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `replay export --table transitions|findings|traces`: the rows of many traces as JSON Lines or CSV, on
/// standard output or in one part file per shard (<doc:ExportTables>).
///
/// ```swift
/// // replay export --table transitions --format csv --shard 0/4 --out out/ traces
/// // writes out/part-0-of-4.csv: the header, then a row per transition of shard 0's traces
/// ```
///
/// It streams: `--jobs` traces are replayed at once, each handing over its rows as they settle
/// (``ReplayStream``), and the rows are written in the order of the files, so they are the same whatever
/// `--jobs` and memory holds the transitions in flight and a few chunks of rows per thread, never a trace
/// or the fleet. Rows are written in chunks of whole lines; a part file is written under a temporary name
/// and renamed when complete (``PartFile``), so a batch engine never collects half a file.
enum TableExport {
  /// Where the rows go: a function given whole lines, in order.
  typealias Write = (String) throws -> Void

  /// Where a run's output goes as it is made: the rows, and the diagnostics of each trace (its input
  /// errors), so that neither is held for the run's result however many traces there are.
  struct Output {
    var rows: Write
    var diagnostics: (String) -> Void

    /// The process's standard output and standard error.
    static var standard: Output {
      Output(
        rows: { try FileDescriptorOutput.standardOutput.write($0) },
        diagnostics: { try? FileDescriptorOutput.standardError.write($0) })
    }
  }

  /// What a run needs from the command line, checked.
  struct Request {
    var table: ExportTable
    var format: ExportFormat
    var files: [TraceFile]
    var jobs: Int
    /// Files passed over in the directories named (a FIFO, a socket, a device), a line each.
    var notes = ""
    /// Whether finding no file is no error (`TraceFiles`' `mayBeEmpty`).
    var mayBeEmpty = false
    /// This run's shard, which names its part file (0 of 1 without `--shard`).
    var shard: (index: Int, count: Int)
    var out: String?
  }

  static func run(_ input: CommandInput, context: ReplayCLI.Context, output: Output) -> ReplayCLI.Result {
    let request: Request
    do {
      request = try parse(input, context: context)
    } catch {
      return input.failure(error)
    }
    if !request.notes.isEmpty { output.diagnostics(request.notes) }
    if request.files.isEmpty && !request.mayBeEmpty {
      return ReplayCLI.Result(
        status: .inputError,
        stderr: DiagnosticLine.noTraceFiles(under: input.parsed.positionals))
    }
    guard let out = request.out else {
      return export(
        request, configuration: input.configuration, write: output.rows, diagnose: output.diagnostics
      )
      .result
    }
    return exportPart(request, into: out, configuration: input.configuration, diagnose: output.diagnostics)
  }

  /// Reads the table options; the timeline's `--width` has no meaning here, and the timeline's formats
  /// are not the table's.
  static func parse(_ input: CommandInput, context: ReplayCLI.Context) throws(UsageError) -> Request {
    let parsed = input.parsed
    let tableName = parsed[ExportCommand.Option.table] ?? ""
    guard let table = ExportTable(rawValue: tableName) else {
      let names = ExportTable.allCases.map(\.rawValue).joined(separator: "|")
      throw UsageError(message: "--table must be \(names), not '\(tableName)'")
    }
    if parsed[ExportCommand.Option.width] != nil {
      throw UsageError(message: "--width draws a timeline (--format svg); it does not go with --table")
    }
    let formatName = try input.format(ExportFormat.allCases.map(\.rawValue))
    guard let format = ExportFormat(rawValue: formatName) else {
      throw UsageError(message: "--format with --table must be jsonl or csv, not '\(formatName)'")
    }
    let selection = try input.traceFiles(context: context)
    var shard = (index: 0, count: 1)
    if let text = parsed[TraceFiles.Option.shard] {
      let parsedShard = try TraceFiles.Shard(parsing: text)
      shard = (parsedShard.index, parsedShard.count)
    }
    if let out = parsed[ExportCommand.Option.out], out.isEmpty {
      throw UsageError(message: "--out needs a directory")
    }
    return Request(
      table: table, format: format, files: selection.files, jobs: selection.jobs, notes: selection.notes,
      mayBeEmpty: selection.mayBeEmpty, shard: shard, out: parsed[ExportCommand.Option.out])
  }

  /// What a trace's stream hands the writer: whole lines of rows as they settle, in chunks, then what went
  /// wrong reading the trace.
  private enum Rendered: Sendable {
    case lines(String)
    case end(diagnostics: String, hasInputProblems: Bool)
  }

  /// Rows are handed to the writer in chunks of about this many bytes of whole lines: few enough writes,
  /// little held.
  static let chunkSize = 64 << 10

  /// Writes the header and every trace's rows through `write`, and each trace's input errors through
  /// `diagnose`; a failing write ends the run (exit 2) and `written` is false.
  static func export(
    _ request: Request, configuration: AuditConfiguration, write: Write, diagnose: (String) -> Void
  )
    -> (result: ReplayCLI.Result, written: Bool)
  {
    var result = ReplayCLI.Result()
    let table = request.table
    let format = request.format
    let header = format.header(of: table)
    var failure: (any Error)?
    do {
      if !header.isEmpty { try write(header) }
    } catch {
      failure = error
    }
    if failure == nil {
      // Each trace streams its rows as they settle (`ReplayStream`), in the order of the files whatever
      // --jobs: memory holds the transitions in flight and a few chunks per thread, never a trace's rows.
      TraceBatch.stream(request.files, jobs: request.jobs) { file, emit in
        render(file, table: table, format: format, configuration: configuration, emit: emit)
      } consume: { _, rendered in
        switch rendered {
        case .lines(let lines):
          do {
            try write(lines)
          } catch {
            failure = error
            return false
          }
        case .end(let diagnostics, let hasInputProblems):
          if !diagnostics.isEmpty { diagnose(diagnostics) }
          if hasInputProblems { result.status = .inputError }
        }
        return true
      }
    }
    if let failure {
      result.status = .inputError
      result.stderr += "error: cannot write the rows: \(ErrorText.describe(failure))\n"
      return (result, false)
    }
    return (result, true)
  }

  /// Replays one trace and emits its rows as they settle, in chunks of whole lines, then its diagnostics.
  private static func render(
    _ file: TraceFile, table: ExportTable, format: ExportFormat, configuration: AuditConfiguration,
    emit: (Rendered) -> Void
  ) {
    let path = file.path
    var lines = ""
    func add(_ row: [ExportValue]) {
      lines += format.line(row, of: table)
      if lines.utf8.count >= chunkSize {
        emit(.lines(lines))
        lines = ""
      }
    }
    let summary = ReplayStream.run(
      path: path, configuration: configuration, opening: file.reader,
      transition: { if table == .transitions { add(ExportTable.row(of: $0, in: path)) } },
      finding: { if table == .findings { add(ExportTable.row(of: $0, in: path)) } })
    if table == .traces { add(ExportTable.row(of: summary)) }
    if !lines.isEmpty { emit(.lines(lines)) }
    var diagnostics = ""
    let escaped = TerminalText.escaped(path)
    if let failure = summary.readFailure {
      diagnostics += "\(escaped): error: \(TerminalText.escaped(failure))\n"
    }
    for error in summary.inputErrors {
      diagnostics += DiagnosticLine.inputError(error, path: path)
    }
    emit(.end(diagnostics: diagnostics, hasInputProblems: summary.hasInputProblems))
  }

  /// The part file's name: `part-I-of-N.jsonl|csv`.
  static func partName(_ request: Request) -> String {
    "part-\(request.shard.index)-of-\(request.shard.count).\(request.format.fileExtension)"
  }

  /// Writes `DIR/part-I-of-N.ext` under a hidden temporary name, renamed over the part when every row is
  /// written (``PartFile``): a batch engine that collects the folder sees whole parts or none.
  static func exportPart(
    _ request: Request, into directory: String, configuration: AuditConfiguration, diagnose: (String) -> Void
  ) -> ReplayCLI.Result {
    let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
    let final = base + "/" + partName(request)
    do {
      try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
    } catch {
      return ReplayCLI.Result(
        status: .inputError, stderr: "error: cannot create the directory \(TerminalText.escaped(base))\n")
    }
    let part: PartFile
    do {
      part = try PartFile(directory: base, name: partName(request), note: diagnose)
    } catch {
      return ReplayCLI.Result(status: .inputError, stderr: "error: \(TerminalText.escaped(error.message))\n")
    }
    var (result, written) = export(
      request, configuration: configuration, write: { try part.write($0) }, diagnose: diagnose)
    // A part with a failed write, flush or rename stays unnamed: the engine must not collect it.
    guard written else {
      part.discard()
      result.status = .inputError
      result.stderr += "error: cannot write \(TerminalText.escaped(final))\n"
      return result
    }
    do {
      try part.commit()
    } catch {
      result.status = .inputError
      result.stderr +=
        "error: cannot write \(TerminalText.escaped(final)): \(TerminalText.escaped(error.message))\n"
    }
    return result
  }
}
