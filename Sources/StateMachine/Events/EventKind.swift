/// The name of one recorded lifecycle callback, spelled exactly as UIKit spells it.
///
/// ```swift
/// EventKind(rawValue: "presentationTransitionWillBegin") // .presentationTransitionWillBegin
/// ```
///
/// The raw value is the `event` string of trace format v1; names outside this list are
/// unknown events, reported once and skipped by the reader.
public enum EventKind: String, CaseIterable, Sendable, Hashable {
  /// `present(_:animated:completion:)` was called: the request, which names the presenter and the style,
  /// before UIKit begins anything.
  case present
  /// The presentation controller's `presentationTransitionWillBegin()`: UIKit has begun the presentation.
  case presentationTransitionWillBegin
  /// The presentation controller's `presentationTransitionDidEnd(_:)`: the presentation ended, on screen or
  /// withdrawn.
  case presentationTransitionDidEnd
  /// `dismiss(animated:completion:)` was called: the request, before UIKit begins anything.
  case dismiss
  /// The presentation controller's `dismissalTransitionWillBegin()`: UIKit has begun the dismissal.
  case dismissalTransitionWillBegin
  /// The presentation controller's `dismissalTransitionDidEnd(_:)`: the dismissal ended, gone or undone.
  case dismissalTransitionDidEnd
  /// The presentation controller's `containerViewWillLayoutSubviews()`: a layout pass opens, timed against a
  /// frame.
  case containerViewWillLayoutSubviews
  /// The presentation controller's `containerViewDidLayoutSubviews()`: the layout pass closes.
  case containerViewDidLayoutSubviews
  /// The animator's `animateTransition(using:)`, with its `transitionDuration`: the duration the timing rules
  /// hold it to.
  case animateTransition
  /// The interaction controller's `startInteractiveTransition(_:)`: from here a gesture drives the
  /// transition.
  case startInteractiveTransition
  /// UIKit asked the animator for `interruptibleAnimator(using:)` and got one (<doc:Rules#Interruptible-transitions>).
  case interruptibleAnimator
  /// The context's `updateInteractiveTransition(_:)`: the gesture's progress, which says where the user let
  /// go.
  case updateInteractiveTransition
  /// The context's `pauseInteractiveTransition()`: a user caught a running or committed transition again.
  case pauseInteractiveTransition
  /// The context's `finishInteractiveTransition()`: the user let go past the threshold, and UIKit runs the
  /// rest.
  case finishInteractiveTransition
  /// The context's `cancelInteractiveTransition()`: the user let go before the threshold, and UIKit runs it
  /// back.
  case cancelInteractiveTransition
  /// The context's `completeTransition(_:)`: the animator's word that the transition is over, once per
  /// transition.
  case completeTransition
  /// The animator's `animationEnded(_:)`: the tail UIKit delivers after the transition ended.
  case animationEnded
  /// `viewWillAppear(_:)` of the presented controller, or of a presenter coming back.
  case viewWillAppear
  /// iOS 13+ (built with Xcode 15): once between `viewWillAppear` and its `viewDidAppear`.
  case viewIsAppearing
  /// `viewDidAppear(_:)`, which resolves its `viewWillAppear`.
  case viewDidAppear
  /// `viewWillDisappear(_:)`; with no `dismiss` before it, a sheet's swipe may be starting.
  case viewWillDisappear
  /// `viewDidDisappear(_:)`, which resolves its `viewWillDisappear`.
  case viewDidDisappear
  /// `viewWillTransition(to:with:)`: the size changes, a rotation or a split view resize.
  case viewWillTransitionToSize
  /// The app's pan recognizer began: a finger is down, so an interaction cannot hang meanwhile.
  case panBegan
  /// The pan recognizer moved: the gesture is still driving.
  case panChanged
  /// The pan recognizer ended: the finger lifted, and a finish or cancel should follow.
  case panEnded
  /// The pan recognizer was cancelled by the system.
  case panCancelled
  /// The adaptive delegate's `presentationControllerWillDismiss(_:)`: the user started swiping a sheet away.
  case presentationControllerWillDismiss
  /// The adaptive delegate's `presentationControllerDidDismiss(_:)`: the swipe dismissed the sheet.
  case presentationControllerDidDismiss
  /// The adaptive delegate's `presentationControllerDidAttemptToDismiss(_:)`: `isModalInPresentation` refused
  /// the swipe.
  case presentationControllerDidAttemptToDismiss
  /// The completion handler of `present` or `dismiss` ran: the request is over, as seen from the app.
  case completion
  /// The app's own line, with a `name`: a label on the timeline that the machine ignores.
  case mark

  /// The payload keys this event understands, in the order the canonical writer emits them.
  public var payloadKeys: [Payload.Key] {
    switch self {
    case .present: [.presenter, .animated, .style]
    case .dismiss: [.animated]
    case .presentationTransitionDidEnd, .dismissalTransitionDidEnd, .animationEnded: [.completed]
    case .containerViewWillLayoutSubviews, .containerViewDidLayoutSubviews: [.width, .height]
    case .viewWillTransitionToSize: [.width, .height]
    case .animateTransition, .interruptibleAnimator: [.duration]
    case .startInteractiveTransition: [.duration, .wantsInteractiveStart]
    case .updateInteractiveTransition: [.percent]
    case .finishInteractiveTransition, .cancelInteractiveTransition: [.completionSpeed]
    case .completeTransition: [.didComplete]
    // Only the first `viewWillAppear` after a request has a resolved style to tell: UIKit has just
    // created the presentation controller (the other appearance callbacks carry none).
    case .viewWillAppear: [.animated, .resolvedStyle]
    case .viewIsAppearing, .viewDidAppear, .viewWillDisappear, .viewDidDisappear: [.animated]
    case .panBegan, .panChanged, .panEnded, .panCancelled: [.translation, .velocity]
    case .mark: [.name]
    case .presentationTransitionWillBegin, .dismissalTransitionWillBegin, .pauseInteractiveTransition,
      .presentationControllerWillDismiss, .presentationControllerDidDismiss,
      .presentationControllerDidAttemptToDismiss, .completion:
      []
    }
  }

  /// The payload keys that must be present for the event to be meaningful.
  public var requiredPayloadKeys: [Payload.Key] {
    switch self {
    case .presentationTransitionDidEnd, .dismissalTransitionDidEnd, .animationEnded: [.completed]
    case .animateTransition: [.duration]
    case .updateInteractiveTransition: [.percent]
    case .completeTransition: [.didComplete]
    case .viewWillTransitionToSize: [.width, .height]
    case .present, .presentationTransitionWillBegin, .dismiss, .dismissalTransitionWillBegin,
      .containerViewWillLayoutSubviews, .containerViewDidLayoutSubviews, .startInteractiveTransition,
      .interruptibleAnimator, .viewIsAppearing,
      .pauseInteractiveTransition, .finishInteractiveTransition, .cancelInteractiveTransition,
      .viewWillAppear,
      .viewDidAppear, .viewWillDisappear, .viewDidDisappear, .panBegan, .panChanged, .panEnded, .panCancelled,
      .presentationControllerWillDismiss, .presentationControllerDidDismiss,
      .presentationControllerDidAttemptToDismiss, .completion, .mark:
      []
    }
  }
}
