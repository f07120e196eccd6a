/// The lifecycle of one presentation as data: for every (phase, trigger) pair, exactly one entry.
///
/// ```swift
/// TransitionTable.entry(.presentingAnimating, .completeTrue).otherwise // .move(.presentingCompleted)
/// for row in TransitionTable.rows { print(row.from.map(\.name), row.triggers.map(\.label), row.note) }
/// ```
///
/// Each row lists its phases and triggers explicitly; no pair is listed twice and none is left to a
/// default (`TransitionTableCoverageTests` checks both). Where the phase alone cannot decide, a row names
/// guards (``TableGuard``): facts the session answers (the presenter's stack, a finish sent before the
/// interaction started), each with its own decision. The machine, `replay graph`, the docs, the fingerprint
/// of snapshots and the tests all read this one table.
///
/// Rows are grouped by trigger, in the order of ``Trigger``; within a trigger, phases follow the
/// lifecycle: not live, presenting, presented, dismissing.
public enum TransitionTable {
  /// One row: for every listed phase and trigger, this entry.
  public struct Row: Sendable {
    public var from: [Phase]
    public var triggers: [Trigger]
    public var entry: TableEntry
    /// Why, in one line; quoted in docs and diagrams.
    public var note: String
    /// The words a finding's message gives as its reason, where the rule's own would say less.
    public var reason: String?
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
  /// Until `completeTransition`: the phases a transition passes before its tail.
  private static let presentingBeforeComplete = Array(presentingInFlight.prefix(6))
  private static let dismissingBeforeComplete = Array(dismissingInFlight.prefix(6))
  /// After `completeTransition` (or `*DidEnd`), until the next request: where UIKit delivers the tail.
  private static let tail: [Phase] = [
    .presentingCompleted, .presentingCancelled, .presented, .dismissingCompleted, .dismissingCancelled,
    .dismissed, .withdrawn, .restored,
  ]
  /// After `*DidEnd`: no transition in flight.
  private static let afterDidEnd: [Phase] = [.presented, .dismissed, .withdrawn, .restored]
  /// Before `startInteractiveTransition` could have been called, once `*WillBegin` or the request came.
  private static let beforeInteraction: [Phase] = [
    .presentingRequested, .presentingBegan, .presentingAnimating,
    .dismissingRequested, .dismissingBegan, .dismissingAnimating,
  ]
  /// After finish or cancel, or after the transition ended: the interaction is over.
  private static let afterInteraction: [Phase] = [
    .presentingFinishing, .presentingCancelling, .presentingCompleted, .presentingCancelled, .presented,
    .dismissingFinishing, .dismissingCancelling, .dismissingCompleted, .dismissingCancelled, .dismissed,
    .withdrawn, .restored,
  ]

  /// A callback UIKit delivers once per transition: a repeat is out of phase.
  private static let once: [(TableGuard, TableDecision)] = [(.alreadyDelivered, .reject(.eventOutOfPhase))]
  /// A presenter's own appearance callbacks are legal whenever it is live (<doc:Rules#Appearance-events>).
  private static let asPresenter: [(TableGuard, TableDecision)] = [(.presentsAnother, .aside)]
  /// The stack rules of a request, in the order of <doc:Rules#One-finding-per-event>.
  private static func presenterRules(_ refused: (Rule) -> TableDecision) -> [(TableGuard, TableDecision)] {
    [
      (.presenterInFlight, refused(.presentWhileTransitioning)),
      (.presenterNotPresented, refused(.presenterUnknown)),
      (.presenterTransitioningAnother, refused(.presentWhileTransitioning)),
      (.presenterPresentsAnother, refused(.presenterBusy)),
    ]
  }
  /// `completeTransition` after `*DidEnd`: the echo of a reported `did-end-before-complete`, out of phase
  /// when the transition had none, else a second one.
  private static let completeAfterDidEnd: [(TableGuard, TableDecision)] = [
    (.echoOfEarlyDidEnd, .stay), (.noCompleteTransitionYet, .reject(.eventOutOfPhase)),
  ]

  private static func row(
    _ from: [Phase], _ triggers: [Trigger], _ otherwise: TableDecision, _ note: String,
    guards: [(TableGuard, TableDecision)] = [], reason: String? = nil
  ) -> Row {
    Row(
      from: from, triggers: triggers, entry: TableEntry(otherwise, guards: guards), note: note, reason: reason
    )
  }

  /// Every row of the table, in the order the docs print them.
  public static let rows: [Row] =
    requests + presentationCallbacks + dismissalCallbacks + animator
    + interaction + completion + tailCallbacks + layout + appearance + adaptiveDelegate + alwaysLegal

  private static let requests: [Row] = [
    row(
      notLive, [.present], .move(.presentingRequested), "present(_:animated:completion:)",
      guards: presenterRules { .reject($0) }),
    row(live, [.present], .reject(.idInUse), "the id is still live"),
    row(notLive, [.dismiss], .reject(.dismissNotPresented), "double dismiss"),
    row(inFlight, [.dismiss], .reject(.dismissWhileTransitioning), "UIKit refuses a dismiss mid-transition"),
    row(
      idle, [.dismiss], .move(.dismissingRequested), "dismiss(animated:completion:)",
      guards: [(.stackAboveInFlight, .reject(.dismissWhileTransitioning))]),
  ]

  private static let presentationCallbacks: [Row] = [
    row(
      notLive, [.presentationWillBegin], .move(.presentingBegan),
      "implicit present (<doc:Rules#Optional-request-events>): the stack rules apply, and the callback shows "
        + "UIKit went ahead", guards: presenterRules { .recover($0, .presentingBegan) }),
    row([.presentingRequested], [.presentationWillBegin], .move(.presentingBegan), "the transition begins"),
    row(
      Array(presentingInFlight.dropFirst()) + [.presented] + dismissingBeforeComplete + [.restored],
      [.presentationWillBegin], .reject(.eventOutOfPhase), "a presentation is already presented or under way"),
    row(
      [.dismissingCompleted, .dismissingCancelled], [.presentationWillBegin],
      .recover(.eventOutOfPhase, .presentingBegan), "the dismissal never ended, yet a presentation began"),

    row(
      notLive, [.presentationDidEndTrue], .recover(.unknownPresentation, .presented),
      "a presentation never seen"),
    row(notLive, [.presentationDidEndFalse], .reject(.unknownPresentation), "a presentation never seen"),
    row(
      [.presentingRequested], [.presentationDidEndTrue], .recover(.eventOutOfPhase, .presented),
      "no WillBegin"),
    row(
      [.presentingRequested], [.presentationDidEndFalse], .recover(.eventOutOfPhase, .withdrawn),
      "no WillBegin"),
    row([.presentingBegan], [.presentationDidEndTrue], .move(.presented), "no animator: system-driven"),
    row([.presentingBegan], [.presentationDidEndFalse], .move(.withdrawn), "no animator: system-driven"),
    row(
      [.presentingAnimating, .presentingInteractive, .presentingFinishing, .presentingCancelling],
      [.presentationDidEndTrue], .recover(.didEndBeforeComplete, .presented),
      "ended before completeTransition"),
    row(
      [.presentingAnimating, .presentingInteractive, .presentingFinishing, .presentingCancelling],
      [.presentationDidEndFalse], .recover(.didEndBeforeComplete, .withdrawn),
      "ended before completeTransition"),
    row([.presentingCompleted], [.presentationDidEndTrue], .move(.presented), "presented"),
    row(
      [.presentingCompleted], [.presentationDidEndFalse], .recover(.didEndMismatch, .withdrawn),
      "DidEnd decides what UIKit shows"),
    row(
      [.presentingCancelled], [.presentationDidEndTrue], .recover(.didEndMismatch, .presented),
      "DidEnd decides what UIKit shows"),
    row(
      [.presentingCancelled], [.presentationDidEndFalse], .move(.withdrawn), "the presentation was cancelled"),
    row(
      [.presented] + dismissingInFlight + [.restored], [.presentationDidEndTrue, .presentationDidEndFalse],
      .reject(.eventOutOfPhase), "no presentation is under way"),
  ]

  private static let dismissalCallbacks: [Row] = [
    row(
      [.absent, .withdrawn], [.dismissalWillBegin], .recover(.unknownPresentation, .dismissingBegan),
      "a dismissal of a presentation never seen presented (the recording started late)"),
    row(
      [.dismissed], [.dismissalWillBegin], .recover(.unknownPresentation, .dismissingBegan),
      "a dismissal of a presentation no longer presented, unless it is a stacked member's own late one",
      guards: [(.settledByGroup, .resume(.dismissingBegan))]),
    row(
      presentingInFlight, [.dismissalWillBegin], .recover(.eventOutOfPhase, .dismissingBegan),
      "the presentation never ended, yet its dismissal began"),
    row(
      idle, [.dismissalWillBegin], .move(.dismissingBegan),
      "system dismissal (<doc:Rules#Optional-request-events>)"),
    row([.dismissingRequested], [.dismissalWillBegin], .move(.dismissingBegan), "the transition begins"),
    row(
      Array(dismissingInFlight.dropFirst()), [.dismissalWillBegin], .reject(.eventOutOfPhase),
      "the dismissal already began"),

    row(
      notLive, [.dismissalDidEndTrue, .dismissalDidEndFalse], .reject(.unknownPresentation),
      "a presentation never seen"),
    row(
      presentingInFlight, [.dismissalDidEndTrue, .dismissalDidEndFalse], .reject(.eventOutOfPhase),
      "no dismissal is under way"),
    row(
      [.presented, .dismissingRequested, .restored], [.dismissalDidEndTrue],
      .recover(.eventOutOfPhase, .dismissed), "no WillBegin"),
    row(idle, [.dismissalDidEndFalse], .reject(.eventOutOfPhase), "no dismissal is under way"),
    row(
      [.dismissingRequested], [.dismissalDidEndFalse], .recover(.eventOutOfPhase, .restored), "no WillBegin"),
    row([.dismissingBegan], [.dismissalDidEndTrue], .move(.dismissed), "no animator: system-driven"),
    row([.dismissingBegan], [.dismissalDidEndFalse], .move(.restored), "no animator: system-driven"),
    row(
      [.dismissingAnimating, .dismissingInteractive, .dismissingFinishing, .dismissingCancelling],
      [.dismissalDidEndTrue], .recover(.didEndBeforeComplete, .dismissed), "ended before completeTransition"),
    row(
      [.dismissingAnimating, .dismissingInteractive, .dismissingFinishing, .dismissingCancelling],
      [.dismissalDidEndFalse], .recover(.didEndBeforeComplete, .restored), "ended before completeTransition"),
    row([.dismissingCompleted], [.dismissalDidEndTrue], .move(.dismissed), "dismissed"),
    row(
      [.dismissingCompleted], [.dismissalDidEndFalse], .recover(.didEndMismatch, .restored),
      "DidEnd decides what UIKit shows"),
    row(
      [.dismissingCancelled], [.dismissalDidEndTrue], .recover(.didEndMismatch, .dismissed),
      "DidEnd decides what UIKit shows"),
    row([.dismissingCancelled], [.dismissalDidEndFalse], .move(.restored), "the dismissal was cancelled"),
  ]

  private static let animator: [Row] = [
    row(
      notLive, [.animate], .recover(.unknownPresentation, .presentingAnimating), "a presentation never seen"),
    row(
      notLive, [.startInteractive], .recover(.unknownPresentation, .presentingInteractive),
      "a presentation never seen"),
    row([.presentingRequested], [.animate], .recover(.eventOutOfPhase, .presentingAnimating), "no WillBegin"),
    row(
      [.presentingRequested], [.startInteractive], .recover(.eventOutOfPhase, .presentingInteractive),
      "no WillBegin"),
    row([.presentingBegan], [.animate], .move(.presentingAnimating), "the animator starts", guards: once),
    row(
      [.presentingBegan, .presentingAnimating], [.startInteractive], .move(.presentingInteractive),
      "the interaction controller starts (percent-driven logs animateTransition in either order); a finish "
        + "or cancel sent before it is replayed now",
      guards: once + [
        (.finishDeferred, .move(.presentingFinishing)), (.cancelDeferred, .move(.presentingCancelling)),
      ]),
    row(
      [
        .presentingAnimating, .presentingCompleted, .presentingCancelled, .dismissingAnimating,
        .dismissingCompleted, .dismissingCancelled,
      ],
      [.animate], .reject(.eventOutOfPhase), "the animator already ran in this transition"),
    row(
      [
        .presentingInteractive, .presentingFinishing, .presentingCancelling, .dismissingInteractive,
        .dismissingFinishing, .dismissingCancelling,
      ],
      [.animate], .stay, "percent-driven: animateTransition after startInteractiveTransition", guards: once),
    row(
      [
        .presentingInteractive, .presentingFinishing, .presentingCancelling, .presentingCompleted,
        .presentingCancelled, .dismissingInteractive, .dismissingFinishing, .dismissingCancelling,
        .dismissingCompleted, .dismissingCancelled,
      ],
      [.startInteractive], .reject(.eventOutOfPhase), "the interaction already started in this transition"),
    row(
      [.presented, .dismissingRequested, .restored], [.animate],
      .recover(.eventOutOfPhase, .dismissingAnimating), "no WillBegin"),
    row(
      [.presented, .dismissingRequested, .restored], [.startInteractive],
      .recover(.eventOutOfPhase, .dismissingInteractive), "no WillBegin"),
    row([.dismissingBegan], [.animate], .move(.dismissingAnimating), "the animator starts", guards: once),
    row(
      [.dismissingBegan, .dismissingAnimating], [.startInteractive], .move(.dismissingInteractive),
      "the interaction controller starts; a finish or cancel sent before it is replayed now",
      guards: once + [
        (.finishDeferred, .move(.dismissingFinishing)), (.cancelDeferred, .move(.dismissingCancelling)),
      ]),
  ]

  private static let interaction: [Row] = [
    row(
      [.absent], [.update, .pause, .finish, .cancel], .reject(.interactionBeforeStart),
      "sent before *WillBegin: lost (<doc:Rules#Gestures>)"),
    row(
      beforeInteraction, [.update, .pause, .finish, .cancel], .reject(.interactionBeforeStart),
      "UIKit drops updates and defers finish/cancel until the interaction starts"),
    row([.presentingInteractive, .dismissingInteractive], [.update, .pause], .stay, "progress"),
    row(
      [.presentingInteractive], [.finish], .move(.presentingFinishing), "the user let go past the threshold"),
    row([.presentingInteractive], [.cancel], .move(.presentingCancelling), "the user let go before it"),
    row(
      [.dismissingInteractive], [.finish], .move(.dismissingFinishing), "the user let go past the threshold"),
    row([.dismissingInteractive], [.cancel], .move(.dismissingCancelling), "the user let go before it"),
    row(
      afterInteraction, [.update, .pause, .finish, .cancel], .reject(.interactionAfterEnd),
      "the interaction already finished or was cancelled, or the transition ended"),
  ]

  private static let completion: [Row] = [
    row(
      [.absent], [.completeTrue], .recover(.unknownPresentation, .presentingCompleted),
      "a presentation never seen"),
    row(
      [.absent], [.completeFalse], .recover(.unknownPresentation, .presentingCancelled),
      "a presentation never seen"),
    row(
      [.presentingRequested], [.completeTrue], .recover(.eventOutOfPhase, .presentingCompleted),
      "no WillBegin"),
    row(
      [.presentingRequested], [.completeFalse], .recover(.eventOutOfPhase, .presentingCancelled),
      "no WillBegin"),
    row(
      [.presentingBegan, .presentingAnimating, .presentingFinishing], [.completeTrue],
      .move(.presentingCompleted), "the animation finished (no animator: the recorder saw only that)"),
    row(
      [.presentingInteractive], [.completeTrue], .recover(.eventOutOfPhase, .presentingCompleted),
      "completed with no finishInteractiveTransition"),
    row(
      [.presentingCancelling], [.completeTrue], .recover(.completeContradictsCancel, .presentingCompleted),
      "the view ends up presented although the user cancelled"),
    row(
      [.presentingBegan, .presentingAnimating, .presentingInteractive, .presentingFinishing],
      [.completeFalse],
      .recover(.completeWithoutCancel, .presentingCancelled),
      "no cancel was seen: UIKit treats it as a cancel (unless one was sent before the interaction started)",
      guards: [(.cancelDeferred, .move(.presentingCancelled))]),
    row(
      [.presentingCancelling], [.completeFalse], .move(.presentingCancelled), "the cancel animation finished"),
    row(
      [.presentingCompleted, .presentingCancelled, .dismissingCompleted, .dismissingCancelled],
      [.completeTrue, .completeFalse], .reject(.completeTwice), "completeTransition twice"),
    row(
      afterDidEnd, [.completeTrue, .completeFalse], .reject(.completeTwice),
      "completeTransition again after *DidEnd", guards: completeAfterDidEnd,
      reason: "completeTransition again after *DidEnd"),
    row(
      [.dismissingRequested], [.completeTrue], .recover(.eventOutOfPhase, .dismissingCompleted),
      "no WillBegin"),
    row(
      [.dismissingRequested], [.completeFalse], .recover(.eventOutOfPhase, .dismissingCancelled),
      "no WillBegin"),
    row(
      [.dismissingBegan, .dismissingAnimating, .dismissingFinishing], [.completeTrue],
      .move(.dismissingCompleted), "the animation finished"),
    row(
      [.dismissingInteractive], [.completeTrue], .recover(.eventOutOfPhase, .dismissingCompleted),
      "completed with no finishInteractiveTransition"),
    row(
      [.dismissingCancelling], [.completeTrue], .recover(.completeContradictsCancel, .dismissingCompleted),
      "the view ends up dismissed although the user cancelled"),
    row(
      [.dismissingBegan, .dismissingAnimating, .dismissingInteractive, .dismissingFinishing],
      [.completeFalse],
      .recover(.completeWithoutCancel, .dismissingCancelled),
      "no cancel was seen: UIKit treats it as a cancel (unless one was sent before the interaction started)",
      guards: [(.cancelDeferred, .move(.dismissingCancelled))]),
    row(
      [.dismissingCancelling], [.completeFalse], .move(.dismissingCancelled), "the cancel animation finished"),
  ]

  private static let tailCallbacks: [Row] = [
    row(
      [.absent], [.animationEnded, .completion], .reject(.unknownPresentation), "a presentation never seen"),
    row(
      presentingBeforeComplete + dismissingBeforeComplete, [.animationEnded], .reject(.eventOutOfPhase),
      "the animation has not ended: completeTransition has not come"),
    row(tail, [.animationEnded], .stay, "the completion tail", guards: once),
    row(
      presentingBeforeComplete + Array(dismissingBeforeComplete.dropFirst()), [.completion],
      .reject(.eventOutOfPhase), "the transition has not completed"),
    row(
      [.dismissingRequested], [.completion], .reject(.eventOutOfPhase),
      "the transition has not completed (unless another member of its stack carried it)",
      guards: [(.groupCompletionPending, .aside)]),
    row(
      [.presentingCompleted, .presented, .dismissingCompleted, .dismissed], [.completion], .stay,
      "the completion block of a transition that completed (<doc:Rules#Completion>)", guards: once),
    row(
      [.presentingCancelled, .dismissingCancelled, .withdrawn, .restored], [.completion],
      .reject(.eventOutOfPhase), "UIKit runs no completion block after a cancel",
      reason: "UIKit runs no completion block after a cancel (decision 9)"),
  ]

  private static let layout: [Row] = [
    row(
      [.absent], [.layoutWill, .layoutDid], .reject(.unknownPresentation), "a presentation never seen"),
    row(
      [.presentingRequested], [.layoutWill, .layoutDid], .reject(.layoutWithoutContainer),
      "no container view before presentationTransitionWillBegin"),
    row(
      Array(presentingInFlight.dropFirst()) + [.presented] + dismissingInFlight + [.restored],
      [.layoutWill, .layoutDid], .stay, "a container layout pass"),
    row(
      [.dismissed, .withdrawn], [.layoutWill, .layoutDid], .reject(.layoutWithoutContainer),
      "no container view any more"),
  ]

  private static let appearance: [Row] = [
    row(
      [.absent, .dismissed, .withdrawn], [.viewWillAppear, .viewDidAppear], .reject(.unknownPresentation),
      "a presentation never seen, or no longer presented"),
    row(presentingBeforeComplete, [.viewWillAppear], .stay, "appearing", guards: asPresenter),
    row(
      [.presentingCompleted, .presentingCancelled, .presented] + dismissingBeforeComplete
        + [.dismissingCompleted],
      [.viewWillAppear], .reject(.eventOutOfPhase), "not appearing", guards: asPresenter),
    row(
      [.dismissingCancelled, .restored], [.viewWillAppear], .stay, "the revert of a cancelled dismissal",
      guards: asPresenter),
    row(
      presentingBeforeComplete + [.presentingCancelled] + dismissingBeforeComplete + [.dismissingCompleted],
      [.viewDidAppear], .reject(.eventOutOfPhase), "not appeared", guards: asPresenter),
    row(
      [.presentingCompleted, .presented, .dismissingCancelled, .restored], [.viewDidAppear], .stay,
      "appeared (or the revert of a cancelled dismissal)", guards: asPresenter),

    row(
      [.absent, .dismissed], [.viewWillDisappear], .reject(.unknownPresentation),
      "a presentation never seen, or no longer presented"),
    row([.absent], [.viewDidDisappear], .reject(.unknownPresentation), "a presentation never seen"),
    row(
      presentingBeforeComplete + [
        .presentingCompleted, .presented, .dismissingCompleted, .dismissingCancelled,
        .restored,
      ],
      [.viewWillDisappear], .reject(.eventOutOfPhase), "not disappearing", guards: asPresenter),
    row(
      [.presentingCancelled], [.viewWillDisappear], .stay, "the revert of a cancelled presentation",
      guards: asPresenter),
    row([.withdrawn], [.viewWillDisappear], .stay, "the revert of a cancelled presentation"),
    row(dismissingBeforeComplete, [.viewWillDisappear], .stay, "disappearing", guards: asPresenter),
    row(
      presentingBeforeComplete + [.presentingCompleted, .presented] + dismissingBeforeComplete
        + [.dismissingCancelled, .restored],
      [.viewDidDisappear], .reject(.eventOutOfPhase), "not disappeared", guards: asPresenter),
    row(
      [.presentingCancelled, .dismissingCompleted], [.viewDidDisappear], .stay,
      "disappeared (or the revert of a cancelled presentation)", guards: asPresenter),
    row(
      [.dismissed, .withdrawn], [.viewDidDisappear], .stay,
      "disappeared (or the revert of a cancelled presentation)"),
  ]

  private static let adaptiveDelegate: [Row] = [
    row(notLive, [.sizeChange], .reject(.unknownPresentation), "a presentation never seen"),
    row(live, [.sizeChange], .stay, "size change (rotation)"),
    row(
      notLive, [.controllerWillDismiss], .recover(.unknownPresentation, .dismissingBegan),
      "a dismissal of a presentation never seen presented (the recording started late)"),
    row(
      presentingInFlight + [.dismissingCompleted, .dismissingCancelled], [.controllerWillDismiss],
      .reject(.eventOutOfPhase), "no sheet the user could swipe is on screen"),
    row(
      idle, [.controllerWillDismiss], .move(.dismissingRequested), "a sheet swipe starts a system dismissal"),
    row(
      dismissingBeforeComplete, [.controllerWillDismiss], .stay, "the adaptive delegate hears of the swipe",
      guards: once),
    row(
      [.absent] + presentingInFlight + [.presented] + dismissingBeforeComplete
        + [.dismissingCancelled, .withdrawn, .restored],
      [.controllerDidDismiss], .reject(.didDismissWithoutDismissal), "no dismissal completed"),
    row(
      [.dismissingCompleted, .dismissed], [.controllerDidDismiss], .stay, "the sheet was dismissed",
      guards: once),
    row(
      notLive, [.controllerDidAttemptToDismiss], .reject(.unknownPresentation), "a presentation never seen"),
    row(
      inFlight, [.controllerDidAttemptToDismiss], .reject(.eventOutOfPhase),
      "a transition is under way: no swipe to refuse"),
    row(idle, [.controllerDidAttemptToDismiss], .stay, "isModalInPresentation refused a swipe"),
  ]

  private static let alwaysLegal: [Row] = [
    row(Phase.allCases, [.gesture, .mark], .stay, "gestures and marks never need a presentation")
  ]

  private static let triggerCount = Trigger.allCases.count

  @inline(__always)
  static func index(_ phase: Phase, _ trigger: Trigger) -> Int {
    phase.rawValue * triggerCount + trigger.rawValue
  }

  /// For every pair, the row that lists it (`-1` for a pair no row lists, which the coverage test forbids).
  private static let rowIndex: [Int] = {
    var table = [Int](repeating: -1, count: Phase.allCases.count * triggerCount)
    for (position, row) in rows.enumerated() {
      for phase in row.from {
        for trigger in row.triggers where table[index(phase, trigger)] < 0 {
          table[index(phase, trigger)] = position
        }
      }
    }
    return table
  }()

  /// The compiled table the machine steps on: per pair, the decision without guards, and whether the row
  /// has guards to ask first (most pairs have none, so most steps read one entry and ask nothing).
  private static let compiled: [CompiledEntry] = rowIndex.map { position in
    guard position >= 0 else {
      return CompiledEntry(otherwise: .reject(.eventOutOfPhase), row: -1, hasGuards: false)
    }
    let entry = rows[position].entry
    return CompiledEntry(otherwise: entry.otherwise, row: Int32(position), hasGuards: !entry.guards.isEmpty)
  }

  struct CompiledEntry: Sendable {
    var otherwise: TableDecision
    var row: Int32
    var hasGuards: Bool
  }

  /// The row that lists (`phase`, `trigger`), if one does (every pair has one; see the coverage test).
  public static func row(_ phase: Phase, _ trigger: Trigger) -> Row? {
    let position = rowIndex[index(phase, trigger)]
    return position >= 0 ? rows[position] : nil
  }

  /// What `trigger` does in `phase`: the guards to ask, and the decision when none holds.
  public static func entry(_ phase: Phase, _ trigger: Trigger) -> TableEntry {
    row(phase, trigger)?.entry ?? TableEntry(.reject(.eventOutOfPhase))
  }

  /// The table as the machine steps on it: one entry per pair, read by index. The session keeps one, so
  /// that a step reads no global (each read of a `static let` asks whether it is initialised yet).
  struct Compiled: Sendable {
    let entries: [CompiledEntry]
    /// The triggers UIKit delivers once per transition, by bit `Trigger.rawValue`.
    let oncePerTransition: UInt64

    /// The decision for (`phase`, `trigger`), asking `holds` about the row's guards in order; and the
    /// guard that decided, if one did. The machine's step: one table read, and guard questions only where
    /// the row names guards.
    @inline(__always)
    func decide(_ phase: Phase, _ trigger: Trigger, holds: (TableGuard) -> Bool)
      -> (decision: TableDecision, guard: TableGuard?)
    {
      let compiled = entries[TransitionTable.index(phase, trigger)]
      guard compiled.hasGuards else { return (compiled.otherwise, nil) }
      let (decision, held) = TransitionTable.rows[Int(compiled.row)].entry.decision(where: holds)
      return (decision, held)
    }

    /// What `trigger` does in `phase` when no guard holds.
    @inline(__always)
    func otherwise(_ phase: Phase, _ trigger: Trigger) -> TableDecision {
      entries[TransitionTable.index(phase, trigger)].otherwise
    }

    /// Whether UIKit delivers `trigger` at most once per transition.
    @inline(__always)
    func isOncePerTransition(_ trigger: Trigger) -> Bool {
      oncePerTransition & (1 << UInt64(trigger.rawValue)) != 0
    }
  }

  /// The compiled table.
  static let compiledTable = Compiled(entries: compiled, oncePerTransition: oncePerTransition)

  /// The triggers UIKit delivers at most once per transition: those a row guards with
  /// ``TableGuard/alreadyDelivered``. A transition remembers which of them it has seen.
  private static let oncePerTransition: UInt64 = rows.reduce(0) { bits, row in
    guard row.entry.guards.contains(where: { $0.condition == .alreadyDelivered }) else { return bits }
    return row.triggers.reduce(bits) { $0 | 1 << UInt64($1.rawValue) }
  }

  /// Whether UIKit delivers `trigger` at most once per transition (the table guards its repeats).
  @inline(__always)
  public static func isOncePerTransition(_ trigger: Trigger) -> Bool {
    oncePerTransition & (1 << UInt64(trigger.rawValue)) != 0
  }

  /// What `trigger` does in `phase` when no guard holds: one read of the compiled table.
  @inline(__always)
  static func otherwise(_ phase: Phase, _ trigger: Trigger) -> TableDecision {
    compiled[index(phase, trigger)].otherwise
  }

  /// Why the table says what it says for (`phase`, `trigger`): the note of the row that lists the pair.
  public static func note(_ phase: Phase, _ trigger: Trigger) -> String? { row(phase, trigger)?.note }

  /// The triggers legal in `phase` when no guard holds (moves and stays), for "expected one of" messages.
  public static func legalTriggers(in phase: Phase) -> [Trigger] {
    Trigger.allCases.filter { trigger in
      guard !trigger.isAlwaysLegal else { return false }
      switch entry(phase, trigger).otherwise {
      case .move, .stay: return true
      case .reject, .recover, .resume, .aside: return false
      }
    }
  }
}
