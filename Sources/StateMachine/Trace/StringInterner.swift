#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns short runs of ASCII bytes into `String`s, handing back the same string for the same bytes so
/// that an id repeated on every line is created once, not once per line.
///
/// ```swift
/// var interner = StringInterner()
/// let bytes = Array("presentation-42".utf8)
/// let a = bytes.withUnsafeBufferPointer { interner.string($0.baseAddress!, count: $0.count) }
/// let b = bytes.withUnsafeBufferPointer { interner.string($0.baseAddress!, count: $0.count) } // no new String
/// ```
///
/// A direct-mapped cache of fixed size: a new string evicts whatever shared its slot, so memory stays
/// constant however many distinct ids a trace holds. Callers pass only bytes that are valid ASCII with
/// no escapes, for which `String(decoding:as:)` is exactly the string the JSON parser would build.
struct StringInterner: Sendable {
  static let slotCount = 4096
  /// The longest string kept; longer ones are created each time (ids are short in practice).
  static let maximumLength = 48

  private var strings: [String]
  private var lengths: [Int]
  private var keys: [UInt8]

  init() {
    strings = [String](repeating: "", count: Self.slotCount)
    lengths = [Int](repeating: -1, count: Self.slotCount)
    keys = [UInt8](repeating: 0, count: Self.slotCount * Self.maximumLength)
  }

  /// The string of `bytes[0..<count]`.
  @inline(__always)
  mutating func string(_ bytes: UnsafePointer<UInt8>, count: Int) -> String {
    guard count <= Self.maximumLength else {
      return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }
    let hash = WordHash.hash(UnsafeRawBufferPointer(start: bytes, count: count))
    let slot = Int(truncatingIfNeeded: hash) & (Self.slotCount - 1)
    let offset = slot * Self.maximumLength
    if lengths[slot] == count {
      let same = keys.withUnsafeBufferPointer { keys in
        keys.baseAddress.map { memcmp($0 + offset, bytes, count) == 0 } ?? false
      }
      if same { return strings[slot] }
    }
    let string = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    keys.withUnsafeMutableBufferPointer { keys in
      keys.baseAddress.map { ($0 + offset).update(from: bytes, count: count) }
    }
    lengths[slot] = count
    strings[slot] = string
    return string
  }
}
