/// One violation the audit found: which rule, where in the trace, which presentation, and why.
///
/// ```swift
/// Finding(rule: .completeTwice, line: 12, t: 0.36, id: "p1",
///         message: "p1: completeTransition again in presenting.completed; ...")
/// ```
public struct Finding: Sendable, Hashable, Codable {
  public var rule: Rule
  public var severity: Rule.Severity
  /// The line of the event that shows the violation (for a hang, the transition's last event).
  public var line: Int
  public var t: Double
  public var id: String
  public var message: String

  public init(rule: Rule, severity: Rule.Severity? = nil, line: Int, t: Double, id: String, message: String) {
    self.rule = rule
    self.severity = severity ?? rule.severity
    self.line = line
    self.t = t
    self.id = id
    self.message = message
  }
}
