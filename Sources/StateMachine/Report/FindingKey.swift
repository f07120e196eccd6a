/// A finding as a set or dictionary key that hashes only its line and rule: equal findings have equal
/// lines and rules, and hashing a finding's message (normalized, as `String` hashes) cost more than all
/// the rest of matching a report's findings with its transitions'.
///
/// ```swift
/// var attached = Set<FindingKey>()
/// attached.insert(FindingKey(finding))
/// attached.contains(FindingKey(finding))  // true: keys are equal when the findings are (`==`)
/// ```
struct FindingKey: Hashable {
  var finding: Finding

  init(_ finding: Finding) { self.finding = finding }

  static func == (lhs: Self, rhs: Self) -> Bool { lhs.finding == rhs.finding }

  func hash(into hasher: inout Hasher) {
    hasher.combine(finding.line)
    hasher.combine(finding.rule)
  }
}
