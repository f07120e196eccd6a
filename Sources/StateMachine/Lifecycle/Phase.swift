/// Where one presentation is in its lifecycle: the payload-free projection used in messages, docs and tests.
///
/// ```swift
/// Phase.presentingAnimating.name      // "presenting.animating"
/// Phase.presentingAnimating.isInFlight // true
/// ```
///
/// ```
///  absent ─present─► presenting.requested ─WillBegin─► presenting.began
///  began ─animateTransition─► animating          began ─startInteractive─► interactive
///  interactive ─finish─► finishing               interactive ─cancel─► cancelling
///  animating | finishing ─complete(true)─► completed ─DidEnd(true)─► presented
///  cancelling ─complete(false)─► cancelled ─DidEnd(false)─► withdrawn
///  presented ─dismiss─► dismissing.requested … the same stages … ─DidEnd(true)─► dismissed
///  dismissing.cancelled ─DidEnd(false)─► restored (presented again)
/// ```
///
/// `dismissed` and `withdrawn` are not live (the id may be presented again); they exist so the tail of the
/// last transition (`animationEnded`, `viewDid*`, `completion`), which UIKit delivers in the same run-loop
/// turn as `*DidEnd`, is still recognised. `restored` is presented after a cancelled dismissal, where the
/// revert appearance pair is still legal.
public enum Phase: Int, CaseIterable, Sendable, Hashable, Codable {
  case absent
  case presentingRequested, presentingBegan, presentingAnimating, presentingRunning, presentingInteractive
  case presentingFinishing, presentingCancelling, presentingCompleted, presentingCancelled
  case presented
  case dismissingRequested, dismissingBegan, dismissingAnimating, dismissingRunning, dismissingInteractive
  case dismissingFinishing, dismissingCancelling, dismissingCompleted, dismissingCancelled
  case dismissed
  case withdrawn
  case restored

  /// Which way the phase's transition goes.
  public enum Direction: String, Sendable, Codable { case presenting, dismissing }

  /// The transition's direction while one is in flight, `nil` otherwise.
  @inline(__always)
  public var direction: Direction? {
    // By raw value (the cases are declared in lifecycle order; `PhaseTests` checks this against
    // `definedDirection` for every case): the machine asks several times per event.
    let raw = UInt(bitPattern: rawValue)
    if raw &- 1 < 9 { return .presenting }
    if raw &- 11 < 9 { return .dismissing }
    return nil
  }

  /// The direction of each phase, by definition: what `direction` computes faster.
  static func definedDirection(_ phase: Phase) -> Direction? {
    switch phase {
    case .presentingRequested, .presentingBegan, .presentingAnimating, .presentingRunning,
      .presentingInteractive, .presentingFinishing, .presentingCancelling, .presentingCompleted,
      .presentingCancelled:
      .presenting
    case .dismissingRequested, .dismissingBegan, .dismissingAnimating, .dismissingRunning,
      .dismissingInteractive, .dismissingFinishing, .dismissingCancelling, .dismissingCompleted,
      .dismissingCancelled:
      .dismissing
    case .absent, .presented, .dismissed, .withdrawn, .restored: nil
    }
  }

  /// From the request until `*DidEnd` (<doc:Rules#In-flight>).
  @inline(__always)
  public var isInFlight: Bool {
    let raw = UInt(bitPattern: rawValue)
    return raw &- 1 < 9 || raw &- 11 < 9
  }

  /// The id names a presentation UIKit still holds (so `present` of it is `id-in-use`).
  @inline(__always)
  public var isLive: Bool { self != .absent && self != .dismissed && self != .withdrawn }

  /// Whether the phase is live, by definition: what `isLive` computes faster.
  static func definedLiveness(_ phase: Phase) -> Bool {
    switch phase {
    case .absent, .dismissed, .withdrawn: false
    case .presentingRequested, .presentingBegan, .presentingAnimating, .presentingRunning,
      .presentingInteractive, .presentingFinishing, .presentingCancelling, .presentingCompleted,
      .presentingCancelled, .presented,
      .dismissingRequested, .dismissingBegan, .dismissingAnimating, .dismissingRunning,
      .dismissingInteractive,
      .dismissingFinishing, .dismissingCancelling, .dismissingCompleted, .dismissingCancelled, .restored:
      true
    }
  }

  /// After a finish or cancel, before `completeTransition`: the interaction is committed.
  @inline(__always)
  public var isCommitted: Bool {
    self == .presentingFinishing || self == .presentingCancelling || self == .dismissingFinishing
      || self == .dismissingCancelling
  }

  /// Started interactively with `wantsInteractiveStart` false, and running by itself as if animated
  /// (<doc:Rules#Interruptible-transitions>).
  @inline(__always)
  public var isRunning: Bool { self == .presentingRunning || self == .dismissingRunning }

  /// Presented and idle: a presenter may present from it, and it may be dismissed.
  @inline(__always)
  public var isPresentedAndIdle: Bool { self == .presented || self == .restored }

  /// The dotted name used in messages and docs, e.g. `dismissing.interactive`.
  public var name: String {
    switch self {
    case .absent: "absent"
    case .presentingRequested: "presenting.requested"
    case .presentingBegan: "presenting.began"
    case .presentingAnimating: "presenting.animating"
    case .presentingRunning: "presenting.running"
    case .presentingInteractive: "presenting.interactive"
    case .presentingFinishing: "presenting.finishing"
    case .presentingCancelling: "presenting.cancelling"
    case .presentingCompleted: "presenting.completed"
    case .presentingCancelled: "presenting.cancelled"
    case .presented: "presented"
    case .dismissingRequested: "dismissing.requested"
    case .dismissingBegan: "dismissing.began"
    case .dismissingAnimating: "dismissing.animating"
    case .dismissingRunning: "dismissing.running"
    case .dismissingInteractive: "dismissing.interactive"
    case .dismissingFinishing: "dismissing.finishing"
    case .dismissingCancelling: "dismissing.cancelling"
    case .dismissingCompleted: "dismissing.completed"
    case .dismissingCancelled: "dismissing.cancelled"
    case .dismissed: "dismissed"
    case .withdrawn: "withdrawn"
    case .restored: "restored"
    }
  }
}
