/// A fast, non-cryptographic hash of a short run of bytes, eight at a time: for ids and names on the path
/// of every event (the trace reader's interner, the session's index of presentations).
///
/// ```swift
/// let bytes = Array("card".utf8)
/// let hash = bytes.withUnsafeBytes { WordHash.hash($0) }
/// WordHash.hash("card") == hash  // the same for a string's UTF-8
/// ```
///
/// The keys come from the app's own trace, not from an adversary, so a weak spot only costs probes; the
/// standard `Hasher` is seeded per process and costs several times more for a ten-byte id.
enum WordHash {
  @inline(__always)
  static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    let count = bytes.count
    var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
    var offset = 0
    while offset + 8 <= count {
      hash = (hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
      hash ^= hash >> 31
      offset += 8
    }
    var tail: UInt64 = 0
    var shift: UInt64 = 0
    while offset < count {
      tail |= UInt64(bytes[offset]) << shift
      shift += 8
      offset += 1
    }
    hash = (hash ^ tail) &* 0x94D0_49BB_1331_11EB
    return hash ^ (hash >> 29)
  }

  /// The hash of a string's UTF-8 bytes (every native Swift string has them contiguous; a bridged one
  /// without falls back to `Hasher`, consistently for that string).
  static func hash(_ string: String) -> UInt64 {
    if let hash = string.utf8.withContiguousStorageIfAvailable({ hash(UnsafeRawBufferPointer($0)) }) {
      return hash
    }
    var hasher = Hasher()
    hasher.combine(string)
    return UInt64(bitPattern: Int64(hasher.finalize()))
  }
}
