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
  /// Not held by the machine: never presented, or forgotten after its tail window closed.
  case absent
  /// `present` was called and UIKit has not begun: a request UIKit may still refuse or drop.
  case presentingRequested
  /// `presentationTransitionWillBegin`: begun, waiting for its animator or its interaction.
  case presentingBegan
  /// The animator runs: `completeTransition` is due once the declared duration has passed.
  case presentingAnimating
  /// An interruptible interaction started with `wantsInteractiveStart` false runs by itself until a user
  /// catches it.
  case presentingRunning
  /// A gesture drives it, until a finish or a cancel commits it.
  case presentingInteractive
  /// The user let go past the threshold: UIKit runs the rest, and `completeTransition(true)` is due.
  case presentingFinishing
  /// The user let go before the threshold: UIKit runs it back, and `completeTransition(false)` is due.
  case presentingCancelling
  /// `completeTransition(true)`: waiting for `presentationTransitionDidEnd(true)`.
  case presentingCompleted
  /// `completeTransition(false)`: waiting for `presentationTransitionDidEnd(false)`.
  case presentingCancelled
  /// On screen and idle: it may present another, or be dismissed.
  case presented
  /// `dismiss` was called and UIKit has not begun: a request UIKit may still refuse or drop.
  case dismissingRequested
  /// `dismissalTransitionWillBegin`: begun, waiting for its animator or its interaction.
  case dismissingBegan
  /// The animator runs: `completeTransition` is due once the declared duration has passed.
  case dismissingAnimating
  /// An interruptible interaction started with `wantsInteractiveStart` false runs by itself until a user
  /// catches it.
  case dismissingRunning
  /// A gesture drives it, until a finish or a cancel commits it.
  case dismissingInteractive
  /// The user let go past the threshold: UIKit runs the rest, and `completeTransition(true)` is due.
  case dismissingFinishing
  /// The user let go before the threshold: UIKit runs it back, and `completeTransition(false)` is due.
  case dismissingCancelling
  /// `completeTransition(true)`: waiting for `dismissalTransitionDidEnd(true)`.
  case dismissingCompleted
  /// `completeTransition(false)`: waiting for `dismissalTransitionDidEnd(false)`.
  case dismissingCancelled
  /// Gone, and no longer live; kept for the tail UIKit delivers with `*DidEnd` (`animationEnded`, `viewDid*`,
  /// `completion`).
  case dismissed
  /// A presentation undone before it was shown (`presentationTransitionDidEnd(false)`); kept like `dismissed`
  /// for its tail.
  case withdrawn
  /// Presented again after a cancelled dismissal, where the reverting appearance callbacks are still legal.
  case restored

  /// Which way the phase's transition goes.
  public enum Direction: String, Sendable, Codable {
    /// A presentation is in flight, from its request to its `presentationTransitionDidEnd`.
    case presenting
    /// A dismissal is in flight, from its request to its `dismissalTransitionDidEnd`.
    case dismissing
  }

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
