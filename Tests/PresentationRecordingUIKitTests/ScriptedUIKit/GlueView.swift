import PresentationStateMachine

/// What the glue records of an episode: the episode restricted to the events the glue records, written
/// the way the glue writes them. The test compares the recording with this.
///
/// Left out, each by construction of the glue (it records only what UIKit calls on the app's objects):
///
/// - gestures and marks: the app records those itself, if it wants them;
/// - **UIKit's own presentation controller** (`uikitsPresentationController`): the presentation-controller
///   callbacks (`*WillBegin`, `*DidEnd`, layout passes) of a presentation whose presentation controller
///   the app's transitioning delegate did not vend. UIKit asks the delegate for one only for `.custom`
///   and only when it presents, and the glue records the callbacks of vended controllers alone (a
///   `WillBegin` would tell the machine the app owns the presentation). So the generator's controller
///   callbacks are left out for a presentation in a system style (`pageSheet`, `fullScreen`, …, which
///   its presentations with an app-owned controller draw among), for a presentation whose presenting
///   transition logged no `presentationTransitionWillBegin` (animator-only or observed: the lone
///   `*DidEnd` the generator writes once in a while in an animator-only tail, a later dismissal whose
///   episode draws `dismissalTransitionWillBegin`, a rotation's layout passes), as the scripted UIKit
///   sends them to UIKit's private controller. A presentation begun by its callbacks alone has the app's
///   own controller, as in the scripted UIKit.
/// - **An alert's style** (`alertsAsCustom`): the generator writes a `present` of an alert with style
///   `alert`; UIKit reports `.custom` for a `UIAlertController`'s `modalPresentationStyle` and the glue
///   writes the style UIKit reports (it never inspects the presented controller's class), so the
///   recording says `custom`. Only the style is rewritten; the alert's events are kept.
/// - **Adaptive callbacks with no delegate of the app's** (`adaptiveWithoutDelegate`): the glue hooks the
///   class of the adaptive delegate the app set, and records nothing where it set none (the auditor reads
///   such a swipe from the appearance callbacks). The scripted app sets its delegate on the sheets it
///   presents (`pageSheet`, `formSheet`), so `presentationControllerWillDismiss`, `DidDismiss` and
///   `DidAttemptToDismiss` of every other presentation are left out.
enum GlueView {
  static func recordable(_ episode: [Event]) -> [Event] {
    projection(episode).kept
  }

  /// What the projections did to an episode.
  struct Projection {
    var kept: [Event] = []
    /// Controller callbacks left out (UIKit's own presentation controller) of presentations in a system
    /// style.
    var systemStyleControllerCallbacks = 0
    /// Controller callbacks left out of `custom` presentations whose presenting transition logged no
    /// `presentationTransitionWillBegin` (animator-only or observed).
    var unbegunControllerCallbacks = 0
    /// Every controller callback left out.
    var uikitsControllerCallbacks: Int { systemStyleControllerCallbacks + unbegunControllerCallbacks }
    /// `present` requests of alerts written with style `custom`.
    var alertsAsCustom = 0
    /// Adaptive-delegate callbacks left out of presentations the app set no delegate on.
    var adaptiveWithoutDelegate = 0
  }

  /// `episode` without the controller callbacks of presentations whose presentation controller is
  /// UIKit's, with an alert's style as UIKit reports it, and how many events each projection touched.
  static func projection(_ episode: [Event]) -> Projection {
    var projection = Projection()
    // Whether the app's delegate vended the presentation controller of each id's current presentation.
    var appOwned: [String: Bool] = [:]
    // A `present` whose transition has not logged its `presentationTransitionWillBegin` yet, with its style.
    var presentOpen: [String: String] = [:]
    // The style of each id's current presentation.
    var style: [String: String] = [:]
    // Whether the scripted app set its adaptive delegate on each id's current presentation.
    func hasDelegate(_ id: String) -> Bool { ["pageSheet", "formSheet"].contains(style[id] ?? "custom") }
    func adaptive(_ event: Event) {
      if hasDelegate(event.id) {
        projection.kept.append(normalized(event))
      } else {
        projection.adaptiveWithoutDelegate += 1
      }
    }
    func leaveOut(_ event: Event) {
      if (style[event.id] ?? "custom") == "custom" {
        projection.unbegunControllerCallbacks += 1
      } else {
        projection.systemStyleControllerCallbacks += 1
      }
    }
    for event in episode {
      switch event.kind {
      case .present:
        appOwned[event.id] = false
        presentOpen[event.id] = event.payload.style ?? "custom"
        style[event.id] = event.payload.style ?? "custom"
        var request = normalized(event)
        if request.payload.style == "alert" {
          request.payload.style = "custom"
          projection.alertsAsCustom += 1
        }
        projection.kept.append(request)
      case .presentationTransitionWillBegin:
        // Begun by its callbacks alone (no request): the app's own controller reports it.
        let requested = presentOpen.removeValue(forKey: event.id)
        if requested == nil { style[event.id] = "custom" }
        appOwned[event.id] = (requested ?? "custom") == "custom"
        if appOwned[event.id] == true { projection.kept.append(normalized(event)) } else { leaveOut(event) }
      case .presentationTransitionDidEnd, .dismissalTransitionWillBegin, .dismissalTransitionDidEnd,
        .containerViewWillLayoutSubviews, .containerViewDidLayoutSubviews:
        if event.kind == .dismissalTransitionWillBegin { presentOpen[event.id] = nil }
        if appOwned[event.id] == true { projection.kept.append(normalized(event)) } else { leaveOut(event) }
      case .dismiss:
        presentOpen[event.id] = nil
        projection.kept.append(normalized(event))
      case .presentationControllerWillDismiss:
        presentOpen[event.id] = nil
        adaptive(event)
      case .presentationControllerDidDismiss, .presentationControllerDidAttemptToDismiss: adaptive(event)
      case .panBegan, .panChanged, .panEnded, .panCancelled, .mark: break
      case .completeTransition:
        // A transition with no `*WillBegin` ends here: a later `WillBegin` begins another.
        presentOpen[event.id] = nil
        projection.kept.append(normalized(event))
      case .animateTransition, .startInteractiveTransition, .interruptibleAnimator,
        .updateInteractiveTransition, .pauseInteractiveTransition, .finishInteractiveTransition,
        .cancelInteractiveTransition, .animationEnded, .viewWillAppear, .viewIsAppearing,
        .viewDidAppear, .viewWillDisappear, .viewDidDisappear, .viewWillTransitionToSize, .completion:
        projection.kept.append(normalized(event))
      }
    }
    return projection
  }

  /// `event` with the format's defaults written out, as the glue writes them: a request's `presenter`
  /// (`root`), `animated` (true) and `style` (`custom`); a finish's or cancel's `completionSpeed` (1); an
  /// appearance callback's `animated` (the scripted UIKit passes true when the episode says nothing); and
  /// `wantsInteractiveStart` true, which the recorder leaves out as the default.
  static func normalized(_ event: Event) -> Event {
    var event = event
    event.extra = []
    // The style UIKit resolved is the glue's own addition (read from the presentation controller); the
    // generated episodes never carry it. GlueFidelityTests checks its value.
    event.payload.resolvedStyle = nil
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
