/// The audit of one trace file: how many events it held, what the audit found, and what could not be read.
///
/// ```swift
/// let report = FileReport.audit(path: "traces/valid/card-present-dismiss.jsonl")
/// report.findings.isEmpty // true
/// ```
public struct FileReport: Sendable, Hashable {
  /// The file audited, as the caller named it: the reports print it before every finding.
  public var path: String
  /// Event lines read (header, blank, bad and unknown-event lines not counted).
  public var events: Int = 0
  /// Findings sorted by line.
  public var findings: [Finding] = []
  /// Lines that could not be read, skipped by the audit: any of them fails it with exit status 2.
  public var inputErrors: [InputError] = []
  /// What the reader noticed without failing the audit, such as an unknown event name.
  public var notes: [TraceRecord.Note] = []
  /// The header's `expect`, when the file states one.
  public var expect: [String]?
  /// The file could not be opened or read at all.
  public var readFailure: String?

  /// An empty report of `path`, filled by auditing its records.
  public init(path: String) { self.path = path }

  /// Whether the file broke the audit's input contract (exit status 2).
  public var hasInputProblems: Bool { !inputErrors.isEmpty || readFailure != nil }

  /// The distinct rule ids found, sorted: what a header's `expect` is compared with.
  public var ruleIDs: [String] { Array(Set(findings.map(\.rule.rawValue))).sorted() }

  /// Reads and audits the trace at `path` in one streaming pass.
  public static func audit(path: String, configuration: AuditConfiguration = AuditConfiguration())
    -> FileReport
  {
    audit(path: path, configuration: configuration) { () throws(ReadFailure) in try TraceReader(path: path) }
  }

  /// Audits the trace that `open` opens, named `path` in the report; a failure to open it is the
  /// report's `readFailure`, as for `audit(path:configuration:)`.
  ///
  /// ```swift
  /// let report = FileReport.audit(path: "session.jsonl") { () throws(ReadFailure) in
  ///   TraceReader(source: try mySource())
  /// }
  /// ```
  package static func audit(
    path: String, configuration: AuditConfiguration = AuditConfiguration(),
    opening open: () throws(ReadFailure) -> TraceReader
  ) -> FileReport {
    var report = FileReport(path: path)
    do {
      report.consume(try open(), configuration: configuration)
    } catch {
      report.readFailure = error.message
    }
    return report
  }

  /// Audits an already opened reader (``TraceAudit/read(_:)``), adding what it found to this report.
  ///
  /// The reader is taken, not copied: a copy's first read would copy its buffer and tables.
  public mutating func consume(
    _ reader: consuming TraceReader, configuration: AuditConfiguration = AuditConfiguration()
  ) {
    var audit = TraceAudit(path: path, configuration: configuration)
    audit.read(reader)
    let found = audit.finish()
    events += found.events
    expect = found.expect
    findings = found.findings
    inputErrors += found.inputErrors
    notes += found.notes
  }
}
