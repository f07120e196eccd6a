/// Replays one trace file through the auditor and the reconstructor: every transition with its phases and
/// timing, and every finding.
///
/// ```swift
/// let replay = TraceReplay.run(path: "traces/valid/card-present-dismiss.jsonl")
/// for transition in replay.transitions { print(transition.id, transition.kind, transition.outcome) }
/// ```
public struct TraceReplay: Sendable {
  /// The audit of the same pass, as `replay audit` reports it.
  public var report: FileReport
  /// Every transition in the order they began, each with its findings.
  public var transitions: [ReconstructedTransition]
  /// The first `t` of the trace's events, where a timeline starts.
  public var startT: Double?
  /// The last `t` of the trace's events, where a timeline ends and unfinished transitions are cut.
  public var endT: Double?
  /// The replay stopped at its limit before the end of the trace (`run(path:configuration:limit:opening:)`):
  /// the transitions and findings are those of its beginning.
  package var stoppedAtLimit = false

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
  package static func run(
    path: String, configuration: AuditConfiguration = AuditConfiguration(),
    opening open: () throws(ReadFailure) -> TraceReader
  ) -> TraceReplay {
    run(path: path, configuration: configuration, limit: nil, opening: open)
  }

  /// Replays the trace that `open` opens, holding at most about `limit` transitions and as many findings:
  /// past either, it stops reading and says so (``stoppedAtLimit``), so that a tool drawing one trace
  /// whole (`replay show`, the SVG timeline) stays in bounded memory whatever the trace's length.
  ///
  /// ```swift
  /// let replay = TraceReplay.run(path: "long.jsonl", limit: 10_000) { () throws(ReadFailure) in
  ///   try TraceReader(path: "long.jsonl")
  /// }
  /// if replay.stoppedAtLimit { print("more than 10,000 transitions or findings") }
  /// ```
  package static func run(
    path: String, configuration: AuditConfiguration = AuditConfiguration(), limit: Int?,
    opening open: () throws(ReadFailure) -> TraceReader
  ) -> TraceReplay {
    var transitions: [ReconstructedTransition] = []
    var findings: [Finding] = []
    // Everything is kept, so the stream keeps the order whatever waits (its window is unbounded).
    let summary = ReplayStream.stream(
      path: path, configuration: configuration, window: .max, limit: limit, opening: open,
      transition: { transition, _, _ in transitions.append(transition) },
      finding: { finding, _ in findings.append(finding) })
    return TraceReplay(summary, transitions: transitions, findings: findings)
  }

  /// Replays an already opened reader.
  ///
  /// The reader is taken, not copied (a copy's first read would copy its buffer and tables), and it lends
  /// each event to the machine and the reconstructor (`TraceReader.readAll`) rather than handing over a
  /// copy of it per line.
  public static func run(
    reader: consuming TraceReader, path: String, configuration: AuditConfiguration = AuditConfiguration()
  ) -> TraceReplay {
    var transitions: [ReconstructedTransition] = []
    var findings: [Finding] = []
    let summary = ReplayStream.stream(
      reader: reader, path: path, configuration: configuration, window: .max, limit: nil,
      transition: { transition, _, _ in transitions.append(transition) },
      finding: { finding, _ in findings.append(finding) })
    return TraceReplay(summary, transitions: transitions, findings: findings)
  }

  init(
    report: FileReport, transitions: [ReconstructedTransition], startT: Double? = nil, endT: Double? = nil
  ) {
    self.report = report
    self.transitions = transitions
    self.startT = startT
    self.endT = endT
  }

  /// The replay a stream handed over: its summary, every transition and every finding.
  init(_ summary: ReplayStream.Summary, transitions: [ReconstructedTransition], findings: [Finding]) {
    var report = FileReport(path: summary.path)
    report.events = summary.events
    report.findings = findings
    report.inputErrors = summary.inputErrors
    report.notes = summary.notes
    report.expect = summary.expect
    report.readFailure = summary.readFailure
    self.init(report: report, transitions: transitions, startT: summary.startT, endT: summary.endT)
    stoppedAtLimit = summary.stoppedAtLimit
  }
}
