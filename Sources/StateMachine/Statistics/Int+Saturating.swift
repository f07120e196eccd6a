extension Int {
  /// Adds `other`, stopping at `Int.max` or `Int.min` instead of trapping: statistics count events of any
  /// number of traces, and a statistics file from elsewhere may hold any count.
  ///
  /// ```swift
  /// var count = Int.max
  /// count.addSaturating(1)  // still Int.max
  /// ```
  mutating func addSaturating(_ other: Int) {
    let (sum, overflow) = addingReportingOverflow(other)
    self = overflow ? (other > 0 ? .max : .min) : sum
  }

  /// `self + other`, saturating like `addSaturating(_:)`.
  func addingSaturating(_ other: Int) -> Int {
    var sum = self
    sum.addSaturating(other)
    return sum
  }

  /// A count read from JSON: 0 for NaN, infinities and negative numbers, `Int.max` for ones beyond it.
  ///
  /// ```swift
  /// Int(count: 1e300)  // Int.max
  /// ```
  init(count value: Double?) {
    guard let value, value.isFinite, value >= 1 else {
      self = 0
      return
    }
    // 2^63 is the first Double beyond Int.max; `Int(_:)` of it would trap.
    self = value >= 9_223_372_036_854_775_808 ? .max : Int(value)
  }
}
