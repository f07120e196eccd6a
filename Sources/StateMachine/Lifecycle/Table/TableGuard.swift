/// A named fact beyond the phase that a row of `TransitionTable` may ask about before it decides.
///
/// ```swift
/// TableGuard.finishDeferred.summary
/// // "a finishInteractiveTransition came after *WillBegin but before the interaction started"
/// ```
///
/// The session answers each guard from what it holds (the presentation's transition, its presenter's
/// stack); the table says what each answer means. A guard about a transition is false when the
/// presentation has none yet.
package enum TableGuard: String, CaseIterable, Sendable, Hashable {
  /// A callback UIKit delivers at most once per transition (`animateTransition`,
  /// `startInteractiveTransition`, `animationEnded`, `completion`, the adaptive delegate's `WillDismiss` and
  /// `DidDismiss`) was already delivered in this transition.
  case alreadyDelivered
  /// `completeTransition` after `*DidEnd` with none before it, where `did-end-before-complete` was
  /// reported: the late call that report already covers.
  case echoOfEarlyDidEnd
  /// `completeTransition` after `*DidEnd` in a transition that had none before it.
  case noCompleteTransitionYet
  /// A `finishInteractiveTransition` came after `*WillBegin` but before the interaction started: UIKit
  /// replays it when the interaction starts (<doc:Rules#Gestures>).
  case finishDeferred
  /// A `cancelInteractiveTransition` came after `*WillBegin` but before the interaction started: UIKit
  /// replays it when the interaction starts, so the transition is cancelling.
  case cancelDeferred
  /// The presentation presents another: its appearance callbacks are a presenter's, legal whenever it is
  /// live (<doc:Rules#Appearance-events>).
  case presentsAnother
  /// The presentation was dismissed because another member of its stack's dismissal ended, and now logs
  /// its own late dismissal callbacks (which member logs them is not documented: accept either).
  case settledByGroup
  /// The presentation waits in a stack's dismissal that another member carried out, and the stack's
  /// `completion` has not come yet: this `completion` is the stack's.
  case groupCompletionPending
  /// The presenter the request names (or, for an implicit present, the one it stacks on) has a
  /// transition in flight.
  case presenterInFlight
  /// The presenter is neither a root nor presented.
  case presenterNotPresented
  /// The presenter presents another presentation that has a transition in flight.
  case presenterTransitioningAnother
  /// The presenter already presents another live presentation.
  case presenterPresentsAnother
  /// A `cancelDeferred` in a transition that logged no `*WillBegin`: it ends when its
  /// `completeTransition` comes.
  case cancelDeferredWithoutController
  /// The transition's animator vended `interruptibleAnimator(using:)`: a finish or cancel may be caught
  /// again (<doc:Rules#Interruptible-transitions>).
  case interruptible
  /// `startInteractiveTransition` with `wantsInteractiveStart` false in an interruptible transition: it
  /// starts running, as if animated.
  case startsRunning
  /// The interaction started with `wantsInteractiveStart` false and nothing has driven it since: the
  /// animator's `interruptibleAnimator` arriving now makes it run.
  case startedRunning
  /// No `*WillBegin` was logged in this transition: the app does not own its presentation controller, and
  /// the transition ends at its `completeTransition` (<doc:Rules#Transitions-recorded-from-the-animator-alone>).
  case withoutController
  /// Neither a `*WillBegin` nor an animator or interaction event was logged in this transition: it is
  /// observed from outside, through its appearance callbacks (<doc:Rules#Presentations-observed-from-outside>).
  case observed
  /// The transition ended with no `*WillBegin` logged and no `*DidEnd` yet: a late `*DidEnd` is the
  /// presentation controller's, which the recording did not follow.
  case endedWithoutController
  /// The id's last request was a `dismiss` UIKit refused, and its completion block has not run yet: UIKit
  /// runs it at once (<doc:Rules#Completion>).
  case completesRefusedDismiss
  /// A cancel sent after the interaction was already finished, reported as `interaction-after-end`: the
  /// animator's `completeTransition(false)` follows the app's last word, not a second root cause.
  case cancelledLate
  /// A finish sent after the interaction was already cancelled, reported as `interaction-after-end`.
  case finishedLate
  /// A presentation stacked above this one has a transition in flight (asked of a `dismiss` the app sent;
  /// the members a dismissal from below takes along are moved, not asked).
  case stackAboveInFlight
  /// The request named a system style and nothing of its transition was logged since: a `completion` then
  /// shows that UIKit ran the transition the recording did not see (an alert recorded by its request and
  /// completion alone; <doc:Rules#Presentations-observed-from-outside>).
  case systemStyleUnseen
  /// The id's last request was refused (a `present` or a `dismiss` UIKit refused, or a `present` it
  /// dropped): an event of an id the refusal left unknown is its consequence, already reported
  /// (<doc:Rules#Recovery-follows-the-evidence>).
  case requestRefused
  /// The id's last request was a `present` UIKit refused or dropped: its `presentationTransitionWillBegin`
  /// shows it happened anyway, and a `dismiss` of what it never presented follows from it; neither is a
  /// second finding.
  case presentRefused
  /// The id's last request was a `dismiss` UIKit refused: its `dismissalTransitionWillBegin` shows it
  /// happened anyway, and is no second finding.
  case dismissRefused
  /// `unknown-presentation` was already reported for the id, and no presentation of it began since: one
  /// finding per id.
  case unknownReported
  /// The transition already reported the rule this row decides, a rule a driver repeats
  /// (``Rule/isReportedOncePerTransition``): one finding per transition.
  case reportedInTransition

  /// The guard as a bit test of the presentation's facts (`GuardFacts`). A guard about the transition's own
  /// flags, the trigger's delivery, a refused request (or its pending completion) or an id reported unknown
  /// is its test: this is its definition, and the session asks nothing else. A guard about the presenter,
  /// the stack, the dismissal group's other members, the event's payload, the rule the row decides, or the
  /// transition's times (`startedRunning` compares two) is asked in code, and its test names the bits
  /// without which it cannot hold, so that most steps never ask it.
  package var bitTest: GuardFacts.Test {
    switch self {
    case .alreadyDelivered: GuardFacts.Test(set: [.tracked, .seenTrigger])
    case .echoOfEarlyDidEnd: GuardFacts.Test(set: [.tracked, .completeExcused], clear: .completeKnown)
    case .noCompleteTransitionYet: GuardFacts.Test(set: .tracked, clear: .completeKnown)
    case .finishDeferred: GuardFacts.Test(set: [.tracked, .deferredFinish])
    case .cancelDeferred: GuardFacts.Test(set: [.tracked, .deferredCancel])
    case .settledByGroup: GuardFacts.Test(set: [.tracked, .settledByGroup])
    case .cancelDeferredWithoutController:
      GuardFacts.Test(set: [.tracked, .deferredCancel], clear: .controllerLogged)
    case .interruptible: GuardFacts.Test(set: [.tracked, .interruptible])
    case .withoutController: GuardFacts.Test(set: .tracked, clear: .controllerLogged)
    case .observed:
      GuardFacts.Test(set: .tracked, clear: [.controllerLogged, .animated, .interactionStarted])
    case .endedWithoutController:
      GuardFacts.Test(set: [.tracked, .ended], clear: [.controllerLogged, .didEndLogged])
    case .cancelledLate: GuardFacts.Test(set: [.tracked, .lateCancel])
    case .finishedLate: GuardFacts.Test(set: [.tracked, .lateFinish])
    case .systemStyleUnseen:
      GuardFacts.Test(
        set: [.tracked, .systemStyle], clear: [.controllerLogged, .animated, .interactionStarted])
    case .completesRefusedDismiss: GuardFacts.Test(set: .refusedDismissCompletion)
    case .requestRefused: GuardFacts.Test(set: .requestRefused)
    case .presentRefused: GuardFacts.Test(set: .presentRefused)
    case .dismissRefused: GuardFacts.Test(set: .dismissRefused)
    case .unknownReported: GuardFacts.Test(set: .unknownReported)
    // Asked in code: a presenter's callbacks need a presentation it presents or presented, the stack above
    // a child, a group's completion a group, a presenter's rule a problem the step found.
    case .presentsAnother, .stackAboveInFlight: GuardFacts.Test(askedInCode: .presenting)
    case .groupCompletionPending: GuardFacts.Test(askedInCode: [.tracked, .inGroup])
    case .presenterInFlight, .presenterNotPresented, .presenterTransitioningAnother,
      .presenterPresentsAnother:
      GuardFacts.Test(askedInCode: .presenterProblem)
    case .startsRunning: GuardFacts.Test(askedInCode: [.tracked, .interruptible])
    case .startedRunning, .reportedInTransition: GuardFacts.Test(askedInCode: .tracked)
    }
  }

  /// What the guard asks, in one line, for docs and diagrams.
  package var summary: String {
    switch self {
    case .alreadyDelivered: "the callback was already delivered in this transition"
    case .echoOfEarlyDidEnd:
      "no completeTransition before *DidEnd, and did-end-before-complete was reported: its echo"
    case .noCompleteTransitionYet: "no completeTransition before *DidEnd"
    case .finishDeferred:
      "a finishInteractiveTransition came after *WillBegin but before the interaction started"
    case .cancelDeferred:
      "a cancelInteractiveTransition came after *WillBegin but before the interaction started"
    case .presentsAnother: "the presentation presents another (a presenter's own appearance)"
    case .settledByGroup: "dismissed with its stack, it logs its own late dismissal"
    case .groupCompletionPending: "the stack's dismissal, carried by another member, awaits its completion"
    case .presenterInFlight: "the presenter has a transition in flight"
    case .presenterNotPresented: "the presenter is neither a root nor presented"
    case .presenterTransitioningAnother: "the presenter's presented presentation has a transition in flight"
    case .presenterPresentsAnother: "the presenter already presents another live presentation"
    case .stackAboveInFlight: "a presentation stacked above has a transition in flight"
    case .cancelDeferredWithoutController:
      "a cancel came before the interaction started, in a transition with no *WillBegin logged"
    case .interruptible: "the animator vended an interruptible animator"
    case .startsRunning: "wantsInteractiveStart is false and the animator is interruptible"
    case .startedRunning: "the interaction started running and nothing drove it since"
    case .withoutController: "no *WillBegin was logged in this transition"
    case .observed: "no *WillBegin and no animator or interaction event were logged in this transition"
    case .endedWithoutController: "the transition ended with no *WillBegin logged and no *DidEnd yet"
    case .completesRefusedDismiss: "the completion block of a dismiss UIKit refused"
    case .cancelledLate: "a cancel came after the finish (reported as interaction-after-end)"
    case .finishedLate: "a finish came after the cancel (reported as interaction-after-end)"
    case .systemStyleUnseen: "a system-style request with nothing of its transition logged since"
    case .requestRefused: "the id's last request was refused: its consequence was reported with it"
    case .presentRefused: "the id's last request was a present UIKit refused or dropped"
    case .dismissRefused: "the id's last request was a dismiss UIKit refused: it happened anyway"
    case .unknownReported: "unknown-presentation was already reported for the id"
    case .reportedInTransition: "the transition already reported this rule, which a driver repeats"
    }
  }
}
