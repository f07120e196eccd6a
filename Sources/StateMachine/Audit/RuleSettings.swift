extension AuditConfiguration {
  /// Which rules an audit reports and at what severity: rules can be disabled, and their severities changed.
  ///
  /// ```swift
  /// var settings = AuditConfiguration.RuleSettings()
  /// settings.disabled.insert(.layoutHitch)
  /// settings.severities[.gestureAfterCommit] = .error
  /// ```
  ///
  /// A disabled rule still steers the machine's recovery (the machine does not change); only its findings are
  /// dropped.
  public struct RuleSettings: Sendable, Hashable, Codable {
    /// Rules whose findings are dropped, for a known issue an app cannot fix yet.
    public var disabled: Set<Rule> = []
    /// Severities that replace the rules' own, to fail on a warning an app has fixed for good.
    public var severities: [Rule: Rule.Severity] = [:]

    /// Settings that disable `disabled` and give `severities`; empty keeps the catalog as it is.
    public init(disabled: Set<Rule> = [], severities: [Rule: Rule.Severity] = [:]) {
      self.disabled = disabled
      self.severities = severities
    }

    /// The severity findings of `rule` get.
    public func severity(of rule: Rule) -> Rule.Severity { severities[rule] ?? rule.severity }

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
  }
}
