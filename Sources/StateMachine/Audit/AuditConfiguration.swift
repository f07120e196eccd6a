/// The thresholds of an audit.
///
/// ```swift
/// var configuration = AuditConfiguration()
/// configuration.grace = 5 // seconds a transition may run past its expected end before it is a hang
/// ```
public struct AuditConfiguration: Sendable, Hashable {
  /// The grace window of `transition-never-completed` (decision 3), in seconds.
  public var grace: Double = 2.0

  public init(grace: Double = 2.0) { self.grace = grace }
}
