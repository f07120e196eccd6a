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
/// A direct-mapped cache of bounded size: a new string evicts whatever shared its slot, so memory stays
/// constant however many distinct ids a trace holds. It starts small and takes its full size once it has
/// stored as many strings as it has slots, so that a short trace (a test, a fuzzed input) does not clear
/// and free the full tables (300 KiB) for the few strings it stores. Callers pass only bytes that are
/// valid ASCII with no escapes, for which `String(decoding:as:)` is exactly the string the JSON parser
/// would build.
struct StringInterner: Sendable {
  static let slotCount = 4096
  /// The slots a new interner starts with.
  static let initialSlotCount = 64
  /// The longest string kept; longer ones are created each time (ids are short in practice).
  static let maximumLength = 48

  private var strings: [String]
  private var lengths: [Int]
  private var keys: [UInt8]
  private var slotMask = 0
  private var stores = 0
  /// Whether `smallString` may build short strings from their bytes: checked once per process, by
  /// building a few and comparing them with the same strings made the ordinary way.
  private static let smallStringsHold = smallStringLayoutHolds()
  /// `smallStringsHold`, kept in each interner so that the hot path reads no lazy global.
  private let buildsSmallStrings = Self.smallStringsHold

  init() {
    strings = []
    lengths = []
    keys = []
    allocate(slots: Self.initialSlotCount)
  }

  /// Empty tables of `slots` slots (a power of two).
  private mutating func allocate(slots: Int) {
    strings = [String](repeating: "", count: slots)
    lengths = [Int](repeating: -1, count: slots)
    keys = [UInt8](repeating: 0, count: slots * Self.maximumLength)
    slotMask = slots - 1
  }

  /// The string of `bytes[0..<count]`.
  @inline(__always)
  mutating func string(_ bytes: UnsafePointer<UInt8>, count: Int) -> String {
    guard count <= Self.maximumLength else { return Self.makeString(bytes, count: count) }
    let hash = WordHash.hash(UnsafeRawBufferPointer(start: bytes, count: count))
    let slot = self.slot(hash)
    if lengths[slot] == count {
      let offset = slot * Self.maximumLength
      let same = keys.withUnsafeBufferPointer { keys in
        keys.baseAddress.map { memcmp($0 + offset, bytes, count) == 0 } ?? false
      }
      if same { return strings[slot] }
    }
    return store(bytes, count: count, hash: hash)
  }

  /// `string(_:count:)` for bytes that the line goes on after, up to the next multiple of eight: hashed
  /// and compared a word at a time, the last word loaded whole and masked.
  @inline(__always)
  mutating func string(wordReadable bytes: UnsafePointer<UInt8>, count: Int) -> String {
    if count <= Self.smallCapacity, buildsSmallStrings { return Self.smallString(bytes, count: count) }
    guard count <= Self.maximumLength else { return Self.makeString(bytes, count: count) }
    let line = UnsafeRawPointer(bytes)
    let hash = WordHash.hash(wordReadable: line, count: count)
    let slot = self.slot(hash)
    if lengths[slot] == count {
      let offset = slot * Self.maximumLength
      let same = keys.withUnsafeBufferPointer { keys -> Bool in
        guard let base = keys.baseAddress else { return false }
        let key = UnsafeRawPointer(base + offset)
        var at = 0
        while at &+ 8 <= count {
          guard
            key.loadUnaligned(fromByteOffset: at, as: UInt64.self)
              == line.loadUnaligned(fromByteOffset: at, as: UInt64.self)
          else { return false }
          at &+= 8
        }
        // A slot holds `maximumLength` bytes, so the key's last word is inside it.
        return WordHash.tail(key + at, count: count &- at) == WordHash.tail(line + at, count: count &- at)
      }
      if same { return strings[slot] }
    }
    return store(bytes, count: count, hash: hash)
  }

  /// Sets `target` to `string(wordReadable:count:)`. When that is a small string and `target` holds no
  /// storage either (a small or a literal string: the standard library's "immortal" bit), the new string
  /// is written as its two words: assigning it would retain the new string and release the old one, two
  /// runtime calls on every line for strings that have no reference count.
  @inline(__always)
  mutating func assign(wordReadable bytes: UnsafePointer<UInt8>, count: Int, to target: inout String) {
    #if _pointerBitWidth(_64) && _endian(little)
      if count <= Self.smallCapacity, buildsSmallStrings {
        let words = Self.smallWords(bytes, count: count)
        let written = withUnsafeMutableBytes(of: &target) { target -> Bool in
          guard target.load(fromByteOffset: 8, as: UInt64.self) & Self.immortalBit != 0 else { return false }
          target.storeBytes(of: words.low, as: UInt64.self)
          target.storeBytes(of: words.high, toByteOffset: 8, as: UInt64.self)
          return true
        }
        if written { return }
      }
    #endif
    target = string(wordReadable: bytes, count: count)
  }

  /// The bit of a string's second word that says it has no reference count (small strings and literals).
  private static let immortalBit: UInt64 = 1 << 63

  /// The most bytes a `String` holds inline, in its own two words (on 64-bit platforms).
  private static let smallCapacity = 15

  /// The string of `count` (0...15) printable ASCII bytes, whose words up to the next multiple of eight
  /// are readable, built the way the standard library lays out a small ASCII string: the bytes in order
  /// in the two words, and the top byte 0xE0 (immortal, small, ASCII) plus the count. About ten
  /// instructions, where a lookup in the cache costs about eighty. Used only when
  /// `smallStringLayoutHolds()` confirmed the layout on this platform.
  @inline(__always)
  private static func smallString(_ bytes: UnsafePointer<UInt8>, count: Int) -> String {
    #if _pointerBitWidth(_64) && _endian(little)
      let words = smallWords(bytes, count: count)
      return unsafeBitCast((words.low, words.high), to: String.self)
    #else
      return makeString(bytes, count: count)
    #endif
  }

  /// The two words of the small string of `count` (0...15) printable ASCII bytes (see `smallString`).
  @inline(__always)
  private static func smallWords(_ bytes: UnsafePointer<UInt8>, count: Int) -> (low: UInt64, high: UInt64) {
    let raw = UnsafeRawPointer(bytes)
    let low = count >= 8 ? raw.loadUnaligned(as: UInt64.self) : WordHash.tail(raw, count: count)
    let high = count > 8 ? WordHash.tail(raw + 8, count: count &- 8) : 0
    let top = (0xE0 | UInt64(truncatingIfNeeded: count)) &<< 56
    return (low, high | top)
  }

  /// Whether `smallString` builds exactly the strings the standard library builds, checked on a few
  /// lengths, and whether the immortal bit `assign` reads tells them from a string with storage: if a
  /// future layout differs, the interner simply keeps using its cache.
  private static func smallStringLayoutHolds() -> Bool {
    #if _pointerBitWidth(_64) && _endian(little)
      let samples = ["", "a", "card", "p1.sheet", "s696.menu", "root:tab-12345"]
      // `assign` leaves a string with storage to ordinary assignment: such a string must not carry the bit.
      let stored = makeString([UInt8](repeating: 0x61, count: 40), count: 40)
      guard unsafeBitCast(stored, to: (UInt64, UInt64).self).1 & immortalBit == 0 else { return false }
      return samples.allSatisfy { sample in
        var padded = Array(sample.utf8)
        let count = padded.count
        padded += [UInt8](repeating: 0x21, count: 16)
        return padded.withUnsafeBufferPointer { buffer -> Bool in
          guard let base = buffer.baseAddress else { return false }
          let built = smallString(base, count: count)
          let ordinary = makeString(base, count: count)
          let bits = unsafeBitCast(built, to: (UInt64, UInt64).self)
          return bits == unsafeBitCast(ordinary, to: (UInt64, UInt64).self) && bits.1 & immortalBit != 0
            && built == sample && built.utf8.count == count
        }
      }
    #else
      return false
    #endif
  }

  @inline(__always)
  private func slot(_ hash: UInt64) -> Int { Int(truncatingIfNeeded: hash) & slotMask }

  private static func makeString(_ bytes: UnsafePointer<UInt8>, count: Int) -> String {
    String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  }

  /// Creates the string of a key not in the cache and keeps it in its slot, evicting what was there.
  @inline(never)
  private mutating func store(_ bytes: UnsafePointer<UInt8>, count: Int, hash: UInt64) -> String {
    let string = Self.makeString(bytes, count: count)
    stores += 1
    if stores > slotMask, slotMask + 1 < Self.slotCount { allocate(slots: Self.slotCount) }
    let slot = self.slot(hash)
    let offset = slot * Self.maximumLength
    keys.withUnsafeMutableBufferPointer { keys in
      keys.baseAddress.map { ($0 + offset).update(from: bytes, count: count) }
    }
    lengths[slot] = count
    strings[slot] = string
    return string
  }
}
