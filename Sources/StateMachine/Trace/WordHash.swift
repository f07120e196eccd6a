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

  /// `hash(_:)` of `bytes[0..<count]` when the bytes up to the next multiple of eight are readable (the
  /// line goes on after them): the last word is loaded whole and masked instead of byte by byte.
  @inline(__always)
  static func hash(wordReadable bytes: UnsafeRawPointer, count: Int) -> UInt64 {
    var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
    var offset = 0
    while offset &+ 8 <= count {
      hash = (hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
      hash ^= hash >> 31
      offset &+= 8
    }
    hash = (hash ^ tail(bytes + offset, count: count &- offset)) &* 0x94D0_49BB_1331_11EB
    return hash ^ (hash >> 29)
  }

  /// The first `count` (0...7) bytes at `bytes` as a little-endian word, loaded whole and masked.
  @inline(__always)
  static func tail(_ bytes: UnsafeRawPointer, count: Int) -> UInt64 {
    guard count > 0 else { return 0 }
    let word = UInt64(littleEndian: bytes.loadUnaligned(as: UInt64.self))
    return word & ((1 &<< UInt64(truncatingIfNeeded: count &* 8)) &- 1)
  }

  /// `hash(_:)` of the `count` bytes held in two little-endian words, as a small string holds them.
  @inline(__always)
  static func hash(smallLow low: UInt64, high: UInt64, count: Int) -> UInt64 {
    var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
    let tail: UInt64
    if count >= 8 {
      hash = (hash ^ low) &* 0xBF58_476D_1CE4_E5B9
      hash ^= hash >> 31
      tail = count == 8 ? 0 : high & ((1 << UInt64(8 * (count - 8))) - 1)
    } else {
      tail = count == 0 ? 0 : low & ((1 << UInt64(8 * count)) - 1)
    }
    hash = (hash ^ tail) &* 0x94D0_49BB_1331_11EB
    return hash ^ (hash >> 29)
  }

  /// The hash of a string's UTF-8 bytes, equal to the hash of the same bytes in a buffer.
  @inline(__always)
  static func hash(_ string: String) -> UInt64 {
    #if _endian(little) && _pointerBitWidth(_64)
      // Most ids fit a small string (15 UTF-8 bytes or fewer, kept inside the `String` value itself). Its
      // two words are the bytes in order, the count in the top byte's low nibble and bit 61 set, so the
      // hash is computed from the words, with no copy to a buffer; the result equals the byte hash, so a
      // short id kept in a heap buffer (which the fallback hashes) still finds its entry.
      let (low, high) = unsafeBitCast(string, to: (UInt64, UInt64).self)
      if high & (1 << 61) != 0 { return hash(smallLow: low, high: high, count: Int((high >> 56) & 0x0F)) }
    #endif
    return hashOfBytes(string)
  }

  /// `hash(_:)` of a string that is not small: from its UTF-8 bytes in place, or from a contiguous copy
  /// for a string without them (a bridged one), so equal strings always hash alike.
  private static func hashOfBytes(_ string: String) -> UInt64 {
    if let hash = string.utf8.withContiguousStorageIfAvailable({ hash(UnsafeRawBufferPointer($0)) }) {
      return hash
    }
    var copy = string
    return copy.withUTF8 { hash(UnsafeRawBufferPointer($0)) }
  }
}
