/// What the hooked UIKit methods do: decides what a callback means for the trace, records it through a
/// `PresentationRecorder`, and says which classes to hook next. The hooked methods call it before UIKit's
/// (or the app's) implementation runs; on Linux the tests' scripted UIKit calls it at the same points.
///
/// ```swift
/// let core = PresentationHookCore(recorder: recorder, installer: StandInHookInstaller())
/// let request = core.willPresent(sheet, from: feed, animated: true, completion: nil)
/// core.requestReturned(request)  // after UIKit's present returned
/// core.appearance(.viewIsAppearing, of: sheet, animated: true)
/// ```
///
/// It observes; it never replaces an object UIKit or the app holds. A presented view controller belongs
/// to the trace from its request to the end of its dismissal (the completion of a dismissal that was not
/// cancelled, its adaptive delegate's `DidDismiss`, or a later appearance as another controller's child,
/// whichever comes first; UIKit sends `viewDidDisappear` after `dismissalTransitionDidEnd`, so that is not
/// the end). What the app's transitioning delegate vends (animators, interaction controllers, presentation controllers) is followed through its
/// transition, and UIKit's transition context is recorded only for transitions whose animator the app
/// vended, so navigation pushes, UIKit's own sheets and alerts never reach the trace. Objects are held
/// weakly. Callbacks are recorded as they come, twice or out of order; the auditor judges them.
@MainActor
public final class PresentationHookCore {
  /// A request the hooks saw, handed back to `requestReturned(_:)` once UIKit's method returned.
  public struct Request {
    /// The completion block to hand to UIKit: it records `completion`, then runs the app's.
    public let completion: (() -> Void)?
    fileprivate let key: ObjectIdentifier?
    fileprivate let presented: UIViewController?
  }

  /// What a presented view controller is in the trace.
  private struct Presentation {
    /// Its first `viewWillAppear` after the request carries the style UIKit resolved.
    var resolvedStylePending = true
  }

  /// An animator the app's transitioning delegate vended, and the presentation it animates.
  private struct AnimatorLink {
    weak var presented: UIViewController?
  }

  /// An interaction controller the app vended, with its transition's animator.
  private struct InteractorLink {
    weak var presented: UIViewController?
    weak var animator: (any UIViewControllerAnimatedTransitioning)?
  }

  /// UIKit's context of a transition the app animates, with its interaction controller, if any.
  private struct ContextLink {
    weak var presented: UIViewController?
    let animator: ObjectIdentifier?
    weak var interactor: (any UIViewControllerInteractiveTransitioning)?
  }

  public let recorder: PresentationRecorder
  /// The hook groups that are installed; calls of the others are ignored (UIKit untouched for them).
  public let groups: Set<HookGroup>
  private let installer: any HookInstaller

  private var live = WeakTable<Presentation>()
  /// Requests whose UIKit method is running: UIKit forwards a request to another view controller through
  /// the same public method (a presented controller's `dismiss` goes to its presenter), which is one
  /// request, recorded once.
  private var requestsRunning: Set<ObjectIdentifier> = []
  private var vendedControllers = WeakTable<Bool>()
  private var animators = WeakTable<AnimatorLink>()
  private var interactors = WeakTable<InteractorLink>()
  private var contexts = WeakTable<ContextLink>()
  private var roots = 0
  /// Called at the end of every transition (a request's completion, a sheet's `DidDismiss`): where
  /// `PresentationHooks.startRecording` hands the trace to its writer.
  public var onTransitionEnded: (() -> Void)?

  /// A core recording through `recorder`, with the hooks of `groups` installed by `installer`, which it
  /// asks to hook the classes of the objects it meets.
  public init(
    recorder: PresentationRecorder, groups: Set<HookGroup> = Set(HookGroup.allCases),
    installer: any HookInstaller
  ) {
    self.recorder = recorder
    self.groups = groups
    self.installer = installer
  }

  // MARK: Roots

  /// Registers the root view controllers of the app's windows and what they present at install time:
  /// the top of each chain becomes the scene's root (`root`, then `root:2`, …), because the requests that
  /// presented the rest were never seen. Nothing below it is recorded; presentations made on top of it
  /// are.
  public func adoptExisting(roots windowRoots: [UIViewController]) {
    for root in windowRoots {
      var top = root
      while let next = top.presentedViewController, next !== top { top = next }
      guard !live.contains(top), !recorder.ids.isRoot(top) else { continue }
      registerRoot(top)
    }
  }

  /// Registers the root view controller of a window scene, written as `root` or `root:SCENE` (a
  /// multi-window app names its scenes), and observes its appearance callbacks.
  ///
  /// ```swift
  /// core.registerRoot(window.rootViewController, scene: "inspector")  // "root:inspector"
  /// ```
  @discardableResult
  public func registerRoot(_ root: UIViewController, scene: String? = nil) -> String {
    hook(root, as: .viewController, for: .appearance)
    return recorder.registerRoot(root, scene: scene)
  }

  /// A root met for the first time: `root`, then `root:2`, `root:3`, ….
  private func registerRoot(_ root: UIViewController) {
    roots += 1
    registerRoot(root, scene: roots == 1 ? nil : String(roots))
  }

  // MARK: Requests

  /// `present(_:animated:completion:)` was called on `receiver`: records the request with the presented
  /// controller's requested style and its presenter, and returns the completion block to hand to UIKit.
  /// Reads nothing UIKit creates lazily (`presentationController` is read after UIKit's `present` ran).
  public func willPresent(
    _ presented: UIViewController, from receiver: UIViewController, animated: Bool,
    completion: (() -> Void)?
  ) -> Request {
    let key = ObjectIdentifier(presented)
    guard groups.contains(.requests), !requestsRunning.contains(key) else {
      return Request(completion: completion, key: nil, presented: nil)
    }
    requestsRunning.insert(key)
    let presenter = presenter(of: presented, from: receiver)
    recorder.present(
      presented, presenter: presenter, animated: animated,
      style: PresentationStyle(presented.modalPresentationStyle))
    live[presented] = Presentation()
    hook(presented, as: .viewController, for: .appearance)
    if let delegate = presented.transitioningDelegate {
      hook(delegate, as: .transitioningDelegate, for: .transitions)
      hook(delegate, as: .transitioningDelegate, for: .presentationController)
    }
    return Request(
      completion: recordingCompletion(of: presented, then: completion, endsPresentation: false), key: key,
      presented: presented)
  }

  /// `dismiss(animated:completion:)` was called on `receiver`: records the request for the presentation
  /// it dismisses (the one `receiver` presents, else the one it is in) and returns the completion block
  /// to hand to UIKit. A dismiss with nothing recorded to dismiss is not recorded.
  public func willDismiss(
    from receiver: UIViewController, animated: Bool, completion: (() -> Void)?
  ) -> Request {
    let unrecorded = Request(completion: completion, key: nil, presented: nil)
    guard groups.contains(.requests) else { return unrecorded }
    let target: UIViewController
    if let presented = receiver.presentedViewController {
      target = presented
    } else {
      target = Self.top(of: receiver)
    }
    let key = ObjectIdentifier(target)
    guard !requestsRunning.contains(key), live.contains(target) else { return unrecorded }
    requestsRunning.insert(key)
    recorder.dismiss(target, animated: animated)
    return Request(
      completion: recordingCompletion(of: target, then: completion, endsPresentation: true), key: key,
      presented: nil)
  }

  /// UIKit's `present` or `dismiss` returned. After a `present`, UIKit has created the presentation
  /// controller: its adaptive delegate, if the app set one, is observed from here on.
  public func requestReturned(_ request: Request) {
    guard let key = request.key else { return }
    requestsRunning.remove(key)
    if let presented = request.presented, let controller = Self.createdPresentationController(of: presented),
      let delegate = controller.delegate
    {
      hook(delegate, as: .adaptiveDelegate, for: .adaptiveDelegate)
    }
  }

  private func recordingCompletion(
    of presented: UIViewController, then completion: (() -> Void)?, endsPresentation: Bool
  ) -> () -> Void {
    let recorder = recorder
    let key = ObjectIdentifier(presented)
    return { [weak self, weak presented] in
      // UIKit may run the completion before its method returns: a request made from the completion for
      // the same controller is a new one.
      self?.requestsRunning.remove(key)
      if let presented {
        recorder.completion(presented)
        // UIKit runs a dismissal's completion even when the user cancelled it: presentations end only if
        // their controllers are no longer presented (every one above the target goes with it).
        if endsPresentation { self?.endDismissed() }
        self?.onTransitionEnded?()
      }
      completion?()
    }
  }

  // MARK: Appearance

  /// An appearance callback of `controller`, before its class's implementation runs: recorded for
  /// presentations and the roots they stack on. The first `viewWillAppear` after a request carries the
  /// style UIKit resolved for the presentation.
  public func appearance(_ callback: AppearanceCallback, of controller: UIViewController, animated: Bool) {
    let group: HookGroup = callback == .viewIsAppearing ? .viewIsAppearing : .appearance
    guard groups.contains(group), isRecorded(controller) else { return }
    switch callback {
    case .viewWillAppear:
      var resolved: PresentationStyle?
      if var presentation = live[controller], presentation.resolvedStylePending {
        resolved = Self.resolvedStyle(of: controller)
        presentation.resolvedStylePending = resolved == nil
        live[controller] = presentation
      }
      recorder.viewWillAppear(controller, animated: animated, resolvedStyle: resolved)
    case .viewIsAppearing: recorder.viewIsAppearing(controller, animated: animated)
    case .viewDidAppear: recorder.viewDidAppear(controller, animated: animated)
    case .viewWillDisappear: recorder.viewWillDisappear(controller, animated: animated)
    case .viewDidDisappear: recorder.viewDidDisappear(controller, animated: animated)
    }
  }

  /// `viewWillTransition(to:with:)` of `controller`.
  public func viewWillTransition(of controller: UIViewController, to size: CGSize) {
    guard groups.contains(.appearance), isRecorded(controller) else { return }
    recorder.viewWillTransitionToSize(controller, width: Double(size.width), height: Double(size.height))
  }

  // MARK: Transitioning delegate

  /// The app set `delegate` as `controller`'s transitioning delegate: what its class vends is followed
  /// from here on (so a presentation the request hooks never saw still has its transition recorded); the
  /// delegate is passed to UIKit unchanged.
  public func transitioningDelegateSet(
    _ delegate: (any UIViewControllerTransitioningDelegate)?, on controller: UIViewController
  ) {
    guard let delegate else { return }
    hook(delegate, as: .transitioningDelegate, for: .transitions)
    hook(delegate, as: .transitioningDelegate, for: .presentationController)
  }

  /// The app's transitioning delegate returned `animator` for presenting (or dismissing) `presented`.
  public func vended(
    animator: (any UIViewControllerAnimatedTransitioning)?, for presented: UIViewController
  ) {
    guard groups.contains(.transitions), let animator, live.contains(presented) else { return }
    animators[animator] = AnimatorLink(presented: presented)
    hook(animator, as: .animator, for: .transitions)
  }

  /// The app's transitioning delegate returned `interactor` to drive the transition `animator` runs.
  public func vended(
    interactor: (any UIViewControllerInteractiveTransitioning)?,
    for animator: any UIViewControllerAnimatedTransitioning
  ) {
    guard let interactor, let presented = animators[animator]?.presented else { return }
    interactors[interactor] = InteractorLink(presented: presented, animator: animator)
    hook(interactor, as: .interactionController, for: .transitions)
  }

  /// The app's transitioning delegate returned `controller` for a presentation: its callbacks are the
  /// app's, and recorded.
  public func vended(presentationController controller: UIPresentationController?) {
    guard groups.contains(.presentationController), let controller else { return }
    vendedControllers[controller] = true
    hook(controller, as: .presentationController, for: .presentationController)
  }

  // MARK: Animator, interaction controller, context

  /// UIKit asked the app's `animator` to animate its transition with `context`.
  public func animateTransition(
    _ animator: any UIViewControllerAnimatedTransitioning,
    using context: any UIViewControllerContextTransitioning
  ) {
    guard let presented = animators[animator]?.presented else { return }
    follow(context, of: presented, animator: animator, interactor: nil)
    recorder.animateTransition(presented, duration: animator.transitionDuration(using: context))
  }

  /// UIKit asked the app's `animator` for its interruptible animator, which it vended.
  public func interruptibleAnimator(
    _ animator: any UIViewControllerAnimatedTransitioning,
    using context: any UIViewControllerContextTransitioning
  ) {
    guard let presented = animators[animator]?.presented else { return }
    follow(context, of: presented, animator: animator, interactor: nil)
    recorder.interruptibleAnimator(presented, duration: animator.transitionDuration(using: context))
  }

  /// UIKit told the app's `animator` its transition ended: the last call of the transition, after which
  /// neither the animator nor the context is followed.
  public func animationEnded(_ animator: any UIViewControllerAnimatedTransitioning, completed: Bool) {
    guard let presented = animators[animator]?.presented else { return }
    recorder.animationEnded(presented, completed: completed)
    let key = ObjectIdentifier(animator)
    animators[animator] = nil
    contexts.removeAll { $0.animator == key }
  }

  /// UIKit started the app's interaction controller `interactor` with `context`.
  public func startInteractiveTransition(
    _ interactor: any UIViewControllerInteractiveTransitioning,
    using context: any UIViewControllerContextTransitioning
  ) {
    guard let link = interactors[interactor], let presented = link.presented else { return }
    follow(context, of: presented, animator: link.animator, interactor: interactor)
    recorder.startInteractiveTransition(
      presented, duration: link.animator?.transitionDuration(using: context) ?? 0,
      wantsInteractiveStart: Self.wantsInteractiveStart(of: interactor))
  }

  /// A call made on UIKit's transition `context`: recorded when the context runs a transition the app
  /// animates.
  public func transitionContext(
    _ context: any UIViewControllerContextTransitioning, _ call: TransitionContextCall
  ) {
    guard groups.contains(.transitions), let link = contexts[context], let presented = link.presented else {
      return
    }
    let speed = link.interactor.map(Self.completionSpeed(of:))
    switch call {
    case .updateInteractiveTransition(let percent):
      recorder.updateInteractiveTransition(presented, percent: percent)
    case .pauseInteractiveTransition: recorder.pauseInteractiveTransition(presented)
    case .finishInteractiveTransition: recorder.finishInteractiveTransition(presented, completionSpeed: speed)
    case .cancelInteractiveTransition: recorder.cancelInteractiveTransition(presented, completionSpeed: speed)
    case .completeTransition(let didComplete):
      recorder.completeTransition(presented, didComplete: didComplete)
    }
  }

  private func follow(
    _ context: any UIViewControllerContextTransitioning, of presented: UIViewController,
    animator: (any UIViewControllerAnimatedTransitioning)?,
    interactor: (any UIViewControllerInteractiveTransitioning)?
  ) {
    let known = contexts[context]
    contexts[context] = ContextLink(
      presented: presented, animator: animator.map { ObjectIdentifier($0) } ?? known?.animator,
      interactor: interactor ?? known?.interactor)
    hook(context, as: .transitionContext, for: .transitions)
  }

  // MARK: Presentation controller

  /// A callback UIKit sent to `controller`: recorded when the app's transitioning delegate vended it.
  public func presentationController(
    _ controller: UIPresentationController, _ callback: PresentationControllerCallback
  ) {
    guard groups.contains(.presentationController), vendedControllers.contains(controller) else { return }
    let presented = controller.presentedViewController
    let size = controller.containerView?.bounds.size
    let width = size.map { Double($0.width) }
    let height = size.map { Double($0.height) }
    switch callback {
    case .presentationTransitionWillBegin:
      // A presentation the request hooks did not see (presented before they were installed) is recorded
      // from here on.
      if !live.contains(presented) {
        live[presented] = Presentation()
        hook(presented, as: .viewController, for: .appearance)
      }
      recorder.presentationTransitionWillBegin(presented)
    case .presentationTransitionDidEnd(let completed):
      recorder.presentationTransitionDidEnd(presented, completed: completed)
    case .dismissalTransitionWillBegin: recorder.dismissalTransitionWillBegin(presented)
    case .dismissalTransitionDidEnd(let completed):
      recorder.dismissalTransitionDidEnd(presented, completed: completed)
    case .containerViewWillLayoutSubviews:
      recorder.containerViewWillLayoutSubviews(presented, width: width, height: height)
    case .containerViewDidLayoutSubviews:
      recorder.containerViewDidLayoutSubviews(presented, width: width, height: height)
    }
  }

  // MARK: Adaptive delegate

  /// The app (or SwiftUI) set `delegate` as `controller`'s adaptive delegate: the dismissal methods its
  /// class implements are observed; the delegate is passed to UIKit unchanged.
  public func adaptiveDelegateSet(
    _ delegate: (any UIAdaptivePresentationControllerDelegate)?, on controller: UIPresentationController
  ) {
    guard let delegate else { return }
    hook(delegate, as: .adaptiveDelegate, for: .adaptiveDelegate)
  }

  /// UIKit called `callback` on `delegate` for `controller`: recorded when `delegate` is the controller's
  /// delegate (a delegate a library calls on behalf of its own is not recorded again) and the
  /// presentation is recorded.
  public func adaptiveDelegate(
    _ delegate: AnyObject, _ callback: AdaptiveDelegateCallback, of controller: UIPresentationController
  ) {
    guard groups.contains(.adaptiveDelegate), controller.delegate === delegate else { return }
    let presented = controller.presentedViewController
    guard live.contains(presented) else { return }
    switch callback {
    case .presentationControllerWillDismiss: recorder.presentationControllerWillDismiss(presented)
    case .presentationControllerDidDismiss:
      recorder.presentationControllerDidDismiss(presented)
      end(presented)
      onTransitionEnded?()
    case .presentationControllerDidAttemptToDismiss:
      recorder.presentationControllerDidAttemptToDismiss(presented)
    }
  }

  // MARK: What is recorded

  /// Whether `controller` is a recorded presentation or a root. A presentation that now sits in another
  /// controller (a dismissed controller reused as a pushed page) has ended: it is forgotten.
  private func isRecorded(_ controller: UIViewController) -> Bool {
    if live.contains(controller) {
      guard controller.parent == nil else {
        end(controller)
        return false
      }
      return true
    }
    return recorder.ids.isRoot(controller)
  }

  /// `presented`'s dismissal ended: it no longer belongs to the trace.
  private func end(_ presented: UIViewController) {
    live[presented] = nil
  }

  /// A dismissal ended: every recorded presentation no longer presented (the target and what was stacked
  /// on it) ends.
  private func endDismissed() {
    for case let controller as UIViewController in live.objects
    where controller.presentingViewController == nil
      && !requestsRunning.contains(ObjectIdentifier(controller))
    {
      end(controller)
    }
  }

  /// The view controller a presentation of `presented` requested on `receiver` stacks on: for a context
  /// style, the nearest controller up `receiver`'s parents that defines the presentation context (a root
  /// of its own in the trace unless it is a presentation); otherwise the top of `receiver`'s parents, a
  /// presentation or a root (registered the first time it is seen).
  private func presenter(of presented: UIViewController, from receiver: UIViewController) -> UIViewController
  {
    let style = presented.modalPresentationStyle
    if style == .currentContext || style == .overCurrentContext,
      let context = Self.contextProvider(from: receiver)
    {
      if !live.contains(context), !recorder.ids.isRoot(context) {
        registerRoot(context, scene: recorder.ids.id(of: context))
      }
      return context
    }
    let top = Self.top(of: receiver)
    if !live.contains(top), !recorder.ids.isRoot(top) { registerRoot(top) }
    return top
  }

  private func hook(_ object: AnyObject, as role: HookedRole, for group: HookGroup) {
    guard groups.contains(group) else { return }
    installer.hookClass(of: object, as: role)
  }

  private static func contextProvider(from receiver: UIViewController) -> UIViewController? {
    var candidate: UIViewController? = receiver
    while let controller = candidate {
      if controller.definesPresentationContext { return controller }
      candidate = controller.parent
    }
    return nil
  }

  private static func top(of controller: UIViewController) -> UIViewController {
    var top = controller
    while let parent = top.parent { top = parent }
    return top
  }
}
