/// Runs the `Auditor` while a trace is being recorded or read, and calls a handler with each finding as
/// soon as it is settled: a sanitizer for presentations.
///
/// ```swift
/// let live = LiveAuditor { finding in
///   print("[\(finding.rule.rawValue)] line \(finding.line): \(finding.message)")
///   if finding.severity == .error { assertionFailure(finding.message) }  // debug: stop at the callback
/// }
/// let recorder = TraceRecorder(sink: try FileTraceSink(path: path), liveAuditor: live)
/// ```
///
/// It is a ``TraceAudit`` behind a lock, fed as `FileReport` feeds one for a file, so its findings are the
/// findings of an offline audit of the same trace, at the same lines. Most findings come with the event that shows
/// them; a hang is settled by a later event (of any presentation) or by `finish()`. Safe to use from any
/// thread; the handler runs on the calling thread, outside the auditor's lock.
public final class LiveAuditor: Sendable {
  private let state: LockedState<TraceAudit>

  private let onFinding: @Sendable (Finding) -> Void

  /// A live auditor with the audit's thresholds, calling `onFinding` for each finding.
  public init(
    configuration: AuditConfiguration = AuditConfiguration(),
    onFinding: @escaping @Sendable (Finding) -> Void = { _ in }
  ) {
    state = LockedState(TraceAudit(configuration: configuration))
    self.onFinding = onFinding
  }

  /// Audits one event at `line` of its trace; returns (and hands to the handler) what it settled.
  @discardableResult
  public func audit(_ event: Event, line: Int) -> [Finding] {
    let settled = settle(event, line: line)
    deliver(settled)
    return settled
  }

  /// Audits what a reader produced for one line: events are audited, skipped unknown events advance the
  /// trace's clock, a header's `ignore` disables those rules (before the first event), notes and input
  /// errors change nothing.
  ///
  /// ```swift
  /// for record in try TraceReader(path: path) { live.consume(record) }
  /// live.finish()
  /// ```
  @discardableResult
  public func consume(_ record: TraceRecord) -> [Finding] {
    let settled = state.withLock { audit in
      let before = audit.findings.count
      audit.feed(record)
      return Array(audit.findings[before...])
    }
    deliver(settled)
    return settled
  }

  /// Audits the trace a recording appends to, without calling the handler (those findings are the old
  /// recording's; they are kept in `findings`); returns how many lines it holds, a cut last line
  /// included, so the next line recorded is that plus one.
  ///
  /// ```swift
  /// let lines = live.catchUp(on: Array(oldTrace.utf8))  // then audit(event, line: lines + 1)
  /// ```
  @discardableResult
  public func catchUp(on trace: [UInt8]) -> Int {
    state.withLock { audit in audit.read(TraceReader(bytes: trace)) }
    guard let last = trace.last else { return 0 }
    return trace.count { $0 == 0x0A } + (last == 0x0A ? 0 : 1)
  }

  /// What the audit would settle if the trace's clock read `t` now and, with `finishing`, if the trace
  /// ended there, without changing the audit: a hypothesis for a follower that sees no new lines (an app
  /// frozen mid-transition writes none). `line` is the line the hypothetical time is charged to.
  ///
  /// ```swift
  /// let overdue = live.probe(advancingTo: lastT + idleSeconds, line: lastLine + 1)
  /// ```
  public func probe(advancingTo t: Double?, line: Int, finishing: Bool = false) -> [Finding] {
    state.withLock { $0.probe(advancingTo: t, line: line, finishing: finishing) }
  }

  /// Applies a trace header's `ignore` (rules this file does not report). Only before the first event:
  /// a header is the trace's first line, and the findings so far must not change meaning.
  func applyHeader(_ header: TraceHeader) {
    state.withLock { audit in _ = audit.feed(.header(header, line: 1)) }
  }

  /// The end of the trace: settles what only the end settles (appearance callbacks never resolved).
  /// Later events are ignored.
  @discardableResult
  public func finish() -> [Finding] {
    let settled: [Finding] = state.withLock { audit in
      let before = audit.findings.count
      audit.finish()
      return Array(audit.findings[before...])
    }
    deliver(settled)
    return settled
  }

  /// Every finding so far, in the order they were settled.
  public var findings: [Finding] { state.withLock { $0.findings } }

  /// Every finding so far sorted by line, as a report lists them.
  public var findingsByLine: [Finding] { state.withLock { $0.driver.findingsByLine } }

  /// Events audited so far.
  public var events: Int { state.withLock { $0.events } }

  /// Audits without calling the handler: the recorder calls this with its own lock held, and delivers
  /// after releasing it.
  func settle(_ event: Event, line: Int) -> [Finding] {
    state.withLock { audit in
      let before = audit.findings.count
      audit.feed(event, line: line)
      return Array(audit.findings[before...])
    }
  }

  func deliver(_ findings: [Finding]) {
    for finding in findings { onFinding(finding) }
  }
}
