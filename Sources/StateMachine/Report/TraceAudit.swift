/// Audits one trace: give it what a reader produced, or events you built; finish it, and get the report.
///
/// ```swift
/// var audit = TraceAudit(path: "session.jsonl")
/// for record in try TraceReader(path: "session.jsonl") {
///   audit.audit(record)
/// }
/// let report = audit.finish()
/// report.findings  // what `replay audit session.jsonl` reports
/// ```
///
/// Every way the library audits a trace goes through this loop: a file's report, `show`, `stats` and the
/// exports, time travel, replaying into your code, incremental audits, the live auditor, and the audits of
/// events in memory behind shrinking and fuzzing. So a trace gets the same findings, input errors and
/// notes whichever of them reads it. (`BoundedExplorer` steps bare ``Auditor``s: it copies the machine at
/// every branch and compares states, with no trace to report on.) What a record means to the audit is `AuditDriver`'s: an event goes
/// through the machine, an unknown event's time advances the trace's clock, a header's `ignore` turns
/// rules off, input errors and notes are kept. After ``finish()`` nothing fed changes the audit.
public struct TraceAudit: Sendable {
  /// The name the report gives the trace.
  public let path: String
  /// Reached by the replay stream and the incremental audit for what only they need (pending lines,
  /// forgotten presentations, the snapshot's state): always through this loop's own feeding.
  var driver: AuditDriver
  /// The trace's header, when it came before any event.
  public private(set) var header: TraceHeader?
  /// The last line of the trace seen, blank lines included once a reader read them: where a note about the
  /// whole trace goes.
  var lines = 0
  private var sawSkippedEvent = false

  /// An audit of a new trace, named `path` in its report.
  ///
  /// ```swift
  /// var audit = TraceAudit(path: "checkout.jsonl", configuration: AuditConfiguration(grace: 1))
  /// ```
  public init(path: String = "events", configuration: AuditConfiguration = AuditConfiguration()) {
    self.path = path
    driver = AuditDriver(configuration: configuration)
  }

  /// The auditor as the records fed so far left it: the machine's presentations, stacks and clock.
  public var auditor: Auditor { driver.auditor }
  /// Every finding so far, in the order they were settled (``finish()``'s report sorts them by line).
  public var findings: [Finding] { driver.findings }
  /// Event lines audited (header, blank, bad and unknown-event lines not counted).
  public var events: Int { driver.events }
  /// Lines that could not be read, each with its line and column.
  public var inputErrors: [InputError] { driver.inputErrors }
  /// What the audit noted beside its findings (an unknown event name, once).
  public var notes: [TraceRecord.Note] { driver.notes }
  /// ``finish()`` ran.
  public var isFinished: Bool { driver.isFinished }

  /// Audits one record a reader produced; for an event, returns the machine's step.
  ///
  /// ```swift
  /// if let step = audit.feed(record), step.rule != nil { print("rejected at", record) }
  /// ```
  @discardableResult
  package mutating func feed(_ record: TraceRecord) -> SessionStep? {
    guard !driver.isFinished else { return nil }
    lines = max(lines, record.line)
    switch record {
    case .header(let header, _):
      if self.header == nil, driver.events == 0, !sawSkippedEvent { self.header = header }
    case .skippedEvent:
      sawSkippedEvent = true
    case .event, .inputError, .note:
      break
    }
    return driver.consume(record)
  }

  /// Audits one event at `line` of its trace and returns the machine's step (`nil` once finished).
  ///
  /// ```swift
  /// let step = audit.feed(Event(t: 1, id: "card", kind: .present), line: 1)
  /// step?.to  // .presentingRequested
  /// ```
  @discardableResult
  package mutating func feed(_ event: borrowing Event, line: Int) -> SessionStep? {
    feed(CompactEvent(event), line: line)
  }

  /// `feed(_:line:)` for an event in the form the machine reads, as a replay reads them.
  @discardableResult
  package mutating func feed(_ event: borrowing CompactEvent, line: Int) -> SessionStep? {
    guard !driver.isFinished, !driver.stoppedAtPresentationLimit else { return nil }
    lines = max(lines, line)
    return driver.consume(event, line: line)
  }

  /// Audits one event at `line` of its trace, for events that arrive one at a time (a test's app
  /// recording as it runs); ``finish()`` then gives the report.
  ///
  /// ```swift
  /// var audit = TraceAudit()
  /// audit.audit(Event(t: 1, id: "card", kind: .present), line: 1)
  /// audit.finish().findings
  /// ```
  public mutating func audit(_ event: borrowing Event, line: Int) { feed(event, line: line) }

  /// Audits one record a reader produced (an event, a header, an unreadable line, a note).
  ///
  /// ```swift
  /// for record in try TraceReader(path: "session.jsonl") { audit.audit(record) }
  /// ```
  public mutating func audit(_ record: TraceRecord) { feed(record) }

  /// Audits every record `reader` reads, to the end of the trace.
  ///
  /// ```swift
  /// var audit = TraceAudit(path: "session.jsonl")
  /// audit.read(try TraceReader(path: "session.jsonl"))
  /// audit.finish().findings
  /// ```
  ///
  /// The reader is taken, not copied: a copy shares the reader's buffer and tables, so its first read
  /// would copy them all (a 128 KiB buffer and the id interner), which cost more than auditing a short
  /// trace. Events are lent, one value overwritten line after line, so no event is built or copied per
  /// line.
  public mutating func read(_ reader: consuming TraceReader) {
    guard !driver.isFinished else { return }
    // An event line needs no step, and cannot be a header's or a finished audit's: the driver's plain
    // audit is the hot path.
    reader.readAll(
      onEvent: { event, line in driver.audit(event, line: line) }, onRecord: { record in feed(record) })
    lines = max(lines, reader.currentLine)
  }

  /// Adds a note the reader could not give (a line still being written).
  ///
  /// ```swift
  /// audit.note(TraceRecord.Note(line: 41, message: "line 41 has no line end yet"))
  /// ```
  public mutating func note(_ note: TraceRecord.Note) { driver.note(note) }

  /// The end of the trace: settles what only the end settles (appearance callbacks never resolved) and
  /// returns the report. A trace with nothing in it (no event, no error, no note) gets a note saying so:
  /// it audits clean, but a recording that wrote nothing should be visible.
  ///
  /// ```swift
  /// let report = audit.finish()
  /// report.findings.map(\.rule)  // [.completeTwice]
  /// ```
  @discardableResult
  public mutating func finish() -> FileReport {
    if !driver.isFinished, driver.events == 0, driver.inputErrors.isEmpty, driver.notes.isEmpty {
      driver.note(
        TraceNote(line: max(lines, 1), message: "no events: nothing to audit (did the recording write any?)"))
    }
    driver.finish()
    return report
  }

  /// What the audit found so far, findings sorted by line; before ``finish()``, without what only the end
  /// of the trace settles (an incremental audit's report: the trace may grow).
  ///
  /// ```swift
  /// audit.report.findings  // settled so far, by line
  /// ```
  public var report: FileReport {
    var report = FileReport(path: path)
    report.events = driver.events
    report.expect = driver.expect
    report.findings = driver.findingsByLine
    report.inputErrors = driver.inputErrors
    report.notes = driver.notes
    return report
  }

  /// The findings of an audit of `events` in memory, sorted by line: the events on lines 1 to n, or after
  /// `header` on lines 2 to n + 1 (as `TraceWriter.trace(header:events:)` writes them, its `ignore`
  /// applied).
  ///
  /// ```swift
  /// let findings = TraceAudit.findings(of: events)
  /// #expect(findings.isEmpty, "\(findings.map { "line \($0.line): \($0.message)" })")
  /// ```
  public static func findings(
    of events: some Sequence<Event>, header: TraceHeader? = nil,
    configuration: AuditConfiguration = AuditConfiguration()
  ) -> [Finding] {
    var audit = TraceAudit(configuration: configuration)
    var line = 1
    if let header {
      audit.feed(.header(header, line: line))
      line += 1
    }
    for event in events {
      audit.feed(event, line: line)
      line += 1
    }
    return audit.finish().findings
  }

  /// Hands over the findings settled since the last call and keeps no copy (the report then lists only
  /// those not taken): for a stream that writes findings as they settle.
  mutating func takeFindings() -> [Finding] { driver.takeFindings() }

  /// What the audit would settle if the trace's clock read `t` now and, with `finishing`, if the trace
  /// ended there, without changing the audit.
  func probe(advancingTo t: Double?, line: Int, finishing: Bool) -> [Finding] {
    driver.probe(advancingTo: t, line: line, finishing: finishing)
  }
}
