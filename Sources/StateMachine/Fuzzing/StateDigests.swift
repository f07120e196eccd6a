import Foundation

/// The auditor states a `BoundedExplorer` has seen, each kept as a 128-bit digest of its whole `Codable`
/// state (the JSON an `AuditSnapshot` holds, keys sorted, so dictionaries in any order give one spelling).
///
/// ```swift
/// var seen = StateDigests()
/// seen.insert(auditor)  // true the first time this state is met
/// ```
///
/// The digest is two independently seeded 64-bit hashes of the bytes: two different states collide with
/// a probability around 2⁻¹²⁸ per pair, far below anything an exploration meets.
struct StateDigests: Sendable {
  struct Digest: Hashable, Sendable {
    var first: Int
    var second: Int
  }

  private var seen: Set<Digest> = []

  var count: Int { seen.count }

  /// Adds the state of `auditor`; false when it was seen before.
  mutating func insert(_ auditor: Auditor) -> Bool { seen.insert(Self.digest(auditor)).inserted }

  private static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
    return encoder
  }()

  /// The digest of `auditor`'s state; a state that cannot be encoded gets a digest of its description,
  /// so it is still explored (at worst more than once), never dropped.
  static func digest(_ auditor: Auditor) -> Digest {
    let bytes = (try? encoder.encode(auditor)) ?? Data(String(describing: auditor).utf8)
    var first = Hasher()
    var second = Hasher()
    first.combine(0x5EED_0001)
    second.combine(0x5EED_0002)
    bytes.withUnsafeBytes { buffer in
      first.combine(bytes: buffer)
      second.combine(bytes: buffer)
    }
    return Digest(first: first.finalize(), second: second.finalize())
  }
}
