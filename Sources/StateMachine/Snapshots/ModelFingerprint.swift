/// A fingerprint of the model an audit ran on: the transition table, the rule catalog and the machine's
/// revision. Snapshots carry it, so resuming with a different model is refused instead of producing
/// findings that belong to neither.
///
/// ```swift
/// ModelFingerprint.current // e.g. "4f1c2a9b0d3e5f67"
/// ```
package enum ModelFingerprint {
  /// Bumped whenever the machine's code changes what it decides beyond the table and the catalog.
  package static let machineRevision = 4

  /// The fingerprint of the model compiled into this build.
  package static let current: String = {
    var text = "machine \(machineRevision)\n"
    for row in TransitionTable.rows {
      text +=
        row.from.map(\.name).joined(separator: ",") + " | " + row.triggers.map(\.label).joined(separator: ",")
      text += " | \(row.entry)\n"
    }
    for rule in Rule.allCases { text += "\(rule.rawValue) \(rule.kind.rawValue) \(rule.severity.rawValue)\n" }
    return fnv1a(text)
  }()

  /// FNV-1a, 64 bits, as 16 hex digits: stable across runs and platforms (unlike `Hasher`).
  static func fnv1a(_ text: String) -> String { fnv1a(bytes: text.utf8) }

  /// FNV-1a, 64 bits, of `bytes`, as 16 hex digits.
  static func fnv1a(bytes: some Sequence<UInt8>) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}
