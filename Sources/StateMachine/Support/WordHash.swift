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

  /// The hash of a string as `==` compares it: of its UTF-8 bytes in Unicode's composed form (NFC), so
  /// that canonically equivalent strings (`"é"` and `"e\u{301}"`, `"\u{212A}"` and `"K"`) hash alike, as
  /// the trace format's ids must. ASCII text is its own composed form: its bytes are hashed as they are,
  /// equal to the hash of the same bytes in a buffer, and only other strings are composed first.
  @inline(__always)
  static func hash(_ string: String) -> UInt64 {
    #if _endian(little) && _pointerBitWidth(_64)
      // Most ids fit a small string (15 UTF-8 bytes or fewer, kept inside the `String` value itself). Its
      // two words are the bytes in order, the count in the top byte's low nibble and bit 61 set, so the
      // hash is computed from the words, with no copy to a buffer; the result equals the byte hash, so a
      // short id kept in a heap buffer (which the fallback hashes) still finds its entry.
      let (low, high) = unsafeBitCast(string, to: (UInt64, UInt64).self)
      if high & (1 << 61) != 0 {
        // A byte with its top bit set anywhere in the two words (the top byte holds the count) means
        // non-ASCII text, or bytes past the count the layout does not promise to be zero: compose first.
        if (low | (high & 0x00FF_FFFF_FFFF_FFFF)) & 0x8080_8080_8080_8080 == 0 {
          return hash(smallLow: low, high: high, count: Int((high >> 56) & 0x0F))
        }
        return hashOfComposedBytes(string)
      }
    #endif
    return hashOfBytes(string)
  }

  /// `hash(_:)` of a string that is not small: from its UTF-8 bytes in place when they are all ASCII, or
  /// from its composed form.
  private static func hashOfBytes(_ string: String) -> UInt64 {
    let ascii = string.utf8.withContiguousStorageIfAvailable { bytes -> UInt64? in
      guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
      return hash(UnsafeRawBufferPointer(bytes))
    }
    if let ascii, let hash = ascii { return hash }
    return hashOfComposedBytes(string)
  }

  /// The hash of the bytes of `string`'s composed form (NFC), the form the standard library compares
  /// strings in. (Its own composition, `_nfcCodeUnits`, rather than Foundation's: two implementations
  /// could disagree on a rare character, and then two strings `==` calls equal would hash apart.)
  private static func hashOfComposedBytes(_ string: String) -> UInt64 {
    string._nfcCodeUnits.withUnsafeBytes { hash($0) }
  }
}
