/// The lifecycle machine of one presentation id: its phase, the transition in flight, and the side
/// tracks (container layout, appearance) that are checked beside the transition table.
///
/// ```swift
/// var lifecycle = PresentationLifecycle(id: "p1")
/// let step = lifecycle.apply(.present, event: presentEvent, line: 1)
/// lifecycle.phase // .presentingRequested
/// ```
///
/// `apply` is pure: it never traps, reads no clock and prints nothing. A rejected event leaves the phase
/// as it was; a recovered one follows the evidence (decision 11). Stack rules (presenters, groups) are the
/// session's; this type knows one id.
public struct PresentationLifecycle: Sendable, Hashable {
  public let id: String
  public internal(set) var phase: Phase = .absent
  /// The root or presentation this one was presented from.
  public internal(set) var presenter: String?
  /// The presentation this one currently presents, if any.
  public internal(set) var child: String?
  /// It has presented another; its own appearance callbacks are then not checked (decision 5).
  public internal(set) var hasPresented = false
  /// The current or latest transition.
  public internal(set) var transition: TransitionRecord? {
    get { hasTransition ? latest : nil }
    set {
      hasTransition = newValue != nil
      latest = newValue ?? TransitionRecord.placeholder
    }
  }
  /// The facts of `transition`, stored unwrapped so that the machine updates them in place on every event
  /// (an optional is copied out and back); meaningful only while `hasTransition`.
  private(set) var latest = TransitionRecord.placeholder
  private(set) var hasTransition = false

  /// Changes the transition's facts in place, if there is a transition.
  mutating func updateTransition(_ change: (inout TransitionRecord) -> Void) {
    if hasTransition { change(&latest) }
  }
  /// The open container layout pass (`Will` seen, `Did` not yet).
  public internal(set) var openLayout: OpenLayoutPass?

  /// A container layout pass whose `containerViewWillLayoutSubviews` arrived and whose `Did` has not.
  public struct OpenLayoutPass: Sendable, Hashable, Codable {
    public var line: Int
    public var t: Double
  }
  /// `containerViewWillLayoutSubviews` calls beyond the open pass (a re-entrant layout), each owed a `Did`.
  var nestedLayoutWills = 0
  /// A `viewWill*` not yet resolved by its `viewDid*`.
  public internal(set) var pendingAppearance: PendingAppearance?
  /// The ids dismissed together with this one (dismissing lower in the stack), the lowest first.
  public internal(set) var dismissalGroup: [String] = []
  /// It was dismissed because another member of its dismissal group ended; it may still log its own
  /// (late) dismissal callbacks, which UIKit does not order against the other member's.
  public internal(set) var settledByGroup = false

  /// A `viewWillAppear` or `viewWillDisappear` waiting for its `viewDid*`.
  public struct PendingAppearance: Sendable, Hashable, Codable {
    public var trigger: Trigger
    public var line: Int
    public var t: Double
  }

  /// What one event did to the presentation.
  public struct Step: Sendable, Hashable {
    public var from: Phase
    public var to: Phase
    /// The violation this event is, if any (at most one per event, decision 2).
    public var rule: Rule?
    /// Why, in words, when the table's rule alone does not say it.
    public var detail: String?
    /// The container layout pass the event closed, if it was a `containerViewDidLayoutSubviews`.
    public var closedLayout: OpenLayoutPass?
  }

  public init(id: String) { self.id = id }

  /// Applies one event, given as its trigger, and says what happened.
  public mutating func apply(_ trigger: Trigger, event: Event, line: Int) -> Step {
    let from = phase
    var entry = TransitionTable.entry(phase, trigger)
    var detail: String?

    // Decisions that need more than the phase, each on top of the table's entry.
    let target = entry.target(from: phase)
    let startsTransition = target.direction != nil && target.direction != phase.direction
    if entry.rule == nil, trigger.isOncePerTransition, !startsTransition,
      hasTransition && latest.hasSeen(trigger)
    {
      entry = .reject(.eventOutOfPhase)
      detail = "\(trigger.label) was already delivered in this transition"
    }
    if case .reject(.completeTwice) = entry, from.direction == nil, hasTransition, latest.completeValue == nil
    {
      // No completeTransition yet: either the echo of a reported did-end-before-complete, or out of phase.
      entry = latest.completeExcused ? .stay : .reject(.eventOutOfPhase)
    }
    if trigger == .completeFalse, entry.rule == .completeWithoutCancel,
      hasTransition && latest.deferredCommit == .cancel
    {
      entry = .move(from.direction == .dismissing ? .dismissingCancelled : .presentingCancelled)
    }
    if case .move(let next) = entry, trigger == .startInteractive, hasTransition,
      let deferred = latest.deferredCommit
    {
      entry = .move(Self.committed(next, deferred))
    }

    var step = Step(from: from, to: entry.target(from: from), rule: entry.rule, detail: detail)
    if trigger == .layoutDid { step.closedLayout = openLayout }
    if step.rule == nil {
      step.rule = checkSideTracks(trigger, event: event, line: line, detail: &step.detail)
    } else if case .recover = entry {
      // Followed as if legal (decision 11): its side effects count, its side findings would be a cascade.
      var ignored: String?
      _ = checkSideTracks(trigger, event: event, line: line, detail: &ignored)
    }
    record(trigger, event: event, line: line, entry: entry, from: step.from, to: step.to, rule: step.rule)
    phase = step.to
    return step
  }

  /// `apply` for an event whose table entry is `.stay` (and, once per transition, not yet seen): the same
  /// step and the same facts, without the decisions only a move or a rejection needs.
  ///
  /// ```swift
  /// if TransitionTable.entry(lifecycle.phase, .update) == .stay {
  ///   let step = lifecycle.applyStay(.update, event: update, line: 9)  // step.to == step.from
  /// }
  /// ```
  ///
  /// Most of a trace is such events (updates, layout passes, appearance callbacks), so the session
  /// steps them here; `apply` decides every other event, and both share the side tracks and `update`.
  @inline(__always)
  mutating func applyStay(_ trigger: Trigger, event: borrowing Event, line: Int) -> Step {
    var step = Step(from: phase, to: phase)
    if trigger == .layoutDid { step.closedLayout = openLayout }
    step.rule = checkSideTracks(trigger, event: event, line: line, detail: &step.detail)
    // As `record` does: a lifecycle with no transition (one recovered by a bare *DidEnd) keeps its pass.
    guard hasTransition else { return step }
    Self.update(
      &latest, trigger, event: event, line: line, entry: .stay, from: step.from, to: step.to, rule: step.rule)
    if phase == .dismissed || phase == .withdrawn {
      openLayout = nil
      nestedLayoutWills = 0
    }
    return step
  }

  /// A presenter's own appearance callbacks: legal whenever it is live (decision 5), still balanced.
  public mutating func applyPresenterAppearance(_ trigger: Trigger, event: Event, line: Int) -> Step {
    var step = Step(from: phase, to: phase)
    step.rule = checkSideTracks(trigger, event: event, line: line, detail: &step.detail)
    return step
  }

  private static func committed(_ interactive: Phase, _ kind: TransitionRecord.CommitKind) -> Phase {
    switch (interactive, kind) {
    case (.presentingInteractive, .finish): .presentingFinishing
    case (.presentingInteractive, .cancel): .presentingCancelling
    case (.dismissingInteractive, .finish): .dismissingFinishing
    case (.dismissingInteractive, .cancel): .dismissingCancelling
    default: interactive
    }
  }

  /// Layout balance, appearance balance, percent range: checked only when the table accepted the event.
  private mutating func checkSideTracks(
    _ trigger: Trigger, event: borrowing Event, line: Int, detail: inout String?
  ) -> Rule? {
    switch trigger {
    case .layoutWill:
      if let open = openLayout {
        detail = "containerViewWillLayoutSubviews again while the pass from line \(open.line) is open"
        nestedLayoutWills += 1  // its Did is the same root cause, not a second finding
        return .layoutUnbalanced
      }
      openLayout = OpenLayoutPass(line: line, t: event.t)
    case .layoutDid:
      if nestedLayoutWills > 0 {
        nestedLayoutWills -= 1
      } else if openLayout != nil {
        openLayout = nil
      } else if !Self.suppressesLayoutWill(phase) {
        detail = "containerViewDidLayoutSubviews with no containerViewWillLayoutSubviews before it"
        return .layoutUnbalanced
      }
    case .update:
      if let percent = event.payload.percent, !(0...1).contains(percent) {
        detail = "percent \(percent) is outside 0...1"
        return .percentOutOfRange
      }
    case .viewWillAppear, .viewWillDisappear:
      if let pending = pendingAppearance, pending.trigger == trigger {
        detail = "\(trigger.label) again; the one at line \(pending.line) was never resolved"
        pendingAppearance = PendingAppearance(trigger: trigger, line: line, t: event.t)
        return .appearanceUnbalanced
      }
      pendingAppearance = PendingAppearance(trigger: trigger, line: line, t: event.t)
    case .viewDidAppear, .viewDidDisappear:
      let will: Trigger = trigger == .viewDidAppear ? .viewWillAppear : .viewWillDisappear
      guard pendingAppearance?.trigger == will else {
        detail = "\(trigger.label) with no \(will.label) before it"
        return .appearanceUnbalanced
      }
      pendingAppearance = nil
    default:
      break
    }
    return nil
  }

  /// UIKit suppresses `containerViewWillLayoutSubviews` from `dismissalTransitionWillBegin` until
  /// `dismissalTransitionDidEnd`, so a lone `Did` is legal there (SPEC section 2, decision 8).
  static func suppressesLayoutWill(_ phase: Phase) -> Bool {
    phase.direction == .dismissing && phase != .dismissingRequested
  }

  /// Updates the transition's facts after the entry decided the phase. (The step's phases and rule are
  /// passed, not the step: copying a step retains its detail, on the path of every event.)
  private mutating func record(
    _ trigger: Trigger, event: borrowing Event, line: Int, entry: TableEntry, from: Phase, to: Phase,
    rule: Rule?
  ) {
    let t = event.t
    // A new transition starts at a request, or at the first event that shows one began (decision 4, 11).
    if let direction = to.direction, from.direction != direction {
      let animated = trigger == .present || trigger == .dismiss ? (event.payload.animated ?? true) : true
      latest = TransitionRecord(direction: direction, line: line, t: t, animated: animated)
      hasTransition = true
      if from.direction == nil && !from.isLive {
        openLayout = nil
        nestedLayoutWills = 0
      }
    }
    guard hasTransition, trigger != .gesture, trigger != .mark else { return }
    Self.update(&latest, trigger, event: event, line: line, entry: entry, from: from, to: to, rule: rule)
    if to == .dismissed || to == .withdrawn {
      openLayout = nil
      nestedLayoutWills = 0
    }
  }

  /// The transition's facts after `trigger` (which the entry accepted, recovered or rejected).
  private static func update(
    _ record: inout TransitionRecord, _ trigger: Trigger, event: borrowing Event, line: Int,
    entry: TableEntry, from: Phase, to: Phase, rule: Rule?
  ) {
    let t = event.t
    if from.isInFlight || to.isInFlight {
      record.lastLine = line
      record.lastT = t
    }
    if trigger.isOncePerTransition, !entry.isRejection { record.markSeen(trigger) }
    let accepted = rule == nil || { if case .recover = entry { true } else { false } }()
    switch trigger {
    case .presentationWillBegin, .dismissalWillBegin:
      if rule == nil || accepted { record.willBeginT = record.willBeginT ?? t }
    case .animate where accepted:
      record.animateT = record.animateT ?? t
      if let duration = event.payload.duration { record.declaredDuration = duration }
    case .startInteractive where accepted:
      record.interactiveStartT = t
      record.interactiveStartLine = line
      record.lastDriveT = t
      if let duration = event.payload.duration { record.declaredDuration = duration }
      if let deferred = record.deferredCommit {
        record.commit = .init(
          kind: deferred, t: t, progress: 0, completionSpeed: record.deferredSpeed, hadUpdate: false)
        record.deferredCommit = nil
      }
    case .update:
      if to == .presentingInteractive || to == .dismissingInteractive,
        let percent = event.payload.percent
      {
        record.progress = min(max(percent, 0), 1)
        record.hadUpdate = true
        record.lastDriveT = t
      }
    case .pause:
      if rule == nil { record.lastDriveT = t }
    case .finish, .cancel:
      let kind: TransitionRecord.CommitKind = trigger == .finish ? .finish : .cancel
      let speed = event.payload.completionSpeed ?? 1
      if rule == nil {
        record.commit = .init(
          kind: kind, t: t, progress: record.progress, completionSpeed: speed, hadUpdate: record.hadUpdate)
      } else if rule == .interactionBeforeStart, !isRequested(from),
        record.deferredCommit == nil
      {
        // Sent after *WillBegin: UIKit replays it once the interaction starts. Before it: lost.
        record.deferredCommit = kind
        record.deferredSpeed = speed
      }
    case .completeTrue, .completeFalse:
      if rule != .completeTwice, rule != .eventOutOfPhase || to.direction != nil {
        record.completeValue = record.completeValue ?? (trigger == .completeTrue)
        record.completeT = record.completeT ?? t
      }
    case .presentationDidEndTrue, .presentationDidEndFalse, .dismissalDidEndTrue, .dismissalDidEndFalse:
      if rule == .didEndBeforeComplete { record.completeExcused = true }
    default:
      break
    }
    if from.isLive, !to.isInFlight, from != to { record.didEndT = t }
  }

  private static func isRequested(_ phase: Phase) -> Bool {
    phase == .presentingRequested || phase == .dismissingRequested
  }
}

extension PresentationLifecycle: Codable {
  private enum CodingKeys: String, CodingKey {
    case id, phase, presenter, child, hasPresented, transition, openLayout, nestedLayoutWills
    case pendingAppearance, dismissalGroup, settledByGroup
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(String.self, forKey: .id)
    phase = try container.decode(Phase.self, forKey: .phase)
    presenter = try container.decodeIfPresent(String.self, forKey: .presenter)
    child = try container.decodeIfPresent(String.self, forKey: .child)
    hasPresented = try container.decode(Bool.self, forKey: .hasPresented)
    transition = try container.decodeIfPresent(TransitionRecord.self, forKey: .transition)
    openLayout = try container.decodeIfPresent(OpenLayoutPass.self, forKey: .openLayout)
    nestedLayoutWills = try container.decode(Int.self, forKey: .nestedLayoutWills)
    pendingAppearance = try container.decodeIfPresent(PendingAppearance.self, forKey: .pendingAppearance)
    dismissalGroup = try container.decode([String].self, forKey: .dismissalGroup)
    settledByGroup = try container.decode(Bool.self, forKey: .settledByGroup)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(phase, forKey: .phase)
    try container.encodeIfPresent(presenter, forKey: .presenter)
    try container.encodeIfPresent(child, forKey: .child)
    try container.encode(hasPresented, forKey: .hasPresented)
    try container.encodeIfPresent(transition, forKey: .transition)
    try container.encodeIfPresent(openLayout, forKey: .openLayout)
    try container.encode(nestedLayoutWills, forKey: .nestedLayoutWills)
    try container.encodeIfPresent(pendingAppearance, forKey: .pendingAppearance)
    try container.encode(dismissalGroup, forKey: .dismissalGroup)
    try container.encode(settledByGroup, forKey: .settledByGroup)
  }
}
