/// A named fact beyond the phase that a row of ``TransitionTable`` may ask about before it decides.
///
/// ```swift
/// TableGuard.finishDeferred.summary
/// // "a finishInteractiveTransition came after *WillBegin but before the interaction started"
/// ```
///
/// The session answers each guard from what it holds (the presentation's transition, its presenter's
/// stack); the table says what each answer means. A guard about a transition is false when the
/// presentation has none yet.
public enum TableGuard: String, CaseIterable, Sendable, Hashable {
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
  /// A presentation stacked above this one has a transition in flight (asked of a `dismiss` the app sent;
  /// the members a dismissal from below takes along are moved, not asked).
  case stackAboveInFlight

  /// What the guard asks, in one line, for docs and diagrams.
  public var summary: String {
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
    }
  }
}
