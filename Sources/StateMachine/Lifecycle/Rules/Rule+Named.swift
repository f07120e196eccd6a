extension Rule {
  /// The rule a user meant by `id` (a settings file's, a command line's, a header's `ignore`), or an error
  /// naming the closest valid id.
  package static func named(_ id: String) throws(RuleSettingsError) -> Rule {
    if let rule = Rule(rawValue: id) { return rule }
    let closest = ClosestMatch.name(to: id, among: Rule.allCases.map(\.rawValue))
    throw RuleSettingsError(
      message: "unknown rule id '\(id)'" + (closest.map { "; did you mean '\($0)'?" } ?? ""))
  }
}

/// A rule setting that names no rule, or an unknown severity.
package struct RuleSettingsError: Error, Sendable, Equatable {
  package var message: String
}
