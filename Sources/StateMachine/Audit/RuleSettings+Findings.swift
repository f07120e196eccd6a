// The settings are the rule catalog's and lie beside it, where the trace reader looks up a header's rule
// ids; applying them needs findings, which only the audit has.
extension RuleSettings {
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
