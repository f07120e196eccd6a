/// The abstract alphabet of one presentation's machine: an event kind, split where the payload decides
/// the transition (`completeTransition(true)` versus `(false)`).
///
/// ```swift
/// Trigger(Event(t: 1, id: "p1", kind: .completeTransition, payload: Payload(didComplete: false)))
/// // .completeFalse
/// ```
package enum Trigger: Int, CaseIterable, Sendable, Hashable, Codable {
  case present, dismiss
  case presentationWillBegin, presentationDidEndTrue, presentationDidEndFalse
  case dismissalWillBegin, dismissalDidEndTrue, dismissalDidEndFalse
  case animate, startInteractive, interruptibleAnimator, update, pause, finish, cancel
  case completeTrue, completeFalse
  case animationEnded, completion
  case layoutWill, layoutDid
  case viewWillAppear, viewIsAppearing, viewDidAppear, viewWillDisappear, viewDidDisappear
  case sizeChange
  case controllerWillDismiss, controllerDidDismiss, controllerDidAttemptToDismiss
  case gesture, mark

  /// The trigger an event stands for.
  ///
  /// The event is borrowed: an initializer takes its arguments owned by default, which would copy the
  /// event (and retain its strings) on every step of the machine.
  package init(_ event: borrowing Event) {
    switch event.kind {
    case .present: self = .present
    case .dismiss: self = .dismiss
    case .presentationTransitionWillBegin: self = .presentationWillBegin
    case .presentationTransitionDidEnd:
      self = event.payload.completed == false ? .presentationDidEndFalse : .presentationDidEndTrue
    case .dismissalTransitionWillBegin: self = .dismissalWillBegin
    case .dismissalTransitionDidEnd:
      self = event.payload.completed == false ? .dismissalDidEndFalse : .dismissalDidEndTrue
    case .animateTransition: self = .animate
    case .startInteractiveTransition: self = .startInteractive
    case .interruptibleAnimator: self = .interruptibleAnimator
    case .updateInteractiveTransition: self = .update
    case .pauseInteractiveTransition: self = .pause
    case .finishInteractiveTransition: self = .finish
    case .cancelInteractiveTransition: self = .cancel
    case .completeTransition: self = event.payload.didComplete == false ? .completeFalse : .completeTrue
    case .animationEnded: self = .animationEnded
    case .completion: self = .completion
    case .containerViewWillLayoutSubviews: self = .layoutWill
    case .containerViewDidLayoutSubviews: self = .layoutDid
    case .viewWillAppear: self = .viewWillAppear
    case .viewIsAppearing: self = .viewIsAppearing
    case .viewDidAppear: self = .viewDidAppear
    case .viewWillDisappear: self = .viewWillDisappear
    case .viewDidDisappear: self = .viewDidDisappear
    case .viewWillTransitionToSize: self = .sizeChange
    case .presentationControllerWillDismiss: self = .controllerWillDismiss
    case .presentationControllerDidDismiss: self = .controllerDidDismiss
    case .presentationControllerDidAttemptToDismiss: self = .controllerDidAttemptToDismiss
    case .panBegan, .panChanged, .panEnded, .panCancelled: self = .gesture
    case .mark: self = .mark
    }
  }

  /// How the trigger reads in a message: the event name, with the deciding payload where there is one.
  package var label: String {
    switch self {
    case .present: "present"
    case .dismiss: "dismiss"
    case .presentationWillBegin: "presentationTransitionWillBegin"
    case .presentationDidEndTrue: "presentationTransitionDidEnd(true)"
    case .presentationDidEndFalse: "presentationTransitionDidEnd(false)"
    case .dismissalWillBegin: "dismissalTransitionWillBegin"
    case .dismissalDidEndTrue: "dismissalTransitionDidEnd(true)"
    case .dismissalDidEndFalse: "dismissalTransitionDidEnd(false)"
    case .animate: "animateTransition"
    case .startInteractive: "startInteractiveTransition"
    case .interruptibleAnimator: "interruptibleAnimator"
    case .update: "updateInteractiveTransition"
    case .pause: "pauseInteractiveTransition"
    case .finish: "finishInteractiveTransition"
    case .cancel: "cancelInteractiveTransition"
    case .completeTrue: "completeTransition(true)"
    case .completeFalse: "completeTransition(false)"
    case .animationEnded: "animationEnded"
    case .completion: "completion"
    case .layoutWill: "containerViewWillLayoutSubviews"
    case .layoutDid: "containerViewDidLayoutSubviews"
    case .viewWillAppear: "viewWillAppear"
    case .viewIsAppearing: "viewIsAppearing"
    case .viewDidAppear: "viewDidAppear"
    case .viewWillDisappear: "viewWillDisappear"
    case .viewDidDisappear: "viewDidDisappear"
    case .sizeChange: "viewWillTransitionToSize"
    case .controllerWillDismiss: "presentationControllerWillDismiss"
    case .controllerDidDismiss: "presentationControllerDidDismiss"
    case .controllerDidAttemptToDismiss: "presentationControllerDidAttemptToDismiss"
    case .gesture: "pan*"
    case .mark: "mark"
    }
  }

  /// Triggers legal for any id at any time, left out of "expected one of" lists.
  package var isAlwaysLegal: Bool { self == .gesture || self == .mark }

  /// Appearance callbacks of the presented view controller.
  package var isAppearance: Bool {
    switch self {
    case .viewWillAppear, .viewIsAppearing, .viewDidAppear, .viewWillDisappear, .viewDidDisappear: true
    case .present, .dismiss, .presentationWillBegin, .presentationDidEndTrue, .presentationDidEndFalse,
      .dismissalWillBegin, .dismissalDidEndTrue, .dismissalDidEndFalse, .animate, .startInteractive,
      .interruptibleAnimator, .update, .pause, .finish, .cancel, .completeTrue, .completeFalse,
      .animationEnded,
      .completion, .layoutWill, .layoutDid, .sizeChange, .controllerWillDismiss, .controllerDidDismiss,
      .controllerDidAttemptToDismiss,
      .gesture, .mark:
      false
    }
  }
}

extension Trigger {
  /// Triggers that move a transition along, as opposed to side callbacks (layout, appearance, size, gestures,
  /// marks) that are legal across many phases; "expected one of" lists name only these.
  package var isLifecycle: Bool {
    switch self {
    case .layoutWill, .layoutDid, .sizeChange, .gesture, .mark, .viewWillAppear, .viewIsAppearing,
      .viewDidAppear,
      .viewWillDisappear, .viewDidDisappear:
      false
    case .present, .dismiss, .presentationWillBegin, .presentationDidEndTrue, .presentationDidEndFalse,
      .dismissalWillBegin, .dismissalDidEndTrue, .dismissalDidEndFalse, .animate, .startInteractive,
      .interruptibleAnimator, .update, .pause, .finish, .cancel, .completeTrue, .completeFalse,
      .animationEnded,
      .completion, .controllerWillDismiss, .controllerDidDismiss, .controllerDidAttemptToDismiss:
      true
    }
  }
}
