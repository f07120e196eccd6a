/// What one record of a trace does to an audit: the step ``TraceAudit`` takes per record, with what the
/// records said kept beside the ``Auditor``'s findings. Audit a trace with ``TraceAudit``, which feeds it.
///
/// ```swift
/// var driver = AuditDriver()
/// for record in try TraceReader(path: "session.jsonl") {
///   if let step = driver.consume(record), step.rule != nil { print(step.id, step.from.name) }
/// }
/// driver.finish()
/// driver.findingsByLine  // what `replay audit` reports
/// ```
///
/// It keeps what the records said beside the findings: events counted, input errors, notes (an unknown
/// event name once), the header's `expect`. A header's `ignore` drops those rules for the whole trace, so
/// it counts only before anything was audited (a header is the trace's first line).
package struct AuditDriver: Sendable {
  /// The settings the audit began with, before a header's `ignore`.
  package let configuration: AuditConfiguration
  package private(set) var auditor: Auditor
  /// Every finding so far, in the order they were settled.
  package private(set) var findings: [Finding] = []
  /// Event lines audited (header, blank, bad and unknown-event lines not counted).
  package private(set) var events = 0
  package private(set) var inputErrors: [InputError] = []
  package private(set) var notes: [TraceNote] = []
  /// The header's `expect`, when the trace states one.
  package private(set) var expect: [String]?
  /// The rules the header's `ignore` turned off.
  package private(set) var ignore: [Rule]
  /// Unknown event names already noted, this run or one a snapshot resumed: one note per name.
  private var unknownEvents: UnknownEventNotes
  /// The unknown event names noted, as a snapshot keeps them.
  package var notedUnknownEvents: Set<String> { unknownEvents.names }
  /// `finish()` ran: later records change nothing.
  package private(set) var isFinished = false
  /// The trace held more presentations than ``AuditConfiguration/presentationLimit`` at once: the audit
  /// stopped at that line (an input error says so) and later records change nothing.
  package private(set) var stoppedAtPresentationLimit = false

  /// A driver for a new audit, or for one that resumes where `auditor` stopped (with the header's
  /// `ignore` it read then and the unknown names it noted).
  package init(
    configuration: AuditConfiguration = AuditConfiguration(), resuming auditor: Auditor? = nil,
    ignore: [Rule] = [], notedUnknownEvents: Set<String> = []
  ) {
    self.configuration = configuration
    self.auditor = auditor ?? Auditor(configuration: configuration)
    self.ignore = ignore
    unknownEvents = UnknownEventNotes(names: notedUnknownEvents)
  }

  /// Audits one record: an event through the machine (returning its step), an unknown event's time as
  /// clock evidence, a header's `ignore`; input errors and notes are kept.
  @discardableResult
  package mutating func consume(_ record: TraceRecord) -> SessionStep? {
    guard !isFinished, !stoppedAtPresentationLimit else { return nil }
    switch record {
    case .event(let event, let line):
      return consume(event, line: line)
    case .skippedEvent(let name, let t, let id, let line, let note):
      // The reader's note, as the driver's own count has it: the reader counts the names of its own run
      // only, and a resumed audit's would grow run after run.
      if let note, let kept = unknownEvents.note(for: name, line: note.line) { notes.append(kept) }
      auditor.advanceClock(to: t, line: line, id: id, into: &findings)
    case .header(let header, _):
      expect = header.expect
      if let rules = header.ignore, events == 0, findings.isEmpty {
        ignore = rules
        auditor = Auditor(configuration: configuration.ignoring(rules))
      }
    case .inputError(let error):
      inputErrors.append(error)
    case .note(let note):
      notes.append(note)
    }
    return nil
  }

  /// Audits one event at `line` and returns the machine's step: for consumers that follow the machine
  /// (reconstruction).
  @discardableResult
  package mutating func consume(_ event: borrowing Event, line: Int) -> SessionStep {
    consume(CompactEvent(event), line: line)
  }

  /// `consume(_:line:)` for an event in the form the machine reads.
  @discardableResult
  package mutating func consume(_ event: borrowing CompactEvent, line: Int) -> SessionStep {
    events += 1
    let step = auditor.auditStep(event, line: line, into: &findings)
    if auditor.heldPresentations > configuration.presentationLimit { stop(atLine: line) }
    return step
  }

  /// Audits one event at `line`: the path every event line of a plain audit takes.
  @inline(__always)
  package mutating func audit(_ event: borrowing Event, line: Int) {
    audit(CompactEvent(event), line: line)
  }

  /// `audit(_:line:)` for an event in the form the machine reads, as `TraceAudit.read` reads them.
  @inline(__always)
  package mutating func audit(_ event: borrowing CompactEvent, line: Int) {
    guard !stoppedAtPresentationLimit else { return }
    events += 1
    auditor.audit(event, line: line, into: &findings)
    if auditor.heldPresentations > configuration.presentationLimit { stop(atLine: line) }
  }

  /// Stops the audit at `line`, whose event made the trace hold more presentations than the limit: what
  /// the audit holds stays bounded, and the input error says why the rest of the trace went unread.
  private mutating func stop(atLine line: Int) {
    stoppedAtPresentationLimit = true
    let limit = configuration.presentationLimit
    inputErrors.append(
      InputError(
        line: line, column: 1,
        message: "this event makes \(auditor.heldPresentations) presentations held at once (the roots they "
          + "were presented from included), past the limit of \(limit) (presented and never dismissed, or "
          + "ended too recently to be forgotten); the audit stops here "
          + "and the rest of the trace is not audited. An app that presents without dismissing leaks its "
          + "view controllers; if the trace is right, raise the limit (--max-presentations, or "
          + "\"maxPresentations\" in .replay.json)"))
  }

  /// Adds a note the reader could not give (a trace with no events, a line still being written).
  package mutating func note(_ note: TraceNote) { notes.append(note) }

  /// The end of the trace: settles what only the end settles (appearance callbacks never resolved).
  package mutating func finish() {
    guard !isFinished else { return }
    isFinished = true
    auditor.finish(into: &findings)
  }

  /// Hands over the findings settled since the last call, in the order they were settled, and keeps no
  /// copy: a consumer that reports findings as they come (a follower of a growing trace) then holds only
  /// what is in flight. `findings` and `findingsByLine` are then only what was settled since.
  ///
  /// ```swift
  /// driver.consume(record)
  /// for finding in driver.takeFindings() { print(finding.message) }
  /// ```
  package mutating func takeFindings() -> [Finding] {
    guard !findings.isEmpty else { return [] }
    defer { findings = [] }
    return findings
  }

  /// The earliest line a finding settled later may name, of the presentation `id` (`nil`: only lines to
  /// come); read in place (a closure capturing `auditor` would copy the machine on every call).
  func earliestPendingLine(of id: String) -> Int? { auditor.session.earliestPendingLine(of: id) }

  /// The earliest line any finding settled later may name (`nil`: only lines to come).
  func earliestPendingLine() -> Int? { auditor.session.earliestPendingLine() }

  /// Starts keeping the ids of the presentations the machine forgets (`takeForgotten()`).
  mutating func keepForgotten() { auditor.keepForgotten() }

  /// The ids of the presentations the machine forgot since the last call.
  mutating func takeForgotten() -> [String] { auditor.takeForgotten() }

  /// What the audit would settle if the trace's clock read `t` now and, with `finishing`, if the trace
  /// ended there, without changing the audit.
  package func probe(advancingTo t: Double?, line: Int, finishing: Bool) -> [Finding] {
    guard !isFinished else { return [] }
    var copy = auditor
    var found: [Finding] = []
    if let t { copy.advanceClock(to: t, line: line, id: "", into: &found) }
    if finishing { copy.finish(into: &found) }
    return found
  }

  /// Every finding sorted by line (in the order they were settled within a line), as a report lists them.
  package var findingsByLine: [Finding] { Self.byLine(findings) }

  /// `findings` sorted by line, in the order they were settled within a line: the order a report lists
  /// them in (the live auditor sorts the findings it keeps with it too).
  package static func byLine(_ findings: [Finding]) -> [Finding] {
    // Findings are nearly always settled in line order; then the list is already the report's, shared
    // rather than copied three times over (a trace with tens of thousands of findings would hold them
    // four times at the end of its audit).
    if findings.indices.dropFirst().allSatisfy({ findings[$0 - 1].line <= findings[$0].line }) {
      return findings
    }
    return findings.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(
      \.element)
  }
}
