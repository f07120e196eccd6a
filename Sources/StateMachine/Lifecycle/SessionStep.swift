/// What the session did with one event: the presentation it concerned, its phase before and after,
/// and the violation, if the event was one.
///
/// ```swift
/// let step = session.handle(event, line: 12)
/// if let rule = step.rule { print(rule.rawValue, step.from.name) }
/// ```
public struct SessionStep: Sendable, Hashable {
  /// The presentation the step is about (for `dismiss` of a root, the root's presented one).
  public var id: String
  public var trigger: Trigger
  public var from: Phase
  public var to: Phase
  public var rule: Rule?
  /// Why, in words, beyond what the rule and phase say.
  public var detail: String?
  /// The container layout pass this event closed (a `containerViewDidLayoutSubviews` after its `Will`).
  public var closedLayout: PresentationLifecycle.OpenLayoutPass?
  /// Where the session keeps the presentation (-1 for a root or a mark): later stages read it without
  /// looking the id up again.
  var slot: Int

  public init(id: String, trigger: Trigger, from: Phase, to: Phase, rule: Rule? = nil, detail: String? = nil)
  {
    self.init(id: id, trigger: trigger, from: from, to: to, rule: rule, detail: detail, slot: -1)
  }

  init(
    id: String, trigger: Trigger, from: Phase, to: Phase, rule: Rule? = nil, detail: String? = nil, slot: Int,
    closedLayout: PresentationLifecycle.OpenLayoutPass? = nil
  ) {
    self.id = id
    self.trigger = trigger
    self.from = from
    self.to = to
    self.rule = rule
    self.detail = detail
    self.slot = slot
    self.closedLayout = closedLayout
  }
}

/// A violation the session found about an earlier line, once later evidence settled it
/// (a `viewWill*` never resolved by the end of its transition).
///
/// ```swift
/// for late in session.takeLateViolations() { print(late.line, late.rule) }
/// ```
public struct LateViolation: Sendable, Hashable, Codable {
  public var rule: Rule
  public var id: String
  public var line: Int
  public var t: Double
  public var phase: Phase
  public var detail: String
}
