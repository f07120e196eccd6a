/// Formats a recorded event as its canonical line, byte for byte what `TraceWriter.line(for:)` writes,
/// straight into a byte buffer: the recorder's hot path, with no `String` and no allocation per event.
///
/// ```swift
/// TraceLineFormatter.line(t: 12.5, kind: .completeTransition, id: "card", Payload(didComplete: true))
/// // {"t":12.5,"id":"card","event":"completeTransition","didComplete":true}
/// ```
///
/// The recorder formats everything after `t` (the body) before it takes its lock, into a buffer that
/// leaves `prefixCapacity` bytes free in front; under the lock it reads the clock and writes `{"t":` and
/// the number right before the body (`writePrefix`), so the whole line is one contiguous run of bytes.
///
/// `TraceWriter` stays the definition of the canonical form (`t`, `id`, `event`, then the kind's payload
/// keys in `EventKind.payloadKeys` order, numbers and strings as `JSONText` spells them); the tests check
/// that both write the same bytes for every kind, for strings that need escaping, and for numbers of
/// every shape. Numbers that are whole microseconds between 0.0001 and 2^33 (what `SystemTraceClock`
/// reads, and most payloads) are written digit by digit; any other goes through `JSONText.number`.
enum TraceLineFormatter {
  /// What the formatter needs of one event kind, computed once from `EventKind` (a class: one retain
  /// per event, not one per array).
  final class KindFormat: Sendable {
    /// `,"event":"name"`.
    let event: [UInt8]
    /// The kind's payload keys in canonical order, each with its `,"key":`.
    let keys: [(key: PayloadKey, fragment: [UInt8])]
    let required: [PayloadKey]

    init(_ kind: EventKind) {
      event = Array(",\"event\":\"\(kind.rawValue)\"".utf8)
      keys = kind.payloadKeys.map { ($0, Array(",\"\($0.rawValue)\":".utf8)) }
      required = kind.requiredPayloadKeys
    }
  }

  /// Room in front of the body for `{"t":` and the longest number `JSONText.number` writes.
  static let prefixCapacity = 40

  /// One format per kind, at the kind's `ordinal`.
  private static let formats = EventKind.allCases.sorted { ordinal($0) < ordinal($1) }.map(KindFormat.init)

  static func format(of kind: EventKind) -> KindFormat { formats[ordinal(kind)] }

  /// A number for each kind, 0 up, without hashing (an `EventKind` hashes as its name, too slow for once
  /// per event). A new kind does not compile until it has its number.
  private static func ordinal(_ kind: EventKind) -> Int {
    switch kind {
    case .present: 0
    case .presentationTransitionWillBegin: 1
    case .presentationTransitionDidEnd: 2
    case .dismiss: 3
    case .dismissalTransitionWillBegin: 4
    case .dismissalTransitionDidEnd: 5
    case .containerViewWillLayoutSubviews: 6
    case .containerViewDidLayoutSubviews: 7
    case .animateTransition: 8
    case .startInteractiveTransition: 9
    case .updateInteractiveTransition: 10
    case .pauseInteractiveTransition: 11
    case .finishInteractiveTransition: 12
    case .cancelInteractiveTransition: 13
    case .completeTransition: 14
    case .animationEnded: 15
    case .viewWillAppear: 16
    case .viewDidAppear: 17
    case .viewWillDisappear: 18
    case .viewDidDisappear: 19
    case .viewWillTransitionToSize: 20
    case .panBegan: 21
    case .panChanged: 22
    case .panEnded: 23
    case .panCancelled: 24
    case .presentationControllerWillDismiss: 25
    case .presentationControllerDidDismiss: 26
    case .presentationControllerDidAttemptToDismiss: 27
    case .completion: 28
    case .mark: 29
    case .interruptibleAnimator: 30
    case .viewIsAppearing: 31
    }
  }

  /// Bytes enough for the whole line of the event (prefix and body; escapes counted at their longest).
  static func capacity(_ format: KindFormat, id: String, _ payload: Payload) -> Int {
    var total = prefixCapacity + 16 + 6 * id.utf8.count + format.event.count
    for (key, fragment) in format.keys {
      total += fragment.count
      switch key.valueType {
      case .number, .bool: total += 32
      case .string: total += 2 + 6 * (payload.string(key)?.utf8.count ?? 0)
      }
    }
    return total
  }

  /// Writes `,"id":…,"event":…, payload}` at `writer`'s end.
  static func writeBody(_ format: KindFormat, id: String, _ payload: Payload, to writer: inout ByteWriter) {
    writer.append(ascii: ",\"id\":")
    writer.appendJSONString(id)
    writer.append(format.event)
    for (key, fragment) in format.keys {
      switch key.valueType {
      case .number:
        guard let value = payload.number(key) else { continue }
        writer.append(fragment)
        writer.appendJSONNumber(value)
      case .bool:
        guard let value = payload.flag(key) else { continue }
        writer.append(fragment)
        writer.append(ascii: value ? "true" : "false")
      case .string:
        guard let value = payload.string(key) else { continue }
        writer.append(fragment)
        writer.appendJSONString(value)
      }
    }
    writer.append(0x7D)  // }
  }

  /// Writes `{"t":` and `t` so that they end right before `end` (where the body starts); returns where
  /// the line starts. `end` must be at least `prefixCapacity`.
  static func writePrefix(t: Double, endingAt end: Int, in buffer: UnsafeMutableRawBufferPointer) -> Int {
    var scratch = ByteWriter(buffer, at: end - prefixCapacity + 5)
    scratch.appendJSONNumber(t)
    let length = scratch.count - (end - prefixCapacity + 5)
    let start = end - length - 5
    // Move the number up against the body, then put `{"t":` in front.
    if start != end - prefixCapacity {
      for offset in stride(from: length - 1, through: 0, by: -1) {
        buffer[start + 5 + offset] = buffer[end - prefixCapacity + 5 + offset]
      }
    }
    buffer[start] = 0x7B  // {
    buffer[start + 1] = 0x22  // "
    buffer[start + 2] = 0x74  // t
    buffer[start + 3] = 0x22  // "
    buffer[start + 4] = 0x3A  // :
    return start
  }

  /// The whole line as a `String`: what the tests compare with `TraceWriter`.
  static func line(t: Double, kind: EventKind, id: String, _ payload: Payload) -> String {
    let format = format(of: kind)
    let capacity = capacity(format, id: id, payload)
    let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
      let raw = UnsafeMutableRawBufferPointer(buffer)
      var writer = ByteWriter(raw, at: prefixCapacity)
      writeBody(format, id: id, payload, to: &writer)
      let start = writePrefix(t: t, endingAt: prefixCapacity, in: raw)
      let length = writer.count - start
      if start > 0 {
        for offset in 0..<length { raw[offset] = raw[start + offset] }
      }
      count = length
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// Appends bytes to a buffer the caller sized (`TraceLineFormatter.capacity`): JSON strings escaped as
/// `JSONText.appendString` does, numbers as `JSONText.number` spells them.
struct ByteWriter {
  private let base: UnsafeMutableRawBufferPointer
  /// The end of what was written: the index of the next byte.
  private(set) var count: Int

  init(_ base: UnsafeMutableRawBufferPointer, at start: Int) {
    self.base = base
    count = start
  }

  mutating func append(_ byte: UInt8) {
    base[count] = byte
    count += 1
  }

  mutating func append(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { source in
      UnsafeMutableRawBufferPointer(rebasing: base[count..<count + source.count]).copyMemory(from: source)
    }
    count += bytes.count
  }

  mutating func append(ascii text: StaticString) {
    text.withUTF8Buffer { source in
      UnsafeMutableRawBufferPointer(rebasing: base[count..<count + source.count]).copyMemory(
        from: UnsafeRawBufferPointer(source))
      count += source.count
    }
  }

  /// `text` as a JSON string literal: `"`, `\`, and control characters escaped, the rest as UTF-8.
  mutating func appendJSONString(_ text: String) {
    append(0x22)
    let done: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
      for byte in bytes { appendEscaped(byte) }
    }
    if done == nil {
      for byte in text.utf8 { appendEscaped(byte) }
    }
    append(0x22)
  }

  private mutating func appendEscaped(_ byte: UInt8) {
    switch byte {
    case 0x22: append(ascii: "\\\"")
    case 0x5C: append(ascii: "\\\\")
    case 0x0A: append(ascii: "\\n")
    case 0x0D: append(ascii: "\\r")
    case 0x09: append(ascii: "\\t")
    case 0x08: append(ascii: "\\b")
    case 0x0C: append(ascii: "\\f")
    case 0x00...0x1F, 0x7F:
      append(ascii: "\\u00")
      append(Self.hexDigit(byte >> 4))
      append(Self.hexDigit(byte & 0x0F))
    default: append(byte)
    }
  }

  private static func hexDigit(_ value: UInt8) -> UInt8 { value < 10 ? 0x30 + value : 0x61 + value - 10 }

  /// `JSONText.number(value)`, without a `String` when `value` is whole microseconds.
  ///
  /// For 0.0001 <= |value| < 2^33 whose nearest multiple of 10^-6 converts back to exactly `value`, that
  /// decimal (trailing zeros dropped) is the shortest that round-trips: a double there is less than 10^-6
  /// wide, so no other decimal of 6 fraction digits or fewer reads as it. That is what Swift's own
  /// shortest form prints (decimal notation from 0.0001 up).
  mutating func appendJSONNumber(_ value: Double) {
    let magnitude = value.magnitude
    if value == 0 {
      append(0x30)
      return
    }
    if magnitude >= 0.000_1, magnitude < 8_589_934_592 {
      let scaled = (magnitude * 1_000_000).rounded()
      if scaled / 1_000_000 == magnitude {
        if value < 0 { append(0x2D) }
        let micros = UInt64(scaled)
        appendDigits(micros / 1_000_000)
        var fraction = micros % 1_000_000
        if fraction != 0 {
          append(0x2E)
          var digits = 6
          while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
          }
          appendDigits(fraction, width: digits)
        }
        return
      }
    }
    var text = JSONText.number(value)
    text.withUTF8 { bytes in
      UnsafeMutableRawBufferPointer(rebasing: base[count..<count + bytes.count]).copyMemory(
        from: UnsafeRawBufferPointer(bytes))
      count += bytes.count
    }
  }

  /// `value` in decimal, left-padded with zeros to `width` digits; two digits at a time.
  private mutating func appendDigits(_ value: UInt64, width: Int = 1) {
    var digits = 1
    var rest = value
    while rest >= 10 {
      rest /= 10
      digits += 1
    }
    digits = max(digits, width)
    rest = value
    var index = count + digits
    Self.pairs.withUTF8Buffer { pairs in
      while index - count >= 2 {
        let pair = Int(rest % 100) * 2
        rest /= 100
        index -= 2
        base[index] = pairs[pair]
        base[index + 1] = pairs[pair + 1]
      }
      if index > count { base[count] = 0x30 + UInt8(rest % 10) }
    }
    count += digits
  }

  private static let pairs: StaticString = """
    00010203040506070809101112131415161718192021222324252627282930313233343536373839\
    40414243444546474849505152535455565758596061626364656667686970717273747576777879\
    8081828384858687888990919293949596979899
    """
}
