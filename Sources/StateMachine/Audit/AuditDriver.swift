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
/// It keeps events counted, input errors, notes (an unknown event name once), the header's `expect`. A
/// header's `ignore` drops those rules for the whole trace, so it counts only before anything was audited
/// (a header is the trace's first line).
public struct AuditDriver: Sendable {
  /// The settings the audit began with, before a header's `ignore`.
  public let configuration: AuditConfiguration
  public private(set) var auditor: Auditor
  /// Every finding so far, in the order they were settled.
  public private(set) var findings: [Finding] = []
  /// Event lines audited (header, blank, bad and unknown-event lines not counted).
  public private(set) var events = 0
  public private(set) var inputErrors: [InputError] = []
  public private(set) var notes: [TraceNote] = []
  /// The header's `expect`, when the trace states one.
  public private(set) var expect: [String]?
  /// The rules the header's `ignore` turned off.
  public private(set) var ignore: [Rule]
  /// Unknown event names already noted: one note per name.
  public private(set) var notedUnknownEvents: Set<String>
  /// `finish()` ran: later records change nothing.
  public private(set) var isFinished = false

  /// A driver for a new audit, or for one that resumes where `auditor` stopped (with the header's
  /// `ignore` it read then and the unknown names it noted).
  public init(
    configuration: AuditConfiguration = AuditConfiguration(), resuming auditor: Auditor? = nil,
    ignore: [Rule] = [], notedUnknownEvents: Set<String> = []
  ) {
    self.configuration = configuration
    self.auditor = auditor ?? Auditor(configuration: configuration)
    self.ignore = ignore
    self.notedUnknownEvents = notedUnknownEvents
  }

  /// Audits one record: an event through the machine (returning its step), an unknown event's time as
  /// clock evidence, a header's `ignore`; input errors and notes are kept.
  @discardableResult
  public mutating func consume(_ record: TraceRecord) -> SessionStep? {
    guard !isFinished else { return nil }
    switch record {
    case .event(let event, let line):
      return consume(event, line: line)
    case .skippedEvent(let name, let t, let id, let line, let note):
      if let note, notedUnknownEvents.insert(name).inserted { notes.append(note) }
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
  public mutating func consume(_ event: borrowing Event, line: Int) -> SessionStep {
    events += 1
    return auditor.auditStep(event, line: line, into: &findings)
  }

  /// Audits one event at `line`: the path every event line of a plain audit takes.
  @inline(__always)
  public mutating func audit(_ event: borrowing Event, line: Int) {
    events += 1
    auditor.audit(event, line: line, into: &findings)
  }

  /// Adds a note the reader could not give (a trace with no events, a line still being written).
  public mutating func note(_ note: TraceNote) { notes.append(note) }

  /// The end of the trace: settles what only the end settles (appearance callbacks never resolved).
  public mutating func finish() {
    guard !isFinished else { return }
    isFinished = true
    auditor.finish(into: &findings)
  }

  /// Hands over the findings settled since the last call, in the order they were settled, and keeps no
  /// copy: a replay that streams its findings holds only those it has not written yet.
  mutating func takeFindings() -> [Finding] {
    guard !findings.isEmpty else { return [] }
    defer { findings = [] }
    return findings
  }

  /// The earliest line a finding settled later may name, of the presentation `id` (`nil`: only lines to
  /// come); read in place (through `auditor`, a closure would copy the machine on every call).
  func earliestPendingLine(of id: String) -> Int? { auditor.earliestPendingLine(of: id) }

  /// The earliest line any finding settled later may name (`nil`: only lines to come).
  func earliestPendingLine() -> Int? { auditor.earliestPendingLine() }

  /// Starts keeping the ids of the presentations the machine forgets (`takeForgotten()`).
  mutating func keepForgotten() { auditor.keepForgotten() }

  /// The ids of the presentations the machine forgot since the last call.
  mutating func takeForgotten() -> [String] { auditor.takeForgotten() }

  /// What the audit would settle if the trace's clock read `t` now and, with `finishing`, if the trace
  /// ended there, without changing the audit.
  public func probe(advancingTo t: Double?, line: Int, finishing: Bool) -> [Finding] {
    guard !isFinished else { return [] }
    var copy = auditor
    var found: [Finding] = []
    if let t { copy.advanceClock(to: t, line: line, id: "", into: &found) }
    if finishing { copy.finish(into: &found) }
    return found
  }

  /// Every finding sorted by line (in the order they were settled within a line), as a report lists them.
  public var findingsByLine: [Finding] {
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
