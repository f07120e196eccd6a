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
    run(path: path, configuration: configuration) { () throws(ReadFailure) in try TraceReader(path: path) }
  }

  /// Replays the trace that `open` opens, named `path` in the report; a failure to open it is the
  /// report's `readFailure`, as for `run(path:configuration:)`.
  ///
  /// ```swift
  /// let replay = TraceReplay.run(path: "session.jsonl") { () throws(ReadFailure) in
  ///   TraceReader(source: try mySource())
  /// }
  /// ```
  public static func run(
    path: String, configuration: AuditConfiguration = AuditConfiguration(),
    opening open: () throws(ReadFailure) -> TraceReader
  ) -> TraceReplay {
    do {
      return run(reader: try open(), path: path, configuration: configuration)
    } catch {
      var report = FileReport(path: path)
      report.readFailure = error.message
      return TraceReplay(report: report, transitions: [])
    }
  }

  /// Replays an already opened reader.
  ///
  /// The reader is taken, not copied (a copy's first read would copy its buffer and tables), and it lends
  /// each event to the machine and the reconstructor (`TraceReader.readAll`) rather than handing over a
  /// copy of it per line.
  public static func run(
    reader: consuming TraceReader, path: String, configuration: AuditConfiguration = AuditConfiguration()
  ) -> TraceReplay {
    var driver = AuditDriver(configuration: configuration)
    var reconstructor = TransitionReconstructor()
    var startT: Double?
    var endT: Double?
    func observe(_ event: borrowing Event, line: Int) {
      startT = startT ?? event.t
      endT = max(endT ?? event.t, event.t)
      reconstructor.observe(event, line: line, step: driver.consume(event, line: line))
    }
    var event = Event(t: 0, id: "", kind: .mark)
    reader.readAll(
      into: &event, onEvent: observe,
      onRecord: { record in
        switch record {
        // A line the fast scanner left to the reference decoder comes back as a record.
        case .event(let event, let line):
          observe(event, line: line)
        case .skippedEvent(_, let t, _, _, _):
          endT = max(endT ?? t, t)
          driver.consume(record)
        case .header, .inputError, .note:
          driver.consume(record)
        }
      })
    driver.finish()
    var report = FileReport(path: path)
    report.take(driver)
    let transitions = reconstructor.finish(findings: report.findings)
    return TraceReplay(report: report, transitions: transitions, startT: startT, endT: endT)
  }
}
