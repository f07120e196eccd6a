/// What one (phase, trigger) pair does to a presentation.
///
/// ```swift
/// TransitionTable.entry(.presentingAnimating, .completeTrue) // .move(.presentingCompleted)
/// ```
public enum TableEntry: Sendable, Hashable {
  /// Legal; the presentation moves to this phase.
  case move(Phase)
  /// Legal; the phase does not change (side checks such as layout balance still run).
  case stay
  /// A violation; the event changes no phase (UIKit refuses or ignores it).
  case reject(Rule)
  /// A violation, but the event shows the transition moved on: report it once and follow the evidence.
  case recover(Rule, Phase)

  /// The rule this entry reports, if any.
  public var rule: Rule? {
    switch self {
    case .move, .stay: nil
    case .reject(let rule), .recover(let rule, _): rule
    }
  }

  /// The event is refused and changes nothing.
  public var isRejection: Bool { if case .reject = self { true } else { false } }

  /// The phase after the event, given the phase before it.
  public func target(from phase: Phase) -> Phase {
    switch self {
    case .move(let next), .recover(_, let next): next
    case .stay, .reject: phase
    }
  }
}

/// The lifecycle of one presentation as data: every legal (phase, trigger) pair and every violation.
///
/// ```swift
/// for row in TransitionTable.rows { print(row.from.map(\.name), row.triggers.map(\.label), row.entry) }
/// ```
///
/// Pairs no row lists are `event-out-of-phase` in a live phase and `unknown-presentation` otherwise.
/// The machine, `replay graph`, the docs and the tests all read this one table. A few decisions need
/// more than the phase (a finish replayed when the interaction starts, a cancel seen before
/// `completeTransition(false)`); `PresentationLifecycle` applies those on top and documents each.
public enum TransitionTable {
  /// One row: for every listed phase and trigger, this entry.
  public struct Row: Sendable {
    public var from: [Phase]
    public var triggers: [Trigger]
    public var entry: TableEntry
    /// Why, in one line; quoted in docs and diagrams.
    public var note: String
  }

  private static let notLive: [Phase] = [.absent, .dismissed, .withdrawn]
  private static let idle: [Phase] = [.presented, .restored]
  private static let presentingInFlight: [Phase] = [
    .presentingRequested, .presentingBegan, .presentingAnimating, .presentingInteractive,
    .presentingFinishing, .presentingCancelling, .presentingCompleted, .presentingCancelled,
  ]
  private static let dismissingInFlight: [Phase] = [
    .dismissingRequested, .dismissingBegan, .dismissingAnimating, .dismissingInteractive,
    .dismissingFinishing, .dismissingCancelling, .dismissingCompleted, .dismissingCancelled,
  ]
  private static let inFlight = presentingInFlight + dismissingInFlight
  private static let live = inFlight + idle
  private static let tailAfterDidEnd: [Phase] = [.presented, .restored, .dismissed, .withdrawn]
  /// Phases after finish or cancel, where the interaction is over.
  private static let interactionOver: [Phase] = [
    .presentingFinishing, .presentingCancelling, .presentingCompleted, .presentingCancelled,
    .dismissingFinishing, .dismissingCancelling, .dismissingCompleted, .dismissingCancelled,
  ]
  private static let beforeStart: [Phase] = [
    .presentingRequested, .presentingBegan, .presentingAnimating,
    .dismissingRequested, .dismissingBegan, .dismissingAnimating,
  ]
  /// After `completeTransition` (or `*DidEnd` without animator) and until the next request.
  private static let tail: [Phase] = [
    .presentingCompleted, .presentingCancelled, .dismissingCompleted, .dismissingCancelled,
    .presented, .restored, .dismissed, .withdrawn,
  ]
  /// The tail of a transition that completed: UIKit runs the completion block of `present`/`dismiss` only
  /// then, never after a cancel.
  private static let completedTail: [Phase] = [
    .presentingCompleted, .dismissingCompleted, .presented, .dismissed,
  ]

  private static func row(_ from: [Phase], _ triggers: [Trigger], _ entry: TableEntry, _ note: String) -> Row
  {
    Row(from: from, triggers: triggers, entry: entry, note: note)
  }

  /// Every row of the table, in the order the docs print them.
  public static let rows: [Row] = [
    // Requests.
    row(notLive, [.present], .move(.presentingRequested), "present(_:animated:completion:)"),
    row(live, [.present], .reject(.idInUse), "the id is still live"),
    row(idle, [.dismiss], .move(.dismissingRequested), "dismiss(animated:completion:)"),
    row(inFlight, [.dismiss], .reject(.dismissWhileTransitioning), "UIKit refuses a dismiss mid-transition"),
    row(notLive, [.dismiss], .reject(.dismissNotPresented), "double dismiss"),
    row(
      idle, [.controllerWillDismiss], .move(.dismissingRequested), "a sheet swipe starts a system dismissal"),

    // Presentation.
    row([.presentingRequested], [.presentationWillBegin], .move(.presentingBegan), "the transition begins"),
    row(notLive, [.presentationWillBegin], .move(.presentingBegan), "implicit present (decision 4)"),
    row([.presentingBegan], [.animate], .move(.presentingAnimating), "the animator starts"),
    row(
      [.presentingBegan, .presentingAnimating], [.startInteractive], .move(.presentingInteractive),
      "the interaction controller starts (percent-driven logs animateTransition in either order)"),
    row(
      [.presentingInteractive, .presentingFinishing, .presentingCancelling], [.animate], .stay,
      "percent-driven: animateTransition after startInteractiveTransition"),
    row([.presentingInteractive], [.update, .pause], .stay, "progress"),
    row(
      [.presentingInteractive], [.finish], .move(.presentingFinishing), "the user let go past the threshold"),
    row([.presentingInteractive], [.cancel], .move(.presentingCancelling), "the user let go before it"),
    row(
      [.presentingBegan, .presentingAnimating, .presentingFinishing], [.completeTrue],
      .move(.presentingCompleted), "the animation finished (no animator: the recorder saw only that)"),
    row(
      [.presentingCancelling], [.completeFalse], .move(.presentingCancelled), "the cancel animation finished"),
    row([.presentingCompleted], [.presentationDidEndTrue], .move(.presented), "presented"),
    row(
      [.presentingCancelled], [.presentationDidEndFalse], .move(.withdrawn), "the presentation was cancelled"),
    row([.presentingBegan], [.presentationDidEndTrue], .move(.presented), "no animator: system-driven"),
    row([.presentingBegan], [.presentationDidEndFalse], .move(.withdrawn), "no animator: system-driven"),

    // Dismissal, mirrored.
    row([.dismissingRequested], [.dismissalWillBegin], .move(.dismissingBegan), "the transition begins"),
    row(idle, [.dismissalWillBegin], .move(.dismissingBegan), "system dismissal (decision 4)"),
    row([.dismissingBegan], [.animate], .move(.dismissingAnimating), "the animator starts"),
    row(
      [.dismissingBegan, .dismissingAnimating], [.startInteractive], .move(.dismissingInteractive),
      "the interaction controller starts"),
    row(
      [.dismissingInteractive, .dismissingFinishing, .dismissingCancelling], [.animate], .stay,
      "percent-driven: animateTransition after startInteractiveTransition"),
    row([.dismissingInteractive], [.update, .pause], .stay, "progress"),
    row(
      [.dismissingInteractive], [.finish], .move(.dismissingFinishing), "the user let go past the threshold"),
    row([.dismissingInteractive], [.cancel], .move(.dismissingCancelling), "the user let go before it"),
    row(
      [.dismissingBegan, .dismissingAnimating, .dismissingFinishing], [.completeTrue],
      .move(.dismissingCompleted), "the animation finished"),
    row(
      [.dismissingCancelling], [.completeFalse], .move(.dismissingCancelled), "the cancel animation finished"),
    row([.dismissingCompleted], [.dismissalDidEndTrue], .move(.dismissed), "dismissed"),
    row([.dismissingCancelled], [.dismissalDidEndFalse], .move(.restored), "the dismissal was cancelled"),
    row([.dismissingBegan], [.dismissalDidEndTrue], .move(.dismissed), "no animator: system-driven"),
    row([.dismissingBegan], [.dismissalDidEndFalse], .move(.restored), "no animator: system-driven"),
    row(
      dismissingInFlight.filter { $0 != .dismissingCompleted && $0 != .dismissingCancelled },
      [.controllerWillDismiss], .stay, "the adaptive delegate hears of the swipe"),
    row([.dismissingCompleted, .dismissed], [.controllerDidDismiss], .stay, "the sheet was dismissed"),
    row(idle, [.controllerDidAttemptToDismiss], .stay, "isModalInPresentation refused a swipe"),

    // Completion problems.
    row(
      [.presentingCompleted, .presentingCancelled, .dismissingCompleted, .dismissingCancelled],
      [.completeTrue, .completeFalse], .reject(.completeTwice), "completeTransition twice"),
    row(
      tailAfterDidEnd, [.completeTrue, .completeFalse], .reject(.completeTwice),
      "completeTransition again after *DidEnd"),
    row(
      [.presentingAnimating, .presentingInteractive, .presentingFinishing], [.completeFalse],
      .recover(.completeWithoutCancel, .presentingCancelled), "UIKit treats it as a cancel"),
    row(
      [.dismissingAnimating, .dismissingInteractive, .dismissingFinishing], [.completeFalse],
      .recover(.completeWithoutCancel, .dismissingCancelled), "UIKit treats it as a cancel"),
    row(
      [.presentingBegan], [.completeFalse], .recover(.completeWithoutCancel, .presentingCancelled),
      "no cancel was seen"),
    row(
      [.dismissingBegan], [.completeFalse], .recover(.completeWithoutCancel, .dismissingCancelled),
      "no cancel was seen"),
    row(
      [.presentingCancelling], [.completeTrue], .recover(.completeContradictsCancel, .presentingCompleted),
      "the view ends up presented although the user cancelled"),
    row(
      [.dismissingCancelling], [.completeTrue], .recover(.completeContradictsCancel, .dismissingCompleted),
      "the view ends up dismissed although the user cancelled"),
    row(
      [.presentingInteractive], [.completeTrue], .recover(.eventOutOfPhase, .presentingCompleted),
      "completed with no finishInteractiveTransition"),
    row(
      [.dismissingInteractive], [.completeTrue], .recover(.eventOutOfPhase, .dismissingCompleted),
      "completed with no finishInteractiveTransition"),
    row(
      [.presentingCompleted], [.presentationDidEndFalse], .recover(.didEndMismatch, .withdrawn),
      "DidEnd decides what UIKit shows"),
    row(
      [.presentingCancelled], [.presentationDidEndTrue], .recover(.didEndMismatch, .presented),
      "DidEnd decides what UIKit shows"),
    row(
      [.dismissingCompleted], [.dismissalDidEndFalse], .recover(.didEndMismatch, .restored),
      "DidEnd decides what UIKit shows"),
    row(
      [.dismissingCancelled], [.dismissalDidEndTrue], .recover(.didEndMismatch, .dismissed),
      "DidEnd decides what UIKit shows"),
    row(
      [.presentingAnimating, .presentingInteractive, .presentingFinishing, .presentingCancelling],
      [.presentationDidEndTrue], .recover(.didEndBeforeComplete, .presented),
      "ended before completeTransition"),
    row(
      [.presentingAnimating, .presentingInteractive, .presentingFinishing, .presentingCancelling],
      [.presentationDidEndFalse], .recover(.didEndBeforeComplete, .withdrawn),
      "ended before completeTransition"),
    row(
      [.dismissingAnimating, .dismissingInteractive, .dismissingFinishing, .dismissingCancelling],
      [.dismissalDidEndTrue], .recover(.didEndBeforeComplete, .dismissed), "ended before completeTransition"),
    row(
      [.dismissingAnimating, .dismissingInteractive, .dismissingFinishing, .dismissingCancelling],
      [.dismissalDidEndFalse], .recover(.didEndBeforeComplete, .restored), "ended before completeTransition"),

    // Interaction.
    row(
      beforeStart, [.update, .pause, .finish, .cancel], .reject(.interactionBeforeStart),
      "UIKit drops updates and defers finish/cancel until the interaction starts"),
    row(
      interactionOver + tailAfterDidEnd, [.update, .pause, .finish, .cancel], .reject(.interactionAfterEnd),
      "the interaction already finished or was cancelled, or the transition ended"),
    row(
      [.absent], [.update, .pause, .finish, .cancel], .reject(.interactionBeforeStart),
      "sent before *WillBegin: lost (decision 6)"),

    // Evidence that a transition moved on without the events before it (decision 11).
    row(
      presentingInFlight, [.dismissalWillBegin], .recover(.eventOutOfPhase, .dismissingBegan),
      "the presentation never ended, yet its dismissal began"),
    row(
      [.dismissingCompleted, .dismissingCancelled], [.presentationWillBegin],
      .recover(.eventOutOfPhase, .presentingBegan), "the dismissal never ended, yet a presentation began"),
    row([.presentingRequested], [.animate], .recover(.eventOutOfPhase, .presentingAnimating), "no WillBegin"),
    row(
      [.presentingRequested], [.startInteractive], .recover(.eventOutOfPhase, .presentingInteractive),
      "no WillBegin"),
    row(
      [.presentingRequested], [.completeTrue], .recover(.eventOutOfPhase, .presentingCompleted),
      "no WillBegin"),
    row(
      [.presentingRequested], [.completeFalse], .recover(.eventOutOfPhase, .presentingCancelled),
      "no WillBegin"),
    row(
      [.presentingRequested], [.presentationDidEndTrue], .recover(.eventOutOfPhase, .presented),
      "no WillBegin"),
    row(
      [.presentingRequested], [.presentationDidEndFalse], .recover(.eventOutOfPhase, .withdrawn),
      "no WillBegin"),
    row(
      [.dismissingRequested] + idle, [.animate], .recover(.eventOutOfPhase, .dismissingAnimating),
      "no WillBegin"),
    row(
      [.dismissingRequested] + idle, [.startInteractive], .recover(.eventOutOfPhase, .dismissingInteractive),
      "no WillBegin"),
    row(
      [.dismissingRequested], [.completeTrue], .recover(.eventOutOfPhase, .dismissingCompleted),
      "no WillBegin"),
    row(
      [.dismissingRequested], [.completeFalse], .recover(.eventOutOfPhase, .dismissingCancelled),
      "no WillBegin"),
    row(
      [.dismissingRequested] + idle, [.dismissalDidEndTrue], .recover(.eventOutOfPhase, .dismissed),
      "no WillBegin"),
    row(
      [.dismissingRequested], [.dismissalDidEndFalse], .recover(.eventOutOfPhase, .restored), "no WillBegin"),
    row(
      notLive, [.animate], .recover(.unknownPresentation, .presentingAnimating), "a presentation never seen"),
    row(
      notLive, [.startInteractive], .recover(.unknownPresentation, .presentingInteractive),
      "a presentation never seen"),
    row(
      notLive, [.completeTrue], .recover(.unknownPresentation, .presentingCompleted),
      "a presentation never seen"),
    row(
      notLive, [.completeFalse], .recover(.unknownPresentation, .presentingCancelled),
      "a presentation never seen"),
    row(
      notLive, [.presentationDidEndTrue], .recover(.unknownPresentation, .presented),
      "a presentation never seen"),
    row(
      notLive, [.dismissalWillBegin, .controllerWillDismiss],
      .recover(.unknownPresentation, .dismissingBegan),
      "a dismissal of a presentation never seen presented (the recording started late)"),

    // The tail: UIKit delivers these with *DidEnd, in any order, each once per transition.
    row(tail, [.animationEnded], .stay, "the completion tail"),
    row(
      completedTail, [.completion], .stay, "the completion block of a transition that completed (decision 9)"),
    row(
      [.presentingCancelled, .dismissingCancelled, .withdrawn, .restored], [.completion],
      .reject(.eventOutOfPhase), "UIKit runs no completion block after a cancel (decision 9)"),

    // Container layout, from WillBegin until dismissalTransitionDidEnd (decision 8).
    row(
      inFlight.filter { $0 != .presentingRequested } + idle, [.layoutWill, .layoutDid], .stay,
      "a container layout pass"),
    row(
      [.dismissed, .withdrawn], [.layoutWill, .layoutDid], .reject(.layoutWithoutContainer),
      "no container view any more"),
    row(
      [.presentingRequested], [.layoutWill, .layoutDid], .reject(.layoutWithoutContainer),
      "no container view before presentationTransitionWillBegin"),

    // Appearance of the presented view controller (decision 5); balance is checked beside the table.
    row(Array(presentingInFlight.prefix(6)), [.viewWillAppear], .stay, "appearing"),
    row(Array(dismissingInFlight.prefix(6)), [.viewWillDisappear], .stay, "disappearing"),
    row(
      [.presentingCompleted, .presented, .dismissingCancelled, .restored], [.viewDidAppear], .stay,
      "appeared (or the revert of a cancelled dismissal)"),
    row([.dismissingCancelled, .restored], [.viewWillAppear], .stay, "the revert of a cancelled dismissal"),
    row(
      [.dismissingCompleted, .dismissed, .presentingCancelled, .withdrawn], [.viewDidDisappear], .stay,
      "disappeared (or the revert of a cancelled presentation)"),
    row(
      [.presentingCancelled, .withdrawn], [.viewWillDisappear], .stay,
      "the revert of a cancelled presentation"),

    // Always legal while live.
    row(live, [.sizeChange], .stay, "size change (rotation)"),
    row(Phase.allCases, [.gesture, .mark], .stay, "gestures and marks never need a presentation"),
  ]

  private static let dense: [TableEntry] = {
    var table = [TableEntry?](repeating: nil, count: Phase.allCases.count * Trigger.allCases.count)
    for row in rows {
      for phase in row.from {
        for trigger in row.triggers where table[index(phase, trigger)] == nil {
          table[index(phase, trigger)] = row.entry
        }
      }
    }
    return Phase.allCases.flatMap { phase in
      Trigger.allCases.map { trigger in
        table[index(phase, trigger)] ?? defaultEntry(phase, trigger)
      }
    }
  }()

  private static let triggerCount = Trigger.allCases.count

  private static func index(_ phase: Phase, _ trigger: Trigger) -> Int {
    phase.rawValue * triggerCount + trigger.rawValue
  }

  /// What an unlisted pair does.
  public static func defaultEntry(_ phase: Phase, _ trigger: Trigger) -> TableEntry {
    if trigger == .controllerDidDismiss { return .reject(.didDismissWithoutDismissal) }
    return .reject(phase.isLive ? .eventOutOfPhase : .unknownPresentation)
  }

  /// What `trigger` does in `phase`.
  public static func entry(_ phase: Phase, _ trigger: Trigger) -> TableEntry {
    dense[index(phase, trigger)]
  }

  /// Why the table says what it says for (`phase`, `trigger`): the note of the row that lists the pair,
  /// or `nil` for an unlisted pair.
  public static func note(_ phase: Phase, _ trigger: Trigger) -> String? {
    rows.first { $0.from.contains(phase) && $0.triggers.contains(trigger) }?.note
  }

  /// The triggers legal in `phase` (moves and stays), for "expected one of" messages.
  public static func legalTriggers(in phase: Phase) -> [Trigger] {
    Trigger.allCases.filter { trigger in
      guard !trigger.isAlwaysLegal else { return false }
      switch entry(phase, trigger) {
      case .move, .stay: return true
      case .reject, .recover: return false
      }
    }
  }
}
