/// Which rules an audit reports and at what severity: rules can be disabled, and their severities changed.
///
/// ```swift
/// var settings = RuleSettings()
/// settings.disabled.insert(.layoutHitch)
/// settings.severities[.gestureAfterCommit] = .error
/// ```
///
/// A disabled rule still steers the machine's recovery (the machine does not change); only its findings are
/// dropped.
public struct RuleSettings: Sendable, Hashable, Codable {
  public var disabled: Set<Rule> = []
  public var severities: [Rule: Severity] = [:]

  public init(disabled: Set<Rule> = [], severities: [Rule: Severity] = [:]) {
    self.disabled = disabled
    self.severities = severities
  }

  /// The severity findings of `rule` get.
  public func severity(of rule: Rule) -> Severity { severities[rule] ?? rule.severity }

  /// The rule a user meant by `id`, or an error naming the closest valid id.
  public static func rule(named id: String) throws(RuleSettingsError) -> Rule {
    if let rule = Rule(rawValue: id) { return rule }
    let closest = ClosestMatch.name(to: id, among: Rule.allCases.map(\.rawValue))
    throw RuleSettingsError(
      message: "unknown rule id '\(id)'" + (closest.map { "; did you mean '\($0)'?" } ?? ""))
  }
}

/// A rule setting that names no rule, or an unknown severity.
public struct RuleSettingsError: Error, Sendable, Equatable {
  public var message: String
}
