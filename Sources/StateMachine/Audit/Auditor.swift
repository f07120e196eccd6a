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
/// line for a report. The auditor drives the machine through its three entry points (each event, each
/// step forward of the trace's clock, the end) and words findings from what they return; it keeps the
/// trace's clock and, from the timers the steps report, when the earliest may expire, and decides
/// nothing in the machine.
/// Its memory is bounded by itself: the machine forgets a presentation once the trace's clock is
/// `grace` past its end, so the auditor holds the presentations alive at once however long the trace,
/// and a caller has nothing to call for that.
public struct Auditor: Sendable, Codable {
  /// The thresholds and rule settings the audit runs with, fixed for its whole run so verdicts do not change
  /// mid-trace.
  public let configuration: AuditConfiguration
  /// The machine the auditor drives.
  package private(set) var session: PresentationSession
  /// The latest time any line showed: the trace's clock for deadlines (<doc:Rules#Time-evidence>).
  public private(set) var clock = -Double.infinity
  private var previousT: Double?
  /// No timer the machine reported expires before this, so the clock has the machine judge its timers
  /// only once it passes it. A bound, not a list of timers: steps report timers on most events and few
  /// ever expire, and the machine judges every transition in flight when asked.
  private var earliestDeadline = Double.infinity
  /// The clock can move on from `clock` to any time up to this one with nothing to judge or forget and no
  /// line gone back: the earlier of `earliestDeadline` and the machine's `forgetsNothingThrough`, set
  /// after every line. Not encoded: NaN until then, which no time is at or before, so the first line after
  /// decoding takes the full checks.
  private var horizon = Double.nan
  /// The step of the event being audited, kept from event to event so that none is built per event.
  private var step = SessionStep(id: "", trigger: .mark, from: .absent, to: .absent)
  /// What the latest step of the clock settled, kept likewise.
  private var clockStep = ClockStep()
  /// Has the machine report the stepped transition's timers after every step, even where the step says
  /// it can only have moved them later (for the tests that check the shortcut changes nothing).
  var asksEveryDeadline = false
  /// Has the machine judge its timers on every step forward of the clock, not only once the clock passes
  /// the earliest one reported (for the tests that check the earliest reported is never late).
  var judgesEveryStep = false

  private enum CodingKeys: String, CodingKey {
    case configuration, session, clock, previousT, earliestDeadline
  }

  /// An auditor at the start of a trace: nothing presented, every root empty.
  public init(configuration: AuditConfiguration = AuditConfiguration()) {
    self.configuration = configuration
    session = PresentationSession(grace: configuration.grace, undrivenAfter: configuration.undrivenAfter)
  }

  /// Audits one event (`line` is its line in the file) and appends what it settles to `findings`.
  public mutating func audit(_ event: borrowing Event, line: Int, into findings: inout [Finding]) {
    audit(CompactEvent(event), line: line, into: &findings)
  }

  /// `audit(_:line:into:)` for an event in the form the machine reads: the reader's and the benchmark's
  /// way in, which make each event's compact form once.
  package mutating func audit(_ event: borrowing CompactEvent, line: Int, into findings: inout [Finding]) {
    tookQuietStay(auditing: event, line: line, into: &findings)
  }

  /// `audit(_:line:into:)`, saying whether the event was a quiet stay, which settles nothing and takes no
  /// step: the benchmark prints their share of a trace (<doc:Performance#What-it-does-not-reach>). Apart
  /// from `audit`, which returns nothing: returning the answer there cost an instruction an event.
  package mutating func auditTakingQuietStay(
    _ event: borrowing CompactEvent, line: Int, into findings: inout [Finding]
  ) -> Bool {
    tookQuietStay(auditing: event, line: line, into: &findings)
  }

  /// The audit of one event; returns whether it was a quiet stay.
  @inline(__always) @discardableResult
  private mutating func tookQuietStay(
    auditing event: borrowing CompactEvent, line: Int, into findings: inout [Finding]
  ) -> Bool {
    // A stay with nothing to report (`PresentationSession.steppedQuietStay`), on a line that moves the clock
    // on without reaching any timer or anything to forget, settles nothing: it needs no step, and the
    // horizon stays where it was (a stay ends no transition and reports no timer). `auditStep`'s callers
    // read the step, so it never takes this way.
    if event.t >= clock, event.t <= horizon, PresentationSession.mayStayQuietly(event.kind),
      !asksEveryDeadline,
      session.steppedQuietStay(event, line: line, frameRate: configuration.frameRate)
    {
      previousT = event.t
      clock = event.t
      return true
    }
    auditIntoStep(event, line: line, into: &findings)
    return false
  }

  /// Has every event go through the machine's `handle`, none through its quiet stay (for the tests that
  /// check the quiet stay changes nothing). A flag of the session's, read only on the quiet stay's own
  /// path: read here, on every event, it cost about 3 instructions an event.
  mutating func stepsEveryEventThroughHandle() { session.takesQuietStays = false }

  /// Audits one event like `audit(_:line:into:)` and also returns the machine's step, for consumers that
  /// follow the machine (reconstruction, live tools).
  @discardableResult
  package mutating func auditStep(_ event: borrowing Event, line: Int, into findings: inout [Finding])
    -> SessionStep
  {
    auditStep(CompactEvent(event), line: line, into: &findings)
  }

  /// `auditStep(_:line:into:)` for an event in the form the machine reads.
  @discardableResult
  package mutating func auditStep(_ event: borrowing CompactEvent, line: Int, into findings: inout [Finding])
    -> SessionStep
  {
    auditIntoStep(event, line: line, into: &findings)
    step.id = step.id(of: event)
    return step
  }

  /// The audit of one event, with the machine's step written into `step` (kept by the auditor, not built
  /// or copied per event).
  @inline(__always)
  private mutating func auditIntoStep(
    _ event: borrowing CompactEvent, line: Int, into findings: inout [Finding]
  ) {
    let start = findings.count
    // Most lines move the clock on without reaching any timer or anything to forget. The clock is never
    // behind the previous line's time, so a line at or past it did not go back.
    if event.t >= clock, event.t <= horizon {
      previousT = event.t
      clock = event.t
    } else {
      checkClock(event, line: line, into: &findings)
    }
    session.handle(event, line: line, into: &step, reportingEveryTimer: asksEveryDeadline)
    if let rule = step.rule {
      step.id = step.id(of: event)
      findings.append(
        Finding(
          rule: rule, line: line, t: event.t, id: step.id,
          message: FindingMessage.make(for: step, event: event)))
    } else if step.trigger.traits.contains(.timed),
      let (rule, message) = TimingRules.violation(of: event, step: step, configuration: configuration)
    {
      step.id = step.id(of: event)
      findings.append(
        Finding(rule: rule, line: line, t: event.t, id: step.id, message: "\(step.id): \(message)"))
    }
    if !clockStep.unresolved.isEmpty { appendUnresolved(into: &findings) }
    if let timer = step.effects.timer { earliestDeadline = min(earliestDeadline, timer.earliest) }
    // Few steps have late violations or other members' timers: one test for both on the others.
    if step.effects.hasRareEffects {
      if step.effects.hasLateViolations { append(step.effects.lateViolations, into: &findings) }
      // The other members' timers change only with what their carrier does for them: a step that moves its
      // phase, or gives it an animator or a completion.
      if step.effects.hasMemberTimers, step.from != step.to || Self.changesCarrier(step.trigger) {
        for timer in step.effects.memberTimers { earliestDeadline = min(earliestDeadline, timer.earliest) }
      }
    }
    horizon = min(earliestDeadline, session.forgetsNothingThrough)
    if findings.count > start { configuration.rules.apply(to: &findings, from: start) }
  }

  /// The clock's checks of a line that may have gone back, or may reach a timer or the end of an ended
  /// presentation's tail window.
  private mutating func checkClock(_ event: borrowing CompactEvent, line: Int, into findings: inout [Finding])
  {
    // The id is read only for the rare finding: passing it along on every event costs a retain.
    if let previousT, event.t < previousT {
      reportClockWentBack(to: event.t, from: previousT, line: line, id: event.id, into: &findings)
    }
    // The event's id is read only when a timer may have expired (rare): a request whose own line shows its
    // deadline passed began late, and is no dropped request.
    if event.t > clock, event.t > earliestDeadline {
      moveClock(to: event.t, lineOf: event.id, into: &findings)
    } else {
      moveClock(to: event.t, lineOf: nil, into: &findings)
    }
  }

  /// Has the next line take the clock's full checks, as the first after decoding does (for the tests that
  /// check the horizon changes nothing).
  mutating func forgetHorizon() { horizon = .nan }

  /// Whether a step on `trigger` can start or stop a member carrying its dismissal group (the session
  /// counts a member with an animator or a completion as carrying it).
  static func changesCarrier(_ trigger: Trigger) -> Bool {
    !trigger.traits.isDisjoint(with: [.animator, .completeTransition])
  }

  /// A line's time, for a line that carries no event the machine knows (an app's own mark): it still
  /// advances the clock, judging deadlines (<doc:Rules#Time-evidence>), and still must not go backwards.
  public mutating func advanceClock(to t: Double, line: Int, id: String, into findings: inout [Finding]) {
    let start = findings.count
    if let previousT, t < previousT {
      reportClockWentBack(to: t, from: previousT, line: line, id: id, into: &findings)
    }
    moveClock(to: t, lineOf: nil, into: &findings)
    if !clockStep.unresolved.isEmpty { appendUnresolved(into: &findings) }
    horizon = min(earliestDeadline, session.forgetsNothingThrough)
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
    // does not freeze the clock far ahead (the timers are then judged on the next step forward).
    clock = t
    earliestDeadline = -Double.infinity
  }

  /// Moves the clock to `t` (after `reportClockWentBack` when it went back): the machine expires the timers
  /// it passed, which are reported at once, and forgets presentations that ended long enough ago, whose
  /// unresolved callbacks the caller reports after the event's own finding. `id` is the presentation
  /// whose own line moves the clock, if the line is an event.
  @inline(__always)
  private mutating func moveClock(to t: Double, lineOf id: String?, into findings: inout [Finding]) {
    previousT = t
    guard t > clock else { return }
    clock = t
    let expiring = clock > earliestDeadline
    session.clockAdvanced(to: clock, byLineOf: id, expiring: expiring, into: &clockStep)
    if expiring { reportExpiries(into: &findings) }
  }

  /// Appends what forgetting ended presentations left unresolved, after the event's own finding.
  private mutating func appendUnresolved(into findings: inout [Finding]) {
    append(clockStep.unresolved, into: &findings)
    clockStep.unresolved.removeAll(keepingCapacity: true)
  }

  /// The end of the trace: settles what only the end can settle (unresolved appearance callbacks).
  ///
  /// A transition still in flight is not reported here unless the trace ran past its deadline, which
  /// the last event already judged: a recording cut mid-transition is not a hang (<doc:Rules#Deadlines>).
  public mutating func finish(into findings: inout [Finding]) {
    let start = findings.count
    // Asked on its own line: as the argument of `append`, a method of the auditor, it ran after Swift had
    // copied the auditor for that call, so the session's slots were shared and the end copied them all.
    let late = session.finish(clock: clock)
    append(late, into: &findings)
    configuration.rules.apply(to: &findings, from: start)
  }

  /// Words the timers the clock passed: a hang, which stays in flight as UIKit's does; an interaction
  /// nothing drove; or a `present` nothing began, which UIKit dropped (`presenter-unknown` at the request,
  /// and the machine dropped it: <doc:Rules#Recovery-follows-the-evidence>). Then waits for the earliest
  /// timer still pending.
  private mutating func reportExpiries(into findings: inout [Finding]) {
    for expiry in clockStep.expiries {
      switch expiry {
      case .undriven(let id, let record):
        guard let since = record.undrivenSince else { continue }
        let caught = since != record.interactiveStartT
        findings.append(
          Finding(
            rule: .interactionUndriven, line: record.undrivenSinceLine, t: since, id: id,
            message:
              "\(id): \(caught ? "the interaction caught" : "startInteractiveTransition") at t=\(since) had no "
              + "update, finish, cancel or pan event for over \(TimingRules.seconds(configuration.undrivenAfter)) "
              + "(the trace reached t=\(clock)): an interaction controller was vended with no gesture driving it"
          ))
      case .droppedRequest(let id, let presenter, let record, let deadline):
        let expected = TransitionDeadline.awaited(by: record, in: .presentingRequested)
        findings.append(
          Finding(
            rule: deadline.rule, line: record.requestLine, t: record.requestT, id: id,
            message: "\(id): present from \(presenter) at t=\(record.requestT) never began: \(expected) was "
              + "due by t=\(Self.format(deadline.t)) (counted from \(deadline.reason)) but the trace reached "
              + "t=\(clock) without it; UIKit dropped the request, as it does when the presenter's view is not "
              + "in the window hierarchy"))
      case .hang(let id, let phase, let record, let deadline):
        let expected = TransitionDeadline.awaited(by: record, in: phase)
        findings.append(
          Finding(
            rule: .transitionNeverCompleted, line: record.lastLine, t: record.lastT, id: id,
            message: "\(id): stuck in \(phase.name) since t=\(record.lastT); counted from "
              + "\(deadline.reason), \(expected) was due by t=\(Self.format(deadline.t)) "
              + "but the trace reached t=\(clock) without it"))
      }
    }
    clockStep.expiries.removeAll(keepingCapacity: true)
    earliestDeadline = judgesEveryStep ? -.infinity : clockStep.nextDeadline ?? .infinity
  }

  /// How many presentations the machine holds now, the roots they were presented from included: what an
  /// audit's memory grows with (``AuditConfiguration/presentationLimit``), besides at most 64 roots kept
  /// idle.
  public var heldPresentations: Int { session.presentationCount }

  /// Starts keeping the ids of the presentations the machine forgets, for `takeForgotten()`.
  mutating func keepForgotten() {
    if clockStep.forgotten == nil { clockStep.forgotten = [] }
  }

  /// The ids the machine forgot since the last call (when `keepForgotten()` asked to keep them).
  mutating func takeForgotten() -> [String] {
    guard let forgotten = clockStep.forgotten, !forgotten.isEmpty else { return [] }
    clockStep.forgotten = []
    return forgotten
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
