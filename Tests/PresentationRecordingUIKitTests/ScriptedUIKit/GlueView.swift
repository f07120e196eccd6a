import StateMachine

/// What the glue records of an episode: the episode restricted to the events the glue records, written
/// the way the glue writes them. The test compares the recording with this.
///
/// Left out: gestures and marks (the app records those itself, if it wants them), and the
/// presentation-controller callbacks of a presentation whose presentation controller is UIKit's (a
/// `present` with a style other than `custom`): the contract's "observed from outside". A presentation
/// begun by its callbacks alone has the app's own controller, as in the scripted UIKit.
enum GlueView {
  static func recordable(_ episode: [Event]) -> [Event] {
    var systemOwned: [String: Bool] = [:]
    var presentOpen: [String: Bool] = [:]
    var kept: [Event] = []
    for event in episode {
      switch event.kind {
      case .present:
        systemOwned[event.id] = (event.payload.style ?? "custom") != "custom"
        presentOpen[event.id] = true
        kept.append(normalized(event))
      case .presentationTransitionWillBegin:
        if presentOpen[event.id] != true { systemOwned[event.id] = false }
        presentOpen[event.id] = false
        if systemOwned[event.id] != true { kept.append(normalized(event)) }
      case .presentationTransitionDidEnd, .dismissalTransitionWillBegin, .dismissalTransitionDidEnd,
        .containerViewWillLayoutSubviews, .containerViewDidLayoutSubviews:
        if systemOwned[event.id] != true { kept.append(normalized(event)) }
      case .panBegan, .panChanged, .panEnded, .panCancelled, .mark: break
      case .dismiss, .animateTransition, .startInteractiveTransition, .interruptibleAnimator,
        .updateInteractiveTransition, .pauseInteractiveTransition, .finishInteractiveTransition,
        .cancelInteractiveTransition, .completeTransition, .animationEnded, .viewWillAppear, .viewIsAppearing,
        .viewDidAppear, .viewWillDisappear, .viewDidDisappear, .viewWillTransitionToSize,
        .presentationControllerWillDismiss, .presentationControllerDidDismiss,
        .presentationControllerDidAttemptToDismiss, .completion:
        kept.append(normalized(event))
      }
    }
    return kept
  }

  /// `event` with the format's defaults written out, as the glue writes them: a request's `presenter`
  /// (`root`), `animated` (true) and `style` (`custom`); a finish's or cancel's `completionSpeed` (1); an
  /// appearance callback's `animated` (the scripted UIKit passes true when the episode says nothing); and
  /// `wantsInteractiveStart` true, which the recorder leaves out as the default.
  static func normalized(_ event: Event) -> Event {
    var event = event
    event.extra = []
    switch event.kind {
    case .present:
      event.payload.presenter = event.payload.presenter ?? "root"
      event.payload.animated = event.payload.animated ?? true
      event.payload.style = event.payload.style ?? "custom"
    case .dismiss, .viewWillAppear, .viewIsAppearing, .viewDidAppear, .viewWillDisappear, .viewDidDisappear:
      event.payload.animated = event.payload.animated ?? true
    case .finishInteractiveTransition, .cancelInteractiveTransition:
      event.payload.completionSpeed = event.payload.completionSpeed ?? 1
    case .startInteractiveTransition:
      if event.payload.wantsInteractiveStart == true { event.payload.wantsInteractiveStart = nil }
    case .presentationTransitionWillBegin, .presentationTransitionDidEnd, .dismissalTransitionWillBegin,
      .dismissalTransitionDidEnd, .containerViewWillLayoutSubviews, .containerViewDidLayoutSubviews,
      .animateTransition, .interruptibleAnimator, .updateInteractiveTransition, .pauseInteractiveTransition,
      .completeTransition, .animationEnded, .viewWillTransitionToSize, .panBegan, .panChanged, .panEnded,
      .panCancelled, .presentationControllerWillDismiss, .presentationControllerDidDismiss,
      .presentationControllerDidAttemptToDismiss, .completion, .mark:
      break
    }
    return event
  }

  /// `recorded` with what the episode did not state left out, where the glue always knows more than an
  /// episode may say: the animator's duration on `startInteractiveTransition` and `interruptibleAnimator`
  /// (optional there), and the container's size on a layout pass.
  static func aligned(_ recorded: Event, to expected: Event) -> Event {
    var recorded = normalized(recorded)
    guard recorded.kind == expected.kind else { return recorded }
    switch recorded.kind {
    case .startInteractiveTransition, .interruptibleAnimator:
      if expected.payload.duration == nil { recorded.payload.duration = nil }
    case .containerViewWillLayoutSubviews, .containerViewDidLayoutSubviews:
      if expected.payload.width == nil { recorded.payload.width = nil }
      if expected.payload.height == nil { recorded.payload.height = nil }
    case .present, .presentationTransitionWillBegin, .presentationTransitionDidEnd, .dismiss,
      .dismissalTransitionWillBegin, .dismissalTransitionDidEnd, .animateTransition,
      .updateInteractiveTransition, .pauseInteractiveTransition, .finishInteractiveTransition,
      .cancelInteractiveTransition, .completeTransition, .animationEnded, .viewWillAppear, .viewIsAppearing,
      .viewDidAppear, .viewWillDisappear, .viewDidDisappear, .viewWillTransitionToSize, .panBegan,
      .panChanged,
      .panEnded, .panCancelled, .presentationControllerWillDismiss, .presentationControllerDidDismiss,
      .presentationControllerDidAttemptToDismiss, .completion, .mark:
      break
    }
    return recorded
  }
}
