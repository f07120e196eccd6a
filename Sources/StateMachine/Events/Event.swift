/// One recorded lifecycle callback: when it happened, which presentation it belongs to, and what it said.
///
/// ```swift
/// let event = Event(t: 0.016, id: "p1", kind: .animateTransition, payload: Payload(duration: 0.35))
/// ```
///
/// Keys the format does not define are kept in `extra` (sorted by key) so that the canonical
/// writer reproduces them, and ignored by the machine.
public struct Event: Sendable, Hashable {
  /// Seconds on a monotonic clock.
  public var t: Double
  /// The presentation this event belongs to (or a root, for appearance callbacks and `present`'s presenter).
  public var id: String
  /// Which callback this was; the machine reads the trigger from it and the payload.
  public var kind: EventKind
  /// What the callback said (a duration, a percent, an outcome), typed; keys the event does not define stay
  /// `nil`.
  public var payload: Payload
  /// Keys the format does not define, sorted by key, kept for the canonical writer.
  public var extra: [(key: String, value: JSONValue)]

  /// An event as a test or a generator builds it; the reader builds the same from a line.
  public init(
    t: Double, id: String, kind: EventKind, payload: Payload = Payload(),
    extra: [(key: String, value: JSONValue)] = []
  ) {
    self.t = t
    self.id = id
    self.kind = kind
    self.payload = payload
    self.extra = extra
  }

  public static func == (lhs: Event, rhs: Event) -> Bool {
    lhs.t == rhs.t && lhs.id == rhs.id && lhs.kind == rhs.kind && lhs.payload == rhs.payload
      && lhs.extra.elementsEqual(rhs.extra) { $0.key == $1.key && $0.value == $1.value }
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(t)
    hasher.combine(id)
    hasher.combine(kind)
    hasher.combine(payload)
  }
}
