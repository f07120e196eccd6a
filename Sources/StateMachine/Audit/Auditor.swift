/// Audits a trace event by event: the session's ordering findings, hangs judged against deadlines, and
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
/// line for a report.
public struct Auditor: Sendable, Codable {
  public let configuration: AuditConfiguration
  /// The machine the auditor drives.
  public private(set) var session = PresentationSession()
  /// The latest time any line showed: the trace's clock for deadlines (decision 12).
  public private(set) var clock = -Double.infinity
  private var previousT: Double?
  private var earliestDeadline = Double.infinity

  public init(configuration: AuditConfiguration = AuditConfiguration()) {
    self.configuration = configuration
  }

  /// An auditor whose session decides every event on its general path (for the tests that compare it
  /// with the fast steps).
  init(configuration: AuditConfiguration = AuditConfiguration(), takesFastSteps: Bool) {
    self.configuration = configuration
    session.takesFastSteps = takesFastSteps
  }

  /// Audits one event (`line` is its line in the file) and appends what it settles to `findings`.
  public mutating func audit(_ event: borrowing Event, line: Int, into findings: inout [Finding]) {
    _ = auditOutcome(event, line: line, into: &findings)
  }

  /// Audits one event like `audit(_:line:into:)` and also returns the session's step, for consumers that
  /// follow the machine (reconstruction, live tools).
  public mutating func auditStep(_ event: Event, line: Int, into findings: inout [Finding]) -> SessionStep {
    let outcome = auditOutcome(event, line: line, into: &findings)
    return session.step(for: outcome, event)
  }

  /// The audit of one event; the session's outcome is worded (ids, messages) only for a finding.
  @inline(__always)
  private mutating func auditOutcome(_ event: borrowing Event, line: Int, into findings: inout [Finding])
    -> PresentationSession.Outcome
  {
    let start = findings.count
    // The id is read only for the rare finding: passing it along on every event costs a retain.
    if let previousT, event.t < previousT {
      reportClockWentBack(to: event.t, from: previousT, line: line, id: event.id, into: &findings)
    }
    moveClock(to: event.t, into: &findings)
    let outcome = session.apply(event, line: line)
    if let rule = outcome.rule {
      let step = session.step(for: outcome, event)
      findings.append(
        Finding(
          rule: rule, line: line, t: event.t, id: step.id,
          message: FindingMessage.make(for: step, event: event)))
    } else if Self.mayBreakTimingRule(outcome.trigger) {
      TimingRules.check(
        event, line: line, outcome: outcome, id: session.id(of: outcome, event),
        record: outcome.trigger == .completeTrue || outcome.trigger == .completeFalse
          ? session.transition(atSlot: outcome.slot)?.record : nil,  // only completions read it
        configuration: configuration,
        into: &findings)
    }
    if session.hasLateViolations { appendLateViolations(into: &findings) }
    if outcome.slot >= 0, !outcome.deadlinesOnlyLater {
      if let next = nextJudgement(ofSlot: outcome.slot) { earliestDeadline = min(earliestDeadline, next) }
      // A step of one member of a dismissal group can give another member a deadline (its dismissal is no
      // longer carried, as when the member that animated it ends): ask for theirs too, or a hang that only
      // the other member's silence shows would wait for that member's next event, or for none. Only a
      // member with an animator or a completion carries the others, and only a step that moves its phase,
      // or gives it that animator or completion, changes what it does for them.
      if outcome.from != outcome.to || Self.changesCarrier(outcome.trigger),
        session.mayCarryGroup(slot: outcome.slot)
      {
        for member in session.otherGroupMemberSlots(ofSlot: outcome.slot) {
          if let next = nextJudgement(ofSlot: member) { earliestDeadline = min(earliestDeadline, next) }
        }
      }
    }
    if findings.count > start { configuration.rules.apply(to: &findings, from: start) }
    return outcome
  }

  /// Whether a step on `trigger` can start or stop a member carrying its dismissal group
  /// (`PresentationSession` counts a member with an animator or a completion as carrying it).
  private static func changesCarrier(_ trigger: Trigger) -> Bool {
    switch trigger {
    case .animate, .startInteractive, .completeTrue, .completeFalse: true
    default: false
    }
  }

  private static func mayBreakTimingRule(_ trigger: Trigger) -> Bool {
    switch trigger {
    case .completeTrue, .completeFalse, .layoutDid, .sizeChange: true
    default: false
    }
  }

  /// The earliest time at which the transition in `slot` becomes a finding unless something happens first.
  /// (`mutating` only for the code the compiler makes of it: about 8 instructions an event fewer.)
  @inline(__always)
  private mutating func nextJudgement(ofSlot slot: Int) -> Double? {
    let undrivenAfter = configuration.undrivenAfter
    let undrivenOrNil: Double?? = session.readTransition(atSlot: slot) { phase, record, _ in
      guard phase.isInFlight else { return nil }
      return TimingRules.undrivenDeadline(phase: phase, record: record, undrivenAfter: undrivenAfter)
    }
    guard let undriven = undrivenOrNil else { return nil }
    let hang = session.deadline(ofSlot: slot, grace: configuration.grace)?.t
    switch (hang, undriven) {
    case (let hang?, let undriven?): return min(hang, undriven)
    case (let hang?, nil): return hang
    case (nil, let undriven?): return undriven
    case (nil, nil): return nil
    }
  }

  /// A line's time, for a line that carries no event the machine knows (an app's own mark): it still
  /// advances the clock, judging deadlines (decision 12), and still must not go backwards.
  public mutating func advanceClock(to t: Double, line: Int, id: String, into findings: inout [Finding]) {
    let start = findings.count
    if let previousT, t < previousT {
      reportClockWentBack(to: t, from: previousT, line: line, id: id, into: &findings)
    }
    moveClock(to: t, into: &findings)
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
  /// passed and lets the session forget presentations that ended long enough ago.
  @inline(__always)
  private mutating func moveClock(to t: Double, into findings: inout [Finding]) {
    previousT = t
    if t > clock {
      clock = t
      if clock > earliestDeadline { judgeDeadlines(into: &findings) }
      session.forgetEnded(before: clock - configuration.grace)
    }
  }

  /// The end of the trace: settles what only the end can settle (unresolved appearance callbacks).
  ///
  /// A transition still in flight is not reported here unless the trace ran past its deadline, which
  /// the last event already judged: a recording cut mid-transition is not a hang (decision 3).
  public mutating func finish(into findings: inout [Finding]) {
    let start = findings.count
    session.finish(clock: clock, grace: configuration.grace)
    appendLateViolations(into: &findings)
    configuration.rules.apply(to: &findings, from: start)
  }

  private mutating func judgeDeadlines(into findings: inout [Finding]) {
    var next = Double.infinity
    for slot in session.inFlightSlotsByID {
      guard let lifecycle = session.lifecycle(atSlot: slot) else { continue }
      let id = lifecycle.id
      if let record = lifecycle.transition,
        let undriven = TimingRules.undrivenDeadline(
          phase: lifecycle.phase, record: record, undrivenAfter: configuration.undrivenAfter)
      {
        if undriven < clock, let start = lifecycle.transition?.interactiveStartT {
          session.markUndrivenReported(slot: slot)
          findings.append(
            Finding(
              rule: .interactionUndriven, line: lifecycle.transition?.interactiveStartLine ?? 0, t: start,
              id: id,
              message:
                "\(id): startInteractiveTransition at t=\(start) had no update, finish or cancel for over "
                + "\(TimingRules.seconds(configuration.undrivenAfter)) (the trace reached t=\(clock)): an interaction "
                + "controller was vended with no gesture driving it"))
        } else {
          next = min(next, undriven)
        }
      }
      guard let deadline = session.deadline(ofSlot: slot, grace: configuration.grace) else { continue }
      guard deadline.t < clock else {
        next = min(next, deadline.t)
        continue
      }
      guard let lifecycle = session.lifecycle(atSlot: slot), let record = lifecycle.transition else {
        continue
      }
      session.markHangReported(slot: slot)
      let expected =
        record.direction == .presenting ? "presentationTransitionDidEnd" : "dismissalTransitionDidEnd"
      findings.append(
        Finding(
          rule: .transitionNeverCompleted, line: record.lastLine, t: record.lastT, id: id,
          message: "\(id): stuck in \(lifecycle.phase.name) since t=\(record.lastT); counted from "
            + "\(deadline.reason), completeTransition/\(expected) was due by t=\(Self.format(deadline.t)) "
            + "but the trace reached t=\(clock) without it"))
    }
    earliestDeadline = next
  }

  private mutating func appendLateViolations(into findings: inout [Finding]) {
    for late in session.takeLateViolations() {
      findings.append(
        Finding(
          rule: late.rule, line: late.line, t: late.t, id: late.id, message: "\(late.id): \(late.detail)"))
    }
  }

  static func format(_ value: Double) -> String { "\(ReadableNumber.rounded(value, scale: 1_000_000))" }
}
