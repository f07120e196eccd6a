extension TraceStatistics {
  /// A mergeable histogram of non-negative values in log-spaced buckets (2 % wide), for percentiles over
  /// any number of traces without keeping the samples.
  ///
  /// ```swift
  /// var durations = TraceStatistics.Histogram()
  /// durations.add(0.35)
  /// durations.percentile(0.5) // ≈ 0.35 (within 2 %)
  /// ```
  ///
  /// Merging two histograms gives exactly the histogram of the union, so `replay stats --merge` is exact up
  /// to the bucket width.
  ///
  /// Values above `ceiling` are counted as `ceiling`: a duration of 1e300 s only comes from a broken clock,
  /// and clamping keeps the buckets, the sum, the maximum and their JSON finite, so a trace (or a statistics
  /// file from elsewhere) with absurd numbers still gives statistics that print and merge. Counts saturate at
  /// `Int.max` instead of overflowing.
  public struct Histogram: Sendable, Hashable {
    /// Values at or below this are counted in the lowest bucket.
    public static let floor = 1e-5
    /// Values above this (about 32 years in seconds) are counted as this.
    public static let ceiling = 1e9
    /// Each bucket spans a factor of this.
    public static let growth = 1.02
    /// The bucket `ceiling` falls in: no bucket is higher.
    public static let topBucket = bucket(ceiling)

    /// Bucket index → count.
    public private(set) var buckets: [Int: Int] = [:]
    /// Values counted, saturating at `Int.max`.
    public private(set) var count = 0
    /// The largest value counted (exactly, not by bucket); `nil` when empty.
    public private(set) var maximum: Double?
    /// The sum of the values counted, for a mean.
    public private(set) var sum = 0.0

    /// An empty histogram.
    public init() {}

    /// Counts `value` (NaN and infinities are left out; negative values count as 0, huge ones as `ceiling`).
    public mutating func add(_ value: Double) {
      guard value.isFinite else { return }
      let clamped = min(max(value, 0), Self.ceiling)
      buckets[Self.bucket(clamped), default: 0].addSaturating(1)
      count.addSaturating(1)
      sum = Self.clampedSum(sum + clamped)
      maximum = max(maximum ?? clamped, clamped)
    }

    /// The union of both histograms.
    public mutating func merge(_ other: Histogram) {
      for (bucket, n) in other.buckets { buckets[bucket, default: 0].addSaturating(n) }
      count.addSaturating(other.count)
      sum = Self.clampedSum(sum + other.sum)
      if let otherMaximum = other.maximum { maximum = max(maximum ?? otherMaximum, otherMaximum) }
    }

    /// The value below which a fraction `q` (0...1) of the samples lie (the bucket's geometric middle), or
    /// `nil` if empty.
    public func percentile(_ q: Double) -> Double? {
      percentiles([q])[0]
    }

    /// `percentile(_:)` of each fraction, sorting the buckets once (a report asks for p50, p90 and p99 of
    /// every histogram).
    func percentiles(_ fractions: [Double]) -> [Double?] {
      guard count > 0 else { return fractions.map { _ in nil } }
      let sorted = buckets.sorted { $0.key < $1.key }
      return fractions.map { q in
        let fraction = q.isNaN ? 1 : min(max(q, 0), 1)
        // Computed in Double and compared before converting: `Double(Int.max)` itself is out of Int's range.
        let wanted = (fraction * Double(count)).rounded(.up)
        let rank = wanted >= Double(count) ? count : max(1, Int(wanted))
        var seen = 0
        for (bucket, n) in sorted {
          seen.addSaturating(n)
          if seen >= rank { return min(Self.value(of: bucket), maximum ?? .infinity) }
        }
        return maximum
      }
    }

    /// The bucket of `value`, 0 for values at or below `floor` (and NaN), `topBucket` for values at or above
    /// `ceiling`; `Int(_:)` of an infinite quotient would trap, so the index is bounded in Double first.
    static func bucket(_ value: Double) -> Int {
      guard value > floor else { return 0 }
      let index = (log(min(value, ceiling) / floor) / log(growth)).rounded(.down)
      return Int(min(max(index, 0), 1_000_000)) + 1
    }

    /// A sum kept finite and at most what `Int.max` values of `ceiling` would add up to.
    private static func clampedSum(_ sum: Double) -> Double {
      sum.isNaN ? 0 : min(max(sum, 0), ceiling * Double(Int.max))
    }

    static func value(of bucket: Int) -> Double {
      guard bucket > 0 else { return floor }
      return floor * pow(growth, Double(bucket) - 0.5)
    }

    /// Rebuilds a histogram from its JSON parts, which may come from anywhere: buckets outside
    /// `0...topBucket` are counted in the nearest one, counts that are not positive are left out, and the
    /// maximum and sum are clamped like added values.
    public init(buckets: [Int: Int], maximum: Double?, sum: Double) {
      for (bucket, n) in buckets where n > 0 {
        self.buckets[min(max(bucket, 0), Self.topBucket), default: 0].addSaturating(n)
        count.addSaturating(n)
      }
      self.maximum = maximum.flatMap { $0.isNaN ? nil : min(max($0, 0), Self.ceiling) }
      self.sum = Self.clampedSum(sum)
    }
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `TraceStatistics.Histogram` as the package's own code names it; users write `TraceStatistics.Histogram`.
package typealias Histogram = TraceStatistics.Histogram
