/// One trace read for export: its replay (report and transitions) and its header, which hold every row
/// the export tables take from this trace.
///
/// ```swift
/// let trace = ExportedTrace.read(path: "traces/valid/card-present-dismiss.jsonl")
/// trace.verdict                                          // .clean
/// ExportTable.transitions.rows(of: trace).count          // 2
/// ```
///
/// It holds one trace only: an export reads a trace, writes its rows and lets it go, so a fleet of any
/// size is exported in the memory of its largest trace.
package struct ExportedTrace: Sendable {
  /// What the audit made of the whole trace, in the order that decides it (as the exit status does:
  /// input problems win over findings).
  package enum Verdict: String, Sendable, Hashable, CaseIterable {
    /// The file could not be opened or read at all.
    case unreadable
    /// At least one line could not be used; the rows of the good lines are still exported.
    case inputErrors = "input-errors"
    /// At least one finding of severity error.
    case errors
    /// Warnings only.
    case warnings
    /// No finding.
    case clean
  }

  /// The path as the command line or directory listing gave it.
  package var path: String
  package var replay: TraceReplay
  /// The header line, when the trace has one that could be read.
  package var header: TraceHeader?

  package init(path: String, replay: TraceReplay, header: TraceHeader?) {
    self.path = path
    self.replay = replay
    self.header = header
  }

  /// Replays the trace at `path` in one streaming pass, and reads its header.
  package static func read(path: String, configuration: AuditConfiguration = AuditConfiguration())
    -> ExportedTrace
  {
    read(path: path, configuration: configuration) { () throws(ReadFailure) in try TraceReader(path: path) }
  }

  /// Replays the trace that `open` opens, named `path` in its rows, and reads its header (`open` is called
  /// twice: the replay keeps only the header's `expect`).
  ///
  /// ```swift
  /// let trace = ExportedTrace.read(path: "session.jsonl") { () throws(ReadFailure) in
  ///   TraceReader(source: try mySource())
  /// }
  /// ```
  package static func read(
    path: String, configuration: AuditConfiguration = AuditConfiguration(),
    opening open: () throws(ReadFailure) -> TraceReader
  ) -> ExportedTrace {
    let replay = TraceReplay.run(path: path, configuration: configuration, opening: open)
    return ExportedTrace(
      path: path, replay: replay, header: replay.report.readFailure == nil ? header(opening: open) : nil)
  }

  /// The header of the trace `open` opens: the replay keeps only its `expect`, so the first records are
  /// read again, up to the first event (a header is the first line or none).
  static func header(opening open: () throws(ReadFailure) -> TraceReader) -> TraceHeader? {
    guard var reader = try? open() else { return nil }
    while let record = reader.next() {
      switch record {
      case .header(let header, _): return header
      case .event, .skippedEvent: return nil
      case .inputError, .note: continue
      }
    }
    return nil
  }

  package var verdict: Verdict { Verdict(summary) }

  /// What a stream of this trace would have summed up: the counts its `traces` row is made of.
  var summary: ReplayStream.Summary {
    let report = replay.report
    var summary = ReplayStream.Summary(path: path)
    summary.header = header
    summary.events = report.events
    summary.transitions = replay.transitions.count
    summary.findings = report.findings.count
    summary.errors = report.findings.count { $0.severity == .error }
    summary.warnings = report.findings.count { $0.severity == .warning }
    summary.inputErrors = report.inputErrors
    summary.notes = report.notes
    summary.expect = report.expect
    summary.readFailure = report.readFailure
    summary.startT = replay.startT
    summary.endT = replay.endT
    return summary
  }
}

extension ExportedTrace.Verdict {
  /// The verdict of what a stream read: the first of unreadable, input errors, errors, warnings, clean.
  init(_ summary: ReplayStream.Summary) {
    if summary.readFailure != nil {
      self = .unreadable
    } else if !summary.inputErrors.isEmpty {
      self = .inputErrors
    } else if summary.errors > 0 {
      self = .errors
    } else {
      self = summary.findings == 0 ? .clean : .warnings
    }
  }
}
