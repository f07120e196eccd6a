extension EventLineScanner {
  /// The tables of the writer's layout, built once and shared by every scanner.
  final class WriterLayout: Sendable {
    static let shared = WriterLayout()

    /// Each event name between the bytes around it, `":"present"`. Code: the kind's index, then the
    /// payload keys it takes (a bit per key from bit 8) and those it requires (from bit 24).
    let names: BytePatternTable
    /// Each payload key with its quotes and colon, `,"width":`, from the key declarations. Code: the key's
    /// index, its slot (from bit 8) and its value type (from bit 12: 0 number, 1 boolean, 2 string).
    let keys: BytePatternTable
    /// The kinds by index.
    let kinds: [EventKind]
    /// The string keys, by `PayloadKey.bit`.
    let stringKeys = PayloadKey.stringKeys

    private init() {
      // A kind's allowed keys fill bits 8 to 23 of its code, its required ones start at bit 24: a 17th
      // payload key would spill into them (and out of `Payload`'s set of held keys).
      assert(PayloadKey.allCases.count <= 16)
      kinds = EventKind.allCases
      func mask(_ keys: [PayloadKey]) -> Int { keys.reduce(0) { $0 | Int($1.bit) } }
      names = BytePatternTable(
        EventKind.allCases.enumerated().map { index, kind in
          (
            Array("\":\"\(kind.rawValue)\"".utf8),
            index | mask(kind.payloadKeys) << 8 | mask(kind.requiredPayloadKeys) << 24
          )
        }, bucketOffset: 3)
      keys = BytePatternTable(
        PayloadKey.allCases.map { key in
          let type =
            switch key.valueType {
            case .number: 0
            case .bool: 1
            case .string: 2
            }
          return (Array(",\"\(key.rawValue)\":".utf8), key.index | key.slot << 8 | type << 12)
        }, bucketOffset: 2)
    }
  }

  // The fixed parts of the layout as little-endian words (checked against their text by a test).
  static let openingTWord: UInt64 = 0x3A_2274_227B  // {"t":
  static let idKeyWord: UInt64 = 0x22_3A22_6469_222C  // ,"id":"
  static let eventKeyWord: UInt64 = 0x746E_6576_6522_2C22  // ","event
  static let trueWord: UInt32 = 0x6575_7274  // true
  static let alseWord: UInt32 = 0x6573_6C61  // alse (false without its f)

  /// Decodes the line `p[0..<n]` if it is laid out exactly as `TraceWriter` writes it, and says whether it
  /// did: `{"t":…,"id":"…","event":"…"` with a kind the format defines, then its payload keys, each at most
  /// once and of its type, then `}`; no whitespace, no escapes, no unknown key.
  ///
  /// Recorders and generators write this layout, so nearly every line takes it: no whitespace to skip, no
  /// key to look up before the payload, and each name confirmed by comparing words. For any other line it
  /// answers `false` (the event may then hold parts of the line) and `decode` scans the line in full. It
  /// accepts only lines that `decode`'s general scan turns into an event, and writes the same event: the
  /// same checks, in a fixed order (`WriterLayoutTests` compares the two on written lines and mutations).
  @inline(__always)
  mutating func decodeWriterLayout(_ p: UnsafePointer<UInt8>, count n: Int, into event: inout Event) -> Bool {
    decodeWriterObject(p, limit: n, into: &event) == n
  }

  /// `decodeWriterLayout` for an object that starts at `p` in bytes readable up to `limit`, whose line end
  /// is not known yet: returns where the object ends (just after its `}`), or -1. The reader calls it
  /// before looking for the line's end, and takes the line when a newline follows: every byte up to the
  /// `}` was checked to be printable, so the object is the whole line, and the line decodes as it would
  /// through `decode`.
  /// It writes a full `Event` or the `CompactEvent` the audit steps (`DecodedEvent`): the same checks, and
  /// the same values for the keys the compact form keeps.
  @inline(__always)
  mutating func decodeWriterObject<Decoded: DecodedEvent>(
    _ p: UnsafePointer<UInt8>, limit n: Int, into event: inout Decoded
  ) -> Int {
    #if _endian(little)
      let raw = UnsafeRawPointer(p)
      guard n >= 16, raw.loadUnaligned(as: UInt64.self) & 0xFF_FFFF_FFFF == Self.openingTWord else {
        return -1
      }
      let t = Self.shortNumber(p, at: 5, n)
      var i = t.end
      guard i >= 0, i &+ 8 <= n,
        raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0xFF_FFFF_FFFF_FFFF == Self.idKeyWord
      else { return -1 }
      i &+= 7
      let idStart = i
      guard Self.scanPlainString(p, &i, n), i > idStart else { return -1 }
      let idCount = i &- idStart
      guard i &+ 8 <= n, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) == Self.eventKeyWord else {
        return -1
      }
      i &+= 8
      let layout = writerLayout
      guard let name = layout.names.match(p, at: i, count: n) else { return -1 }
      i &+= name.length
      let allowed = UInt32(truncatingIfNeeded: name.code >> 8) & 0xFFFF
      let required = UInt32(truncatingIfNeeded: name.code >> 24)

      // Values go straight to their slots, and only count once the line is sure (`hold(only:strings:)`).
      var present: UInt32 = 0
      while true {
        guard i < n else { return -1 }
        if p[i] == UInt8(ascii: "}") {
          i &+= 1
          break
        }
        guard let key = layout.keys.match(p, at: i, count: n) else { return -1 }
        i &+= key.length
        let bit: UInt32 = 1 << UInt32(truncatingIfNeeded: key.code & 0xFF)
        guard allowed & bit != 0, present & bit == 0, i < n else { return -1 }
        present |= bit
        let slot = (key.code >> 8) & 0xF
        switch key.code >> 12 {
        case 0:
          let number = Self.shortNumber(p, at: i, n)
          guard number.end >= 0 else { return -1 }
          event.writeNumber(number.value, slot: slot)
          i = number.end
        case 1:
          if p[i] == UInt8(ascii: "t"), i + 4 <= n,
            raw.loadUnaligned(fromByteOffset: i, as: UInt32.self) == Self.trueWord
          {
            event.writeFlag(true, slot: slot)
            i &+= 4
          } else if p[i] == UInt8(ascii: "f"), i + 5 <= n,
            raw.loadUnaligned(fromByteOffset: i + 1, as: UInt32.self) == Self.alseWord
          {
            event.writeFlag(false, slot: slot)
            i &+= 5
          } else {
            return -1
          }
        default:
          guard p[i] == UInt8(ascii: "\"") else { return -1 }
          i &+= 1
          let start = i
          guard Self.scanPlainString(p, &i, n) else { return -1 }
          if Decoded.keepsString(slot: slot) {
            event.writeString(string(p, start, i &- start, n), slot: slot)
          }
          i &+= 1
        }
      }
      guard present & required == required else { return -1 }

      event.t = t.value
      // The id is followed by at least the eight bytes of `","event`.
      interner.assign(wordReadable: p + idStart, count: idCount, to: &event.id)
      // Every key this line has was just written; the event lets go of the previous line's others.
      event.finishLine(
        kind: layout.kinds[name.code & 0xFF], keys: UInt16(truncatingIfNeeded: present),
        stringKeys: layout.stringKeys)
      return i
    #else
      return -1
    #endif
  }

  /// The interned string of `p[start..<start + count]` in a line of `n` bytes, read a word at a time
  /// when the line goes on far enough after it.
  @inline(__always)
  private mutating func string(_ p: UnsafePointer<UInt8>, _ start: Int, _ count: Int, _ n: Int) -> String {
    if (count &+ 7) & ~7 <= n &- start { return interner.string(wordReadable: p + start, count: count) }
    return interner.string(p + start, count: count)
  }

  /// `scanNumber`, eight digits at a time, for a number with at most seven digits before its point and
  /// at most seven after it and no exponent (`t` and every payload number a writer writes); any other
  /// number goes to `scanNumber` from its start. Both compute `Double(mantissa) / 10^fractionDigits`
  /// from the same exact mantissa, so they give the same value. Needs `n >= 8` and `i < n`.
  @inline(__always)
  static func scanShortNumber(_ p: UnsafePointer<UInt8>, _ i: inout Int, _ n: Int) -> Double? {
    let scanned = shortNumber(p, at: i, n)
    guard scanned.end >= 0 else { return nil }
    i = scanned.end
    return scanned.value
  }

  /// `scanShortNumber` with its index in and out by value (-1: not a number), so that neither the index
  /// nor the result goes through memory where the call is not inlined.
  @inline(__always)
  static func shortNumber(_ p: UnsafePointer<UInt8>, at start: Int, _ n: Int) -> (value: Double, end: Int) {
    let negative = p[start] == UInt8(ascii: "-")
    let digitsStart = negative ? start &+ 1 : start
    let whole = DigitWord.load(p, at: digitsStart, count: n)
    let wholeDigits = DigitWord.leadingDigits(whole)
    // No digit, too many, or a leading zero: `scanNumber` decides.
    guard UInt(bitPattern: wholeDigits &- 1) < 7, wholeDigits == 1 || whole & 0xFF != 0x30 else {
      return generalNumber(p, at: start, n)
    }
    var mantissa = DigitWord.value(whole, digits: wholeDigits)
    var end = digitsStart &+ wholeDigits
    // The byte after the digits is in the same word (zero past the line's end).
    var after = UInt8(truncatingIfNeeded: whole &>> UInt64(truncatingIfNeeded: wholeDigits &* 8))
    // Dividing by 1 is exact, so a whole number takes the same division as a fraction, without a branch.
    var scale = 1.0
    if after == UInt8(ascii: ".") {
      let fraction = DigitWord.load(p, at: end &+ 1, count: n)
      let fractionDigits = DigitWord.leadingDigits(fraction)
      guard UInt(bitPattern: fractionDigits &- 1) < 7 else { return generalNumber(p, at: start, n) }
      scale = Self.powerOfTen(fractionDigits)
      mantissa =
        mantissa &* Self.integerPowerOfTen(fractionDigits)
        &+ DigitWord.value(fraction, digits: fractionDigits)
      end &+= 1 &+ fractionDigits
      after = UInt8(truncatingIfNeeded: fraction &>> UInt64(truncatingIfNeeded: fractionDigits &* 8))
    }
    guard after | 0x20 != UInt8(ascii: "e") else { return generalNumber(p, at: start, n) }
    // At most 14 digits: the mantissa is below 2^53, and converts exactly as a signed integer (one
    // instruction; an unsigned one takes several).
    let value = Double(Int64(bitPattern: mantissa)) / scale
    return (negative ? -value : value, end)
  }

  /// `scanNumber` from `start`, as `shortNumber` answers (-1: not a number); out of line, so that
  /// `shortNumber` stays small enough to inline.
  @inline(never)
  static func generalNumber(_ p: UnsafePointer<UInt8>, at start: Int, _ n: Int) -> (value: Double, end: Int) {
    var i = start
    guard let value = scanNumber(p, &i, n) else { return (0, -1) }
    return (value, i)
  }

  /// 10^exponent for 1...7 as an integer (a switch the compiler turns into a constant table).
  @inline(__always)
  private static func integerPowerOfTen(_ exponent: Int) -> UInt64 {
    switch exponent {
    case 1: 10
    case 2: 100
    case 3: 1000
    case 4: 10000
    case 5: 100_000
    case 6: 1_000_000
    default: 10_000_000
    }
  }

  /// 10^exponent for 1...7, exact (a switch the compiler turns into a constant table, with no lazy global).
  @inline(__always)
  private static func powerOfTen(_ exponent: Int) -> Double {
    switch exponent {
    case 1: 1e1
    case 2: 1e2
    case 3: 1e3
    case 4: 1e4
    case 5: 1e5
    case 6: 1e6
    default: 1e7
    }
  }
}
