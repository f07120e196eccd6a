/// A deterministic random source (SplitMix64): the same seed gives the same numbers on every platform.
///
/// ```swift
/// var random = SeededRandom(seed: 42)
/// let roll = random.below(6)  // always the same for seed 42
/// ```
///
/// It conforms to `RandomNumberGenerator`, so the standard library's `random(in:using:)` and
/// `randomElement(using:)` work with it too; the helpers below avoid their platform-independent but
/// version-dependent algorithms where bytes must stay stable.
package struct SeededRandom: RandomNumberGenerator, Sendable, Hashable {
  /// The generator's whole state; copying it forks the stream.
  package var state: UInt64

  /// A source that starts from `seed`.
  package init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A value in `0..<bound` (0 when `bound` is not positive).
  package mutating func below(_ bound: Int) -> Int {
    guard bound > 1 else { return 0 }
    return Int(next() % UInt64(bound))
  }

  /// A value in `range`, both ends included.
  package mutating func within(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + below(range.upperBound - range.lowerBound + 1)
  }

  /// A value in `0..<1` with 53 bits of precision.
  package mutating func unit() -> Double { Double(next() >> 11) / Double(UInt64(1) << 53) }

  /// `true` with probability `percent` / 100.
  package mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

  /// One element of `choices` (`nil` when it is empty).
  package mutating func pick<Element>(_ choices: [Element]) -> Element? {
    choices.isEmpty ? nil : choices[below(choices.count)]
  }

  /// An index into `weights`, chosen in proportion to them (`nil` when none is positive).
  package mutating func weighted(_ weights: [Int]) -> Int? {
    // Added up saturating: weights near `Int.max` (a configuration's, unchecked) overflowed the sum.
    // Below the saturation the sum, and so every seed's draws, are as before.
    let total = weights.reduce(0) { sum, weight in
      let (next, overflow) = sum.addingReportingOverflow(max(weight, 0))
      return overflow ? Int.max : next
    }
    guard total > 0 else { return nil }
    var roll = below(total)
    for (index, weight) in weights.enumerated() where weight > 0 {
      if roll < weight { return index }
      roll -= weight
    }
    return nil
  }
}
