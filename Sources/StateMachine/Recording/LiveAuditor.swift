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
///
/// Its memory does not grow with the session: the audit holds what is in flight, as `replay tail`'s does
/// (each finding is taken from it as soon as it is settled), and ``findings`` keeps the first
/// ``findingLimit`` findings settled, while ``settledFindings``, ``errors`` and ``warnings`` count every
/// one. The exception is input errors: the records of lines a reader could not read, fed through
/// ``consume(_:)``, are each kept in ``inputErrors``, as every audit keeps them
/// (<doc:Performance#Replaying-in-bounded-memory>); events recorded or audited have none. The handler and the return values of ``audit(_:line:)``, ``consume(_:)`` and ``finish()`` get
/// every finding, kept or not.
public final class LiveAuditor: Sendable {
  /// The audit and what the live auditor keeps of its findings, behind one lock.
  private struct State {
    var audit: TraceAudit
    let findingLimit: Int
    var kept: [Finding] = []
    var settled = 0
    var errors = 0

    /// Takes what the audit settled since the last call (so the audit holds none), counts it, keeps it
    /// while fewer than `findingLimit` are kept, and returns all of it.
    mutating func take() -> [Finding] {
      let found = audit.takeFindings()
      guard !found.isEmpty else { return [] }
      settled += found.count
      errors += found.count { $0.severity == .error }
      // The first findings, not the newest: a report is read from its first line down, and findings are
      // settled in line order but for a few settled later (a hang, at a later event), so the first kept
      // are the top of what `replay audit` of the same trace lists; the first of a repeated violation shows
      // where it began; and a finding once kept stays, so what a reader saw stays true. Keeping the
      // newest would also move the whole array for every finding past the limit.
      if kept.count < findingLimit { kept.append(contentsOf: found.prefix(findingLimit - kept.count)) }
      return found
    }
  }

  private let state: LockedState<State>

  private let onFinding: @Sendable (Finding) -> Void

  /// The most findings ``findings`` keeps: the first this many settled. Later ones are counted
  /// (``settledFindings``) and handed to the handler, not kept.
  public let findingLimit: Int

  /// As many findings as `replay show` and the SVG timeline draw whole: some 4 MB at most (a finding
  /// takes some 400 bytes, most of it its message), far more than a test or a debugging session reads.
  public static let defaultFindingLimit = 10_000

  /// A live auditor with the audit's thresholds, calling `onFinding` for each finding and keeping the
  /// first `findingLimit` of them (none when it is 0 or less).
  ///
  /// ```swift
  /// let live = LiveAuditor(findingLimit: 100) { finding in print(finding.message) }
  /// ```
  public init(
    configuration: AuditConfiguration = AuditConfiguration(),
    findingLimit: Int = LiveAuditor.defaultFindingLimit,
    onFinding: @escaping @Sendable (Finding) -> Void = { _ in }
  ) {
    self.findingLimit = max(0, findingLimit)
    state = LockedState(
      State(audit: TraceAudit(configuration: configuration), findingLimit: self.findingLimit))
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
    let settled = state.withLock { state in
      state.audit.feed(record)
      return state.take()
    }
    deliver(settled)
    return settled
  }

  /// Audits the trace a recording appends to, without calling the handler (those findings are the old
  /// recording's; they are kept in `findings` and counted as the others are); returns how many lines it holds, a cut last line
  /// included, so the next line recorded is that plus one.
  ///
  /// ```swift
  /// let lines = live.catchUp(on: Array(oldTrace.utf8))  // then audit(event, line: lines + 1)
  /// ```
  @discardableResult
  public func catchUp(on trace: [UInt8]) -> Int {
    state.withLock { state in
      state.audit.read(TraceReader(bytes: trace))
      _ = state.take()
    }
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
    state.withLock { $0.audit.probe(advancingTo: t, line: line, finishing: finishing) }
  }

  /// Applies a trace header's `ignore` (rules this file does not report). Only before the first event:
  /// a header is the trace's first line, and the findings so far must not change meaning.
  func applyHeader(_ header: TraceHeader) {
    state.withLock { state in
      state.audit.feed(.header(header, line: 1))
      _ = state.take()
    }
  }

  /// The end of the trace: settles what only the end settles (appearance callbacks never resolved).
  /// Later events are ignored.
  @discardableResult
  public func finish() -> [Finding] {
    let settled: [Finding] = state.withLock { state in
      state.audit.finish()
      return state.take()
    }
    deliver(settled)
    return settled
  }

  /// The findings so far, in the order they were settled: every one until ``findingLimit`` were
  /// settled, then the first ``findingLimit`` (``settledFindings`` counts them all).
  ///
  /// ```swift
  /// let notKept = live.settledFindings - live.findings.count  // settled past the limit
  /// ```
  public var findings: [Finding] { state.withLock { $0.kept } }

  /// ``findings`` sorted by line, as a report lists them: every finding so far, or once more than
  /// ``findingLimit`` were settled, the first ``findingLimit`` settled.
  ///
  /// ```swift
  /// for finding in live.findingsByLine { print("line \(finding.line): \(finding.message)") }
  /// ```
  public var findingsByLine: [Finding] { state.withLock { AuditDriver.byLine($0.kept) } }

  /// Every finding settled so far, kept in ``findings`` or not.
  ///
  /// ```swift
  /// #expect(live.settledFindings == live.errors + live.warnings)
  /// ```
  public var settledFindings: Int { state.withLock { $0.settled } }

  /// The error findings settled so far, kept in ``findings`` or not.
  ///
  /// ```swift
  /// if live.errors > 0 { print("\(live.errors) presentation errors") }
  /// ```
  public var errors: Int { state.withLock { $0.errors } }

  /// The warning findings settled so far, kept in ``findings`` or not.
  ///
  /// ```swift
  /// print("\(live.errors) errors, \(live.warnings) warnings")
  /// ```
  public var warnings: Int { state.withLock { $0.settled - $0.errors } }

  /// Events audited so far.
  public var events: Int { state.withLock { $0.audit.events } }

  /// The input errors of what it was fed: the records' own (a line a reader could not read) and the
  /// presentation limit's. Past the limit the audit stops, as `replay audit` does
  /// (<doc:Rules#How-many-presentations-an-audit-holds>): no later event is audited, no finding comes,
  /// and this says at which line it stopped.
  ///
  /// ```swift
  /// if let stop = live.inputErrors.last { print("line \(stop.line): \(stop.message)") }
  /// ```
  public var inputErrors: [InputError] { state.withLock { $0.audit.inputErrors } }

  /// Audits without calling the handler: the recorder calls this with its own lock held, and delivers
  /// after releasing it.
  func settle(_ event: Event, line: Int) -> [Finding] {
    state.withLock { state in
      state.audit.feed(event, line: line)
      return state.take()
    }
  }

  func deliver(_ findings: [Finding]) {
    for finding in findings { onFinding(finding) }
  }
}
