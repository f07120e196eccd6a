/// A presentation's own appearance callbacks as `OrderingAcceptor` reads them
/// (<doc:Rules#Appearance-events>, <doc:Rules#Presentations-observed-from-outside>).
///
/// ```swift
/// var presentation = AcceptorPresentation()
/// presentation.request(dismissing: false, at: 0)  // present, style pageSheet
/// AcceptorAppearance.own(.viewWillAppear, &presentation, at: 1)  // .legal: it begins the transition
/// AcceptorAppearance.own(.viewDidAppear, &presentation, at: 2)   // .legal: presented
/// ```
///
/// <doc:Rules#Appearance-events> gives windows: its own `viewWill*` from its request until
/// `completeTransition`, its `viewDid*` from `completeTransition` (or `*DidEnd` with no animator events)
/// until its next request, the revert pair of a cancel in the tail.
/// <doc:Rules#Presentations-observed-from-outside> reads a transition with neither controller nor animator
/// events from them: `viewWillAppear` begins a presentation and `viewDidAppear` ends it; a request or
/// `presentationControllerWillDismiss`, or the presented controller's own `viewWillDisappear` when it is
/// presented, starts a dismissal that `viewWillDisappear` begins and `viewDidDisappear` ends, or that
/// `viewWillAppear` + `viewDidAppear` revert. The windows do not say which direction a callback has; one that
/// goes against its transition's direction inside a window (a `viewWillDisappear` while presenting) is left
/// undefined, one outside every window is a violation.
enum AcceptorAppearance {
  typealias Step = AcceptorRun.Step

  static func own(_ kind: EventKind, _ p: inout AcceptorPresentation, at index: Int) -> Step {
    guard p.stage != .gone else { return .violation }  // unknown-presentation
    switch kind {
    case .viewIsAppearing: return p.isLive ? .legal : .violation
    case .viewWillAppear: return willAppear(&p)
    case .viewDidAppear: return didAppear(&p, at: index)
    case .viewWillDisappear: return willDisappear(&p, at: index)
    case .viewDidDisappear: return didDisappear(&p, at: index)
    case .present, .presentationTransitionWillBegin, .presentationTransitionDidEnd, .dismiss,
      .dismissalTransitionWillBegin, .dismissalTransitionDidEnd, .containerViewWillLayoutSubviews,
      .containerViewDidLayoutSubviews, .animateTransition, .startInteractiveTransition,
      .interruptibleAnimator, .updateInteractiveTransition, .pauseInteractiveTransition,
      .finishInteractiveTransition, .cancelInteractiveTransition, .completeTransition, .animationEnded,
      .viewWillTransitionToSize, .panBegan, .panChanged, .panEnded, .panCancelled,
      .presentationControllerWillDismiss, .presentationControllerDidDismiss,
      .presentationControllerDidAttemptToDismiss, .completion, .mark:
      return .undefined("\(kind.rawValue) is no appearance callback")
    }
  }

  private static func willAppear(_ p: inout AcceptorPresentation) -> Step {
    if !p.dismissing {
      switch p.stage {
      case .requested:
        p.stage = .began  // seen from outside, or the first callback of an animator-only transition
        return .legal
      case .began, .animating, .running, .interactive, .finishing, .cancelling:
        return .legal
      case .completed, .cancelled, .shown, .over, .gone:
        return .violation
      }
    }
    switch p.stage {
    case .began where p.seenFromOutside:
      // A swipe let go before the threshold: the dismissal reverts.
      p.reverting = true
      return .legal
    case .cancelled:
      return .legal
    case .shown:
      return p.isRestored ? .legal : .violation
    case .requested, .began, .animating, .running, .interactive, .finishing, .cancelling, .completed,
      .over, .gone:
      return .violation
    }
  }

  private static func didAppear(_ p: inout AcceptorPresentation, at index: Int) -> Step {
    if !p.dismissing {
      switch p.stage {
      case .requested: return .undefined("viewDidAppear with no viewWillAppear")
      case .began where p.seenFromOutside:
        p.end(completed: true, at: index)  // observed from outside: presented
        return .legal
      case .completed, .shown: return .legal
      case .cancelled: return .undefined("viewDidAppear after a cancelled presentation")
      case .began, .animating, .running, .interactive, .finishing, .cancelling, .over, .gone:
        return .violation
      }
    }
    switch p.stage {
    case .began where p.seenFromOutside:
      guard p.reverting else { return .undefined("viewDidAppear with no revert") }
      p.end(completed: false, at: index)  // the swipe reverted: presented again
      return .legal
    case .cancelled, .shown: return .legal
    case .completed: return .undefined("viewDidAppear after a completed dismissal")
    case .requested, .began, .animating, .running, .interactive, .finishing, .cancelling, .over, .gone:
      return .violation
    }
  }

  private static func willDisappear(_ p: inout AcceptorPresentation, at index: Int) -> Step {
    if !p.dismissing {
      switch p.stage {
      case .requested, .began, .animating, .running, .interactive, .finishing, .cancelling:
        return .undefined("viewWillDisappear while presenting")
      case .cancelled: return .legal  // the revert of a cancelled presentation
      case .over: return p.lastCompleted == false ? .legal : .violation
      case .shown:
        // Presented and idle, no request: a swipe the app hears of only through its appearance.
        p.request(dismissing: true, at: index)
        p.stage = .began
        return .legal
      case .completed, .gone: return .violation
      }
    }
    switch p.stage {
    case .requested:
      p.stage = .began
      return .legal
    case .began, .animating, .running, .interactive, .finishing, .cancelling:
      return p.reverting ? .undefined("viewWillDisappear after a revert began") : .legal
    case .shown:
      // After a cancelled dismissal: a swipe again (each cycle a dismissal,
      // <doc:Rules#Presentations-observed-from-outside>).
      p.request(dismissing: true, at: index)
      p.stage = .began
      return .legal
    case .completed, .cancelled, .over, .gone:
      return .violation
    }
  }

  private static func didDisappear(_ p: inout AcceptorPresentation, at index: Int) -> Step {
    if !p.dismissing {
      switch p.stage {
      case .cancelled, .over: return .legal  // the revert of a cancelled presentation
      case .completed, .shown: return .undefined("viewDidDisappear after a completed presentation")
      case .requested, .began, .animating, .running, .interactive, .finishing, .cancelling, .gone:
        return .violation
      }
    }
    switch p.stage {
    case .requested: return .undefined("viewDidDisappear with no viewWillDisappear")
    case .began where p.seenFromOutside:
      guard !p.reverting else { return .undefined("end of a reverting begin") }
      p.end(completed: true, at: index)  // observed from outside: dismissed
      return .legal
    case .completed, .over: return .legal
    case .cancelled, .shown: return .undefined("viewDidDisappear after a cancelled dismissal")
    case .began, .animating, .running, .interactive, .finishing, .cancelling, .gone:
      return .violation
    }
  }
}
