/// The animator, interaction and context events as `OrderingAcceptor` reads them: what each is in each
/// stage (the contract's lifecycle, and <doc:Rules#Optional-request-events>, <doc:Rules#Gestures>,
/// <doc:Rules#Interruptible-transitions>, <doc:Rules#Transitions-recorded-from-the-animator-alone> and
/// <doc:Rules#An-animator-may-abort-a-transition>).
///
/// ```swift
/// var presentation = AcceptorPresentation()
/// presentation.request(dismissing: false, at: 0)
/// AcceptorInteraction.animatorEvent(Event(t: 0, id: "p1", kind: .animateTransition), &presentation, at: 1)
/// presentation.stage  // .animating: with no WillBegin logged, the animator begins the transition
/// ```
enum AcceptorInteraction {
  typealias Step = AcceptorRun.Step

  /// `animateTransition`, `interruptibleAnimator`, `startInteractiveTransition`.
  static func animatorEvent(_ event: Event, _ p: inout AcceptorPresentation, at index: Int) -> Step {
    switch event.kind {
    case .animateTransition:
      switch p.stage {
      case .requested, .began:
        p.stage = .animating
      case .animating, .running, .interactive:
        // A percent-driven interaction may log both, in either order; each once.
        guard !p.animated else { return .violation }
      case .finishing, .cancelling:
        return .undefined("late animate")
      case .gone, .completed, .cancelled, .shown, .over:
        return .violation
      }
      p.animated = true
    case .interruptibleAnimator:
      // Any number of them in a transition (<doc:Rules#Interruptible-transitions>); on the
      // percent-driven path it replaces animateTransition, so it may be the first animator event.
      switch p.stage {
      case .requested, .began:
        p.stage = .animating
      case .animating, .running, .interactive, .finishing, .cancelling:
        break
      case .completed, .cancelled, .shown, .over:
        return .undefined("interruptibleAnimator after completeTransition")
      case .gone:
        return .violation
      }
      p.interruptible = true
    case .startInteractiveTransition:
      guard !p.started else { return .violation }
      switch p.stage {
      case .requested, .began, .animating:
        p.stage = event.payload.wantsInteractiveStart == false ? .running : .interactive
      case .gone, .running, .interactive, .finishing, .cancelling, .completed, .cancelled, .shown, .over:
        return .violation
      }
      p.started = true
    case .present, .presentationTransitionWillBegin, .presentationTransitionDidEnd, .dismiss,
      .dismissalTransitionWillBegin, .dismissalTransitionDidEnd, .containerViewWillLayoutSubviews,
      .containerViewDidLayoutSubviews, .updateInteractiveTransition, .pauseInteractiveTransition,
      .finishInteractiveTransition, .cancelInteractiveTransition, .completeTransition, .animationEnded,
      .viewWillAppear, .viewIsAppearing, .viewDidAppear, .viewWillDisappear, .viewDidDisappear,
      .viewWillTransitionToSize, .panBegan, .panChanged, .panEnded, .panCancelled,
      .presentationControllerWillDismiss, .presentationControllerDidDismiss,
      .presentationControllerDidAttemptToDismiss, .completion, .mark:
      return .undefined("\(event.kind.rawValue) is no animator event")
    }
    p.animator = true
    return .legal
  }

  /// `updateInteractiveTransition`, `pauseInteractiveTransition`, `finishInteractiveTransition`,
  /// `cancelInteractiveTransition`: legal while interactive; before the start they are
  /// `interaction-before-start`, after a finish or cancel `interaction-after-end`, except the pause that
  /// catches an interruptible transition (<doc:Rules#Interruptible-transitions>). A transition running by
  /// itself may be paused, finished or cancelled when it is interruptible; what else it does, and what one
  /// that is not interruptible does, the contract leaves open.
  static func interactionEvent(_ event: Event, _ p: inout AcceptorPresentation) -> Step {
    switch event.kind {
    case .updateInteractiveTransition:
      guard let percent = event.payload.percent else { return .undefined("update without percent") }
      if p.stage == .running { return .undefined("update while running") }
      guard p.stage == .interactive, (0...1).contains(percent) else { return .violation }
    case .pauseInteractiveTransition:
      switch p.stage {
      case .interactive: break
      case .running:
        guard p.interruptible else { return .undefined("pause of a frozen transition") }
        p.stage = .interactive
      case .finishing, .cancelling:
        guard p.interruptible else { return .violation }
        p.stage = .interactive
      case .gone, .requested, .began, .animating, .completed, .cancelled, .shown, .over:
        return .violation
      }
    case .finishInteractiveTransition, .cancelInteractiveTransition:
      switch p.stage {
      case .interactive: break
      case .running:
        guard p.interruptible else { return .undefined("finish or cancel of a frozen transition") }
      case .gone, .requested, .began, .animating, .finishing, .cancelling, .completed, .cancelled, .shown,
        .over:
        return .violation
      }
      p.stage = event.kind == .finishInteractiveTransition ? .finishing : .cancelling
    case .present, .presentationTransitionWillBegin, .presentationTransitionDidEnd, .dismiss,
      .dismissalTransitionWillBegin, .dismissalTransitionDidEnd, .containerViewWillLayoutSubviews,
      .containerViewDidLayoutSubviews, .animateTransition, .startInteractiveTransition,
      .interruptibleAnimator, .completeTransition, .animationEnded, .viewWillAppear, .viewIsAppearing,
      .viewDidAppear, .viewWillDisappear, .viewDidDisappear, .viewWillTransitionToSize, .panBegan,
      .panChanged, .panEnded, .panCancelled, .presentationControllerWillDismiss,
      .presentationControllerDidDismiss, .presentationControllerDidAttemptToDismiss, .completion, .mark:
      return .undefined("\(event.kind.rawValue) is no interaction event")
    }
    return .legal
  }

  /// `completeTransition(didComplete)`: after an animation, a finish or cancel, a running start of an
  /// interruptible transition, or with no animator event at all (<doc:Rules#Optional-request-events>);
  /// `false` with no interaction is an abort, a legal cancel
  /// (<doc:Rules#An-animator-may-abort-a-transition>), and while interactive it is out of phase or
  /// `complete-without-cancel` (<doc:Rules#Interruptible-transitions>). With no `*WillBegin` logged it ends
  /// the transition (<doc:Rules#Transitions-recorded-from-the-animator-alone>); else `*DidEnd` is awaited.
  static func completeTransition(_ event: Event, _ p: inout AcceptorPresentation, at index: Int) -> Step {
    let value = event.payload.didComplete != false
    switch (p.stage, value) {
    case (.requested, _), (.began, _), (.animating, _), (.finishing, true), (.cancelling, false):
      break
    case (.running, true):
      guard p.interruptible else { return .undefined("a frozen transition ran out") }
    case (.running, false), (.interactive, _), (.finishing, false), (.cancelling, true), (.gone, _),
      (.completed, _), (.cancelled, _), (.shown, _), (.over, _):
      return .violation
    }
    p.complete = value
    if p.controller {
      p.stage = value ? .completed : .cancelled
    } else {
      p.end(completed: value, at: index)
    }
    return .legal
  }
}
