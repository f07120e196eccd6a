/// The auditor states a `BoundedExplorer` has seen, each kept as a 128-bit digest of its whole `Codable`
/// state (what an `AuditSnapshot` holds), folded by `StateDigestEncoder`.
///
/// ```swift
/// var seen = StateDigests()
/// seen.insert(auditor)  // true the first time this state is met
/// ```
///
/// Two different states collide with a probability around 2⁻¹²⁸ per pair, far below anything an
/// exploration meets; a collision would only leave one state unexplored, never report a false violation.
struct StateDigests: Sendable {
  private var seen: Set<StateDigestEncoder.Digest> = []

  var count: Int { seen.count }

  /// Adds the state of `auditor`; false when it was seen before.
  mutating func insert(_ auditor: Auditor) -> Bool { seen.insert(Self.digest(auditor)).inserted }

  /// The digest of `auditor`'s whole state.
  static func digest(_ auditor: Auditor) -> StateDigestEncoder.Digest {
    StateDigestEncoder.digest(of: auditor)
  }
}
