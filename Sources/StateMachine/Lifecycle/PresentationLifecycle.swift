/// The lifecycle machine of one presentation id: its phase, the facts of its current or last transition,
/// and the side tracks (container layout, appearance) that are checked beside the transition table.
///
/// ```swift
/// var lifecycle = PresentationLifecycle()
/// var step = SessionStep(id: "p1", trigger: .present, from: .absent, to: .absent)
/// var serial: UInt64 = 0
/// lifecycle.apply(.move(.presentingRequested), .present, event: presentEvent, line: 1, serial: &serial,
///                 into: &step)
/// lifecycle.phase // .presentingRequested
/// ```
///
/// ```
///  absent ──(a decision that makes it live)──► tracked(phase, transition, side tracks)
///  absent ──(a bare *DidEnd of an id never seen)──► untracked(phase, side tracks)
///  tracked / untracked ──(its tail window closes: the session forgets it)──► absent
/// ```
///
/// It applies what the table (and its guards) decided; it never decides a rule itself, except the side
/// tracks' balance checks. `apply` is pure: it never traps, reads no clock and prints nothing. The stack
/// (presenter, children, dismissal groups) is `PresentationSession`'s, and so is the id: a lifecycle holds
/// numbers, flags and times only, a fixed-width record the session's slot keeps with no reference to
/// count (the id's text stays beside the slots, at the edge).
package struct PresentationLifecycle: Sendable, Hashable {
  /// Where the presentation is, and so which of the facts stored beside it mean anything.
  private var state: State = .absent
  /// The current or last transition's facts: meaningful while the state is `.tracked` only. They are
  /// stored beside the state rather than as its payload so that a step changes them in place: a payload of
  /// this size is copied out of the enum and back on every change (about 1,000 instructions an event,
  /// measured with callgrind on the audit of 200,000 events).
  private var facts = TransitionRecord(direction: .presenting, line: 0, t: 0, animated: true, serial: 0)
  /// The open layout pass and the pending appearance callback: meaningful unless the state is `.absent`.
  private var tracks = SideTracks()

  /// Where the presentation is, and what is known in each case: a phase and whether the facts of a
  /// transition stand beside it. Two stored fields rather than an enum with the phase as payload: the
  /// phase is read several times on every step, and taking it out of the payload cost a switch each time.
  private struct State: Sendable, Hashable {
    /// `.absent` exactly when the state is `State.absent`.
    let phase: Phase
    /// The facts of the current or last transition are meaningful.
    let isTracked: Bool

    /// Not live and not in the tail of a transition: nothing is known.
    static let absent = State(phase: .absent, isTracked: false)

    /// Seen only through a bare `*DidEnd` (a recording that started late): a phase and side tracks, but
    /// no transition's facts.
    static func untracked(_ phase: Phase) -> State { State(phase: phase, isTracked: false) }

    /// With side tracks and the facts of its current or last transition.
    static func tracked(_ phase: Phase) -> State { State(phase: phase, isTracked: true) }
  }

  /// The container layout pass and the appearance callback that wait for their `Did`.
  struct SideTracks: Sendable, Hashable, Codable {
    var openLayout: OpenLayoutPass?
    /// `containerViewWillLayoutSubviews` calls beyond the open pass (a re-entrant layout), each owed a `Did`.
    var nestedLayoutWills = 0
    var pendingAppearance: PendingAppearance?
  }

  /// A container layout pass whose `containerViewWillLayoutSubviews` arrived and whose `Did` has not.
  package struct OpenLayoutPass: Sendable, Hashable, Codable {
    package var line: Int
    package var t: Double
  }

  /// A `viewWillAppear` or `viewWillDisappear` waiting for its `viewDid*`.
  package struct PendingAppearance: Sendable, Hashable, Codable {
    package var trigger: Trigger
    package var line: Int
    package var t: Double
    /// `viewIsAppearing` came for this `viewWillAppear` (UIKit sends it once, before `viewDidAppear`).
    package var isAppearingSeen = false
  }

  /// Inlined so that a lifecycle is built in the memory it goes to (a slot's): called, it was built aside
  /// and copied in, a copy of the whole lifecycle (440 bytes then, 377 without its id) each time an id took
  /// a slot or an ended one was forgotten.
  @inline(__always)
  package init() {}

  /// Where the presentation is in its lifecycle.
  package var phase: Phase { state.phase }

  /// The current or latest transition's facts, if one was seen.
  package var transition: TransitionRecord? { hasTransition ? facts : nil }

  /// Whether a transition was seen (the facts `transition` returns exist).
  var hasTransition: Bool { state.isTracked }

  /// The open container layout pass (`Will` seen, `Did` not yet).
  package var openLayout: OpenLayoutPass? { state == .absent ? nil : tracks.openLayout }

  /// A `viewWill*` not yet resolved by its `viewDid*`.
  package var pendingAppearance: PendingAppearance? { state == .absent ? nil : tracks.pendingAppearance }

  /// `containerViewWillLayoutSubviews` calls beyond the open pass, each owed a `Did`.
  var nestedLayoutWills: Int { state == .absent ? 0 : tracks.nestedLayoutWills }

  /// Reads the transition's facts in place, if there are any.
  @inline(__always)
  func readTransition<Result>(_ read: (borrowing TransitionRecord) -> Result) -> Result? {
    hasTransition ? read(facts) : nil
  }

  /// The facts the table's guards test for `trigger` (`TableGuard.bitTest`): none without a transition.
  @inline(__always)
  func guardFacts(for trigger: Trigger) -> GuardFacts {
    hasTransition ? facts.guardFacts(for: trigger) : []
  }

  /// Lends the transition's facts in place, if there are any, from a caller that may change the
  /// lifecycle: a mutating access never copies it, where a read of an array element may.
  @inline(__always)
  mutating func withTransition<Result>(_ body: (inout TransitionRecord) -> Result) -> Result? {
    hasTransition ? body(&facts) : nil
  }

  /// Changes the transition's facts in place, if there is a transition.
  @inline(__always)
  mutating func updateTransition(_ change: (inout TransitionRecord) -> Void) {
    if hasTransition { change(&facts) }
  }

  /// Takes the `viewWill*` that waits for its `viewDid*`, if any: the session reports it as unresolved.
  mutating func takePendingAppearance() -> PendingAppearance? {
    state == .absent ? nil : tracks.pendingAppearance.take()
  }

  /// A member of a stack's dismissal that logged nothing, moved by the member that carried it: to
  /// `dismissed` (settled, so that its own late callbacks still belong to that dismissal) or back to
  /// `presented`, ending at `t`.
  mutating func settleWithGroup(to phase: Phase, at t: Double) {
    guard state != .absent else { return }
    if state.isTracked {
      facts.didEndT = t
      if phase == .dismissed { facts.settledByGroup = true }
      state = .tracked(phase)
    } else {
      state = .untracked(phase)
    }
  }

  /// Applies what the table decided for one event (`decision`, for `trigger`), into `step`: the phase after
  /// it, the side tracks' rule and detail where the decision was legal, the layout pass a `Did` closed.
  /// A new transition takes the next number from `serial`.
  ///
  /// `once` says whether UIKit delivers `trigger` at most once per transition (the table knows), so that the
  /// transition remembers it was delivered.
  mutating func apply(
    _ decision: TableDecision, _ trigger: Trigger, event: borrowing CompactEvent, line: Int, once: Bool,
    serial: inout UInt64, into step: inout SessionStep
  ) {
    if decision == .stay, hasTransition {
      applyStay(trigger, event: event, line: line, once: once, into: &step)
      return
    }
    let from = phase
    if from == .absent { tracks = SideTracks() }
    if trigger == .layoutDid { step.effects.closedLayout = tracks.openLayout }
    var rule = decision.rule
    var detail: StepDetail?
    let reported = hasTransition ? facts.reported : 0
    switch decision {
    case .move, .stay, .resume, .aside:
      (rule, detail) = Self.checkSideTracks(
        trigger, &tracks, phase: from, event: event, line: line, reported: reported)
    case .recover, .recoverQuietly:
      // Followed as if legal (<doc:Rules#Recovery-follows-the-evidence>): its side effects count, its side
      // findings would be a cascade.
      _ = Self.checkSideTracks(trigger, &tracks, phase: from, event: event, line: line, reported: reported)
    case .reject, .rejectQuietly:
      break
    }
    step.rule = rule
    step.detail = detail
    defer {
      // A rule a driver repeats is reported once per transition: the table's guard and the side tracks ask.
      if let reported = step.rule, hasTransition, reported.isReportedOncePerTransition {
        _ = facts.noteReported(reported)
      }
    }
    // The facts follow the rule the event breaks, whether it is reported or its root cause already was.
    if rule == nil { rule = decision.violation }
    guard decision != .aside else {
      step.to = from  // not this presentation's transition's event: the phase and the facts stay
      return
    }
    let to = decision.target(from: from)
    // A resumed member goes on with the dismissal it waited in, as if it were still requested.
    let continuedFrom: Phase = if case .resume = decision { .dismissingRequested } else { from }
    var tracked = hasTransition
    // A new transition starts at a request, or at the first event that shows one began
    // (<doc:Rules#Optional-request-events>, <doc:Rules#Recovery-follows-the-evidence>).
    if let direction = to.direction, continuedFrom.direction != direction {
      let animated = trigger == .present || trigger == .dismiss ? (event.payload.animated ?? true) : true
      // The style is the presentation's: its dismissal keeps what its present named.
      let systemStyle = direction == .dismissing && facts.systemStyle
      serial &+= 1
      facts = TransitionRecord(
        direction: direction, line: line, t: event.t, animated: animated, serial: serial)
      facts.systemStyle = systemStyle
      tracked = true
      if from.direction == nil && !from.isLive {
        tracks.openLayout = nil
        tracks.nestedLayoutWills = 0
      }
    }
    if tracked {
      if case .resume = decision { facts.settledByGroup = false }
      Self.update(
        &facts, trigger, event: event, line: line, decision: decision, from: continuedFrom, to: to,
        rule: rule,
        once: once)
      if to == .dismissed || to == .withdrawn {
        tracks.openLayout = nil
        tracks.nestedLayoutWills = 0
      }
    }
    step.to = to
    state = to == .absent ? .absent : tracked ? .tracked(to) : .untracked(to)
  }

  /// `apply` for a `.stay` of a presentation with a transition: the side tracks, then the transition's
  /// facts, in place. The phase, and so the state, stay as they are. Most events are such stays (an
  /// interaction's updates, layout passes, appearance callbacks), and the session's shortcut for them
  /// calls this directly.
  @inline(__always)
  mutating func applyStay(
    _ trigger: Trigger, event: borrowing CompactEvent, line: Int, once: Bool, into step: inout SessionStep
  ) {
    let phase = state.phase
    if trigger == .layoutDid { step.effects.closedLayout = tracks.openLayout }
    let (rule, detail) = Self.checkSideTracks(
      trigger, &tracks, phase: phase, event: event, line: line, reported: facts.reported)
    step.rule = rule
    step.detail = detail
    if Self.staysWithTimesOnly(trigger) {
      Self.updateStay(&facts, trigger, event: event, line: line, phase: phase, once: once)
    } else {
      Self.update(
        &facts, trigger, event: event, line: line, decision: .stay, from: phase, to: phase, rule: rule,
        once: once)
    }
    if phase == .dismissed || phase == .withdrawn {
      tracks.openLayout = nil
      tracks.nestedLayoutWills = 0
    }
    step.to = phase
    // A rule a driver repeats is reported once per transition (as in `apply`).
    if let rule, rule.isReportedOncePerTransition { _ = facts.noteReported(rule) }
  }

  /// `applyStay` for a stay that raises no rule, on a trigger `staysWithTimesOnly` names, done only if its
  /// side tracks raise none: returns false, having changed nothing, when they would (the caller then takes
  /// the general step, which reports the rule). The check is `checkSideTracks` itself, not a second
  /// statement of it: for a trigger whose check changes the side tracks (`changesSideTracks`), on a copy
  /// written back only when it raises nothing; for any other, in place, since that check only reads them.
  /// Writes nothing into a step: a quiet stay has nothing to report (`PresentationSession.steppedQuietStay`).
  ///
  /// A layout pass's `Did` is quiet only when the pass it closes took no longer than one frame at
  /// `frameRate` (`layout-hitch`, which the auditor judges from the step, reads the same pass and time).
  @inline(__always)
  mutating func applyQuietStay(
    _ trigger: Trigger, event: borrowing CompactEvent, line: Int, once: Bool, frameRate: Double
  ) -> Bool {
    let phase = state.phase
    if trigger == .layoutDid, let pass = tracks.openLayout, frameRate > 0, event.t - pass.t > 1 / frameRate {
      return false
    }
    // Checked on a copy only where the check changes the side tracks: another trigger's check only reads
    // them, so one that finds a rule changed nothing (copied and written back, they were 20-odd loads and
    // stores on every update).
    if trigger.traits.contains(.changesSideTracks) {
      var checked = tracks
      guard
        Self.raiseNoRule(trigger, &checked, phase: phase, event: event, line: line, reported: facts.reported)
      else { return false }
      tracks = checked
    } else {
      guard
        Self.raiseNoRule(trigger, &tracks, phase: phase, event: event, line: line, reported: facts.reported)
      else { return false }
    }
    Self.updateStay(&facts, trigger, event: event, line: line, phase: phase, once: once)
    if phase == .dismissed || phase == .withdrawn {
      tracks.openLayout = nil
      tracks.nestedLayoutWills = 0
    }
    return true
  }

  /// Whether the side tracks raise no rule for `trigger` (`checkSideTracks`, whose detail a quiet stay
  /// does not need).
  @inline(__always)
  private static func raiseNoRule(
    _ trigger: Trigger, _ tracks: inout SideTracks, phase: Phase, event: borrowing CompactEvent, line: Int,
    reported: UInt64
  ) -> Bool {
    checkSideTracks(trigger, &tracks, phase: phase, event: event, line: line, reported: reported).0 == nil
  }

  /// Layout balance, appearance balance, percent range: the side tracks of an accepted event.
  /// `reported` is the transition's rules already reported (`TransitionRecord.reported`): a rule a driver
  /// repeats is reported once per transition. Only a trigger with the `changesSideTracks` trait changes
  /// `tracks` (`TriggerTraitsTests` checks the others only read it).
  static func checkSideTracks(
    _ trigger: Trigger, _ tracks: inout SideTracks, phase: Phase, event: borrowing CompactEvent, line: Int,
    reported: UInt64
  ) -> (Rule?, StepDetail?) {
    switch trigger {
    case .layoutWill:
      if let open = tracks.openLayout {
        tracks.nestedLayoutWills += 1  // its Did is the same root cause, not a second finding
        return (.layoutUnbalanced, .layoutWillAgain(openLine: open.line))
      }
      tracks.openLayout = OpenLayoutPass(line: line, t: event.t)
    case .layoutDid:
      if tracks.nestedLayoutWills > 0 {
        tracks.nestedLayoutWills -= 1
      } else if tracks.openLayout != nil {
        tracks.openLayout = nil
      } else if !suppressesLayoutWill(phase) {
        return (.layoutUnbalanced, .layoutDidWithoutWill)
      }
    case .update:
      if let percent = event.payload.percent, !(0...1).contains(percent),
        reported & TransitionRecord.bit(.percentOutOfRange) == 0
      {
        return (.percentOutOfRange, .percentOutOfRange(percent))
      }
    case .viewWillAppear, .viewWillDisappear:
      let pending = tracks.pendingAppearance
      tracks.pendingAppearance = PendingAppearance(trigger: trigger, line: line, t: event.t)
      if let pending, pending.trigger == trigger {
        return (.appearanceUnbalanced, .appearanceAgain(trigger, pendingLine: pending.line))
      }
    case .viewIsAppearing:
      guard var pending = tracks.pendingAppearance, pending.trigger == .viewWillAppear,
        !pending.isAppearingSeen
      else { return (.appearanceUnbalanced, .appearingWithoutWill) }
      pending.isAppearingSeen = true
      tracks.pendingAppearance = pending
    case .viewDidAppear, .viewDidDisappear:
      let will: Trigger = trigger == .viewDidAppear ? .viewWillAppear : .viewWillDisappear
      guard tracks.pendingAppearance?.trigger == will else {
        return (.appearanceUnbalanced, .appearanceWithoutWill(trigger, will: will))
      }
      tracks.pendingAppearance = nil
    case .present, .dismiss, .presentationWillBegin, .presentationDidEndTrue, .presentationDidEndFalse,
      .dismissalWillBegin, .dismissalDidEndTrue, .dismissalDidEndFalse, .animate, .startInteractive,
      .interruptibleAnimator, .pause, .finish, .cancel, .completeTrue, .completeFalse, .animationEnded,
      .completion, .sizeChange,
      .controllerWillDismiss, .controllerDidDismiss, .controllerDidAttemptToDismiss, .gesture, .mark:
      break
    }
    return (nil, nil)
  }

  /// UIKit suppresses `containerViewWillLayoutSubviews` from `dismissalTransitionWillBegin` until
  /// `dismissalTransitionDidEnd`, so a lone `Did` is legal there (<doc:Rules#Layout-while-dismissing>).
  static func suppressesLayoutWill(_ phase: Phase) -> Bool {
    phase.direction == .dismissing && phase != .dismissingRequested
  }

  /// Whether a stay on `trigger` changes no fact of the transition but its times (`changesOnlyTimes` in
  /// its row of `Trigger.traits`): `update`'s own case for it is empty, or reads nothing a stay does not
  /// have, so that `updateStay` does the same in a few instructions (`update` is the general step's, with
  /// its switch over every trigger; most events are such stays).
  @inline(__always)
  static func staysWithTimesOnly(_ trigger: Trigger) -> Bool { trigger.traits.contains(.changesOnlyTimes) }

  /// `update` for a stay (`from` and `to` both `phase`, decision `.stay`) on a trigger `staysWithTimesOnly`
  /// names: what `update` does then, without the general step's questions. `LifecycleStayTests` holds the
  /// two against each other for every such trigger in every phase.
  @inline(__always)
  static func updateStay(
    _ record: inout TransitionRecord, _ trigger: Trigger, event: borrowing CompactEvent, line: Int,
    phase: Phase,
    once: Bool
  ) {
    if phase.isInFlight {
      record.lastLine = line
      record.lastT = event.t
    }
    if once { record.markSeen(trigger) }
    if trigger == .update, phase == .presentingInteractive || phase == .dismissingInteractive,
      let percent = event.payload.percent
    {
      record.progress = min(max(percent, 0), 1)
      record.hadUpdate = true
      record.lastDriveT = event.t
      record.undrivenSince = nil
    }
  }

  /// The transition's facts after `trigger` (which the decision accepted, recovered or rejected).
  static func update(
    _ record: inout TransitionRecord, _ trigger: Trigger, event: borrowing CompactEvent, line: Int,
    decision: TableDecision, from: Phase, to: Phase, rule: Rule?, once: Bool
  ) {
    let t = event.t
    if from.isInFlight || to.isInFlight {
      record.lastLine = line
      record.lastT = t
    }
    if once, !decision.isRejection { record.markSeen(trigger) }
    let accepted = rule == nil || decision.isRecovery
    // A transition begins at its *WillBegin, or at the callback that stands for it when none is logged.
    if accepted, to == .presentingBegan || to == .dismissingBegan, from != to {
      record.willBeginT = record.willBeginT ?? t
    }
    switch trigger {
    case .present:
      record.systemStyle = (event.payload.style ?? "custom") != "custom"
    case .presentationWillBegin, .dismissalWillBegin:
      if accepted {
        record.willBeginT = record.willBeginT ?? t
        record.controllerLogged = true
        if record.deferredBeforeWillBegin {
          // A finish or cancel sent before *WillBegin is lost (<doc:Rules#Gestures>).
          record.deferredCommit = nil
          record.deferredBeforeWillBegin = false
        }
      }
    case .animate where accepted, .interruptibleAnimator where accepted:
      record.animateT = record.animateT ?? t
      if trigger == .interruptibleAnimator { record.interruptible = true }
      if let duration = event.payload.duration, trigger == .animate || record.declaredDuration == nil {
        record.declaredDuration = duration
      }
      if to == .presentingRunning || to == .dismissingRunning, !record.running {
        // The interruptible animator arrived after an interaction that wanted no interactive start.
        record.running = true
        record.undrivenSince = nil
      }
    case .startInteractive where accepted:
      record.interactiveStartT = t
      record.interactiveStartLine = line
      record.lastDriveT = t
      record.wantsInteractiveStart = event.payload.wantsInteractiveStart ?? true
      record.running = to == .presentingRunning || to == .dismissingRunning
      record.undrivenSince = record.wantsInteractiveStart ? t : nil
      record.undrivenSinceLine = line
      if let duration = event.payload.duration { record.declaredDuration = duration }
      if let deferred = record.deferredCommit {
        record.commit = .init(
          kind: deferred, t: t, progress: 0, completionSpeed: record.deferredSpeed, hadUpdate: false)
        record.deferredCommit = nil
        record.undrivenSince = nil
      }
    case .update:
      if to == .presentingInteractive || to == .dismissingInteractive, let percent = event.payload.percent {
        record.progress = min(max(percent, 0), 1)
        record.hadUpdate = true
        record.lastDriveT = t
        record.undrivenSince = nil
      }
    case .pause:
      if rule == nil {
        record.lastDriveT = t
        if from.isCommitted || record.running {
          // The user caught the transition: interactive again, and the last finish or cancel decides
          // (<doc:Rules#Interruptible-transitions>).
          if from.isCommitted {
            record.commit = nil
            record.lateCommit = nil
            record.interruptions += 1
          }
          record.running = false
          record.undrivenSince = t
          record.undrivenSinceLine = line
        } else {
          record.undrivenSince = nil  // a pause drives the interaction
        }
      }
    case .finish, .cancel:
      let kind: TransitionRecord.CommitKind = trigger == .finish ? .finish : .cancel
      let speed = event.payload.completionSpeed ?? 1
      if rule == nil {
        if from.isRunning, let duration = record.declaredDuration, duration > 0,
          let started = record.animateT ?? record.interactiveStartT
        {
          // A running animator cannot be moved by updates (UIKit sets fractionComplete only while paused):
          // it has run for the time since it started (<doc:Rules#Interruptible-transitions>).
          record.progress = min(max((t - started) / duration, 0), 1)
          record.hadUpdate = true
        }
        record.commit = .init(
          kind: kind, t: t, progress: record.progress, completionSpeed: speed, hadUpdate: record.hadUpdate)
        record.undrivenSince = nil
      } else if rule == .interactionBeforeStart, record.deferredCommit == nil {
        // Sent after *WillBegin, or after the request when none is logged: UIKit replays it once the
        // interaction starts (<doc:Rules#Gestures>).
        record.deferredCommit = kind
        record.deferredSpeed = speed
        record.deferredBeforeWillBegin = from == .presentingRequested || from == .dismissingRequested
      } else if rule == .interactionAfterEnd, from.isCommitted {
        record.lateCommit = kind
      }
    case .completeTrue, .completeFalse:
      if !decision.isRejection {
        record.completeValue = record.completeValue ?? (trigger == .completeTrue)
        record.completeT = record.completeT ?? t
      }
    case .presentationDidEndTrue, .presentationDidEndFalse, .dismissalDidEndTrue, .dismissalDidEndFalse:
      if rule == .didEndBeforeComplete { record.completeExcused = true }
      if !decision.isRejection { record.didEndLogged = true }
    case .controllerWillDismiss:
      if from.isPresentedAndIdle, accepted { record.swipe = true }
    case .viewWillDisappear:
      if from.isPresentedAndIdle, accepted, to.direction == .dismissing { record.swipe = true }
    case .animate, .startInteractive, .interruptibleAnimator, .dismiss, .animationEnded, .completion,
      .layoutWill, .layoutDid, .viewWillAppear, .viewIsAppearing, .viewDidAppear, .viewDidDisappear,
      .sizeChange, .controllerDidDismiss, .controllerDidAttemptToDismiss, .gesture, .mark:
      break
    }
    if from.isLive, !to.isInFlight, from != to { record.didEndT = t }
  }
}

extension PresentationLifecycle {
  /// Two lifecycles are equal when what their state makes meaningful is equal.
  package static func == (lhs: PresentationLifecycle, rhs: PresentationLifecycle) -> Bool {
    lhs.state == rhs.state && lhs.transition == rhs.transition
      && lhs.openLayout == rhs.openLayout && lhs.pendingAppearance == rhs.pendingAppearance
      && (lhs.state == .absent || lhs.tracks.nestedLayoutWills == rhs.tracks.nestedLayoutWills)
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(state)
    hasher.combine(transition)
  }
}

/// A lifecycle as a session's document files it: with the id it is filed under, in the keys a lifecycle
/// that held its id wrote (`id`, `phase`, `transition`, `tracks`), so snapshots read and write as before.
struct FiledLifecycle: Codable {
  var id: String
  var lifecycle: PresentationLifecycle

  private enum CodingKeys: String, CodingKey {
    case id, phase, transition, tracks
  }

  init(id: String, lifecycle: PresentationLifecycle) {
    self.id = id
    self.lifecycle = lifecycle
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(String.self, forKey: .id)
    let phase = try container.decode(Phase.self, forKey: .phase)
    let record = try container.decodeIfPresent(TransitionRecord.self, forKey: .transition)
    let tracks = try container.decode(PresentationLifecycle.SideTracks.self, forKey: .tracks)
    lifecycle = PresentationLifecycle(phase: phase, record: record, tracks: tracks)
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(lifecycle.phase, forKey: .phase)
    try container.encodeIfPresent(lifecycle.transition, forKey: .transition)
    try container.encode(lifecycle.documentedTracks, forKey: .tracks)
  }
}

extension PresentationLifecycle {
  /// A lifecycle read back from its document.
  fileprivate init(phase: Phase, record: TransitionRecord?, tracks: SideTracks) {
    self.tracks = tracks
    if let record { facts = record }
    state = phase == .absent ? .absent : record != nil ? .tracked(phase) : .untracked(phase)
  }

  /// The side tracks as a document gives them: none for an absent lifecycle.
  fileprivate var documentedTracks: SideTracks { state == .absent ? SideTracks() : tracks }
}
