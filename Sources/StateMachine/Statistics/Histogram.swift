/// A mergeable histogram of non-negative values in log-spaced buckets (2 % wide), for percentiles over
/// any number of traces without keeping the samples.
///
/// ```swift
/// var durations = Histogram()
/// durations.add(0.35)
/// durations.percentile(0.5) // ≈ 0.35 (within 2 %)
/// ```
///
/// Merging two histograms gives exactly the histogram of the union, so `replay stats --merge` is exact up
/// to the bucket width.
public struct Histogram: Sendable, Hashable {
  /// Values at or below this are counted in the lowest bucket.
  public static let floor = 1e-5
  /// Each bucket spans a factor of this.
  public static let growth = 1.02

  /// Bucket index → count.
  public private(set) var buckets: [Int: Int] = [:]
  public private(set) var count = 0
  public private(set) var maximum: Double?
  public private(set) var sum = 0.0

  public init() {}

  public mutating func add(_ value: Double) {
    guard value.isFinite else { return }
    let clamped = max(value, 0)
    buckets[Self.bucket(clamped), default: 0] += 1
    count += 1
    sum += clamped
    maximum = max(maximum ?? clamped, clamped)
  }

  /// The union of both histograms.
  public mutating func merge(_ other: Histogram) {
    for (bucket, n) in other.buckets { buckets[bucket, default: 0] += n }
    count += other.count
    sum += other.sum
    if let otherMaximum = other.maximum { maximum = max(maximum ?? otherMaximum, otherMaximum) }
  }

  /// The value below which a fraction `q` of the samples lie (the bucket's geometric middle), or `nil` if empty.
  public func percentile(_ q: Double) -> Double? {
    guard count > 0 else { return nil }
    let rank = max(1, Int((q * Double(count)).rounded(.up)))
    var seen = 0
    for bucket in buckets.keys.sorted() {
      seen += buckets[bucket] ?? 0
      if seen >= rank { return min(Self.value(of: bucket), maximum ?? .infinity) }
    }
    return maximum
  }

  static func bucket(_ value: Double) -> Int {
    guard value > floor else { return 0 }
    return Int((log(value / floor) / log(growth)).rounded(.down)) + 1
  }

  static func value(of bucket: Int) -> Double {
    guard bucket > 0 else { return floor }
    return floor * pow(growth, Double(bucket) - 0.5)
  }

  /// Rebuilds a histogram from its JSON parts.
  public init(buckets: [Int: Int], maximum: Double?, sum: Double) {
    self.buckets = buckets.filter { $0.value > 0 }
    count = self.buckets.values.reduce(0, +)
    self.maximum = maximum
    self.sum = sum
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
