import PresentationRecordingUIKit

/// A UIKit stand-in (for the glue's tests, `RecorderExample` and `ReplayBenchmark`) that plays the UIKit
/// side of a generated episode: for each event it makes the call that produces it, on the objects UIKit
/// would call, in the episode's order (which is UIKit's documented order: the generator writes the
/// callbacks as UIKit sends them).
///
/// ```swift
/// let uikit = ScriptedUIKit(roots: ["root"], recorder: recorder, hooks: { core })
/// uikit.play(episode)  // the app built per transition as the episode shows it
/// ```
///
/// Requests go through the hooks (`willPresent`, `willDismiss`) as the swapped `present`/`dismiss` would,
/// and the completion block the hooks return is run when the episode's `completion` comes. Presentation
/// controller callbacks go to the presentation controller of the presentation: the app's own (vended by
/// its transitioning delegate) for `.custom` when the app vends one (with `play(_:)`, when the episode's
/// presenting transition logs `presentationTransitionWillBegin`) and for presentations begun by their
/// callbacks alone, UIKit's private one otherwise (every other style, and a delegate that vends animators
/// only). Animator and interaction callbacks go to what the app's transitioning delegate vended through
/// its `RecordingTransitioningDelegate`, and the context calls (`update`, `finish`, `cancel`, `pause`,
/// `completeTransition`) are made by the app's code on the context it was handed. Appearance callbacks
/// go through the hooks to the view controller. Gestures and marks are the app's own business: nothing
/// UIKit calls, so the stand-in does nothing for them. `perform(_:)` plays one event with the app built
/// as before (a delegate that vends a presentation controller for every `.custom` presentation).
@MainActor
public final class ScriptedUIKit {
  private enum Direction { case presenting, dismissing }

  /// One transition in flight: what UIKit holds for it.
  private struct Flight {
    var direction: Direction
    /// A request (`present`, `dismiss`, or a swipe's `WillDismiss`) not yet followed by its `*WillBegin`.
    var requestOpen: Bool
    let context: ScriptedTransitionContext
    var animator: (any UIViewControllerAnimatedTransitioning)?
    var interactor: (any UIViewControllerInteractiveTransitioning)?
  }

  private let hooks: () -> PresentationHookCore?
  /// Sets the recording clock to an event's time before UIKit makes its call.
  public var clockSetter: (Double) -> Void = { _ in }
  public private(set) var controllers: [String: ScriptedViewController] = [:]
  /// The app's transitioning delegate of each presented view controller.
  public private(set) var transitions: [String: ScriptedTransition] = [:]
  private var flights: [String: Flight] = [:]
  private var completions: [String: () -> Void] = [:]
  /// The app's adaptive delegate, set on every sheet before it is presented.
  public let sheetDelegate = ScriptedSheetDelegate()
  /// Every presentation controller used, UIKit's and the app's.
  public private(set) var presentationControllers: [ScriptedPresentationController] = []
  /// For each id, whether the app's transitioning delegate vends a presentation controller for each of
  /// its coming `present` requests, in order, as `play(_:)` read them from the episode.
  private var plannedControllers: [String: [Bool]] = [:]

  /// A UIKit with a window scene per root (`root`, `root:s1`, …), whose root view controllers are
  /// registered under those names; the hooks are looked up at each call, as swapped methods do.
  /// The transitioning delegate the app sets on a view controller it creates (none for an alert or a
  /// sheet); by default the app's custom transition behind the recording wrapper.
  private let delegateFor:
    (ScriptedViewController, ScriptedTransition, PresentationHookCore?) -> (
      any UIViewControllerTransitioningDelegate
    )?

  public init(
    roots: [String], recorder: PresentationRecorder, hooks: @escaping () -> PresentationHookCore?,
    transitioningDelegate: (
      (ScriptedViewController, ScriptedTransition, PresentationHookCore?) -> (
        any UIViewControllerTransitioningDelegate
      )?
    )? = nil
  ) {
    self.hooks = hooks
    delegateFor =
      transitioningDelegate ?? { controller, transition, hooks in
        RecordingTransitioningDelegate(wrapping: transition, for: controller, hooks: hooks)
      }
    for root in roots {
      let controller = ScriptedViewController(name: root)
      controllers[root] = controller
      let scene = root.hasPrefix("root:") ? String(root.dropFirst("root:".count)) : nil
      recorder.registerRoot(controller, scene: scene)
    }
  }

  /// The view controller the episode calls `id` (created the first time, as an app creates it once and
  /// presents it again).
  public func controller(_ id: String) -> ScriptedViewController {
    if let known = controllers[id] { return known }
    let controller = ScriptedViewController(name: id)
    controllers[id] = controller
    let transition = ScriptedTransition()
    transitions[id] = transition
    controller.transitioningDelegate = delegateFor(controller, transition, hooks())
    return controller
  }

  /// Plays the UIKit side of `events`, with the app built per transition as the events show it:
  ///
  /// - a presentation whose transition logs `presentationTransitionWillBegin` has the app's own
  ///   presentation controller, vended by its transitioning delegate (for `.custom`; UIKit asks the
  ///   delegate for one in no other style), whose callbacks reach the trace;
  /// - one that logs animator or interaction events but no `WillBegin` has a transitioning delegate that
  ///   vends the animator (and interaction controller) alone: UIKit's own presentation controller runs
  ///   it, and its callbacks never reach the trace;
  /// - one that logs neither is a system style observed from outside: the request, the appearance
  ///   callbacks, the adaptive delegate and the completion block.
  ///
  /// The animator vends an interruptible animator when the episode asks for one, the interaction
  /// controller starts with the episode's `wantsInteractiveStart`, and pauses, finishes, cancels and
  /// `completeTransition(false)` (an abort) are the app's calls on the context it was handed.
  public func play(_ events: [Event]) {
    plan(events)
    for event in events { perform(event) }
  }

  /// Reads from `events`, for each `present`, whether its transition logs a
  /// `presentationTransitionWillBegin` before the id's next request or dismissal.
  private func plan(_ events: [Event]) {
    var open: [String: Int] = [:]
    var planned: [String: [Bool]] = [:]
    for event in events {
      if event.kind == .present {
        planned[event.id, default: []].append(false)
        open[event.id] = planned[event.id, default: []].count - 1
      } else if event.kind == .presentationTransitionWillBegin {
        if let index = open.removeValue(forKey: event.id) { planned[event.id]?[index] = true }
      } else if [
        .dismiss, .dismissalTransitionWillBegin, .presentationControllerWillDismiss, .completeTransition,
      ]
      .contains(event.kind) {
        // A request ends with the id's next one, or unbegun with its `completeTransition` (an animator's).
        open[event.id] = nil
      }
    }
    for (id, plans) in planned { plannedControllers[id, default: []] += plans }
  }

  /// Plays the UIKit side of `event`.
  public func perform(_ event: Event) {
    let id = event.id
    let payload = event.payload
    clockSetter(event.t)
    switch event.kind {
    case .present: present(id, payload)
    case .dismiss:
      let controller = controller(id)
      let receiver = controller.scriptedPresenting ?? controller
      let completion = hooks()?.willDismiss(
        from: receiver, animated: payload.animated ?? true, completion: nil)
      completions[id] = completion
      flights[id] = Flight(direction: .dismissing, requestOpen: true, context: context(id, .dismissing))
    case .presentationTransitionWillBegin:
      let fresh = !(flights[id].map { $0.requestOpen && $0.direction == .presenting } ?? false)
      if fresh {
        // Begun by its callbacks alone: a presentation the hooks did not see requested, on the default
        // root's top-most presentation; the app's own presentation controller is the one that reports it.
        let presenter = topMost(from: "root")
        link(controller(id), to: presenter)
        transitions[id]?.vendsPresentationController = true
        makePresentationController(for: controller(id), presenter: presenter, style: .custom)
        flights[id] = Flight(direction: .presenting, requestOpen: false, context: context(id, .presenting))
      }
      flights[id]?.requestOpen = false
      send(.presentationTransitionWillBegin, to: id, payload) { $0.presentationTransitionWillBegin() }
    case .dismissalTransitionWillBegin:
      if !(flights[id].map { $0.requestOpen && $0.direction == .dismissing } ?? false) {
        flights[id] = Flight(direction: .dismissing, requestOpen: false, context: context(id, .dismissing))
      }
      flights[id]?.requestOpen = false
      send(.dismissalTransitionWillBegin, to: id, payload) { $0.dismissalTransitionWillBegin() }
    case .presentationTransitionDidEnd:
      let completed = payload.completed ?? true
      if !completed { unlink(id) }
      send(.presentationTransitionDidEnd(completed: completed), to: id, payload) {
        $0.presentationTransitionDidEnd(completed)
      }
    case .dismissalTransitionDidEnd:
      let completed = payload.completed ?? true
      if completed { unlink(id) }
      send(.dismissalTransitionDidEnd(completed: completed), to: id, payload) {
        $0.dismissalTransitionDidEnd(completed)
      }
    case .containerViewWillLayoutSubviews:
      send(.containerViewWillLayoutSubviews, to: id, payload) { $0.containerViewWillLayoutSubviews() }
    case .containerViewDidLayoutSubviews:
      send(.containerViewDidLayoutSubviews, to: id, payload) { $0.containerViewDidLayoutSubviews() }
    case .animateTransition:
      let (flight, transition) = vend(id)
      if let duration = payload.duration { transition.animator.duration = duration }
      flight.animator?.animateTransition(using: flight.context)
    case .interruptibleAnimator:
      let (flight, transition) = vend(id)
      if let duration = payload.duration { transition.animator.duration = duration }
      transition.animator.interruptible = true
      _ = flight.animator?.interruptibleAnimator(using: flight.context)
    case .startInteractiveTransition:
      var (flight, transition) = vend(id)
      if let duration = payload.duration { transition.animator.duration = duration }
      transition.interactor.wantsInteractiveStart = payload.wantsInteractiveStart ?? true
      if flight.interactor == nil, let animator = flight.animator {
        transition.interactive = true
        let delegate = controller(id).transitioningDelegate
        flight.interactor =
          flight.direction == .presenting
          ? delegate?.interactionControllerForPresentation(using: animator)
          : delegate?.interactionControllerForDismissal(using: animator)
        transition.interactive = false
        flights[id] = flight
      }
      flight.interactor?.startInteractiveTransition(flight.context)
    case .updateInteractiveTransition:
      appContext(id)?.updateInteractiveTransition(CGFloat(payload.percent ?? 0))
    case .pauseInteractiveTransition: appContext(id)?.pauseInteractiveTransition()
    case .finishInteractiveTransition:
      transitions[id]?.interactor.completionSpeed = CGFloat(payload.completionSpeed ?? 1)
      appContext(id)?.finishInteractiveTransition()
    case .cancelInteractiveTransition:
      transitions[id]?.interactor.completionSpeed = CGFloat(payload.completionSpeed ?? 1)
      appContext(id)?.cancelInteractiveTransition()
    case .completeTransition:
      let didComplete = payload.didComplete ?? true
      appContext(id)?.completeTransition(didComplete)
      // A transition with no `*WillBegin` ends here: a later `WillBegin` begins another.
      flights[id]?.requestOpen = false
      // UIKit takes a presentation off its stack when it is cancelled or dismissed.
      if (flights[id]?.direction == .presenting) != didComplete { unlink(id) }
    case .animationEnded: vend(id).flight.animator?.animationEnded(payload.completed ?? true)
    case .viewWillAppear: appear(.viewWillAppear, id, payload) { $0.viewWillAppear($1) }
    case .viewIsAppearing: appear(.viewIsAppearing, id, payload) { $0.viewIsAppearing($1) }
    case .viewDidAppear: appear(.viewDidAppear, id, payload) { $0.viewDidAppear($1) }
    case .viewWillDisappear: appear(.viewWillDisappear, id, payload) { $0.viewWillDisappear($1) }
    case .viewDidDisappear:
      appear(.viewDidDisappear, id, payload) { $0.viewDidDisappear($1) }
      if flights[id]?.direction == .dismissing, controllers[id]?.scriptedPresented == nil { unlink(id) }
    case .viewWillTransitionToSize:
      let controller = controller(id)
      let size = CGSize(width: payload.width ?? 0, height: payload.height ?? 0)
      hooks()?.viewWillTransition(of: controller, to: size)
      controller.viewWillTransition(to: size, with: ScriptedCoordinator())
    case .presentationControllerWillDismiss:
      guard let controller = controllers[id]?.presentationController else { return }
      // A swipe: UIKit asks the delegate, then starts a system dismissal.
      _ = controller.delegate?.presentationControllerShouldDismiss(controller)
      controller.delegate?.presentationControllerWillDismiss(controller)
      flights[id] = Flight(direction: .dismissing, requestOpen: true, context: context(id, .dismissing))
    case .presentationControllerDidDismiss:
      guard let controller = controllers[id]?.presentationController else { return }
      controller.delegate?.presentationControllerDidDismiss(controller)
    case .presentationControllerDidAttemptToDismiss:
      guard let controller = controllers[id]?.presentationController else { return }
      _ = controller.delegate?.presentationControllerShouldDismiss(controller)
      controller.delegate?.presentationControllerDidAttemptToDismiss(controller)
    case .completion: completions.removeValue(forKey: id)?()
    case .panBegan, .panChanged, .panEnded, .panCancelled, .mark: break
    }
  }

  // MARK: Requests

  private func present(_ id: String, _ payload: Payload) {
    let controller = controller(id)
    let presenter = self.controller(payload.presenter ?? "root")
    let style = Self.style(payload.style ?? "custom")
    controller.modalPresentationStyle = style
    if var plans = plannedControllers[id], !plans.isEmpty {
      // The app as `play(_:)` read it: a delegate that vends a presentation controller, or animators only.
      transitions[id]?.vendsPresentationController = plans.removeFirst()
      plannedControllers[id] = plans
    }
    makePresentationController(for: controller, presenter: presenter, style: style)
    if style == .pageSheet || style == .formSheet {
      // As an edit form does before presenting itself: `presentationController?.delegate = self`.
      controller.presentationController?.delegate = sheetDelegate
    }
    link(controller, to: presenter)
    let completion = hooks()?.willPresent(
      controller, from: presenter, animated: payload.animated ?? true, completion: nil)
    completions[id] = completion
    flights[id] = Flight(direction: .presenting, requestOpen: true, context: context(id, .presenting))
  }

  /// The presentation controller UIKit uses for `controller`: the one the app's transitioning delegate
  /// vends for `.custom`, else UIKit's own.
  private func makePresentationController(
    for controller: ScriptedViewController, presenter: UIViewController?, style: UIModalPresentationStyle
  ) {
    let vended =
      style == .custom
      ? controller.transitioningDelegate?.presentationController(
        forPresented: controller, presenting: presenter, source: presenter ?? controller) : nil
    let made =
      (vended as? ScriptedPresentationController)
      ?? SystemPresentationController(presentedViewController: controller, presenting: presenter)
    presentationControllers.append(made)
    controller.scriptedPresentationController = made
  }

  /// The relations UIKit sets when `presenter` presents `controller`.
  private func link(_ controller: ScriptedViewController, to presenter: ScriptedViewController) {
    presenter.scriptedPresented = controller
    controller.scriptedPresenting = presenter
  }

  /// Takes `id` off its presenter: its presentation was cancelled, or its dismissal completed.
  private func unlink(_ id: String) {
    guard let controller = controllers[id] else { return }
    if let presenter = controller.scriptedPresenting as? ScriptedViewController,
      presenter.scriptedPresented === controller
    {
      presenter.scriptedPresented = nil
    }
    controller.scriptedPresenting = nil
  }

  /// The top-most presentation of the scene of `root` (the root itself when it presents nothing).
  private func topMost(from root: String) -> ScriptedViewController {
    var top = controller(root)
    while let next = top.scriptedPresented as? ScriptedViewController { top = next }
    return top
  }

  public static func style(_ name: String) -> UIModalPresentationStyle {
    switch name {
    case "fullScreen": .fullScreen
    case "pageSheet": .pageSheet
    case "formSheet": .formSheet
    case "currentContext": .currentContext
    case "overFullScreen": .overFullScreen
    case "overCurrentContext": .overCurrentContext
    case "popover": .popover
    case "automatic": .automatic
    case "none": .none
    default: .custom
    }
  }

  // MARK: Callbacks

  private func context(_ id: String, _ direction: Direction) -> ScriptedTransitionContext {
    let controller = controller(id)
    let presenter = controller.scriptedPresenting
    return direction == .presenting
      ? ScriptedTransitionContext(from: presenter, to: controller)
      : ScriptedTransitionContext(from: controller, to: presenter)
  }

  /// Sends a presentation-controller callback: through the hooks (as the swapped method), then to the
  /// controller, with the container at the size the episode reports.
  private func send(
    _ callback: PresentationControllerCallback, to id: String, _ payload: Payload,
    _ call: (ScriptedPresentationController) -> Void
  ) {
    let controller = controller(id)
    if controller.scriptedPresentationController == nil {
      makePresentationController(for: controller, presenter: nil, style: .custom)
    }
    guard let presentation = controller.scriptedPresentationController as? ScriptedPresentationController
    else {
      return
    }
    if let width = payload.width, let height = payload.height {
      presentation.container.bounds = CGRect(x: 0, y: 0, width: width, height: height)
    }
    hooks()?.presentationController(presentation, callback)
    call(presentation)
  }

  private func appear(
    _ callback: AppearanceCallback, _ id: String, _ payload: Payload,
    _ call: (ScriptedViewController, Bool) -> Void
  ) {
    let controller = controller(id)
    let animated = payload.animated ?? true
    hooks()?.appearance(callback, of: controller, animated: animated)
    call(controller, animated)
  }

  /// The transition in flight for `id`, with the animator UIKit got from the transitioning delegate
  /// (asked the first time an animator, interaction or context event comes; UIKit then asks the animator
  /// for its duration, handing it the context).
  private func vend(_ id: String) -> (flight: Flight, transition: ScriptedTransition) {
    let controller = controller(id)
    let transition = transitions[id] ?? ScriptedTransition()
    var flight =
      flights[id] ?? Flight(direction: .presenting, requestOpen: false, context: context(id, .presenting))
    if flight.animator == nil {
      let delegate = controller.transitioningDelegate
      let presenter = controller.scriptedPresenting ?? controller
      flight.animator =
        flight.direction == .presenting
        ? delegate?.animationController(forPresented: controller, presenting: presenter, source: presenter)
        : delegate?.animationController(forDismissed: controller)
      _ = flight.animator?.transitionDuration(using: flight.context)
    }
    flights[id] = flight
    return (flight, transition)
  }

  /// The context the app's code holds for the transition of `id` (its animator keeps it).
  private func appContext(_ id: String) -> (any UIViewControllerContextTransitioning)? {
    _ = vend(id)
    return transitions[id]?.animator.context
  }
}
