/// An event as the machine reads it: its time, id, kind and trigger, and the payload keys the lifecycle,
/// the timing rules and a replay's reconstruction read (`CompactPayload`), in 117 bytes.
///
/// ```swift
/// let event = CompactEvent(Event(t: 0.35, id: "p1", kind: .completeTransition, payload: Payload(didComplete: false)))
/// event.trigger             // .completeFalse
/// event.payload.didComplete // false
/// ```
///
/// The machine (`Auditor`, `PresentationSession`, `PresentationLifecycle`) steps compact events, and a
/// replay's reconstruction reads them: the reader writes one in place for the audit and the replay, and an
/// ``Event`` is turned into one where it enters. An `Event` is 168 bytes: Swift copies it with a call to `memcpy`
/// wherever one held in place (the reader's, an array's element) is lent to a call, once an event
/// (<doc:Performance#What-it-does-not-reach>). A compact event is copied in a few register moves, and its
/// trigger, which every step asks first, is worked out once, where it is made.
package struct CompactEvent: Sendable {
  /// Seconds on a monotonic clock.
  package var t: Double
  /// The presentation this event belongs to (or a root).
  package var id: String
  /// The payload keys the machine reads.
  package var payload: CompactPayload
  // The one-byte fields last: they take the bytes after the payload's own small fields.
  /// Which callback this was.
  package var kind: EventKind
  /// What the machine steps on: the kind, split where the payload decides (`Trigger.init(_:)`).
  package var trigger: Trigger

  /// The compact form of `event`. The event is borrowed: only the fields the machine reads are copied.
  @inline(__always)
  package init(_ event: borrowing Event) {
    t = event.t
    id = event.id
    kind = event.kind
    trigger = Trigger(event)
    payload = CompactPayload(of: event)
  }
}

extension CompactEvent: CustomDebugStringConvertible {
  /// Everything it says, each number as Swift prints it (so that `-0.0` and `0.0` differ, as they do in a
  /// trace): what a failing test or fuzz target shows, and what it compares.
  package var debugDescription: String {
    let payload = payload
    let numbers = [payload.width, payload.height, payload.duration, payload.percent, payload.completionSpeed]
    let flags = [payload.animated, payload.completed, payload.didComplete, payload.wantsInteractiveStart]
    return
      "CompactEvent(t: \(t), id: \(id.debugDescription), \(kind), \(trigger), "
      + "presenter: \(payload.presenter?.debugDescription ?? "nil"), "
      + "style: \(payload.style?.debugDescription ?? "nil"), "
      + "resolvedStyle: \(payload.resolvedStyle?.debugDescription ?? "nil"), "
      + "numbers: \(numbers), flags: \(flags))"
  }
}
