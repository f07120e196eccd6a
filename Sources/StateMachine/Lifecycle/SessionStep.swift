/// What the machine did with one event, as one self-contained value: the presentation it concerned, its
/// phase before and after, the violation (if the event was one) and why, and what else the step changed.
///
/// ```swift
/// let step = session.handle(event, line: 12)
/// if let rule = step.rule { print(rule.rawValue, step.from.name, step.detail?.text ?? "") }
/// if step.effects.began != nil { print("a transition of \(step.id) began") }
/// ```
///
/// Everything a consumer needs is in the step: the auditor words findings from it, and reconstruction
/// folds steps into transitions without asking the machine anything.
package struct SessionStep: Sendable, Hashable {
  /// The presentation the step is about (for `dismiss` of a root, the root's presented one).
  package var id: String
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
    effects.reset()
  }
}

/// What a step changed beside the presentation's phase.
///
/// ```swift
/// step.effects.closedLayout?.t                // when the layout pass this Did closed began
/// for member in step.effects.group { print(member.id, member.phase.name) }
/// ```
package struct StepEffects: Sendable, Hashable {
  /// The table refused the event and the step reports it: UIKit ignored the callback, so it tells nothing
  /// about the transition.
  package var refused = false
  /// The container layout pass this event closed (a `containerViewDidLayoutSubviews` after its `Will`).
  package var closedLayout: PresentationLifecycle.OpenLayoutPass?
  /// For a step that began a transition: whether it is animated.
  package var beganAnimated: Bool?
  /// For a step that began or ended a transition of a member of a stack's dismissal: the other members,
  /// each with its phase after the step (members that logged nothing move with the one that carries it).
  package var group: [GroupMember] {
    get { rare?.group ?? [] }
    set { rare = Rare(group: newValue, lateViolations: lateViolations) }
  }
  /// Violations about earlier lines that this step settled (a `viewWill*` never resolved before the
  /// next request).
  package var lateViolations: [LateViolation] {
    get { rare?.lateViolations ?? [] }
    set { rare = Rare(group: group, lateViolations: newValue) }
  }
  /// Whether the step settled violations about earlier lines (`lateViolations` is not empty).
  @inline(__always)
  package var hasLateViolations: Bool { rare.map { !$0.lateViolations.isEmpty } ?? false }

  /// The effects few steps have, kept out of line: a step is copied and reset on every event, and two
  /// arrays would add two reference counts to each copy.
  private var rare: Rare?

  private final class Rare: Sendable {
    let group: [GroupMember]
    let lateViolations: [LateViolation]

    init(group: [GroupMember], lateViolations: [LateViolation]) {
      self.group = group
      self.lateViolations = lateViolations
    }
  }
  /// The step can only have moved its presentation's deadlines later, or removed them: the auditor's
  /// earliest deadline still holds without asking.
  var deadlinesOnlyLater = false
  /// Where the session keeps the presentation (-1 for a root, a mark or an id it holds nothing for): the
  /// auditor's questions about the step's transition go straight there.
  var slot = -1

  package init() {}

  /// Back to no effects, releasing only what is held.
  @inline(__always)
  mutating func reset() {
    refused = false
    closedLayout = nil
    beganAnimated = nil
    deadlinesOnlyLater = false
    slot = -1
    if rare != nil { rare = nil }
  }

  package static func == (lhs: StepEffects, rhs: StepEffects) -> Bool {
    lhs.refused == rhs.refused && lhs.closedLayout == rhs.closedLayout
      && lhs.beganAnimated == rhs.beganAnimated
      && lhs.group == rhs.group && lhs.lateViolations == rhs.lateViolations
      && lhs.deadlinesOnlyLater == rhs.deadlinesOnlyLater && lhs.slot == rhs.slot
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(refused)
    hasher.combine(closedLayout)
    hasher.combine(beganAnimated)
    hasher.combine(group)
    hasher.combine(lateViolations)
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
