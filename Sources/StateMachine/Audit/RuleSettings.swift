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

  /// Drops the findings of disabled rules and applies changed severities to `findings[start...]`.
  func apply(to findings: inout [Finding], from start: Int) {
    guard !(disabled.isEmpty && severities.isEmpty), start < findings.count else { return }
    var kept: [Finding] = []
    for var finding in findings[start...] where !disabled.contains(finding.rule) {
      if let severity = severities[finding.rule] { finding.severity = severity }
      kept.append(finding)
    }
    findings.replaceSubrange(start..., with: kept)
  }

  /// The rule a user meant by `id`, or an error naming the closest valid id.
  public static func rule(named id: String) throws(RuleSettingsError) -> Rule {
    if let rule = Rule(rawValue: id) { return rule }
    let closest = Rule.allCases.min { editDistance($0.rawValue, id) < editDistance($1.rawValue, id) }
    throw RuleSettingsError(
      message: "unknown rule id '\(id)'" + (closest.map { "; did you mean '\($0.rawValue)'?" } ?? ""))
  }

  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + [Int](repeating: 0, count: b.count)
      for j in 1...b.count {
        current[j] = min(
          previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}

/// A rule setting that names no rule, or an unknown severity.
public struct RuleSettingsError: Error, Sendable, Equatable {
  public var message: String
}
