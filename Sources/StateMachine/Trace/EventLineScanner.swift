/// Decodes the common shape of an event line straight from its bytes: one flat object of ASCII strings
/// without escapes, plain numbers, booleans and nulls, each key once and each payload key with its type.
///
/// ```swift
/// var scanner = EventLineScanner()
/// var event = Event(t: 0, id: "", kind: .mark)
/// var line = Array(#"{"t":1.5,"id":"p1","event":"dismiss","animated":false}"#.utf8)
/// let outcome = line.withUnsafeMutableBufferPointer { buffer in
///   buffer.baseAddress.map { scanner.decode($0, count: buffer.count, into: &event) }
/// }
/// // outcome == .event, event == Event(t: 1.5, id: "p1", kind: .dismiss, payload: Payload(animated: false))
/// ```
///
/// It answers only when it is sure: for anything else (a header, an error of any kind, escapes, non-ASCII
/// bytes, nested values, a payload key of the wrong type or on an event that does not take it, a number it
/// cannot convert exactly) it says `.fallback` and the reader hands the line to `LineDecoder`, the
/// reference decoder, which then produces the record or the error. So the records are the reference's, bit
/// for bit; the differential tests check it on every test input and on thousands of mutations of them.
/// The event is written in place, field by field: no large value (an `Event` with its `Payload` is about
/// 200 bytes) is built or copied per line, and nothing is allocated (ids come from the interner).
struct EventLineScanner {
  /// What `decode` made of a line.
  enum Outcome: Equatable {
    /// An event of a kind the format defines, written into the `event` passed in.
    case event
    /// An event name the format does not define (its `t` and `id` written into the `event` passed in):
    /// skipped, with a note the first time (`LineDecoder.skippedEvent`).
    case unknownEvent(name: String)
    /// Not a line the fast path takes: decode it with `LineDecoder`.
    case fallback
  }

  /// A scalar value as scanned: which JSON type, and the number, flag or byte range it holds.
  private struct Value {
    enum Kind: UInt8 { case invalid, number, string, bool, null }
    var kind = Kind.invalid
    var number = 0.0
    var start = 0
    var count = 0
    var flag: Bool { number != 0 }
  }

  /// A key the format does not define, kept for `Event.extra`.
  private struct ExtraMember {
    var keyStart: Int
    var keyCount: Int
    var value: Value
  }

  // Key codes: the bit of each key in the `seen` mask of a line.
  private static let tCode = 0
  private static let idCode = 1
  private static let eventCode = 2
  /// The keys in code order: `t`, `id`, `event`, then every payload key (in `allCases` order, which is
  /// their index order).
  private static let keyNames = ["t", "id", "event"] + PayloadKey.allCases.map(\.rawValue)

  /// The code of a payload key.
  private static func code(_ key: PayloadKey) -> Int { 3 + key.index }

  /// At most this many unknown keys on a line take the fast path.
  private static let maximumExtraMembers = 8
  private static let eventKey: StaticString = "event"

  // The tables are shared and read-only: as instance properties, every call of a helper that reads one
  // copied the whole scanner (152 bytes, its arrays retained) once per key of every line.
  private static let keys = ByteNameTable(keyNames)
  private static let kinds = ByteNameTable(EventKind.allCases.map(\.rawValue))
  private static let kindList = EventKind.allCases
  /// By key code: the payload key (`nil` for `t`, `id`, `event`).
  private static let payloadKeyOfCode: [PayloadKey?] = [nil, nil, nil] + PayloadKey.allCases.map { $0 }
  /// By kind index: the payload keys (bits by key code) the kind takes.
  private static let allowedKeys = EventKind.allCases.map { mask($0.payloadKeys) }
  /// By kind index: the payload keys the kind requires.
  private static let requiredKeys = EventKind.allCases.map { mask($0.requiredPayloadKeys) }
  /// Exact powers of ten, 1e0 to 1e22 (each a double without rounding).
  private static let powersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
    1e19, 1e20, 1e21, 1e22,
  ]

  private static func mask(_ keys: [PayloadKey]) -> UInt32 { keys.reduce(0) { $0 | 1 << UInt32(code($1)) } }

  private var extras: [ExtraMember] = []
  var interner = StringInterner()
  /// Held by each scanner so that the hot path reads the shared tables without a lazy-global check.
  let writerLayout = WriterLayout.shared
  /// Whether `decode` first tries the writer's own layout (`decodeWriterLayout`); off only in tests that
  /// compare the two paths.
  var takesWriterLayout = true

  init() {
    extras.reserveCapacity(Self.maximumExtraMembers)
  }

  /// Decodes the line `bytes[0..<count]` (no terminator, not blank) into `event`. After `.fallback`, `event`
  /// may hold parts of the line; after `.unknownEvent`, only its `t` and `id` are the line's. (Writing into
  /// the caller's event as the line is scanned is what keeps the payload from being copied.)
  mutating func decode(_ bytes: UnsafeMutablePointer<UInt8>, count: Int, into event: inout Event) -> Outcome {
    let p = UnsafePointer(bytes)
    let n = count
    if takesWriterLayout, decodeWriterLayout(p, count: n, into: &event) { return .event }
    var i = 0
    Self.skipWhitespace(p, &i, n)
    guard i < n, p[i] == UInt8(ascii: "{") else { return .fallback }
    i += 1
    var seen: UInt32 = 0
    var t = 0.0
    var id = Value()
    var name = Value()
    var value = Value()
    if !extras.isEmpty { extras.removeAll(keepingCapacity: true) }

    while true {
      Self.skipWhitespace(p, &i, n)
      guard i < n, p[i] == UInt8(ascii: "\"") else { return .fallback }
      i += 1
      let keyStart = i
      guard Self.scanPlainString(p, &i, n) else { return .fallback }
      let keyCount = i - keyStart
      i += 1  // the closing quote
      Self.skipWhitespace(p, &i, n)
      guard i < n, p[i] == UInt8(ascii: ":") else { return .fallback }
      i += 1
      Self.skipWhitespace(p, &i, n)
      guard i < n else { return .fallback }
      Self.scanValue(p, &i, n, into: &value)

      if let code = Self.keyCode(p + keyStart, count: keyCount) {
        let bit: UInt32 = 1 << UInt32(code)
        guard seen & bit == 0 else { return .fallback }  // a repeated key is an error
        seen |= bit
        switch code {
        case Self.tCode:
          guard value.kind == .number else { return .fallback }
          t = value.number
        case Self.idCode:
          guard value.kind == .string, value.count > 0 else { return .fallback }
          id = value
        case Self.eventCode:
          guard value.kind == .string else { return .fallback }
          name = value
        default:
          // A payload key of the wrong type is an error for an event that takes it; any other case of it
          // (an unknown event, an event that keeps it in `extra`) is rare: both go to the slow path. Values
          // go straight to their slots, and only count once the line is sure (`hold(only:strings:)`).
          guard let key = Self.payloadKeyOfCode[code] else { return .fallback }
          switch key.valueType {
          case .number:
            guard value.kind == .number else { return .fallback }
            event.payload.numbers[key.slot] = value.number
          case .bool:
            guard value.kind == .bool else { return .fallback }
            event.payload.writeFlag(value.flag, slot: key.slot)
          case .string:
            guard value.kind == .string else { return .fallback }
            event.payload.strings[key.slot] = interner.string(p + value.start, count: value.count)
          }
        }
      } else {
        guard value.kind != .invalid, extras.count < Self.maximumExtraMembers else { return .fallback }
        for extra in extras where extra.keyCount == keyCount {
          if Self.equal(p + extra.keyStart, p + keyStart, keyCount) { return .fallback }  // a repeated key
        }
        extras.append(ExtraMember(keyStart: keyStart, keyCount: keyCount, value: value))
      }

      Self.skipWhitespace(p, &i, n)
      guard i < n else { return .fallback }
      if p[i] == UInt8(ascii: ",") {
        i += 1
        continue
      }
      guard p[i] == UInt8(ascii: "}") else { return .fallback }
      i += 1
      break
    }
    Self.skipWhitespace(p, &i, n)
    // Text after the object, or a line without all of t, id and event (a header, or an error).
    guard i == n, seen & 0b111 == 0b111 else { return .fallback }

    guard let kindIndex = Self.kinds.index(of: p + name.start, count: name.count) else {
      // An event name the format does not define; its payload is not looked at.
      event.t = t
      event.id = interner.string(p + id.start, count: id.count)
      return .unknownEvent(name: interner.string(p + name.start, count: name.count))
    }
    let present = seen & ~0b111
    let allowed = Self.allowedKeys[kindIndex]
    guard present & ~allowed == 0 else { return .fallback }  // a payload key this event keeps in `extra`
    let required = Self.requiredKeys[kindIndex]
    guard present & required == required else { return .fallback }

    // Sure now: write the event in place.
    event.t = t
    event.id = interner.string(p + id.start, count: id.count)
    event.kind = Self.kindList[kindIndex]
    // The values were written as they were scanned: the line's keys are the ones the event holds now (it
    // held the previous line's).
    event.payload.hold(only: UInt16(truncatingIfNeeded: present >> 3), strings: writerLayout.stringKeys)
    if !extras.isEmpty {
      event.extra = extraMembers(p)
    } else if !event.extra.isEmpty {
      event.extra = []
    }
    return .event
  }

  /// `Event.extra`: the unknown keys, sorted by key.
  private func extraMembers(_ p: UnsafePointer<UInt8>) -> [(key: String, value: JSONValue)] {
    var members: [(key: String, value: JSONValue)] = []
    for extra in extras {
      let key = String(
        decoding: UnsafeBufferPointer(start: p + extra.keyStart, count: extra.keyCount), as: UTF8.self)
      let value: JSONValue
      switch extra.value.kind {
      case .number: value = .number(extra.value.number)
      case .string:
        value = .string(
          String(
            decoding: UnsafeBufferPointer(start: p + extra.value.start, count: extra.value.count),
            as: UTF8.self))
      case .bool: value = .bool(extra.value.flag)
      case .null, .invalid: value = .null
      }
      members.append((key, value))
    }
    members.sort { $0.key < $1.key }
    return members
  }

  /// The code of a key: the three every event has are checked first, the others through the table.
  @inline(__always)
  private static func keyCode(_ p: UnsafePointer<UInt8>, count: Int) -> Int? {
    switch count {
    case 1: if p[0] == UInt8(ascii: "t") { return Self.tCode }
    case 2: if p[0] == UInt8(ascii: "i"), p[1] == UInt8(ascii: "d") { return Self.idCode }
    case 5: if Self.equal(p, Self.eventKey.utf8Start, 5) { return Self.eventCode }
    default: break
    }
    return keys.index(of: p, count: count)
  }

  @inline(__always)
  private static func skipWhitespace(_ p: UnsafePointer<UInt8>, _ i: inout Int, _ n: Int) {
    // Every byte that may follow is above 0x20; JSON whitespace is 0x20, 0x09, 0x0A and 0x0D. A writer's
    // lines have none, so the first test is the one that usually answers.
    guard i < n, p[i] <= 0x20 else { return }
    skipWhitespaceRun(p, &i, n)
  }

  private static func skipWhitespaceRun(_ p: UnsafePointer<UInt8>, _ i: inout Int, _ n: Int) {
    while i < n, p[i] <= 0x20, p[i] == 0x20 || p[i] == 0x09 || p[i] == 0x0D || p[i] == 0x0A { i += 1 }
  }

  @inline(__always)
  private static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    for index in 0..<count where a[index] != b[index] { return false }
    return true
  }

  /// Scans the body of a string (after its opening quote) up to its closing quote, which `i` is left at.
  /// `false` for anything the fast path does not take: an escape, a control character (an error), a
  /// non-ASCII byte, or the end of the line. Eight bytes at a time: in each word, the lowest byte that is
  /// a quote, a backslash, below 0x20 or above 0x7F is found with borrow tricks (a borrow can only mark
  /// bytes above a byte that really matched, so the lowest mark is always a real one).
  @inline(__always)
  static func scanPlainString(_ p: UnsafePointer<UInt8>, _ i: inout Int, _ n: Int) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    while i &+ 8 <= n {
      let word = UInt64(littleEndian: UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self))
      let quote = word ^ (ones &* 0x22)
      let backslash = word ^ (ones &* 0x5C)
      let marks =
        ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- ones &* 0x20) & ~word)
        | word
      let special = marks & highs
      if special == 0 {
        i &+= 8
        continue
      }
      i &+= special.trailingZeroBitCount >> 3
      return p[i] == UInt8(ascii: "\"")
    }
    while i < n {
      let byte = p[i]
      if byte == UInt8(ascii: "\"") { return true }
      if byte < 0x20 || byte >= 0x80 || byte == UInt8(ascii: "\\") { return false }
      i += 1
    }
    return false
  }

  /// Scans one scalar value at `p[i]` (`i < n`) into `value`; kind `.invalid` for anything the fast path
  /// does not take.
  @inline(__always)
  private static func scanValue(
    _ p: UnsafePointer<UInt8>, _ i: inout Int, _ n: Int, into value: inout Value
  ) {
    value.kind = .invalid
    value.number = 0
    switch p[i] {
    case UInt8(ascii: "\""):
      i += 1
      value.start = i
      guard Self.scanPlainString(p, &i, n) else { return }
      value.count = i - value.start
      value.kind = .string
      i += 1
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      guard let number = scanNumber(p, &i, n) else { return }
      value.kind = .number
      value.number = number
    case UInt8(ascii: "t"):
      guard scanWord(p, &i, n, "true") else { return }
      value.kind = .bool
      value.number = 1
    case UInt8(ascii: "f"):
      guard Self.scanWord(p, &i, n, "false") else { return }
      value.kind = .bool
    case UInt8(ascii: "n"):
      guard Self.scanWord(p, &i, n, "null") else { return }
      value.kind = .null
    default:
      break
    }
  }

  /// Matches `word` at `p[i]` and moves past it.
  @inline(__always)
  private static func scanWord(_ p: UnsafePointer<UInt8>, _ i: inout Int, _ n: Int, _ word: StaticString)
    -> Bool
  {
    let count = word.utf8CodeUnitCount
    guard i + count <= n, equal(p + i, word.utf8Start, count) else { return false }
    i += count
    return true
  }

  /// Scans a JSON number at `p[i]` and converts it exactly as the reference does (`Double(String)`):
  /// directly when the decimal has at most 19 digits, a mantissa of at most 2^53 and at most
  /// 22 fraction digits and no exponent (Clinger's fast path: one correctly rounded division of two exact
  /// doubles is the correctly rounded value), through `Double(String)` otherwise. `nil` when the bytes are
  /// not a JSON number or the value is not finite (the slow path reports both).
  @inline(__always)
  static func scanNumber(_ p: UnsafePointer<UInt8>, _ i: inout Int, _ n: Int) -> Double? {
    let start = i
    var negative = false
    if p[i] == UInt8(ascii: "-") {
      negative = true
      i += 1
    }
    guard i < n, Self.isDigit(p[i]) else { return nil }
    var mantissa: UInt64 = 0
    var digits = 0  // digits in the mantissa, leading zeros of a fraction included
    if p[i] == UInt8(ascii: "0") {
      i += 1
      if i < n, Self.isDigit(p[i]) { return nil }  // a leading zero is an error
    } else {
      digits += Self.accumulateDigits(p, &i, n, &mantissa)
    }
    var fractionDigits = 0
    if i < n, p[i] == UInt8(ascii: ".") {
      i += 1
      guard i < n, Self.isDigit(p[i]) else { return nil }
      fractionDigits = Self.accumulateDigits(p, &i, n, &mantissa)
      digits += fractionDigits
    }
    // At most 19 digits cannot overflow 64 bits; longer ones (rare) take the slow conversion.
    var exact = digits <= 19
    if i < n, p[i] == UInt8(ascii: "e") || p[i] == UInt8(ascii: "E") {
      i += 1
      if i < n, p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-") { i += 1 }
      guard i < n, Self.isDigit(p[i]) else { return nil }
      while i < n, Self.isDigit(p[i]) { i += 1 }
      exact = false
    }
    if exact, mantissa <= 1 << 53, fractionDigits <= 22 {
      var value = Double(mantissa)
      if fractionDigits > 0 { value /= powersOfTen[fractionDigits] }
      return negative ? -value : value
    }
    let text = String(decoding: UnsafeBufferPointer(start: p + start, count: i - start), as: UTF8.self)
    guard let value = Double(text), value.isFinite else { return nil }
    return value
  }

  /// Reads the digits at `p[i...]` into `mantissa` (wrapping past 19 digits: the caller then does not use
  /// it) and returns how many there were.
  @inline(__always)
  private static func accumulateDigits(
    _ p: UnsafePointer<UInt8>, _ i: inout Int, _ n: Int, _ mantissa: inout UInt64
  ) -> Int {
    let start = i
    while i < n {
      let digit = p[i] &- UInt8(ascii: "0")
      guard digit < 10 else { break }
      mantissa = mantissa &* 10 &+ UInt64(digit)
      i += 1
    }
    return i - start
  }

  @inline(__always)
  private static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
}
