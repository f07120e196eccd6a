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
    var driver = AuditDriver(configuration: configuration)
    var reconstructor = TransitionReconstructor()
    var startT: Double?
    var endT: Double?
    for record in reader {
      switch record {
      case .event(let event, let line):
        startT = startT ?? event.t
        endT = max(endT ?? event.t, event.t)
        reconstructor.observe(event, line: line, step: driver.consume(event, line: line))
      case .skippedEvent(_, let t, _, _, _):
        endT = max(endT ?? t, t)
        driver.consume(record)
      case .header, .inputError, .note:
        driver.consume(record)
      }
    }
    driver.finish()
    var report = FileReport(path: path)
    report.take(driver)
    let transitions = reconstructor.finish(findings: report.findings)
    return TraceReplay(report: report, transitions: transitions, startT: startT, endT: endT)
  }
}
