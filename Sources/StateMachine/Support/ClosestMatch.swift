/// The valid name closest to a misspelt one, by edit distance: what every "did you mean" suggests.
///
/// ```swift
/// ClosestMatch.name(to: "complete-twise", among: Rule.allCases.map(\.rawValue))  // "complete-twice"
/// ClosestMatch.name(to: "--jsn", among: ["--format", "--strict"], maximumDistance: 2)  // nil: too far
/// ClosestMatch.editDistance("audti", "audit")  // 2
/// ```
///
/// One implementation for the library (rule ids in settings and headers) and the `replay` tool (commands,
/// options), so both suggest the same name for the same typo.
package enum ClosestMatch {
  /// The candidate with the smallest edit distance to `name` (the first of equals), or `nil` when there
  /// is no candidate within `maximumDistance`.
  package static func name(
    to name: String, among candidates: some Sequence<String>, maximumDistance: Int = .max
  ) -> String? {
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      let distance = editDistance(candidate, name)
      if distance <= maximumDistance, distance < best?.distance ?? .max { best = (candidate, distance) }
    }
    return best?.candidate
  }

  /// The Levenshtein distance of `a` and `b`: the fewest insertions, deletions and substitutions of
  /// characters that turn one into the other.
  package static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
    // Two rows of the dynamic-programming table are enough: each row reads only the one above it.
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        current[j] = min(
          previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
