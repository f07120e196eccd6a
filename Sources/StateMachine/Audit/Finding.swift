/// One violation the audit found: which rule, where in the trace, which presentation, and why.
///
/// ```swift
/// Finding(rule: .completeTwice, line: 12, t: 0.36, id: "p1",
///         message: "p1: completeTransition again in presenting.completed; ...")
/// ```
public struct Finding: Sendable, Hashable, Codable {
  /// The rule broken: what a test compares, stable across versions, unlike the message.
  public var rule: Rule
  /// The rule's severity, or the one the run's ``AuditConfiguration/RuleSettings`` gave it.
  public var severity: Rule.Severity
  /// The line of the event that shows the violation (for a hang, the transition's last event).
  public var line: Int
  /// The time of the line the finding is reported at, on the trace's clock.
  public var t: Double
  /// The presentation the finding is about, to find its transitions in a replay.
  public var id: String
  /// What happened in words a person can act on: the presentation, its phase, and what would have been legal
  /// there.
  public var message: String

  /// A finding as the auditor words it; `severity` defaults to the rule's.
  public init(rule: Rule, severity: Rule.Severity? = nil, line: Int, t: Double, id: String, message: String) {
    self.rule = rule
    self.severity = severity ?? rule.severity
    self.line = line
    self.t = t
    self.id = id
    self.message = message
  }
}
