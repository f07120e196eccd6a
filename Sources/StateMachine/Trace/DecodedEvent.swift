/// Where the writer-layout decoder (`EventLineScanner.decodeWriterObject`) writes a line, in place: a full
/// ``Event``, or the `CompactEvent` the audit and the replay read, which keeps only what the machine and
/// the reconstruction read.
///
/// ```swift
/// var event = CompactEvent(Event(t: 0, id: "", kind: .mark))
/// let end = scanner.decodeWriterObject(bytes, limit: count, into: &event)  // -1: not the writer's layout
/// ```
///
/// The decoder is generic over it and inlined where it is called, so each form gets its own decoder with no
/// call through the protocol. A value goes to its key's slot as the line is scanned; only `finishLine`
/// makes the line's keys the held ones, once the line is sure.
protocol DecodedEvent {
  /// The event's time.
  var t: Double { get set }
  /// The event's id, which the reader's interner writes over in place.
  var id: String { get set }
  /// Whether the value of the string key in `slot` is kept (a form that drops it is spared building it).
  static func keepsString(slot: Int) -> Bool
  /// Writes the value of the number key in `slot`.
  mutating func writeNumber(_ value: Double, slot: Int)
  /// Writes the value of the boolean key in `slot`.
  mutating func writeFlag(_ value: Bool, slot: Int)
  /// Writes the value of the string key in `slot`, one `keepsString(slot:)` keeps.
  mutating func writeString(_ value: String, slot: Int)
  /// Ends a line of `kind` whose values were written: `keys` (by `PayloadKey.bit`) are held, every other
  /// key is let go (`stringKeys`, the string keys, have their strings released), and no unknown key is.
  mutating func finishLine(kind: EventKind, keys: UInt16, stringKeys: UInt16)
}

extension Event: DecodedEvent {
  static func keepsString(slot: Int) -> Bool { true }

  @inline(__always)
  mutating func writeNumber(_ value: Double, slot: Int) { payload.numbers[slot] = value }

  @inline(__always)
  mutating func writeFlag(_ value: Bool, slot: Int) { payload.writeFlag(value, slot: slot) }

  @inline(__always)
  mutating func writeString(_ value: String, slot: Int) { payload.strings[slot] = value }

  @inline(__always)
  mutating func finishLine(kind: EventKind, keys: UInt16, stringKeys: UInt16) {
    self.kind = kind
    payload.hold(only: keys, strings: stringKeys)
    if !extra.isEmpty { extra = [] }
  }
}

extension CompactEvent: DecodedEvent {
  static func keepsString(slot: Int) -> Bool { CompactPayload.keepsString(slot: slot) }

  @inline(__always)
  mutating func writeNumber(_ value: Double, slot: Int) { payload.writeNumber(value, slot: slot) }

  @inline(__always)
  mutating func writeFlag(_ value: Bool, slot: Int) { payload.writeFlag(value, slot: slot) }

  @inline(__always)
  mutating func writeString(_ value: String, slot: Int) { payload.writeString(value, slot: slot) }

  /// Ends the line as `Event`'s does, and works out its trigger.
  @inline(__always)
  mutating func finishLine(kind: EventKind, keys: UInt16, stringKeys: UInt16) {
    self.kind = kind
    payload.hold(only: keys, strings: stringKeys)
    trigger = Trigger(kind, completed: payload.completed, didComplete: payload.didComplete)
  }
}
