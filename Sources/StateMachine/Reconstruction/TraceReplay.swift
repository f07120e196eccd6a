/// Replays one trace file through the auditor and the reconstructor: every transition with its phases and
/// timing, and every finding.
///
/// ```swift
/// let replay = TraceReplay.run(path: "traces/valid/card-present-dismiss.jsonl")
/// for transition in replay.transitions { print(transition.id, transition.kind, transition.outcome) }
/// ```
public struct TraceReplay: Sendable {
  public var report: FileReport
  public var transitions: [ReconstructedTransition]
  /// The first and last `t` of the trace's events.
  public var startT: Double?
  public var endT: Double?

  /// Reads and replays the trace at `path` in one streaming pass.
  public static func run(path: String, configuration: AuditConfiguration = AuditConfiguration())
    -> TraceReplay
  {
    do {
      return run(reader: try TraceReader(path: path), path: path, configuration: configuration)
    } catch {
      var report = FileReport(path: path)
      report.readFailure = error.message
      return TraceReplay(report: report, transitions: [])
    }
  }

  /// Replays an already opened reader.
  public static func run(
    reader: TraceReader, path: String, configuration: AuditConfiguration = AuditConfiguration()
  ) -> TraceReplay {
    var report = FileReport(path: path)
    var auditor = Auditor(configuration: configuration)
    var reconstructor = TransitionReconstructor()
    var findings: [Finding] = []
    var startT: Double?
    var endT: Double?
    for record in reader {
      switch record {
      case .header(let header, _):
        report.expect = header.expect
        // The first line: nothing audited yet, so the header's `ignore` applies to the whole file.
        if header.ignore != nil { auditor = Auditor(configuration: configuration.ignoring(header.ignore)) }
      case .event(let event, let line):
        report.events += 1
        startT = startT ?? event.t
        endT = max(endT ?? event.t, event.t)
        let step = auditor.auditStep(event, line: line, into: &findings)
        reconstructor.observe(event, line: line, step: step, session: auditor.session)
      case .inputError(let error): report.inputErrors.append(error)
      case .note(let note): report.notes.append(note)
      case .skippedEvent(_, let t, let id, let line, let note):
        if let note { report.notes.append(note) }
        endT = max(endT ?? t, t)
        auditor.advanceClock(to: t, line: line, id: id, into: &findings)
      }
    }
    auditor.finish(into: &findings)
    report.findings = findings.enumerated().sorted {
      ($0.element.line, $0.offset) < ($1.element.line, $1.offset)
    }
    .map(\.element)
    let transitions = reconstructor.finish(findings: report.findings, session: auditor.session)
    return TraceReplay(report: report, transitions: transitions, startT: startT, endT: endT)
  }
}
