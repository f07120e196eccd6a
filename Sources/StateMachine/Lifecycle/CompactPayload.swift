/// The payload keys the machine reads, kept as ``Payload`` keeps them: the set of held keys, the booleans'
/// bits, and the values of the five numbers and two strings the lifecycle and the timing rules read, and the
/// resolved style the reconstruction of a replay reads.
///
/// ```swift
/// CompactPayload(of: Event(t: 1, id: "p", kind: .updateInteractiveTransition, payload: Payload(percent: 0.4))).percent // 0.4
/// ```
///
/// The keys it leaves out (`translation`, `velocity`, `name`) are read by the reader, the writer and the
/// exports, never by the machine or the reconstruction. `CompactEventTests` holds every key it keeps to
/// ``Payload``'s value.
package struct CompactPayload: Sendable {
  private var widthValue: Double, heightValue: Double, durationValue: Double, percentValue: Double
  private var completionSpeedValue: Double
  // Empty where the key is not held, as `Payload`'s strings are: a payload keeps no string it let go.
  private var presenterValue: String, styleValue: String, resolvedStyleValue: String
  // The small fields last, so that the event's own small fields fill the bytes after them (Swift lays a
  // field out after the last one's size, not its stride): the event stays under 128 bytes.
  /// The keys that hold a value, by `PayloadKey.bit`: the payload's own set (a key left out may be held, and
  /// is never read).
  private var held: UInt16
  /// The boolean keys' values, bit `PayloadKey.slot` of each: the payload's own.
  private var flags: UInt8

  /// The compact form of `event`'s payload: its held keys and flags, and the slots of the keys the machine
  /// reads (a number slot whose key is not held may keep an old value, which nothing reads).
  @inline(__always)
  package init(of event: borrowing Event) {
    held = event.payload.held
    flags = event.payload.flags
    widthValue = event.payload.numbers[PayloadKey.width.slot]
    heightValue = event.payload.numbers[PayloadKey.height.slot]
    durationValue = event.payload.numbers[PayloadKey.duration.slot]
    percentValue = event.payload.numbers[PayloadKey.percent.slot]
    completionSpeedValue = event.payload.numbers[PayloadKey.completionSpeed.slot]
    // A string only where its key is held: most events hold none, and copying one is a call and a retain.
    presenterValue =
      held & PayloadKey.presenter.bit != 0 ? event.payload.strings[PayloadKey.presenter.slot] : ""
    styleValue = held & PayloadKey.style.bit != 0 ? event.payload.strings[PayloadKey.style.slot] : ""
    resolvedStyleValue =
      held & PayloadKey.resolvedStyle.bit != 0 ? event.payload.strings[PayloadKey.resolvedStyle.slot] : ""
  }

  /// `present`: who presents, a root or a presented id.
  package var presenter: String? { holds(.presenter) ? presenterValue : nil }
  /// `present`: the requested `modalPresentationStyle`.
  package var style: String? { holds(.style) ? styleValue : nil }
  /// `viewWillAppear` of a presented controller: the style UIKit resolved (the reconstruction reads it).
  package var resolvedStyle: String? { holds(.resolvedStyle) ? resolvedStyleValue : nil }
  /// `present`, `dismiss` and the appearance callbacks: whether UIKit animates.
  package var animated: Bool? { flag(.animated) }
  /// `*DidEnd` and `animationEnded`: whether the transition took effect.
  package var completed: Bool? { flag(.completed) }
  /// `completeTransition`: the animator's outcome.
  package var didComplete: Bool? { flag(.didComplete) }
  /// `startInteractiveTransition`: whether the interaction starts under the finger.
  package var wantsInteractiveStart: Bool? { flag(.wantsInteractiveStart) }
  /// `viewWillTransitionToSize` and container layout passes: the width, in points.
  package var width: Double? { holds(.width) ? widthValue : nil }
  /// `viewWillTransitionToSize` and container layout passes: the height, in points.
  package var height: Double? { holds(.height) ? heightValue : nil }
  /// `animateTransition`, `interruptibleAnimator` and `startInteractiveTransition`: the declared duration.
  package var duration: Double? { holds(.duration) ? durationValue : nil }
  /// `updateInteractiveTransition`: the progress.
  package var percent: Double? { holds(.percent) ? percentValue : nil }
  /// `finishInteractiveTransition` and `cancelInteractiveTransition`: the speed UIKit runs the rest at.
  package var completionSpeed: Double? { holds(.completionSpeed) ? completionSpeedValue : nil }

  /// Whether the string key in `slot` is one it keeps.
  @inline(__always)
  static func keepsString(slot: Int) -> Bool {
    slot == PayloadKey.presenter.slot || slot == PayloadKey.style.slot
      || slot == PayloadKey.resolvedStyle.slot
  }

  /// Writes the value of the number key in `slot`, and drops one it does not keep (as the reader writes a
  /// line in place: `Payload`'s slots, the same numbering).
  @inline(__always)
  mutating func writeNumber(_ value: Double, slot: Int) {
    switch slot {
    case PayloadKey.width.slot: widthValue = value
    case PayloadKey.height.slot: heightValue = value
    case PayloadKey.duration.slot: durationValue = value
    case PayloadKey.percent.slot: percentValue = value
    case PayloadKey.completionSpeed.slot: completionSpeedValue = value
    default: break
    }
  }

  /// Writes the value of the boolean key in `slot` without marking it held (`hold(only:strings:)` does).
  @inline(__always)
  mutating func writeFlag(_ value: Bool, slot: Int) {
    let bit: UInt8 = 1 << UInt8(truncatingIfNeeded: slot)
    flags = value ? flags | bit : flags & ~bit
  }

  /// Writes the value of a string key it keeps (`keepsString(slot:)`).
  @inline(__always)
  mutating func writeString(_ value: String, slot: Int) {
    switch slot {
    case PayloadKey.presenter.slot: presenterValue = value
    case PayloadKey.style.slot: styleValue = value
    default: resolvedStyleValue = value
    }
  }

  /// Marks exactly `keys` held, whose values were just written, and empties the strings of the string keys
  /// (`stringKeys`) it lets go: `Payload.hold(only:strings:)`.
  @inline(__always)
  mutating func hold(only keys: UInt16, strings stringKeys: UInt16) {
    let dropped = held & ~keys & stringKeys
    held = keys
    if dropped != 0 {
      if dropped & PayloadKey.presenter.bit != 0 { presenterValue = "" }
      if dropped & PayloadKey.style.bit != 0 { styleValue = "" }
      if dropped & PayloadKey.resolvedStyle.bit != 0 { resolvedStyleValue = "" }
    }
  }

  @inline(__always)
  private func holds(_ key: PayloadKey) -> Bool { held & key.bit != 0 }

  @inline(__always)
  private func flag(_ key: PayloadKey) -> Bool? {
    holds(key) ? flags & 1 << UInt8(truncatingIfNeeded: key.slot) != 0 : nil
  }
}
