/// Reads up to eight ASCII decimal digits at once from a little-endian word of a line (the first byte in
/// the lowest bits): how many there are, and their value.
///
/// ```swift
/// let word = Array("1755.606".utf8).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
/// DigitWord.leadingDigits(word)  // 4
/// DigitWord.value(word, digits: 4)  // 1755
/// ```
///
/// The writer-layout decoder reads `t` and the payload numbers this way, eight bytes in a few
/// instructions instead of a loop that tests and multiplies once per digit.
enum DigitWord {
  /// How many bytes of `word`, from the lowest, are digits before the first byte that is not (0...8).
  @inline(__always)
  static func leadingDigits(_ word: UInt64) -> Int {
    // A digit less "0" is 0...9, and adding 0x76 keeps it below 0x80; any other byte has its top bit set
    // in one of the two. A borrow or a carry starts only at such a byte, so it never hides the lowest one.
    let offset = word &- 0x3030_3030_3030_3030
    let marks = (offset | (offset &+ 0x7676_7676_7676_7676)) & 0x8080_8080_8080_8080
    return marks.trailingZeroBitCount >> 3
  }

  /// The value of the first `digits` bytes of `word` (1...8 of them, all digits) as a decimal number.
  @inline(__always)
  static func value(_ word: UInt64, digits: Int) -> UInt64 {
    // Shifted so that the digits fill the top bytes and zeros, leading zeros, fill the rest; then pairs,
    // quads and the two halves are combined by multiplying (the known SWAR conversion).
    var value = word &<< UInt64(truncatingIfNeeded: 64 &- 8 &* digits)
    value = ((value & 0x0F0F_0F0F_0F0F_0F0F) &* 2561) >> 8
    value = ((value & 0x00FF_00FF_00FF_00FF) &* 6_553_601) >> 16
    return ((value & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) >> 32
  }

  /// The eight bytes of `p` from `i` (`i <= n`, `n >= 8`); past the line's end `n` they read as zero bytes.
  @inline(__always)
  static func load(_ p: UnsafePointer<UInt8>, at i: Int, count n: Int) -> UInt64 {
    let raw = UnsafeRawPointer(p)
    if i &+ 8 <= n { return UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) }
    guard i < n else { return 0 }
    let last = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self))
    return last &>> UInt64(truncatingIfNeeded: 8 &* (i &- n &+ 8))
  }
}
