/// The audit of one trace file: how many events it held, what the audit found, and what could not be read.
///
/// ```swift
/// let report = FileReport.audit(path: "traces/valid/present-dismiss.jsonl")
/// report.findings.isEmpty // true
/// ```
public struct FileReport: Sendable, Hashable {
  public var path: String
  /// Event lines read (header, blank, bad and unknown-event lines not counted).
  public var events: Int = 0
  /// Findings sorted by line.
  public var findings: [Finding] = []
  public var inputErrors: [InputError] = []
  public var notes: [TraceNote] = []
  /// The header's `expect`, when the file states one.
  public var expect: [String]?
  /// The file could not be opened or read at all.
  public var readFailure: String?

  public init(path: String) { self.path = path }

  /// Whether the file broke the audit's input contract (exit status 2).
  public var hasInputProblems: Bool { !inputErrors.isEmpty || readFailure != nil }

  /// The distinct rule ids found, sorted: what a header's `expect` is compared with.
  public var ruleIDs: [String] { Array(Set(findings.map(\.rule.rawValue))).sorted() }

  /// Reads and audits the trace at `path` in one streaming pass.
  public static func audit(path: String, configuration: AuditConfiguration = AuditConfiguration())
    -> FileReport
  {
    var report = FileReport(path: path)
    do {
      report.consume(try TraceReader(path: path), configuration: configuration)
    } catch {
      report.readFailure = error.message
    }
    return report
  }

  /// Audits an already opened reader.
  public mutating func consume(
    _ reader: TraceReader, configuration: AuditConfiguration = AuditConfiguration()
  ) {
    var auditor = Auditor(configuration: configuration)
    var reader = reader
    // One event value, overwritten in place line after line (`TraceReader.readAll`): the hot path
    // builds and copies no large value per line.
    var event = Event(t: 0, id: "", kind: .mark)
    // Counted and collected in locals while the closures run, stored when the trace is read.
    var events = self.events
    var findings = self.findings
    reader.readAll(
      into: &event,
      onEvent: { event, line in
        events += 1
        auditor.audit(event, line: line, into: &findings)
      },
      onRecord: { record in
        switch record {
        case .header(let header, _):
          expect = header.expect
          // The header is the first line, so nothing was audited yet: its `ignore` applies to the file.
          if header.ignore != nil { auditor = Auditor(configuration: configuration.ignoring(header.ignore)) }
        case .event(let event, let line):
          events += 1
          auditor.audit(event, line: line, into: &findings)
        case .inputError(let error): inputErrors.append(error)
        case .note(let note): notes.append(note)
        case .skippedEvent(_, let t, let id, let line, let note):
          if let note { notes.append(note) }
          auditor.advanceClock(to: t, line: line, id: id, into: &findings)
        }
      })
    self.events = events
    if events == 0, inputErrors.isEmpty, notes.isEmpty {
      // An empty or header-only trace is clean, but a recording that wrote nothing should be visible.
      notes.append(
        TraceNote(
          line: max(reader.currentLine, 1),
          message: "no events: nothing to audit (did the recording write any?)"))
    }
    auditor.finish(into: &findings)
    self.findings = findings.enumerated().sorted { lhs, rhs in
      (lhs.element.line, lhs.offset) < (rhs.element.line, rhs.offset)
    }.map(\.element)
  }
}
