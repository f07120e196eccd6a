/// What the machine did with one event, as one self-contained value: the presentation it concerned, its
/// phase before and after, the violation (if the event was one) and why, and what else the step changed.
///
/// ```swift
/// let step = session.handle(event, line: 12)
/// if let rule = step.rule { print(rule.rawValue, step.from.name, step.detail?.text ?? "") }
/// if step.effects.began != nil { print("a transition of \(step.id) began") }
/// ```
///
/// Everything a consumer needs is in the step: the auditor words findings from it and keeps the timers it
/// reports, and reconstruction folds steps into transitions without asking the machine anything.
package struct SessionStep: Sendable, Hashable {
  /// The presentation the step is about (for `dismiss` of a root, the root's presented one).
  package var id: String
  /// The step is about another presentation than the event's own id (a root's `dismiss` is about the
  /// presentation the root presents), which the machine named in `id`. Otherwise it leaves `id` as it was:
  /// copying a `String` into every step costs two reference counts an event.
  var isAboutAnother = false
  package var trigger: Trigger
  package var from: Phase
  package var to: Phase
  /// The violation this event is, if any (at most one per event: <doc:Rules#One-finding-per-event>).
  package var rule: Rule?
  /// Why, as data, beyond what the rule and phase say.
  package var detail: StepDetail?
  package var effects = StepEffects()

  package init(
    id: String, trigger: Trigger, from: Phase, to: Phase, rule: Rule? = nil, detail: StepDetail? = nil
  ) {
    self.id = id
    self.trigger = trigger
    self.from = from
    self.to = to
    self.rule = rule
    self.detail = detail
  }

  /// A transition of the presentation began with this step.
  @inline(__always)
  package var beginsTransition: Bool { to.direction != nil && from.direction != to.direction }

  /// The presentation's transition ended with this step.
  @inline(__always)
  package var endsTransition: Bool { from.isInFlight && !to.isInFlight }

  /// Makes the step a fresh one for the next event, keeping its storage (the machine's hot path fills
  /// one step per auditor instead of building one per event).
  @inline(__always)
  mutating func reset(trigger: Trigger) {
    self.trigger = trigger
    from = .absent
    to = .absent
    rule = nil
    if detail != nil { detail = nil }
    isAboutAnother = false
    effects.reset()
  }

  /// The presentation the step of `event` is about: the event's own id, unless the step names another.
  @inline(__always)
  func id(of event: borrowing CompactEvent) -> String { isAboutAnother ? id : event.id }
}

/// What a step changed beside the presentation's phase.
///
/// ```swift
/// step.effects.closedLayout?.t                // when the layout pass this Did closed began
/// for member in step.effects.group { print(member.id, member.phase.name) }
/// step.effects.timer                          // .schedule(serial: 7, hang: 14.35, undriven: nil)
/// ```
package struct StepEffects: Sendable, Hashable {
  /// The table refused the event and the step reports it: UIKit ignored the callback, so it tells nothing
  /// about the transition.
  package var refused = false
  /// The container layout pass this event closed (a `containerViewDidLayoutSubviews` after its `Will`).
  package var closedLayout: PresentationLifecycle.OpenLayoutPass? {
    get { present.contains(.closedLayout) ? storedClosedLayout : nil }
    set {
      if let newValue { storedClosedLayout = newValue }
      present.set(.closedLayout, newValue != nil)
    }
  }
  /// For a step that began a transition: whether it is animated.
  package var beganAnimated: Bool? {
    get { present.contains(.beganAnimated) ? storedBeganAnimated : nil }
    set {
      if let newValue { storedBeganAnimated = newValue }
      present.set(.beganAnimated, newValue != nil)
    }
  }
  /// For a step that began or ended a transition of a member of a stack's dismissal: the other members,
  /// each with its phase after the step (members that logged nothing move with the one that carries it).
  package var group: [GroupMember] {
    get { rare?.group ?? [] }
    set { rare = Rare(group: newValue, lateViolations: lateViolations, memberTimers: memberTimers) }
  }
  /// Violations about earlier lines that this step settled (a `viewWill*` never resolved before the
  /// next request).
  package var lateViolations: [LateViolation] {
    get { rare?.lateViolations ?? [] }
    set { rare = Rare(group: group, lateViolations: newValue, memberTimers: memberTimers) }
  }
  /// The timers of the step's transition, where the step may have moved them earlier (`nil` where it can
  /// only have moved them later, or the presentation has no transition): each timer is reported when it
  /// may come sooner than the machine said before, so the earliest one reported is never too late.
  package var timer: TimerChange? {
    get { present.contains(.timer) ? storedTimer : nil }
    set {
      if let newValue { storedTimer = newValue }
      present.set(.timer, newValue != nil)
    }
  }
  /// For a step of a member of a stack's dismissal that carries it (an animator or a completion): the
  /// timers of the other members, whose deadlines a carrier's step can give or take away (a member the
  /// others no longer carry owes its own callbacks).
  package var memberTimers: [TimerChange] {
    get { rare?.memberTimers ?? [] }
    set { rare = Rare(group: group, lateViolations: lateViolations, memberTimers: newValue) }
  }
  /// Whether the step reported timers of other members (`memberTimers` is not empty).
  @inline(__always)
  package var hasMemberTimers: Bool { rare.map { !$0.memberTimers.isEmpty } ?? false }
  /// For a `completeTransition` step: what it completed, as the transition's facts stood after it (what the
  /// timing rules judge).
  package var completion: CompletedAnimation? {
    get { present.contains(.completion) ? storedCompletion : nil }
    set {
      if let newValue { storedCompletion = newValue }
      present.set(.completion, newValue != nil)
    }
  }
  /// Whether the step may have any of `group`, `lateViolations` and `memberTimers` (none when false).
  @inline(__always)
  var hasRareEffects: Bool { present.contains(.rare) }
  /// Whether the step settled violations about earlier lines (`lateViolations` is not empty).
  @inline(__always)
  package var hasLateViolations: Bool { rare.map { !$0.lateViolations.isEmpty } ?? false }

  /// The effects few steps have, kept out of line: a step is copied and reset on every event, and two
  /// arrays would add two reference counts to each copy. Held exactly while `present` has `.rare`.
  private var rare: Rare? {
    didSet { present.set(.rare, rare != nil) }
  }

  private final class Rare: Sendable {
    let group: [GroupMember]
    let lateViolations: [LateViolation]
    let memberTimers: [TimerChange]

    init(group: [GroupMember], lateViolations: [LateViolation], memberTimers: [TimerChange]) {
      self.group = group
      self.lateViolations = lateViolations
      self.memberTimers = memberTimers
    }
  }
  /// The step can only have moved its presentation's deadlines later, or removed them: the earliest
  /// timer reported before still comes no later, so the step reports none.
  var deadlinesOnlyLater = false

  /// Which of the optional effects the step has; each is stored beside it as a plain value, meaningless
  /// while its bit is clear. A step is reset on every event, and clearing the bits is one store where
  /// clearing each optional is a store or a copy of its own.
  private var present: Fields = []
  private var storedClosedLayout = PresentationLifecycle.OpenLayoutPass(line: 0, t: 0)
  private var storedBeganAnimated = false
  private var storedTimer = TimerChange.cancel(serial: 0)
  private var storedCompletion = CompletedAnimation()

  private struct Fields: OptionSet, Sendable {
    let rawValue: UInt8
    static let closedLayout = Fields(rawValue: 1 << 0)
    static let beganAnimated = Fields(rawValue: 1 << 1)
    static let timer = Fields(rawValue: 1 << 2)
    static let completion = Fields(rawValue: 1 << 3)
    static let rare = Fields(rawValue: 1 << 4)

    @inline(__always)
    mutating func set(_ field: Fields, _ isPresent: Bool) {
      if isPresent { insert(field) } else { remove(field) }
    }
  }

  package init() {}

  /// Back to no effects, releasing only what is held.
  @inline(__always)
  mutating func reset() {
    refused = false
    deadlinesOnlyLater = false
    if present.contains(.rare) { rare = nil }
    present = []
  }

  package static func == (lhs: StepEffects, rhs: StepEffects) -> Bool {
    lhs.refused == rhs.refused && lhs.closedLayout == rhs.closedLayout
      && lhs.beganAnimated == rhs.beganAnimated
      && lhs.group == rhs.group && lhs.lateViolations == rhs.lateViolations
      && lhs.timer == rhs.timer && lhs.memberTimers == rhs.memberTimers
      && lhs.completion == rhs.completion && lhs.deadlinesOnlyLater == rhs.deadlinesOnlyLater
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(refused)
    hasher.combine(closedLayout)
    hasher.combine(beganAnimated)
    hasher.combine(group)
    hasher.combine(lateViolations)
    hasher.combine(timer)
  }
}

/// What a `completeTransition` completed, as the transition's facts stood after it: what `duration-mismatch`,
/// `completion-late` and `completion-early` judge it by (<doc:Rules#Timing-tolerance>).
///
/// ```swift
/// if let completion = step.effects.completion, let start = completion.animateT {
///   print("animated for \(completion.completeT! - start) s, declared \(completion.declaredDuration ?? 0) s")
/// }
/// ```
package struct CompletedAnimation: Sendable, Hashable {
  /// When the transition's first `completeTransition` came (a later one is not timed again).
  package var completeT: Double?
  package var animateT: Double?
  package var interactiveStartT: Double?
  /// The animator's `transitionDuration`, or the interaction's declared duration.
  package var declaredDuration: Double?
  /// The interaction ran as if animated and was not caught (<doc:Rules#Interruptible-transitions>).
  package var running = false
  /// The finish or cancel that ended the interaction, if one did.
  package var commit: TransitionRecord.Commit?

  init() {}

  /// What the transition `record` completed.
  init(_ record: borrowing TransitionRecord) {
    completeT = record.completeT
    animateT = record.animateT
    interactiveStartT = record.interactiveStartT
    declaredDuration = record.declaredDuration
    running = record.running
    commit = record.commit
  }
}

/// One other member of a stack's dismissal, as a step left it.
package struct GroupMember: Sendable, Hashable {
  package var id: String
  package var phase: Phase
}

/// A violation the session found about an earlier line, once later evidence settled it
/// (a `viewWill*` never resolved by the end of its transition).
///
/// ```swift
/// for late in step.effects.lateViolations { print(late.line, late.rule) }
/// ```
package struct LateViolation: Sendable, Hashable, Codable {
  package var rule: Rule
  package var id: String
  package var line: Int
  package var t: Double
  package var phase: Phase
  package var detail: String
}
