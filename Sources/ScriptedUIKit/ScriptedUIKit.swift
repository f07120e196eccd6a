import PresentationRecordingUIKit

/// A UIKit stand-in (for the glue's tests, `RecorderExample` and `ReplayBenchmark`) that plays the UIKit
/// side of a generated episode: for each event it makes the call that produces it, on the objects UIKit
/// would call, in the episode's order (which is UIKit's documented order: the generator writes the
/// callbacks as UIKit sends them).
///
/// ```swift
/// let uikit = ScriptedUIKit(roots: ["root"], recorder: recorder, installer: installer, hooks: { core })
/// uikit.play(episode)  // the app built per transition as the episode shows it
/// ```
///
/// It calls the hook core exactly where a method hooked on a device would: requests (`willPresent`,
/// `willDismiss`, `requestReturned`) and the adaptive delegate's setter always, as hooks on UIKit's base
/// classes; every other callback only when the installer hooked the class the receiving object reports
/// (`StandInHookInstaller.isHooked`), before the object's own method runs. The app's objects are the
/// app's own (no wrapper): its transitioning delegate, animator, interaction controller, adaptive
/// delegate, and UIKit's transition context. The completion block the hooks return is run when the
/// episode's `completion` comes. Presentation
/// controller callbacks go to the presentation controller of the presentation: the app's own (vended by
/// its transitioning delegate) for `.custom` when the app vends one (with `play(_:)`, when the episode's
/// presenting transition logs `presentationTransitionWillBegin`) and for presentations begun by their
/// callbacks alone, UIKit's private one otherwise (every other style, and a delegate that vends animators
/// only). Animator and interaction callbacks go to what the app's transitioning delegate vended, and the
/// context calls (`update`, `finish`, `cancel`, `pause`, `completeTransition`) are made by the app's code
/// on UIKit's context it was handed. Appearance callbacks
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
  /// What was hooked, to call the core only where a device's hooks would.
  public let installer: StandInHookInstaller
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
  /// sheet); by default the app's custom transition itself.
  private let delegateFor:
    (ScriptedViewController, ScriptedTransition) -> (any UIViewControllerTransitioningDelegate)?

  public init(
    roots: [String], recorder: PresentationRecorder, installer: StandInHookInstaller,
    hooks: @escaping () -> PresentationHookCore?,
    transitioningDelegate: (
      (ScriptedViewController, ScriptedTransition) -> (any UIViewControllerTransitioningDelegate)?
    )? = nil
  ) {
    self.hooks = hooks
    self.installer = installer
    delegateFor = transitioningDelegate ?? { _, transition in transition }
    for root in roots {
      let controller = ScriptedViewController(name: root)
      controllers[root] = controller
      let scene = root.hasPrefix("root:") ? String(root.dropFirst("root:".count)) : nil
      if let core = hooks() {
        core.registerRoot(controller, scene: scene)
      } else {
        recorder.registerRoot(controller, scene: scene)
      }
    }
  }

  /// A scripted UIKit with its own hook core on a `StandInHookInstaller`, recording through `recorder`
  /// with the hooks of `groups`.
  ///
  /// ```swift
  /// let uikit = ScriptedUIKit(roots: ["root"], recording: recorder)
  /// ```
  public convenience init(
    roots: [String], recording recorder: PresentationRecorder,
    groups: Set<HookGroup> = Set(HookGroup.allCases),
    transitioningDelegate: (
      (ScriptedViewController, ScriptedTransition) -> (any UIViewControllerTransitioningDelegate)?
    )? = nil
  ) {
    let installer = StandInHookInstaller()
    let core = PresentationHookCore(recorder: recorder, groups: groups, installer: installer)
    self.init(
      roots: roots, recorder: recorder, installer: installer, hooks: { core },
      transitioningDelegate: transitioningDelegate)
  }

  /// The hook core the scripted UIKit calls, if any is installed.
  public var core: PresentationHookCore? { hooks() }

  /// Runs `body` with the core when a hook on the class `object` reports, for `role`, would record.
  private func hooked(_ object: AnyObject, _ role: HookedRole, _ body: (PresentationHookCore) -> Void) {
    guard let core = hooks(), installer.isHooked(object, as: role) else { return }
    body(core)
  }

  /// The view controller the episode calls `id` (created the first time, as an app creates it once and
  /// presents it again).
  public func controller(_ id: String) -> ScriptedViewController {
    if let known = controllers[id] { return known }
    let controller = ScriptedViewController(name: id)
    controllers[id] = controller
    let transition = ScriptedTransition()
    transitions[id] = transition
    let delegate = delegateFor(controller, transition)
    controller.transitioningDelegate = delegate
    // What the hooked `setTransitioningDelegate:` does.
    hooks()?.transitioningDelegateSet(delegate, on: controller)
    return controller
  }

  /// Makes `controller` the view controller the episode calls `id` (a controller the app built itself, of
  /// its own class, such as SwiftUI's hosting controller), with no transitioning delegate.
  public func add(_ controller: ScriptedViewController, as id: String) {
    controllers[id] = controller
  }

  /// Lets go of everything the scripted UIKit holds for `id` (its controller, transition, transition in
  /// flight and presentation controllers), as an app and UIKit do once a presentation is over.
  public func forget(_ id: String) {
    guard let controller = controllers.removeValue(forKey: id) else { return }
    transitions[id] = nil
    flights[id] = nil
    completions[id] = nil
    presentationControllers.removeAll { $0.presentedViewController === controller }
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
      let request = hooks()?.willDismiss(from: receiver, animated: payload.animated ?? true, completion: nil)
      completions[id] = request?.completion
      flights[id] = Flight(direction: .dismissing, requestOpen: true, context: context(id, .dismissing))
      if let request { hooks()?.requestReturned(request) }
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
      guard let animator = flight.animator else { return }
      hooked(animator, .animator) { $0.animateTransition(animator, using: flight.context) }
      flight.context.animatorForInteraction = animator
      animator.animateTransition(using: flight.context)
    case .interruptibleAnimator:
      let (flight, transition) = vend(id)
      if let duration = payload.duration { transition.animator.duration = duration }
      transition.animator.interruptible = true
      guard let animator = flight.animator else { return }
      hooked(animator, .animator) { $0.interruptibleAnimator(animator, using: flight.context) }
      _ = animator.interruptibleAnimator(using: flight.context)
    case .startInteractiveTransition:
      var (flight, transition) = vend(id)
      if let duration = payload.duration { transition.animator.duration = duration }
      transition.interactor.wantsInteractiveStart = payload.wantsInteractiveStart ?? true
      if flight.interactor == nil, let animator = flight.animator,
        let delegate = controller(id).transitioningDelegate
      {
        transition.interactive = true
        let interactor =
          flight.direction == .presenting
          ? delegate.interactionControllerForPresentation(using: animator)
          : delegate.interactionControllerForDismissal(using: animator)
        hooked(delegate, .transitioningDelegate) { $0.vended(interactor: interactor, for: animator) }
        flight.interactor = interactor
        transition.interactive = false
        flights[id] = flight
      }
      guard let interactor = flight.interactor else { return }
      flight.context.animatorForInteraction = flight.animator
      hooked(interactor, .interactionController) {
        $0.startInteractiveTransition(interactor, using: flight.context)
      }
      interactor.startInteractiveTransition(flight.context)
    case .updateInteractiveTransition:
      if let driver = percentDriver(id) {
        driver.update(CGFloat(payload.percent ?? 0))
      } else {
        appContext(id)?.updateInteractiveTransition(CGFloat(payload.percent ?? 0))
      }
    case .pauseInteractiveTransition:
      if let driver = percentDriver(id) {
        driver.pause()
      } else {
        appContext(id)?.pauseInteractiveTransition()
      }
    case .finishInteractiveTransition:
      transitions[id]?.interactor.completionSpeed = CGFloat(payload.completionSpeed ?? 1)
      transitions[id]?.percentDrivenInteractor.completionSpeed = CGFloat(payload.completionSpeed ?? 1)
      if let driver = percentDriver(id) {
        driver.finish()
      } else {
        appContext(id)?.finishInteractiveTransition()
      }
    case .cancelInteractiveTransition:
      transitions[id]?.interactor.completionSpeed = CGFloat(payload.completionSpeed ?? 1)
      transitions[id]?.percentDrivenInteractor.completionSpeed = CGFloat(payload.completionSpeed ?? 1)
      if let driver = percentDriver(id) {
        driver.cancel()
      } else {
        appContext(id)?.cancelInteractiveTransition()
      }
    case .completeTransition:
      let didComplete = payload.didComplete ?? true
      appContext(id)?.completeTransition(didComplete)
      // A transition with no `*WillBegin` ends here: a later `WillBegin` begins another.
      flights[id]?.requestOpen = false
      // UIKit takes a presentation off its stack when it is cancelled or dismissed.
      if (flights[id]?.direction == .presenting) != didComplete { unlink(id) }
    case .animationEnded:
      guard let animator = vend(id).flight.animator else { return }
      let completed = payload.completed ?? true
      hooked(animator, .animator) { $0.animationEnded(animator, completed: completed) }
      animator.animationEnded(completed)
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
      hooked(controller, .viewController) { $0.viewWillTransition(of: controller, to: size) }
      controller.viewWillTransition(to: size, with: ScriptedCoordinator())
    case .presentationControllerWillDismiss:
      guard let controller = controllers[id]?.scriptedPresentationController else { return }
      // A swipe: UIKit asks the delegate, then starts a system dismissal.
      _ = controller.delegate?.presentationControllerShouldDismiss(controller)
      adaptive(.presentationControllerWillDismiss, controller) { $0.presentationControllerWillDismiss($1) }
      flights[id] = Flight(direction: .dismissing, requestOpen: true, context: context(id, .dismissing))
    case .presentationControllerDidDismiss:
      guard let controller = controllers[id]?.scriptedPresentationController else { return }
      adaptive(.presentationControllerDidDismiss, controller) { $0.presentationControllerDidDismiss($1) }
    case .presentationControllerDidAttemptToDismiss:
      guard let controller = controllers[id]?.scriptedPresentationController else { return }
      _ = controller.delegate?.presentationControllerShouldDismiss(controller)
      adaptive(.presentationControllerDidAttemptToDismiss, controller) {
        $0.presentationControllerDidAttemptToDismiss($1)
      }
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
    let sheet = style == .pageSheet || style == .formSheet
    if sheet {
      // As an edit form does before presenting itself: `presentationController?.delegate = self` (which
      // makes UIKit create the presentation controller then).
      makePresentationController(for: controller, presenter: presenter, style: style)
      setDelegate(sheetDelegate, on: controller.presentationController)
    }
    let request = hooks()?.willPresent(
      controller, from: presenter, animated: payload.animated ?? true, completion: nil)
    // UIKit makes a presentation controller for each presentation, inside `present`.
    if !sheet { makePresentationController(for: controller, presenter: presenter, style: style) }
    link(controller, to: presenter)
    completions[id] = request?.completion
    flights[id] = Flight(direction: .presenting, requestOpen: true, context: context(id, .presenting))
    if let request { hooks()?.requestReturned(request) }
  }

  /// `presentationController.delegate = delegate`, through the hooked setter.
  public func setDelegate(
    _ delegate: (any UIAdaptivePresentationControllerDelegate)?, on controller: UIPresentationController?
  ) {
    guard let controller else { return }
    controller.delegate = delegate
    hooks()?.adaptiveDelegateSet(delegate, on: controller)
  }

  /// Sends an adaptive-delegate callback to `controller`'s delegate, through the hook on its class.
  private func adaptive(
    _ callback: AdaptiveDelegateCallback, _ controller: UIPresentationController,
    _ call: (any UIAdaptivePresentationControllerDelegate, UIPresentationController) -> Void
  ) {
    guard let delegate = controller.delegate else { return }
    hooked(delegate, .adaptiveDelegate) { $0.adaptiveDelegate(delegate, callback, of: controller) }
    call(delegate, controller)
  }

  /// The presentation controller UIKit uses for `controller`: the one the app's transitioning delegate
  /// vends for `.custom`, else UIKit's own.
  private func makePresentationController(
    for controller: ScriptedViewController, presenter: UIViewController?, style: UIModalPresentationStyle
  ) {
    var vended: UIPresentationController?
    if style == .custom, let delegate = controller.transitioningDelegate {
      vended = delegate.presentationController(
        forPresented: controller, presenting: presenter, source: presenter ?? controller)
      hooked(delegate, .transitioningDelegate) { $0.vended(presentationController: vended) }
    }
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
    let context =
      direction == .presenting
      ? ScriptedTransitionContext(from: presenter, to: controller)
      : ScriptedTransitionContext(from: controller, to: presenter)
    context.onCall = { [weak self] context, call in
      self?.hooked(context, .transitionContext) { $0.transitionContext(context, call) }
    }
    return context
  }

  /// The app's percent-driven interactor of `id`'s transition, when it drives one.
  private func percentDriver(_ id: String) -> ScriptedPercentDrivenInteractor? {
    flights[id]?.interactor as? ScriptedPercentDrivenInteractor
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
    hooked(presentation, .presentationController) { $0.presentationController(presentation, callback) }
    call(presentation)
  }

  private func appear(
    _ callback: AppearanceCallback, _ id: String, _ payload: Payload,
    _ call: (ScriptedViewController, Bool) -> Void
  ) {
    let controller = controller(id)
    let animated = payload.animated ?? true
    hooked(controller, .viewController) { $0.appearance(callback, of: controller, animated: animated) }
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
    if flight.animator == nil, let delegate = controller.transitioningDelegate {
      let presenter = controller.scriptedPresenting ?? controller
      let animator =
        flight.direction == .presenting
        ? delegate.animationController(forPresented: controller, presenting: presenter, source: presenter)
        : delegate.animationController(forDismissed: controller)
      hooked(delegate, .transitioningDelegate) { $0.vended(animator: animator, for: controller) }
      flight.animator = animator
      _ = animator?.transitionDuration(using: flight.context)
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
