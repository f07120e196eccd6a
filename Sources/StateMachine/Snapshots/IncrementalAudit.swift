/// Audits a trace from where an earlier audit stopped: the lines after a snapshot's line, with the state the
/// snapshot carries, so an ever-growing log is audited once, piece by piece.
///
/// ```swift
/// let result = try IncrementalAudit.run(path: "ci.jsonl", resumingFrom: snapshot)
/// result.report.findings // only what the new lines settled
/// result.snapshot        // to resume from next time
/// ```
public enum IncrementalAudit {
  /// What one incremental run found, and where to resume next time.
  public struct Result: Sendable {
    public var report: FileReport
    public var snapshot: AuditSnapshot
  }

  /// Audits `path` after `snapshot.line` (from the start without a snapshot). The end of the trace is not
  /// treated as final (the log may grow), so nothing that only the end settles is reported.
  public static func run(
    path: String, resumingFrom snapshot: AuditSnapshot? = nil,
    configuration: AuditConfiguration = AuditConfiguration()
  ) throws(AuditSnapshotError) -> Result {
    if let snapshot, snapshot.auditor.configuration != configuration {
      throw AuditSnapshotError(
        message:
          "the snapshot was taken with other audit settings; use the same thresholds and rule settings, "
          + "or audit the whole trace again without --resume")
    }
    let reader: TraceReader
    do {
      reader = try TraceReader(path: path)
    } catch {
      var report = FileReport(path: path)
      report.readFailure = error.message
      let auditor = snapshot?.auditor ?? Auditor(configuration: configuration)
      return Result(report: report, snapshot: snapshot ?? AuditSnapshot(line: 0, events: 0, auditor: auditor))
    }
    return run(reader: reader, path: path, resumingFrom: snapshot)
  }

  /// Audits an already opened reader after `snapshot.line`, with the snapshot's state and settings.
  public static func run(reader: TraceReader, path: String, resumingFrom snapshot: AuditSnapshot?) -> Result {
    var report = FileReport(path: path)
    var auditor = snapshot?.auditor ?? Auditor()
    let after = snapshot?.line ?? 0
    var line = after
    for record in reader {
      switch record {
      case .header(let header, _): report.expect = header.expect
      case .event(let event, let eventLine):
        guard eventLine > after else { continue }
        report.events += 1
        auditor.audit(event, line: eventLine, into: &report.findings)
        line = eventLine
      case .skippedEvent(_, let t, let id, let eventLine, let note):
        guard eventLine > after else { continue }
        if let note { report.notes.append(note) }
        auditor.advanceClock(to: t, line: eventLine, id: id, into: &report.findings)
        line = eventLine
      case .inputError(let error):
        if error.line > after { report.inputErrors.append(error) }
      case .note(let note):
        if note.line > after { report.notes.append(note) }
      }
    }
    report.findings = report.findings.enumerated().sorted {
      ($0.element.line, $0.offset) < ($1.element.line, $1.offset)
    }.map(\.element)
    let events = (snapshot?.events ?? 0) + report.events
    return Result(report: report, snapshot: AuditSnapshot(line: line, events: events, auditor: auditor))
  }
}
