/// The name of one recorded lifecycle callback, spelled exactly as UIKit spells it.
///
/// ```swift
/// EventKind(rawValue: "presentationTransitionWillBegin") // .presentationTransitionWillBegin
/// ```
///
/// The raw value is the `event` string of trace format v1; names outside this list are
/// unknown events, reported once and skipped by the reader.
public enum EventKind: String, CaseIterable, Sendable, Hashable {
  case present
  case presentationTransitionWillBegin
  case presentationTransitionDidEnd
  case dismiss
  case dismissalTransitionWillBegin
  case dismissalTransitionDidEnd
  case containerViewWillLayoutSubviews
  case containerViewDidLayoutSubviews
  case animateTransition
  case startInteractiveTransition
  /// UIKit asked the animator for `interruptibleAnimator(using:)` and got one (<doc:Rules#Interruptible-transitions>).
  case interruptibleAnimator
  case updateInteractiveTransition
  case pauseInteractiveTransition
  case finishInteractiveTransition
  case cancelInteractiveTransition
  case completeTransition
  case animationEnded
  case viewWillAppear
  /// iOS 13+ (built with Xcode 15): once between `viewWillAppear` and its `viewDidAppear`.
  case viewIsAppearing
  case viewDidAppear
  case viewWillDisappear
  case viewDidDisappear
  case viewWillTransitionToSize
  case panBegan
  case panChanged
  case panEnded
  case panCancelled
  case presentationControllerWillDismiss
  case presentationControllerDidDismiss
  case presentationControllerDidAttemptToDismiss
  case completion
  case mark

  /// The payload keys this event understands, in the order the canonical writer emits them.
  public var payloadKeys: [PayloadKey] {
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
  public var requiredPayloadKeys: [PayloadKey] {
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
