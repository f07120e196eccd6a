/// When a transition in flight becomes a finding: <doc:Rules#Deadlines>. Most become a hang
/// (`transition-never-completed`); a `present` that never began is a request UIKit dropped
/// (`presenter-unknown`, <doc:Rules#Recovery-follows-the-evidence>).
///
/// ```swift
/// let deadline = TransitionDeadline(for: lifecycle, gesture: nil, carriedByAnotherMember: false, grace: 2)
/// deadline?.t      // animateTransition's t + duration + 2
/// deadline?.reason // "animateTransition (duration 0.35 s)"
/// deadline?.rule   // .transitionNeverCompleted
/// ```
package struct TransitionDeadline: Sendable, Hashable {
  /// The time after which the transition is overdue.
  package var t: Double
  /// The transition is a `present` still in `presenting.requested`: nothing began it, so passing the
  /// deadline shows UIKit dropped the request, as it does one whose presenter's view is not in the window
  /// hierarchy.
  package private(set) var dropsRequest = false
  /// The rule a passed deadline reports: `presenter-unknown` for a dropped request, else
  /// `transition-never-completed` (the transition stopped mid-way).
  package var rule: Rule { dropsRequest ? .presenterUnknown : .transitionNeverCompleted }
  /// What the deadline was counted from, kept as data: the auditor asks for a deadline on every event and
  /// words it only for a finding.
  private var basis: Basis

  /// What the deadline was counted from, for the message.
  package var reason: String { basis.description }

  private enum Basis: Hashable, CustomStringConvertible {
    case gestureEnded
    case carrierEnded
    case requestAlone(Phase.Direction)
    case willBeginAlone(Phase.Direction)
    case appearanceAlone(Phase.Direction)
    case animation(duration: Double)
    case gestureEndedMidInteraction
    case undriven
    case interactionEnd
    case commit(TransitionRecord.Commit, remaining: Double)
    case completeWithoutDidEnd

    var description: String {
      switch self {
      case .gestureEnded: "the gesture ended with nothing after it"
      case .carrierEnded: "the end of the stacked presentation that carried its dismissal"
      case .requestAlone(let direction): "the request with no \(Self.willBegin(direction)) after it"
      case .willBeginAlone(let direction):
        "\(Self.willBegin(direction)) with no animator, interaction or *DidEnd after it"
      case .appearanceAlone(let direction):
        direction == .presenting
          ? "viewWillAppear with no viewDidAppear after it"
          : "viewWillDisappear with no viewDidDisappear after it"
      case .animation(let duration): "animateTransition (duration \(TransitionDeadline.seconds(duration)))"
      case .gestureEndedMidInteraction:
        "the gesture ended with the interaction neither finished nor cancelled"
      case .undriven: "an interaction that nothing drives (no pan, no update)"
      case .interactionEnd: "the interaction's end"
      case .commit(let commit, let remaining):
        "\(commit.kind.rawValue)InteractiveTransition at \(Int((commit.progress * 100).rounded()))% "
          + "(remaining \(TransitionDeadline.seconds(remaining)))"
      case .completeWithoutDidEnd: "completeTransition with no *DidEnd after it"
      }
    }

    private static func willBegin(_ direction: Phase.Direction) -> String {
      direction == .presenting ? "presentationTransitionWillBegin" : "dismissalTransitionWillBegin"
    }
  }

  /// The deadline of `lifecycle`'s transition, or `nil` while it cannot hang (not in flight, a finger
  /// still on the screen, a stacked member of a dismissal another member is carrying out).
  ///
  /// `carriedUntil` is when the member that carried this one's dismissal ended, if one did: a member that
  /// logged its own `*WillBegin` owes its `*DidEnd` from then on, so its grace counts from that end.
  package init?(
    for lifecycle: PresentationLifecycle, gesture: GestureState?, carriedByAnotherMember: Bool,
    carriedUntil: Double? = nil, grace: Double
  ) {
    guard let record = lifecycle.transition else { return nil }
    self.init(
      phase: lifecycle.phase, record: record, gesture: gesture,
      carriedByAnotherMember: carriedByAnotherMember, carriedUntil: carriedUntil,
      grace: grace)
  }

  /// The deadline of a transition in `phase` with the facts `record`: what the public initializer
  /// computes, from the parts the session holds (it asks on every event, so it copies no lifecycle).
  @inline(__always)
  init?(
    phase: Phase, record: borrowing TransitionRecord, gesture: GestureState?, carriedByAnotherMember: Bool,
    carriedUntil: Double? = nil, grace: Double
  ) {
    // Read once: the record is borrowed, and `??` would capture it in a closure.
    let requestT = record.requestT
    let swipe = record.swipe
    dropsRequest = phase == .presentingRequested
    switch phase {
    case .presentingRequested, .dismissingRequested, .presentingBegan, .dismissingBegan:
      // A stacked member another member's animation carries, or a sheet UIKit drives while the finger is
      // down (no startInteractiveTransition is logged for a system swipe), cannot hang yet; a swipe the
      // app hears of only through its callbacks is never timed: the user may hold the sheet
      // (<doc:Rules#Presentations-observed-from-outside>).
      if carriedByAnotherMember || gesture?.isActive == true || swipe { return nil }
      let requested = phase == .presentingRequested || phase == .dismissingRequested
      let since = requested ? requestT : (record.willBeginT ?? requestT)
      let carried = carriedUntil ?? -.infinity
      if let lifted = gesture?.endedT, lifted > since, lifted >= carried {
        t = lifted + grace
        basis = .gestureEnded
      } else if carried > since {
        t = carried + grace
        basis = .carrierEnded
      } else if requested {
        t = since + grace
        basis = .requestAlone(record.direction)
      } else {
        t = since + grace
        // Begun with no WillBegin logged: by the presented controller's appearance, seen from outside.
        basis =
          record.controllerLogged ? .willBeginAlone(record.direction) : .appearanceAlone(record.direction)
      }
    case .presentingAnimating, .dismissingAnimating, .presentingRunning, .dismissingRunning:
      // A running interaction runs as if animated (<doc:Rules#Interruptible-transitions>).
      let duration = max(record.declaredDuration ?? 0, 0)  // a negative duration cannot hurry a hang
      let interactiveStartT = record.interactiveStartT
      t =
        (record.animateT.map { min($0, interactiveStartT ?? $0) } ?? interactiveStartT ?? requestT) + duration
        + grace
      basis = .animation(duration: duration)
    case .presentingInteractive, .dismissingInteractive:
      if gesture?.isActive == true { return nil }  // a user holding a sheet half-dragged is not a hang
      let interactiveStartT = record.interactiveStartT
      let drive = record.lastDriveT ?? interactiveStartT ?? requestT
      if let ended = gesture?.endedT, ended >= drive {
        t = ended + grace
        basis = .gestureEndedMidInteraction
      } else {
        t = drive + grace
        basis = .undriven
      }
    case .presentingFinishing, .presentingCancelling, .dismissingFinishing, .dismissingCancelling:
      guard let commit = record.commit else {
        t = record.lastT + grace
        basis = .interactionEnd
        return
      }
      let remaining = Self.remaining(commit, duration: record.declaredDuration)
      t = commit.t + remaining + grace
      basis = .commit(commit, remaining: remaining)
    case .presentingCompleted, .presentingCancelled, .dismissingCompleted, .dismissingCancelled:
      let lastT = record.lastT
      t = (record.completeT ?? lastT) + grace
      basis = .completeWithoutDidEnd
    case .absent, .presented, .dismissed, .withdrawn, .restored:
      return nil
    }
  }

  /// The callbacks that would have ended `record`'s transition, for the message of a hang: an observed
  /// transition ends with the presented controller's `viewDid*`, one recorded from the animator alone with
  /// `completeTransition` (<doc:Rules#Transitions-recorded-from-the-animator-alone>).
  package static func awaited(by record: borrowing TransitionRecord, in phase: Phase) -> String {
    let presenting = record.direction == .presenting
    let didEnd = presenting ? "presentationTransitionDidEnd" : "dismissalTransitionDidEnd"
    if phase == .presentingRequested || phase == .dismissingRequested {
      // Nothing began it yet: its first callback is what is missing.
      let appearance = presenting ? "viewWillAppear" : "viewWillDisappear"
      if record.systemStyle { return appearance }
      let willBegin = presenting ? "presentationTransitionWillBegin" : "dismissalTransitionWillBegin"
      return "\(willBegin), animateTransition or \(appearance)"
    }
    if record.controllerLogged { return "completeTransition/\(didEnd)" }
    // Read once each: the record is borrowed, and `||` would capture it in a closure.
    let hasAnimator = record.hasAnimator
    let completed = record.completeValue != nil
    if hasAnimator || completed { return "completeTransition" }
    return presenting ? "viewDidAppear" : "viewDidDisappear"
  }

  /// UIKit's remaining time after a finish or cancel (<doc:Rules#Timing-tolerance>): (1 − p)·d ÷ speed, or p·d ÷ speed.
  /// A negative declared duration counts as 0 and an impossible speed as 1 (`Commit.effectiveSpeed`).
  package static func remaining(_ commit: TransitionRecord.Commit, duration: Double?) -> Double {
    guard let duration else { return 0 }
    let fraction = commit.kind == .finish ? 1 - commit.progress : commit.progress
    return fraction * max(duration, 0) / commit.effectiveSpeed
  }

  /// When an interaction with nothing driving it becomes `interaction-undriven`, if it can (the auditor
  /// also leaves out an interaction it already reported).
  @inline(__always)
  /// Drives count as the start's or the catch's own time onward: an update, a pause, a finish or cancel, or
  /// any pan event of the id (a finger still down drives it too).
  static func undrivenDeadline(
    phase: Phase, record: borrowing TransitionRecord, gesture: GestureState?, undrivenAfter: Double
  ) -> Double? {
    guard phase == .presentingInteractive || phase == .dismissingInteractive,
      let since = record.undrivenSince,
      record.lastDriveT == since
    else { return nil }
    if let gesture, gesture.isActive || gesture.lastT >= since { return nil }
    return since + undrivenAfter
  }

  static func seconds(_ value: Double) -> String { "\(ReadableNumber.rounded(value, scale: 1000)) s" }
}
