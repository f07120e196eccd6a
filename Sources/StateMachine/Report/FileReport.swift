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

  /// Audits an already opened reader.
  ///
  /// The reader is taken, not copied: a copy shares the reader's buffer and tables, so its first read
  /// would copy them all (a 128 KiB buffer and the id interner), which cost more than auditing a short
  /// trace.
  public mutating func consume(
    _ reader: consuming TraceReader, configuration: AuditConfiguration = AuditConfiguration()
  ) {
    var driver = AuditDriver(configuration: configuration)
    // One event value, overwritten in place line after line (`TraceReader.readAll`): the hot path
    // builds and copies no large value per line.
    var event = Event(t: 0, id: "", kind: .mark)
    reader.readAll(
      into: &event, onEvent: { event, line in driver.audit(event, line: line) },
      onRecord: { record in driver.consume(record) })
    if driver.events == 0, driver.inputErrors.isEmpty, driver.notes.isEmpty {
      // An empty or header-only trace is clean, but a recording that wrote nothing should be visible.
      driver.note(
        TraceNote(
          line: max(reader.currentLine, 1),
          message: "no events: nothing to audit (did the recording write any?)"))
    }
    driver.finish()
    take(driver)
  }

  /// The report of what `driver` audited.
  mutating func take(_ driver: AuditDriver) {
    events += driver.events
    expect = driver.expect
    findings = driver.findingsByLine
    inputErrors += driver.inputErrors
    notes += driver.notes
  }
}
