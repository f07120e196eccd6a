/// Where a snapshot stopped in a trace's bytes, and a fingerprint of what came before, cheap to check:
/// the length, and a 64-bit FNV-1a hash of the last few kilobytes before it.
///
/// ```swift
/// let mark = LogFingerprint(length: 8_192, tail: lastBytes)  // the 4 KiB before byte 8192
/// mark.matches(tail: bytesNow)                               // the log still holds them: same log
/// ```
///
/// A log that only grew still holds exactly those bytes there; a truncated, rotated or rewritten log, or
/// another file, does not (short of a 64-bit collision on the very bytes before the offset).
package struct LogFingerprint: Sendable, Hashable, Codable {
  /// How many bytes before the offset the hash covers (fewer when the offset is smaller).
  package static let tailSize = 4096

  /// The offset: bytes of the log folded into the snapshot, every one of them a complete line.
  package var length: Int
  /// How many bytes the hash covers, ending at `length`.
  package var tailLength: Int
  /// FNV-1a, 64 bits, of those bytes, as 16 hex digits.
  package var tailHash: String

  /// The fingerprint of a log whose first `length` bytes end with `tail` (at most `tailSize` bytes).
  package init(length: Int, tail: some Collection<UInt8>) {
    self.length = length
    tailLength = tail.count
    tailHash = ModelFingerprint.fnv1a(bytes: tail)
  }

  /// Whether `tail`, the `tailLength` bytes a log now holds before `length`, are the ones fingerprinted.
  package func matches(tail: some Collection<UInt8>) -> Bool {
    tail.count == tailLength && ModelFingerprint.fnv1a(bytes: tail) == tailHash
  }
}
