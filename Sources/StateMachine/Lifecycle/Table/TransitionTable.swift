/// The lifecycle of one presentation as data: for every (phase, trigger) pair, exactly one entry.
///
/// ```swift
/// TransitionTable.entry(.presentingAnimating, .completeTrue).otherwise // .move(.presentingCompleted)
/// for row in TransitionTable.rows { print(row.from.map(\.name), row.triggers.map(\.label), row.note) }
/// ```
///
/// Each row lists its phases and triggers explicitly; no pair is listed twice and none is left to a
/// default (`TransitionTableCoverageTests` checks both). Where the phase alone cannot decide, a row names
/// guards (`TableGuard`): facts the session answers (the presenter's stack, a finish sent before the
/// interaction started), each with its own decision. The machine, `replay graph`, the docs, the fingerprint
/// of snapshots and the tests all read this one table.
///
/// Rows are grouped by trigger, in the order of `Trigger`; within a trigger, phases follow the
/// lifecycle: not live, presenting, presented, dismissing.
package enum TransitionTable {
  /// One row: for every listed phase and trigger, this entry.
  package struct Row: Sendable {
    package var from: [Phase]
    package var triggers: [Trigger]
    package var entry: TableEntry
    /// Why, in one line; quoted in docs and diagrams.
    package var note: String
    /// The words a finding's message gives as its reason, where the rule's own would say less.
    package var reason: String?
  }

  private static let notLive: [Phase] = [.absent, .dismissed, .withdrawn]
  private static let idle: [Phase] = [.presented, .restored]
  private static let presentingInFlight: [Phase] = [
    .presentingRequested, .presentingBegan, .presentingAnimating, .presentingRunning, .presentingInteractive,
    .presentingFinishing, .presentingCancelling, .presentingCompleted, .presentingCancelled,
  ]
  private static let dismissingInFlight: [Phase] = [
    .dismissingRequested, .dismissingBegan, .dismissingAnimating, .dismissingRunning, .dismissingInteractive,
    .dismissingFinishing, .dismissingCancelling, .dismissingCompleted, .dismissingCancelled,
  ]
  private static let inFlight = presentingInFlight + dismissingInFlight
  private static let live = inFlight + idle
  /// Until `completeTransition`: the phases a transition passes before its tail.
  private static let presentingBeforeComplete: [Phase] = [
    .presentingRequested, .presentingBegan, .presentingAnimating, .presentingRunning, .presentingInteractive,
    .presentingFinishing, .presentingCancelling,
  ]
  private static let dismissingBeforeComplete: [Phase] = [
    .dismissingRequested, .dismissingBegan, .dismissingAnimating, .dismissingRunning, .dismissingInteractive,
    .dismissingFinishing, .dismissingCancelling,
  ]
  /// After the animation started and before `completeTransition`.
  private static let presentingAnimated: [Phase] = [
    .presentingAnimating, .presentingRunning, .presentingInteractive, .presentingFinishing,
    .presentingCancelling,
  ]
  private static let dismissingAnimated: [Phase] = [
    .dismissingAnimating, .dismissingRunning, .dismissingInteractive, .dismissingFinishing,
    .dismissingCancelling,
  ]
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
  /// The completion block of a `dismiss` UIKit refused runs at once and changes nothing (<doc:Rules#Completion>).
  private static let refusedDismissCompletion: [(TableGuard, TableDecision)] = [
    (.completesRefusedDismiss, .aside)
  ]
  /// `unknown-presentation` once per root cause: not for the consequence of a refused request
  /// (<doc:Rules#Recovery-follows-the-evidence>), and once per id until a presentation of it begins.
  private static func unknownOnce(_ decision: TableDecision) -> [(TableGuard, TableDecision)] {
    [(.requestRefused, decision.quietly), (.unknownReported, decision.quietly)]
  }
  /// `unknown-presentation` of an event that begins a presentation of the id, which ends any earlier report
  /// of it: only the consequence of a refused request is no second finding.
  private static func unknownPresenting(_ decision: TableDecision) -> [(TableGuard, TableDecision)] {
    [(.requestRefused, decision.quietly)]
  }
  /// A `*WillBegin` of a request UIKit refused shows it happened anyway: the refusal was the finding.
  private static func refusedPresent(_ decision: TableDecision) -> [(TableGuard, TableDecision)] {
    [(.presentRefused, decision.quietly)]
  }
  private static func refusedDismiss(_ decision: TableDecision) -> [(TableGuard, TableDecision)] {
    [(.dismissRefused, decision.quietly)]
  }
  /// A rule a driver repeats is reported once per transition (``Rule/isReportedOncePerTransition``).
  private static func oncePerTransition(_ decision: TableDecision) -> [(TableGuard, TableDecision)] {
    [(.reportedInTransition, decision.quietly)]
  }
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
  /// `startInteractiveTransition` where the interaction may start: once per transition; a finish or cancel
  /// sent before it is replayed now (<doc:Rules#Gestures>); with `wantsInteractiveStart` false on an
  /// interruptible transition it starts running (<doc:Rules#Interruptible-transitions>).
  private static func interactionStart(_ direction: Phase.Direction) -> [(TableGuard, TableDecision)] {
    let presenting = direction == .presenting
    return once + [
      (.finishDeferred, .move(presenting ? .presentingFinishing : .dismissingFinishing)),
      (.cancelDeferred, .move(presenting ? .presentingCancelling : .dismissingCancelling)),
      (.startsRunning, .move(presenting ? .presentingRunning : .dismissingRunning)),
    ]
  }
  /// The phase a `completeTransition` ends in: with no `*WillBegin` logged the transition ends there, as the
  /// presentation controller's missing `*DidEnd` would end it
  /// (<doc:Rules#Transitions-recorded-from-the-animator-alone>).
  private static func ends(_ phase: Phase) -> Phase {
    switch phase {
    case .presentingCompleted: .presented
    case .presentingCancelled: .withdrawn
    case .dismissingCompleted: .dismissed
    case .dismissingCancelled: .restored
    case .absent, .presentingRequested, .presentingBegan, .presentingAnimating, .presentingRunning,
      .presentingInteractive, .presentingFinishing, .presentingCancelling, .presented, .dismissingRequested,
      .dismissingBegan, .dismissingAnimating, .dismissingRunning, .dismissingInteractive,
      .dismissingFinishing,
      .dismissingCancelling, .dismissed, .withdrawn, .restored:
      phase
    }
  }
  /// A `completeTransition` decision, and the same decision for a transition with no `*WillBegin` logged.
  private static func completing(_ decision: TableDecision) -> (TableDecision, [(TableGuard, TableDecision)])
  {
    let withoutController: TableDecision =
      switch decision {
      case .move(let phase): .move(ends(phase))
      case .recover(let rule, let phase): .recover(rule, ends(phase))
      case .recoverQuietly(let rule, let phase): .recoverQuietly(rule, ends(phase))
      case .stay, .reject, .rejectQuietly, .resume, .aside: decision
      }
    return (decision, [(.withoutController, withoutController)])
  }

  private static func row(
    _ from: [Phase], _ triggers: [Trigger], _ otherwise: TableDecision, _ note: String,
    guards: [(TableGuard, TableDecision)] = [], reason: String? = nil
  ) -> Row {
    Row(
      from: from, triggers: triggers, entry: TableEntry(otherwise, guards: guards), note: note, reason: reason
    )
  }

  /// A row for `completeTransition`, ending the transition when no `*WillBegin` was logged.
  private static func completeRow(
    _ from: [Phase], _ trigger: Trigger, _ decision: TableDecision, _ note: String,
    before: [(TableGuard, TableDecision)] = []
  ) -> Row {
    let (otherwise, withoutController) = completing(decision)
    return row(from, [trigger], otherwise, note, guards: before + withoutController)
  }

  /// Every row of the table, in the order the docs print them.
  package static let rows: [Row] =
    requests + presentationCallbacks + dismissalCallbacks + animator
    + interaction + completion + tailCallbacks + layout + appearance + adaptiveDelegate + alwaysLegal

  private static let requests: [Row] = [
    row(
      notLive, [.present], .move(.presentingRequested), "present(_:animated:completion:)",
      guards: presenterRules { .reject($0) }),
    row(live, [.present], .reject(.idInUse), "the id is still live"),
    row(
      notLive, [.dismiss], .reject(.dismissNotPresented), "double dismiss",
      guards: refusedPresent(.reject(.dismissNotPresented))),
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
      [.presentingBegan], [.presentationWillBegin], .reject(.eventOutOfPhase),
      "the presentation already began (unless it began without its WillBegin: the app owns the callbacks "
        + "after all, follow them)",
      guards: [(.withoutController, .stay)] + refusedPresent(.reject(.eventOutOfPhase))),
    row(
      presentingAnimated + [.presentingCompleted, .presentingCancelled, .presented] + dismissingBeforeComplete
        + [.restored],
      [.presentationWillBegin], .reject(.eventOutOfPhase), "a presentation is already presented or under way",
      guards: refusedPresent(.reject(.eventOutOfPhase))),
    row(
      [.dismissingCompleted, .dismissingCancelled], [.presentationWillBegin],
      .recover(.eventOutOfPhase, .presentingBegan), "the dismissal never ended, yet a presentation began",
      guards: refusedPresent(.recover(.eventOutOfPhase, .presentingBegan))),

    row(
      [.absent, .dismissed], [.presentationDidEndTrue], .recover(.unknownPresentation, .presented),
      "a presentation never seen", guards: unknownPresenting(.recover(.unknownPresentation, .presented))),
    row(
      [.withdrawn], [.presentationDidEndTrue], .recover(.unknownPresentation, .presented),
      "a presentation never seen (unless its presentation ended without its *DidEnd: the late one disagrees)",
      guards: [(.endedWithoutController, .recover(.didEndMismatch, .presented))]
        + unknownPresenting(.recover(.unknownPresentation, .presented))),
    row(
      [.absent, .dismissed], [.presentationDidEndFalse], .reject(.unknownPresentation),
      "a presentation never seen", guards: unknownOnce(.reject(.unknownPresentation))),
    row(
      [.withdrawn], [.presentationDidEndFalse], .reject(.unknownPresentation),
      "a presentation never seen (unless its presentation ended without its *DidEnd: this is the late one)",
      guards: [(.endedWithoutController, .stay)] + unknownOnce(.reject(.unknownPresentation))),
    row(
      [.presentingRequested], [.presentationDidEndTrue], .recover(.eventOutOfPhase, .presented),
      "no WillBegin and no completeTransition"),
    row(
      [.presentingRequested], [.presentationDidEndFalse], .recover(.eventOutOfPhase, .withdrawn),
      "no WillBegin and no completeTransition"),
    row([.presentingBegan], [.presentationDidEndTrue], .move(.presented), "no animator: system-driven"),
    row([.presentingBegan], [.presentationDidEndFalse], .move(.withdrawn), "no animator: system-driven"),
    row(
      presentingAnimated, [.presentationDidEndTrue], .recover(.didEndBeforeComplete, .presented),
      "ended before completeTransition"),
    row(
      presentingAnimated, [.presentationDidEndFalse], .recover(.didEndBeforeComplete, .withdrawn),
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
      [.presented], [.presentationDidEndTrue], .reject(.eventOutOfPhase),
      "no presentation is under way (unless it ended without its *DidEnd: this is the late one, "
        + "<doc:Rules#Transitions-recorded-from-the-animator-alone>)",
      guards: [(.endedWithoutController, .stay)]),
    row(
      [.presented], [.presentationDidEndFalse], .reject(.eventOutOfPhase),
      "no presentation is under way (unless it ended without its *DidEnd: the late one disagrees)",
      guards: [(.endedWithoutController, .recover(.didEndMismatch, .withdrawn))]),
    row(
      dismissingInFlight + [.restored], [.presentationDidEndTrue, .presentationDidEndFalse],
      .reject(.eventOutOfPhase), "no presentation is under way"),
  ]

  private static let dismissalCallbacks: [Row] = [
    row(
      [.absent, .withdrawn], [.dismissalWillBegin], .recover(.unknownPresentation, .dismissingBegan),
      "a dismissal of a presentation never seen presented (the recording started late)",
      guards: unknownPresenting(.recover(.unknownPresentation, .dismissingBegan))),
    row(
      [.dismissed], [.dismissalWillBegin], .recover(.unknownPresentation, .dismissingBegan),
      "a dismissal of a presentation no longer presented, unless it is a stacked member's own late one",
      guards: [(.settledByGroup, .resume(.dismissingBegan))]
        + unknownOnce(.recover(.unknownPresentation, .dismissingBegan))),
    row(
      presentingInFlight, [.dismissalWillBegin], .recover(.eventOutOfPhase, .dismissingBegan),
      "the presentation never ended, yet its dismissal began",
      guards: refusedDismiss(.recover(.eventOutOfPhase, .dismissingBegan))),
    row(
      idle, [.dismissalWillBegin], .move(.dismissingBegan),
      "system dismissal (<doc:Rules#Optional-request-events>)"),
    row([.dismissingRequested], [.dismissalWillBegin], .move(.dismissingBegan), "the transition begins"),
    row(
      [.dismissingBegan], [.dismissalWillBegin], .reject(.eventOutOfPhase),
      "the dismissal already began (unless it began without its WillBegin: the app owns the callbacks "
        + "after all, follow them)",
      guards: [(.withoutController, .stay)] + refusedDismiss(.reject(.eventOutOfPhase))),
    row(
      dismissingAnimated + [.dismissingCompleted, .dismissingCancelled], [.dismissalWillBegin],
      .reject(.eventOutOfPhase), "the dismissal already began",
      guards: refusedDismiss(.reject(.eventOutOfPhase))),

    row(
      [.absent, .withdrawn], [.dismissalDidEndTrue, .dismissalDidEndFalse], .reject(.unknownPresentation),
      "a presentation never seen", guards: unknownOnce(.reject(.unknownPresentation))),
    row(
      [.dismissed], [.dismissalDidEndTrue], .reject(.unknownPresentation),
      "a presentation no longer presented (unless its dismissal ended without its *DidEnd: this is the late "
        + "one)", guards: [(.endedWithoutController, .stay)] + unknownOnce(.reject(.unknownPresentation))),
    row(
      [.dismissed], [.dismissalDidEndFalse], .reject(.unknownPresentation),
      "a presentation no longer presented (unless its dismissal ended without its *DidEnd: the late one "
        + "disagrees)",
      guards: [(.endedWithoutController, .recover(.didEndMismatch, .restored))]
        + unknownOnce(.reject(.unknownPresentation))),
    row(
      presentingInFlight, [.dismissalDidEndTrue, .dismissalDidEndFalse], .reject(.eventOutOfPhase),
      "no dismissal is under way"),
    row(
      [.presented, .dismissingRequested], [.dismissalDidEndTrue], .recover(.eventOutOfPhase, .dismissed),
      "no WillBegin and no completeTransition"),
    row(
      [.restored], [.dismissalDidEndTrue], .recover(.eventOutOfPhase, .dismissed),
      "no WillBegin and no completeTransition (unless the dismissal ended without its *DidEnd: the late one "
        + "disagrees)", guards: [(.endedWithoutController, .recover(.didEndMismatch, .dismissed))]),
    row([.presented], [.dismissalDidEndFalse], .reject(.eventOutOfPhase), "no dismissal is under way"),
    row(
      [.restored], [.dismissalDidEndFalse], .reject(.eventOutOfPhase),
      "no dismissal is under way (unless it ended without its *DidEnd: this is the late one)",
      guards: [(.endedWithoutController, .stay)]),
    row(
      [.dismissingRequested], [.dismissalDidEndFalse], .recover(.eventOutOfPhase, .restored),
      "no WillBegin and no completeTransition"),
    row([.dismissingBegan], [.dismissalDidEndTrue], .move(.dismissed), "no animator: system-driven"),
    row([.dismissingBegan], [.dismissalDidEndFalse], .move(.restored), "no animator: system-driven"),
    row(
      dismissingAnimated, [.dismissalDidEndTrue], .recover(.didEndBeforeComplete, .dismissed),
      "ended before completeTransition"),
    row(
      dismissingAnimated, [.dismissalDidEndFalse], .recover(.didEndBeforeComplete, .restored),
      "ended before completeTransition"),
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
      notLive, [.animate, .interruptibleAnimator], .recover(.unknownPresentation, .presentingAnimating),
      "a presentation never seen",
      guards: unknownPresenting(.recover(.unknownPresentation, .presentingAnimating))),
    row(
      notLive, [.startInteractive], .recover(.unknownPresentation, .presentingInteractive),
      "a presentation never seen",
      guards: unknownPresenting(.recover(.unknownPresentation, .presentingInteractive))),
    row(
      [.presentingRequested, .presentingBegan], [.animate], .move(.presentingAnimating),
      "the animator starts (with no WillBegin logged, it begins the transition: "
        + "<doc:Rules#Transitions-recorded-from-the-animator-alone>)", guards: once),
    row(
      [.presentingRequested, .presentingBegan], [.interruptibleAnimator], .move(.presentingAnimating),
      "the animator starts, interruptible (<doc:Rules#Interruptible-transitions>)"),
    row(
      [.presentingRequested, .presentingBegan, .presentingAnimating], [.startInteractive],
      .move(.presentingInteractive),
      "the interaction controller starts (percent-driven logs animateTransition in either order)",
      guards: interactionStart(.presenting)),
    row(
      [
        .presentingAnimating, .presentingRunning, .presentingInteractive, .presentingFinishing,
        .presentingCancelling, .dismissingAnimating, .dismissingRunning, .dismissingInteractive,
        .dismissingFinishing, .dismissingCancelling,
      ],
      [.animate], .stay,
      "animateTransition once the animation started (an interruptible animator asked first, or "
        + "percent-driven after startInteractiveTransition)", guards: once),
    row(
      [.presentingCompleted, .presentingCancelled, .dismissingCompleted, .dismissingCancelled], [.animate],
      .reject(.eventOutOfPhase), "the animation already ended in this transition"),
    row(
      [
        .presentingAnimating, .presentingRunning, .presentingFinishing, .presentingCancelling,
        .dismissingAnimating, .dismissingRunning, .dismissingFinishing, .dismissingCancelling,
      ],
      [.interruptibleAnimator], .stay, "UIKit asks for the interruptible animator again"),
    row(
      [.presentingInteractive], [.interruptibleAnimator], .stay,
      "UIKit asks for the interruptible animator again (with wantsInteractiveStart false and nothing "
        + "driving yet, the interaction starts running)",
      guards: [(.startedRunning, .move(.presentingRunning))]),
    row(
      [.dismissingInteractive], [.interruptibleAnimator], .stay,
      "UIKit asks for the interruptible animator again (with wantsInteractiveStart false and nothing "
        + "driving yet, the interaction starts running)",
      guards: [(.startedRunning, .move(.dismissingRunning))]),
    row(
      [.presentingCompleted, .presentingCancelled, .dismissingCompleted, .dismissingCancelled],
      [.interruptibleAnimator], .reject(.eventOutOfPhase), "the animation already ended in this transition"),
    row(
      [
        .presentingRunning, .presentingInteractive, .presentingFinishing, .presentingCancelling,
        .presentingCompleted, .presentingCancelled, .dismissingRunning, .dismissingInteractive,
        .dismissingFinishing, .dismissingCancelling, .dismissingCompleted, .dismissingCancelled,
      ],
      [.startInteractive], .reject(.eventOutOfPhase), "the interaction already started in this transition"),
    row(
      idle, [.animate, .interruptibleAnimator], .recover(.eventOutOfPhase, .dismissingAnimating),
      "nothing asked for a dismissal"),
    row(
      idle, [.startInteractive], .recover(.eventOutOfPhase, .dismissingInteractive),
      "nothing asked for a dismissal"),
    row(
      [.dismissingRequested, .dismissingBegan], [.animate], .move(.dismissingAnimating),
      "the animator starts (with no WillBegin logged, it begins the transition: "
        + "<doc:Rules#Transitions-recorded-from-the-animator-alone>)", guards: once),
    row(
      [.dismissingRequested, .dismissingBegan], [.interruptibleAnimator], .move(.dismissingAnimating),
      "the animator starts, interruptible (<doc:Rules#Interruptible-transitions>)"),
    row(
      [.dismissingRequested, .dismissingBegan, .dismissingAnimating], [.startInteractive],
      .move(.dismissingInteractive), "the interaction controller starts",
      guards: interactionStart(.dismissing)),
  ]

  private static let interaction: [Row] = [
    row(
      [.absent], [.update, .pause, .finish, .cancel], .reject(.interactionBeforeStart),
      "sent before the request: lost (<doc:Rules#Gestures>)"),
    row(
      beforeInteraction, [.update, .pause, .finish, .cancel], .reject(.interactionBeforeStart),
      "UIKit drops updates and defers finish/cancel until the interaction starts",
      guards: oncePerTransition(.reject(.interactionBeforeStart))),
    row([.presentingInteractive, .dismissingInteractive], [.update, .pause], .stay, "progress"),
    row(
      [.presentingRunning, .dismissingRunning], [.update], .stay,
      "progress of the running animation (<doc:Rules#Interruptible-transitions>)"),
    row(
      [.presentingRunning], [.pause], .move(.presentingInteractive),
      "the user caught the running animation: interactive now"),
    row(
      [.dismissingRunning], [.pause], .move(.dismissingInteractive),
      "the user caught the running animation: interactive now"),
    row(
      [.presentingInteractive, .presentingRunning], [.finish], .move(.presentingFinishing),
      "the user let go past the threshold"),
    row(
      [.presentingInteractive, .presentingRunning], [.cancel], .move(.presentingCancelling),
      "the user let go before it"),
    row(
      [.dismissingInteractive, .dismissingRunning], [.finish], .move(.dismissingFinishing),
      "the user let go past the threshold"),
    row(
      [.dismissingInteractive, .dismissingRunning], [.cancel], .move(.dismissingCancelling),
      "the user let go before it"),
    row(
      [.presentingFinishing, .presentingCancelling], [.pause], .reject(.interactionAfterEnd),
      "the interaction already finished or was cancelled (an interruptible transition can be caught again)",
      guards: [(.interruptible, .move(.presentingInteractive))]
        + oncePerTransition(.reject(.interactionAfterEnd))),
    row(
      [.dismissingFinishing, .dismissingCancelling], [.pause], .reject(.interactionAfterEnd),
      "the interaction already finished or was cancelled (an interruptible transition can be caught again)",
      guards: [(.interruptible, .move(.dismissingInteractive))]
        + oncePerTransition(.reject(.interactionAfterEnd))),
    row(
      afterInteraction.filter {
        ![.presentingFinishing, .presentingCancelling, .dismissingFinishing, .dismissingCancelling].contains(
          $0)
      }, [.pause], .reject(.interactionAfterEnd), "the transition ended",
      guards: oncePerTransition(.reject(.interactionAfterEnd))),
    row(
      afterInteraction, [.update, .finish, .cancel], .reject(.interactionAfterEnd),
      "the interaction already finished or was cancelled, or the transition ended",
      guards: oncePerTransition(.reject(.interactionAfterEnd))),
  ]

  private static let completion: [Row] = [
    row(
      [.absent], [.completeTrue], .recover(.unknownPresentation, .presentingCompleted),
      "a presentation never seen",
      guards: unknownPresenting(.recover(.unknownPresentation, .presentingCompleted))),
    row(
      [.absent], [.completeFalse], .recover(.unknownPresentation, .presentingCancelled),
      "a presentation never seen",
      guards: unknownPresenting(.recover(.unknownPresentation, .presentingCancelled))),
    completeRow(
      [
        .presentingRequested, .presentingBegan, .presentingAnimating, .presentingRunning,
        .presentingFinishing,
      ],
      .completeTrue, .move(.presentingCompleted),
      "the animation finished (no animator logged: the recorder saw only that)"),
    completeRow(
      [.presentingInteractive], .completeTrue, .recover(.eventOutOfPhase, .presentingCompleted),
      "completed while interactive, with no finishInteractiveTransition"),
    completeRow(
      [.presentingCancelling], .completeTrue, .recover(.completeContradictsCancel, .presentingCompleted),
      "the view ends up presented although the user cancelled (unless the app finished after its cancel: "
        + "interaction-after-end said so)", before: [(.finishedLate, .move(.presentingCompleted))]),
    completeRow(
      [.presentingRequested, .presentingBegan, .presentingAnimating], .completeFalse,
      .recover(.transitionAborted, .presentingCancelled),
      "the animator ended a transition that never went interactive with completeTransition(false): UIKit "
        + "reverts it (<doc:Rules#An-animator-may-abort-a-transition>); a cancel sent before the interaction "
        + "started makes it legal",
      before: [
        (.cancelDeferredWithoutController, .move(.withdrawn)), (.cancelDeferred, .move(.presentingCancelled)),
      ]),
    completeRow(
      [.presentingRunning, .presentingInteractive], .completeFalse,
      .recover(.completeWithoutCancel, .presentingCancelled),
      "an interactive transition with no cancel: UIKit treats it as a cancel"),
    completeRow(
      [.presentingFinishing], .completeFalse, .recover(.completeWithoutCancel, .presentingCancelled),
      "an interactive transition with no cancel: UIKit treats it as a cancel (unless the app cancelled after "
        + "its finish: interaction-after-end said so)",
      before: [(.cancelledLate, .move(.presentingCancelled))]),
    completeRow(
      [.presentingCancelling], .completeFalse, .move(.presentingCancelled), "the cancel animation finished"),
    row(
      [.presentingCompleted, .presentingCancelled, .dismissingCompleted, .dismissingCancelled],
      [.completeTrue, .completeFalse], .reject(.completeTwice), "completeTransition twice"),
    row(
      afterDidEnd, [.completeTrue, .completeFalse], .reject(.completeTwice),
      "completeTransition again after *DidEnd", guards: completeAfterDidEnd,
      reason: "completeTransition again after *DidEnd"),
    completeRow(
      [
        .dismissingRequested, .dismissingBegan, .dismissingAnimating, .dismissingRunning,
        .dismissingFinishing,
      ],
      .completeTrue, .move(.dismissingCompleted),
      "the animation finished (no animator logged: the recorder saw only that)"),
    completeRow(
      [.dismissingInteractive], .completeTrue, .recover(.eventOutOfPhase, .dismissingCompleted),
      "completed while interactive, with no finishInteractiveTransition"),
    completeRow(
      [.dismissingCancelling], .completeTrue, .recover(.completeContradictsCancel, .dismissingCompleted),
      "the view ends up dismissed although the user cancelled (unless the app finished after its cancel: "
        + "interaction-after-end said so)", before: [(.finishedLate, .move(.dismissingCompleted))]),
    completeRow(
      [.dismissingRequested, .dismissingBegan, .dismissingAnimating], .completeFalse,
      .recover(.transitionAborted, .dismissingCancelled),
      "the animator ended a transition that never went interactive with completeTransition(false): UIKit "
        + "reverts it, and the views the animator moved stay where they are "
        + "(<doc:Rules#An-animator-may-abort-a-transition>); a cancel sent before the interaction started "
        + "makes it legal",
      before: [
        (.cancelDeferredWithoutController, .move(.restored)), (.cancelDeferred, .move(.dismissingCancelled)),
      ]),
    completeRow(
      [.dismissingRunning, .dismissingInteractive], .completeFalse,
      .recover(.completeWithoutCancel, .dismissingCancelled),
      "an interactive transition with no cancel: UIKit treats it as a cancel"),
    completeRow(
      [.dismissingFinishing], .completeFalse, .recover(.completeWithoutCancel, .dismissingCancelled),
      "an interactive transition with no cancel: UIKit treats it as a cancel (unless the app cancelled after "
        + "its finish: interaction-after-end said so)",
      before: [(.cancelledLate, .move(.dismissingCancelled))]),
    completeRow(
      [.dismissingCancelling], .completeFalse, .move(.dismissingCancelled), "the cancel animation finished"),
  ]

  private static let tailCallbacks: [Row] = [
    row(
      [.absent], [.animationEnded], .reject(.unknownPresentation), "a presentation never seen",
      guards: unknownOnce(.reject(.unknownPresentation))),
    row(
      [.absent], [.completion], .reject(.unknownPresentation), "a presentation never seen",
      guards: refusedDismissCompletion + unknownOnce(.reject(.unknownPresentation))),
    row(
      presentingBeforeComplete + dismissingBeforeComplete, [.animationEnded], .reject(.eventOutOfPhase),
      "the animation has not ended: completeTransition has not come"),
    row(tail, [.animationEnded], .stay, "the completion tail", guards: once),
    row(
      [.presentingRequested], [.completion], .reject(.eventOutOfPhase),
      "the transition has not ended (a system style's completion shows it ran unseen: presented)",
      guards: refusedDismissCompletion + [(.systemStyleUnseen, .move(.presented))]),
    row(
      Array(presentingBeforeComplete.dropFirst()) + Array(dismissingBeforeComplete.dropFirst()),
      [.completion],
      .reject(.eventOutOfPhase), "the transition has not ended", guards: refusedDismissCompletion),
    row(
      [.dismissingRequested], [.completion], .reject(.eventOutOfPhase),
      "the transition has not ended (unless another member of its stack carried it, or a system style's "
        + "completion shows it ran unseen: dismissed)",
      guards: refusedDismissCompletion + [
        (.groupCompletionPending, .aside), (.systemStyleUnseen, .move(.dismissed)),
      ]),
    row(
      tail, [.completion], .stay,
      "the completion block, which UIKit runs at the end of every transition, completed or cancelled "
        + "(<doc:Rules#Completion>)", guards: refusedDismissCompletion + once),
  ]

  private static let layout: [Row] = [
    row(
      [.absent], [.layoutWill, .layoutDid], .reject(.unknownPresentation), "a presentation never seen",
      guards: unknownOnce(.reject(.unknownPresentation))),
    row(
      [.presentingRequested], [.layoutWill, .layoutDid], .reject(.layoutWithoutContainer),
      "no container view before presentationTransitionWillBegin",
      guards: oncePerTransition(.reject(.layoutWithoutContainer))),
    row(
      Array(presentingInFlight.dropFirst()) + [.presented] + dismissingInFlight + [.restored],
      [.layoutWill, .layoutDid], .stay, "a container layout pass"),
    row(
      [.dismissed, .withdrawn], [.layoutWill, .layoutDid], .reject(.layoutWithoutContainer),
      "no container view any more", guards: oncePerTransition(.reject(.layoutWithoutContainer))),
  ]

  private static let appearance: [Row] = [
    row(
      [.absent, .dismissed, .withdrawn], [.viewWillAppear, .viewIsAppearing, .viewDidAppear],
      .reject(.unknownPresentation), "a presentation never seen, or no longer presented",
      guards: unknownOnce(.reject(.unknownPresentation))),
    row(
      [.presentingRequested], [.viewWillAppear], .move(.presentingBegan),
      "the presented controller starts appearing: with no WillBegin logged, this begins the transition "
        + "(<doc:Rules#Presentations-observed-from-outside>)", guards: asPresenter),
    row(
      Array(presentingBeforeComplete.dropFirst()), [.viewWillAppear], .stay, "appearing", guards: asPresenter),
    row(
      [.presentingCompleted, .presentingCancelled, .presented] + [.dismissingRequested] + dismissingAnimated
        + [.dismissingCompleted],
      [.viewWillAppear], .reject(.eventOutOfPhase), "not appearing", guards: asPresenter),
    row(
      [.dismissingBegan], [.viewWillAppear], .reject(.eventOutOfPhase),
      "not appearing (a dismissal observed from outside reverts: the user let go before the threshold)",
      guards: asPresenter + [(.observed, .stay)]),
    row(
      [.dismissingCancelled, .restored], [.viewWillAppear], .stay, "the revert of a cancelled dismissal",
      guards: asPresenter),
    row(
      live, [.viewIsAppearing], .stay, "between viewWillAppear and viewDidAppear (the side track checks it)",
      guards: asPresenter),
    row(
      [.presentingRequested, .presentingBegan], [.viewDidAppear], .reject(.eventOutOfPhase),
      "not appeared (observed from outside, the presentation is done: "
        + "<doc:Rules#Presentations-observed-from-outside>)",
      guards: asPresenter + [(.observed, .move(.presented))]),
    row(
      presentingAnimated + [.presentingCancelled, .dismissingRequested] + dismissingAnimated
        + [.dismissingCompleted],
      [.viewDidAppear], .reject(.eventOutOfPhase), "not appeared", guards: asPresenter),
    row(
      [.dismissingBegan], [.viewDidAppear], .reject(.eventOutOfPhase),
      "not appeared (a dismissal observed from outside is cancelled: presented again)",
      guards: asPresenter + [(.observed, .move(.restored))]),
    row(
      [.presentingCompleted, .presented, .dismissingCancelled, .restored], [.viewDidAppear], .stay,
      "appeared (or the revert of a cancelled dismissal)", guards: asPresenter),

    row(
      [.absent, .dismissed], [.viewWillDisappear], .reject(.unknownPresentation),
      "a presentation never seen, or no longer presented", guards: unknownOnce(.reject(.unknownPresentation))),
    row(
      [.absent], [.viewDidDisappear], .reject(.unknownPresentation), "a presentation never seen",
      guards: unknownOnce(.reject(.unknownPresentation))),
    row(
      presentingBeforeComplete + [.presentingCompleted, .dismissingCompleted, .dismissingCancelled],
      [.viewWillDisappear], .reject(.eventOutOfPhase), "not disappearing", guards: asPresenter),
    row(
      idle, [.viewWillDisappear], .move(.dismissingBegan),
      "the presented controller starts disappearing with no dismiss logged: a swipe the app hears of only "
        + "through its appearance (<doc:Rules#Presentations-observed-from-outside>)", guards: asPresenter),
    row(
      [.presentingCancelled], [.viewWillDisappear], .stay, "the revert of a cancelled presentation",
      guards: asPresenter),
    row([.withdrawn], [.viewWillDisappear], .stay, "the revert of a cancelled presentation"),
    row(
      [.dismissingRequested], [.viewWillDisappear], .move(.dismissingBegan),
      "disappearing: with no WillBegin logged, this begins the transition "
        + "(<doc:Rules#Presentations-observed-from-outside>)", guards: asPresenter),
    row(
      Array(dismissingBeforeComplete.dropFirst()), [.viewWillDisappear], .stay, "disappearing",
      guards: asPresenter),
    row(
      presentingBeforeComplete + [.presentingCompleted, .presented] + dismissingAnimated
        + [.dismissingCancelled, .restored],
      [.viewDidDisappear], .reject(.eventOutOfPhase), "not disappeared", guards: asPresenter),
    row(
      [.dismissingRequested, .dismissingBegan], [.viewDidDisappear], .reject(.eventOutOfPhase),
      "not disappeared (observed from outside, the dismissal is done: "
        + "<doc:Rules#Presentations-observed-from-outside>)",
      guards: asPresenter + [(.observed, .move(.dismissed))]),
    row(
      [.presentingCancelled, .dismissingCompleted], [.viewDidDisappear], .stay,
      "disappeared (or the revert of a cancelled presentation)", guards: asPresenter),
    row(
      [.dismissed, .withdrawn], [.viewDidDisappear], .stay,
      "disappeared (or the revert of a cancelled presentation)"),
  ]

  private static let adaptiveDelegate: [Row] = [
    row(
      notLive, [.sizeChange], .reject(.unknownPresentation), "a presentation never seen",
      guards: unknownOnce(.reject(.unknownPresentation))),
    row(live, [.sizeChange], .stay, "size change (rotation)"),
    row(
      [.absent, .withdrawn], [.controllerWillDismiss], .recover(.unknownPresentation, .dismissingBegan),
      "a dismissal of a presentation never seen presented (the recording started late)",
      guards: unknownPresenting(.recover(.unknownPresentation, .dismissingBegan))),
    row(
      [.dismissed], [.controllerWillDismiss], .recover(.unknownPresentation, .dismissingBegan),
      "a dismissal of a presentation no longer presented",
      guards: unknownOnce(.recover(.unknownPresentation, .dismissingBegan))),
    row(
      presentingInFlight + [.dismissingCompleted, .dismissingCancelled], [.controllerWillDismiss],
      .reject(.eventOutOfPhase), "no sheet the user could swipe is on screen"),
    row(
      idle, [.controllerWillDismiss], .move(.dismissingRequested), "a sheet swipe starts a system dismissal"),
    row(
      dismissingBeforeComplete, [.controllerWillDismiss], .stay,
      "the adaptive delegate hears of the swipe (just before the controller's viewWillDisappear, or just "
        + "after it for a popover tapped outside)", guards: once),
    row(
      [.absent] + presentingInFlight + [.presented] + dismissingBeforeComplete
        + [.dismissingCancelled, .withdrawn, .restored],
      [.controllerDidDismiss], .reject(.didDismissWithoutDismissal), "no dismissal completed"),
    row(
      [.dismissingCompleted, .dismissed], [.controllerDidDismiss], .stay, "the sheet was dismissed",
      guards: once),
    row(
      notLive, [.controllerDidAttemptToDismiss], .reject(.unknownPresentation), "a presentation never seen",
      guards: unknownOnce(.reject(.unknownPresentation))),
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

  /// Every row's guards, in the rows' order: each row's a contiguous run of `compiledGuards`, which its
  /// pairs' compiled entries point at.
  private static let compiledGuards: [TableEntry.Guarded] = rows.flatMap(\.entry.guards)

  /// The compiled table the machine steps on: per pair, the decision without guards, and the run of
  /// `compiledGuards` to ask first (most pairs have none, so most steps read one entry and ask nothing).
  private static let compiled: [CompiledEntry] = {
    var firstGuard: [Int32] = []
    var next: Int32 = 0
    for row in rows {
      firstGuard.append(next)
      next += Int32(row.entry.guards.count)
    }
    return rowIndex.map { position in
      guard position >= 0 else {
        return CompiledEntry(otherwise: .reject(.eventOutOfPhase), firstGuard: 0, guardCount: 0)
      }
      let entry = rows[position].entry
      return CompiledEntry(
        otherwise: entry.otherwise, firstGuard: firstGuard[position], guardCount: Int32(entry.guards.count))
    }
  }()

  /// One pair of the compiled table: the decision when no guard holds, and where the row's guards stand in
  /// `Compiled.guards`.
  struct CompiledEntry: Sendable {
    var otherwise: TableDecision
    var firstGuard: Int32
    var guardCount: Int32

    /// Whether the row names guards to ask before `otherwise`.
    var hasGuards: Bool { guardCount > 0 }
    /// The positions of the row's guards in `Compiled.guards`, in the order they are tried.
    var guardPositions: Range<Int> { Int(firstGuard)..<Int(firstGuard + guardCount) }
  }

  /// The row that lists (`phase`, `trigger`), if one does (every pair has one; see the coverage test).
  package static func row(_ phase: Phase, _ trigger: Trigger) -> Row? {
    let position = rowIndex[index(phase, trigger)]
    return position >= 0 ? rows[position] : nil
  }

  /// What `trigger` does in `phase`: the guards to ask, and the decision when none holds.
  package static func entry(_ phase: Phase, _ trigger: Trigger) -> TableEntry {
    row(phase, trigger)?.entry ?? TableEntry(.reject(.eventOutOfPhase))
  }

  /// The table as the machine steps on it: one entry per pair, read by index. The session keeps one, so
  /// that a step reads no global (each read of a `static let` asks whether it is initialised yet).
  struct Compiled: Sendable {
    let entries: [CompiledEntry]
    /// Every row's guards, each entry's a run (`CompiledEntry.guardPositions`): the step asks them in a
    /// loop of its own, with no closure (one that captured the session copied it on every guarded step).
    let guards: [TableEntry.Guarded]
    /// Each of `guards` as a bit test of the presentation's facts (`TableGuard.bitTest`): by position,
    /// beside `guards`.
    let guardTests: [GuardFacts.Test]
    /// The triggers UIKit delivers once per transition, by bit `Trigger.rawValue`.
    let oncePerTransition: UInt64

    /// The entry for (`phase`, `trigger`): the decision when no guard holds, and the guards to ask first
    /// (`guards[entry.guardPositions]`, in order; the first that holds decides). The machine's step: one
    /// table read, and guard questions only where the row names guards.
    @inline(__always)
    func entry(_ phase: Phase, _ trigger: Trigger) -> CompiledEntry {
      entries[TransitionTable.index(phase, trigger)]
    }

    /// What `trigger` does in `phase` when no guard holds.
    @inline(__always)
    func otherwise(_ phase: Phase, _ trigger: Trigger) -> TableDecision {
      entries[TransitionTable.index(phase, trigger)].otherwise
    }

    /// Whether UIKit delivers `trigger` at most once per transition.
    @inline(__always)
    func isOncePerTransition(_ trigger: Trigger) -> Bool {
      oncePerTransition & (1 &<< UInt64(trigger.rawValue)) != 0
    }
  }

  /// The compiled table.
  static let compiledTable = Compiled(
    entries: compiled, guards: compiledGuards,
    guardTests: compiledGuards.map(\.condition.bitTest), oncePerTransition: oncePerTransition)

  /// The triggers UIKit delivers at most once per transition: those a row guards with
  /// `TableGuard.alreadyDelivered`. A transition remembers which of them it has seen.
  private static let oncePerTransition: UInt64 = rows.reduce(0) { bits, row in
    guard row.entry.guards.contains(where: { $0.condition == .alreadyDelivered }) else { return bits }
    return row.triggers.reduce(bits) { $0 | 1 << UInt64($1.rawValue) }
  }

  /// Whether UIKit delivers `trigger` at most once per transition (the table guards its repeats).
  @inline(__always)
  package static func isOncePerTransition(_ trigger: Trigger) -> Bool {
    oncePerTransition & (1 &<< UInt64(trigger.rawValue)) != 0
  }

  /// What `trigger` does in `phase` when no guard holds: one read of the compiled table.
  @inline(__always)
  static func otherwise(_ phase: Phase, _ trigger: Trigger) -> TableDecision {
    compiled[index(phase, trigger)].otherwise
  }

  /// Why the table says what it says for (`phase`, `trigger`): the note of the row that lists the pair.
  package static func note(_ phase: Phase, _ trigger: Trigger) -> String? { row(phase, trigger)?.note }

  /// The triggers legal in `phase` when no guard holds (moves and stays), for "expected one of" messages.
  package static func legalTriggers(in phase: Phase) -> [Trigger] {
    Trigger.allCases.filter { trigger in
      guard !trigger.isAlwaysLegal else { return false }
      switch entry(phase, trigger).otherwise {
      case .move, .stay: return true
      case .reject, .recover, .rejectQuietly, .recoverQuietly, .resume, .aside: return false
      }
    }
  }
}
