/// The thresholds of an audit, each with the default of <doc:Rules#Timing-thresholds>.
///
/// ```swift
/// var configuration = AuditConfiguration()
/// configuration.grace = 5        // seconds a transition may run past its expected end before it is a hang
/// configuration.frameRate = 120  // a ProMotion device: a layout pass longer than 8.3 ms is a hitch
/// ```
public struct AuditConfiguration: Sendable, Hashable, Codable {
  /// The grace window of `transition-never-completed` (<doc:Rules#Deadlines>), in seconds.
  public var grace: Double = 2.0
  /// The display's frame rate: a container layout pass longer than one frame is `layout-hitch`.
  public var frameRate: Double = 60
  /// The relative part of the timing tolerance (<doc:Rules#Timing-tolerance>): expected × (1 ± this).
  public var toleranceRatio: Double = 0.25
  /// The absolute part of the timing tolerance (<doc:Rules#Timing-tolerance>), in seconds: ± this.
  public var toleranceSeconds: Double = 0.05
  /// How long an interaction may go without update/finish/cancel before it is `interaction-undriven`.
  public var undrivenAfter: Double = 1.0
  /// Disabled rules and changed severities.
  public var rules = RuleSettings()
  /// The most presentations an audit holds at once (<doc:Rules#How-many-presentations-an-audit-holds>):
  /// a trace that keeps more alive (an app that presents and never dismisses) stops being audited at the
  /// line that passes it, with an input error, instead of growing without bound.
  public var presentationLimit = AuditConfiguration.defaultPresentationLimit
  /// Far above what any app keeps on screen, and well within a CI machine: at the limit `replay audit`
  /// takes 70 MB and `stats` or an export 89 MB (<doc:Rules#How-many-presentations-an-audit-holds>).
  public static let defaultPresentationLimit = 50_000

  /// A configuration with the given thresholds and every rule at its default severity.
  public init(
    grace: Double = 2.0, frameRate: Double = 60, toleranceRatio: Double = 0.25,
    toleranceSeconds: Double = 0.05,
    undrivenAfter: Double = 1.0
  ) {
    self.grace = grace
    self.frameRate = frameRate
    self.toleranceRatio = toleranceRatio
    self.toleranceSeconds = toleranceSeconds
    self.undrivenAfter = undrivenAfter
  }

  private enum CodingKeys: String, CodingKey {
    case grace, frameRate, toleranceRatio, toleranceSeconds, undrivenAfter, rules, presentationLimit
  }

  /// Reads a configuration a snapshot wrote; one written before the presentation limit existed gets the
  /// default limit.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    grace = try container.decode(Double.self, forKey: .grace)
    frameRate = try container.decode(Double.self, forKey: .frameRate)
    toleranceRatio = try container.decode(Double.self, forKey: .toleranceRatio)
    toleranceSeconds = try container.decode(Double.self, forKey: .toleranceSeconds)
    undrivenAfter = try container.decode(Double.self, forKey: .undrivenAfter)
    rules = try container.decode(RuleSettings.self, forKey: .rules)
    // Snapshots written before the limit existed audited with none: they resume with the default.
    presentationLimit =
      try container.decodeIfPresent(Int.self, forKey: .presentationLimit) ?? Self.defaultPresentationLimit
  }

  /// This configuration with `rules` disabled as well: what a trace header's `ignore` does for its file.
  ///
  /// ```swift
  /// let forThisFile = configuration.ignoring(header.ignore)  // header: "ignore":["layout-hitch"]
  /// ```
  public func ignoring(_ rules: [Rule]?) -> AuditConfiguration {
    guard let rules, !rules.isEmpty else { return self }
    var configuration = self
    configuration.rules.disabled.formUnion(rules)
    return configuration
  }

  /// The window a measured time may fall in around `expected` before a timing rule fires (<doc:Rules#Timing-tolerance>).
  /// A window that has no bounds to compute (a NaN duration or tolerance, or an infinite one times zero)
  /// takes every time: nothing is judged against it.
  ///
  /// ```swift
  /// AuditConfiguration().acceptableRange(around: 0.35)  // 0.2125...0.4875: 0.35 × (1 ± 25 %) ± 50 ms
  /// AuditConfiguration().acceptableRange(around: .nan)  // -inf...inf
  /// ```
  @inline(__always)
  public func acceptableRange(around expected: Double) -> ClosedRange<Double> {
    let low = expected * (1 - toleranceRatio) - toleranceSeconds
    let high = expected * (1 + toleranceRatio) + toleranceSeconds
    let lower = min(low, high)
    let upper = max(low, high)
    // False only for a NaN bound, which would make no range at all (`ClosedRange` traps on one): the same
    // comparison the range's own check makes, which the compiler then needs only once.
    guard lower <= upper else { return -Double.infinity...Double.infinity }
    return lower...upper
  }
}
