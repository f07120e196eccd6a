/// Audits a trace event by event: the machine's ordering findings, hangs judged against deadlines, and
/// time going backwards.
///
/// ```swift
/// var auditor = Auditor()
/// var findings: [Finding] = []
/// for record in try TraceReader(path: path) {
///   if case .event(let event, let line) = record { auditor.audit(event, line: line, into: &findings) }
/// }
/// auditor.finish(into: &findings)
/// ```
///
/// After a violation it recovers (the table says how) and goes on; one root cause is reported once.
/// Findings are appended as they are settled, so a hang appears when later events prove it; sort by
/// line for a report. The auditor keeps its own notes of what it reported (a hang, an undriven
/// interaction, each once per transition). It feeds the machine events and the steps of the trace's clock
/// (forgetting ended presentations, dropping a `present` that never began), and decides nothing in it.
/// Its memory is bounded by itself: a presentation is forgotten once the trace's clock is `grace` past
/// its end, so the auditor holds the presentations alive at once however long the trace, and a caller
/// has nothing to call for that.
public struct Auditor: Sendable, Codable {
  /// The thresholds and rule settings the audit runs with, fixed for its whole run so verdicts do not change
  /// mid-trace.
  public let configuration: AuditConfiguration
  /// The machine the auditor drives.
  package private(set) var session = PresentationSession()
  /// The latest time any line showed: the trace's clock for deadlines (<doc:Rules#Time-evidence>).
  public private(set) var clock = -Double.infinity
  private var previousT: Double?
  private var earliestDeadline = Double.infinity
  /// The transitions (``TransitionRecord/serial``) reported as hangs and still in flight: each is
  /// reported once, and stays in flight as UIKit's does.
  private var reportedHangs: Set<UInt64> = []
  /// The interactions reported as undriven and still in flight.
  private var reportedUndriven: Set<UInt64> = []
  /// What forgetting ended presentations left unresolved during the event being audited (a `viewWill*`
  /// never followed by its `viewDid*`), reported after the event's own finding.
  private var forgotten: [LateViolation] = []
  /// The step of the event being audited, kept from event to event so that none is built per event.
  private var step = SessionStep(id: "", trigger: .mark, from: .absent, to: .absent)
  /// The transitions the auditor keeps notes about (reported hangs and undriven interactions): a snapshot
  /// checks they have begun.
  var notedSerials: Set<UInt64> { reportedHangs.union(reportedUndriven) }
  /// Asks for the stepped transition's deadline after every step, even where the step says it can only
  /// have moved deadlines later (for the tests that check the shortcut changes nothing).
  var asksEveryDeadline = false

  private enum CodingKeys: String, CodingKey {
    case configuration, session, clock, previousT, earliestDeadline, reportedHangs, reportedUndriven
  }

  /// An auditor at the start of a trace: nothing presented, every root empty.
  public init(configuration: AuditConfiguration = AuditConfiguration()) {
    self.configuration = configuration
  }

  /// Audits one event (`line` is its line in the file) and appends what it settles to `findings`.
  public mutating func audit(_ event: borrowing Event, line: Int, into findings: inout [Finding]) {
    auditIntoStep(event, line: line, into: &findings)
  }

  /// Audits one event like `audit(_:line:into:)` and also returns the machine's step, for consumers that
  /// follow the machine (reconstruction, live tools).
  @discardableResult
  package mutating func auditStep(_ event: borrowing Event, line: Int, into findings: inout [Finding])
    -> SessionStep
  {
    auditIntoStep(event, line: line, into: &findings)
    step.id = session.id(of: step, event)
    return step
  }

  /// The audit of one event, with the machine's step written into `step` (kept by the auditor, not built
  /// or copied per event).
  @inline(__always)
  private mutating func auditIntoStep(_ event: borrowing Event, line: Int, into findings: inout [Finding]) {
    let start = findings.count
    // The id is read only for the rare finding: passing it along on every event costs a retain.
    if let previousT, event.t < previousT {
      reportClockWentBack(to: event.t, from: previousT, line: line, id: event.id, into: &findings)
    }
    // The event's id is read only when a deadline passes (rare): a request whose own line shows its
    // deadline passed began late, and is no dropped request.
    if event.t > clock, event.t > earliestDeadline {
      moveClock(to: event.t, lineOf: event.id, into: &findings)
    } else {
      moveClock(to: event.t, lineOf: nil, into: &findings)
    }
    session.handle(event, line: line, into: &step)
    if let rule = step.rule {
      step.id = session.id(of: step, event)
      findings.append(
        Finding(
          rule: rule, line: line, t: event.t, id: step.id,
          message: FindingMessage.make(for: step, event: event)))
    } else if step.trigger.traits.contains(.timed) {
      step.id = session.id(of: step, event)
      TimingRules.check(
        event, line: line, step: step,
        record: step.trigger.traits.contains(.completeTransition)
          ? session.transition(atSlot: step.effects.slot)?.record : nil,  // only completions read it
        configuration: configuration, into: &findings)
    }
    if !forgotten.isEmpty { appendForgotten(into: &findings) }
    if step.effects.hasLateViolations { append(step.effects.lateViolations, into: &findings) }
    let slot = step.effects.slot
    if slot >= 0, asksEveryDeadline || !step.effects.deadlinesOnlyLater {
      if let next = nextJudgement(ofSlot: slot) { earliestDeadline = min(earliestDeadline, next) }
      // A step of one member of a dismissal group can give another member a deadline (its dismissal is no
      // longer carried, as when the member that animated it ends): ask for theirs too, or a hang that only
      // the other member's silence shows would wait for that member's next event, or for none. Only a
      // member with an animator or a completion carries the others, and only a step that moves its phase,
      // or gives it that animator or completion, changes what it does for them.
      if step.from != step.to || Self.changesCarrier(step.trigger), session.mayCarryGroup(slot: slot) {
        for member in session.otherGroupMemberSlots(ofSlot: slot) {
          if let next = nextJudgement(ofSlot: member) { earliestDeadline = min(earliestDeadline, next) }
        }
      }
    }
    if findings.count > start { configuration.rules.apply(to: &findings, from: start) }
  }

  /// Whether a step on `trigger` can start or stop a member carrying its dismissal group (the session
  /// counts a member with an animator or a completion as carrying it).
  static func changesCarrier(_ trigger: Trigger) -> Bool {
    !trigger.traits.isDisjoint(with: [.animator, .completeTransition])
  }

  /// The deadline of `id`'s transition in flight, unless it was already reported as a hang.
  package func deadline(of id: String) -> TransitionDeadline? {
    guard let deadline = session.deadline(of: id, grace: configuration.grace),
      let serial = session.lifecycle(of: id)?.transition?.serial, !reportedHangs.contains(serial)
    else { return nil }
    return deadline
  }

  /// The earliest time at which the transition in `slot` becomes a finding unless something happens first.
  /// (`mutating` so that the session reads the transition in place.)
  @inline(__always)
  private mutating func nextJudgement(ofSlot slot: Int) -> Double? {
    guard
      let judged = session.judgement(
        ofSlot: slot, grace: configuration.grace, undrivenAfter: configuration.undrivenAfter)
    else { return nil }
    let hang = !reportedHangs.isEmpty && reportedHangs.contains(judged.serial) ? nil : judged.hang
    let undriven =
      !reportedUndriven.isEmpty && reportedUndriven.contains(judged.serial) ? nil : judged.undriven
    switch (hang, undriven) {
    case (let hang?, let undriven?): return min(hang, undriven)
    case (let hang?, nil): return hang
    case (nil, let undriven?): return undriven
    case (nil, nil): return nil
    }
  }

  /// A line's time, for a line that carries no event the machine knows (an app's own mark): it still
  /// advances the clock, judging deadlines (<doc:Rules#Time-evidence>), and still must not go backwards.
  public mutating func advanceClock(to t: Double, line: Int, id: String, into findings: inout [Finding]) {
    let start = findings.count
    if let previousT, t < previousT {
      reportClockWentBack(to: t, from: previousT, line: line, id: id, into: &findings)
    }
    moveClock(to: t, lineOf: nil, into: &findings)
    if !forgotten.isEmpty { appendForgotten(into: &findings) }
    if findings.count > start { configuration.rules.apply(to: &findings, from: start) }
  }

  private mutating func reportClockWentBack(
    to t: Double, from previousT: Double, line: Int, id: String, into findings: inout [Finding]
  ) {
    findings.append(
      Finding(
        rule: .timeWentBackwards, line: line, t: t, id: id,
        message: "\(id): t=\(t) is earlier than the previous line's t=\(previousT); "
          + "timestamps must come from one monotonic clock (CACurrentMediaTime)"))
    // Follow the evidence: judge later deadlines by the clock the trace continues with, so one outlier
    // does not freeze the clock far ahead (deadlines are then rescanned on the next step forward).
    clock = t
    earliestDeadline = -Double.infinity
  }

  /// Moves the clock to `t` (after `reportClockWentBack` when it went back): judges the deadlines it
  /// passed and lets the session forget presentations that ended long enough ago; returns what those
  /// left unresolved, which the caller reports after the event's own finding. `id` is the presentation
  /// whose own line moves the clock, if the line is an event.
  @inline(__always)
  private mutating func moveClock(to t: Double, lineOf id: String?, into findings: inout [Finding]) {
    previousT = t
    guard t > clock else { return }
    clock = t
    if clock > earliestDeadline { judgeDeadlines(lineOf: id, into: &findings) }
    session.forgetEnded(before: clock - configuration.grace, unresolved: &forgotten)
  }

  /// Appends what forgetting ended presentations left unresolved, after the event's own finding.
  private mutating func appendForgotten(into findings: inout [Finding]) {
    append(forgotten, into: &findings)
    forgotten.removeAll(keepingCapacity: true)
  }

  /// The end of the trace: settles what only the end can settle (unresolved appearance callbacks).
  ///
  /// A transition still in flight is not reported here unless the trace ran past its deadline, which
  /// the last event already judged: a recording cut mid-transition is not a hang (<doc:Rules#Deadlines>).
  public mutating func finish(into findings: inout [Finding]) {
    let start = findings.count
    append(session.finish(clock: clock, grace: configuration.grace), into: &findings)
    configuration.rules.apply(to: &findings, from: start)
  }

  /// Reports every transition whose deadline the clock passed: a hang, once per transition, which stays in
  /// flight as UIKit's does; or a `present` nothing began, which UIKit dropped (`presenter-unknown` at the
  /// request, and the session drops it: <doc:Rules#Recovery-follows-the-evidence>). A `present` whose own
  /// line is the one that passed its deadline began late, the main thread blocked: a hang, not a drop.
  private mutating func judgeDeadlines(lineOf ownID: String?, into findings: inout [Finding]) {
    var next = Double.infinity
    for slot in session.inFlightSlotsByID {
      guard let lifecycle = session.lifecycle(atSlot: slot), let record = lifecycle.transition else {
        continue
      }
      let id = lifecycle.id
      if !reportedUndriven.contains(record.serial),
        let undriven = TransitionDeadline.undrivenDeadline(
          phase: lifecycle.phase, record: record, gesture: session.gesture(of: id),
          undrivenAfter: configuration.undrivenAfter),
        let since = record.undrivenSince
      {
        if undriven < clock {
          reportedUndriven.insert(record.serial)
          let caught = since != record.interactiveStartT
          findings.append(
            Finding(
              rule: .interactionUndriven, line: record.undrivenSinceLine, t: since, id: id,
              message:
                "\(id): \(caught ? "the interaction caught" : "startInteractiveTransition") at t=\(since) had no "
                + "update, finish, cancel or pan event for over \(TimingRules.seconds(configuration.undrivenAfter)) "
                + "(the trace reached t=\(clock)): an interaction controller was vended with no gesture driving it"
            ))
        } else {
          next = min(next, undriven)
        }
      }
      guard !reportedHangs.contains(record.serial),
        let deadline = session.deadline(ofSlot: slot, grace: configuration.grace)
      else { continue }
      guard deadline.t < clock else {
        next = min(next, deadline.t)
        continue
      }
      let expected = TransitionDeadline.awaited(by: record, in: lifecycle.phase)
      if deadline.dropsRequest, id != ownID, let presenter = session.dropRequest(ofSlot: slot) {
        findings.append(
          Finding(
            rule: deadline.rule, line: record.requestLine, t: record.requestT, id: id,
            message: "\(id): present from \(presenter) at t=\(record.requestT) never began: \(expected) was "
              + "due by t=\(Self.format(deadline.t)) (counted from \(deadline.reason)) but the trace reached "
              + "t=\(clock) without it; UIKit dropped the request, as it does when the presenter's view is not "
              + "in the window hierarchy"))
        continue
      }
      reportedHangs.insert(record.serial)
      findings.append(
        Finding(
          rule: .transitionNeverCompleted, line: record.lastLine, t: record.lastT, id: id,
          message: "\(id): stuck in \(lifecycle.phase.name) since t=\(record.lastT); counted from "
            + "\(deadline.reason), \(expected) was due by t=\(Self.format(deadline.t)) "
            + "but the trace reached t=\(clock) without it"))
    }
    earliestDeadline = next
    // What was reported about transitions no longer in flight is never asked again: the notes stay as
    // few as the transitions in flight.
    if !reportedHangs.isEmpty || !reportedUndriven.isEmpty {
      let inFlight = Set(
        session.inFlightSlotsByID.compactMap { session.transition(atSlot: $0)?.record.serial })
      reportedHangs.formIntersection(inFlight)
      reportedUndriven.formIntersection(inFlight)
    }
  }

  /// How many presentations the machine holds now, the roots they were presented from included: what an
  /// audit's memory grows with (``AuditConfiguration/presentationLimit``).
  public var heldPresentations: Int { session.presentationCount }

  /// The earliest line a finding this audit settles later may name, of the presentation `id` (`nil` when
  /// none: its later findings name lines still to come). A replay that hands each transition over once
  /// nothing can change it asks: a finding belongs to the transition its line falls in.
  func earliestPendingLine(of id: String) -> Int? {
    session.storage.slot(of: id).flatMap { earliestPendingLine(ofSlot: $0) }
  }

  /// The earliest line any finding this audit settles later may name, over every presentation it holds
  /// (`nil` when none: later findings name lines still to come). One pass over the slots: asked now and
  /// then, not per event.
  func earliestPendingLine() -> Int? {
    var earliest: Int?
    for slot in 0..<session.slotCount {
      if let line = earliestPendingLine(ofSlot: slot) { earliest = min(earliest ?? line, line) }
    }
    return earliest
  }

  private func earliestPendingLine(ofSlot slot: Int) -> Int? {
    session.earliestPendingLine(ofSlot: slot) { serial in
      (reportedHangs.contains(serial), reportedUndriven.contains(serial))
    }
  }

  /// Starts keeping the ids of the presentations the session forgets, for `takeForgotten()`.
  mutating func keepForgotten() {
    if session.forgottenLog == nil { session.forgottenLog = [] }
  }

  /// The ids the session forgot since the last call (when `keepForgotten()` asked it to keep them).
  mutating func takeForgotten() -> [String] {
    guard let log = session.forgottenLog, !log.isEmpty else { return [] }
    session.forgottenLog = []
    return log
  }

  private func append(_ late: [LateViolation], into findings: inout [Finding]) {
    for late in late {
      findings.append(
        Finding(
          rule: late.rule, line: late.line, t: late.t, id: late.id, message: "\(late.id): \(late.detail)"))
    }
  }

  static func format(_ value: Double) -> String { "\(ReadableNumber.rounded(value, scale: 1_000_000))" }
}
