/// Records a custom transition by wrapping the app's transitioning delegate: one changed line in the app.
///
/// ```swift
/// card.modalPresentationStyle = .custom
/// card.transitioningDelegate = RecordingTransitioningDelegate(wrapping: cardTransition, for: card)
/// ```
///
/// It vends the app's animator and interaction controller wrapped (`RecordingAnimator`,
/// `RecordingInteractionController`), which hand the app's code a wrapped transition context
/// (`RecordingTransitionContext`) that records `completeTransition`, `updateInteractiveTransition`,
/// `finish`, `cancel` and `pause` as the app's code calls them. A presentation controller the app's
/// delegate vends is registered with the hooks, whose callbacks on it are then recorded (all of them, for
/// every transition it runs). Everything else is forwarded unchanged. `transitioningDelegate` is weak:
/// with `for:` the wrapper (and so the app's delegate) lives as long as that view controller. Records
/// through `hooks` (the installed shared hooks by default), and nothing before they are installed.
@MainActor
public final class RecordingTransitioningDelegate: NSObject, UIViewControllerTransitioningDelegate {
  /// The app's delegate.
  public let wrapped: any UIViewControllerTransitioningDelegate
  private let hooks: PresentationHookCore?

  /// Wrappers kept alive by the view controller they were made for (the property holding them is weak).
  private static var retained:
    [ObjectIdentifier: (owner: WeakController, delegate: RecordingTransitioningDelegate)] = [:]

  /// A view controller held weakly.
  private struct WeakController {
    weak var object: UIViewController?
  }

  /// Wraps `delegate`; with `presented`, keeps the wrapper alive as long as `presented` lives. Records
  /// through `hooks`, or the shared hooks once installed.
  public init(
    wrapping delegate: any UIViewControllerTransitioningDelegate, for presented: UIViewController? = nil,
    hooks: PresentationHookCore? = nil
  ) {
    wrapped = delegate
    self.hooks = hooks
    super.init()
    if let presented {
      Self.retained = Self.retained.filter { $0.value.owner.object != nil }
      Self.retained[ObjectIdentifier(presented)] = (WeakController(object: presented), self)
    }
  }

  private var core: PresentationHookCore? { hooks ?? PresentationHooks.shared.core }

  public func animationController(
    forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
  ) -> (any UIViewControllerAnimatedTransitioning)? {
    #if canImport(UIKit)
      let animator = wrapped.animationController?(
        forPresented: presented, presenting: presenting, source: source)
    #else
      let animator = wrapped.animationController(
        forPresented: presented, presenting: presenting, source: source)
    #endif
    guard let animator, let core else { return animator }
    return RecordingAnimator(wrapping: animator, presented: presented, recorder: core.recorder)
  }

  public func animationController(
    forDismissed dismissed: UIViewController
  ) -> (any UIViewControllerAnimatedTransitioning)? {
    #if canImport(UIKit)
      let animator = wrapped.animationController?(forDismissed: dismissed)
    #else
      let animator = wrapped.animationController(forDismissed: dismissed)
    #endif
    guard let animator, let core else { return animator }
    return RecordingAnimator(wrapping: animator, presented: dismissed, recorder: core.recorder)
  }

  public func interactionControllerForPresentation(
    using animator: any UIViewControllerAnimatedTransitioning
  ) -> (any UIViewControllerInteractiveTransitioning)? {
    let recording = animator as? RecordingAnimator
    let appAnimator = recording?.wrapped ?? animator
    #if canImport(UIKit)
      let interactor = wrapped.interactionControllerForPresentation?(using: appAnimator)
    #else
      let interactor = wrapped.interactionControllerForPresentation(using: appAnimator)
    #endif
    guard let interactor, let recording else { return interactor }
    return RecordingInteractionController(wrapping: interactor, animator: recording)
  }

  public func interactionControllerForDismissal(
    using animator: any UIViewControllerAnimatedTransitioning
  ) -> (any UIViewControllerInteractiveTransitioning)? {
    let recording = animator as? RecordingAnimator
    let appAnimator = recording?.wrapped ?? animator
    #if canImport(UIKit)
      let interactor = wrapped.interactionControllerForDismissal?(using: appAnimator)
    #else
      let interactor = wrapped.interactionControllerForDismissal(using: appAnimator)
    #endif
    guard let interactor, let recording else { return interactor }
    return RecordingInteractionController(wrapping: interactor, animator: recording)
  }

  public func presentationController(
    forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController
  ) -> UIPresentationController? {
    #if canImport(UIKit)
      let controller = wrapped.presentationController?(
        forPresented: presented, presenting: presenting, source: source)
    #else
      let controller = wrapped.presentationController(
        forPresented: presented, presenting: presenting, source: source)
    #endif
    if let controller {
      #if canImport(ObjectiveC) && canImport(UIKit)
        if core?.groups.contains(.presentationController) == true {
          SwizzlingHookInstaller.hookPresentationControllerClass(type(of: controller))
        }
      #endif
      core?.vended(controller)
    }
    return controller
  }

  #if canImport(ObjectiveC)
    // UIKit asks `responds(to:)` before calling an optional method: answer as the app's delegate does, so
    // a delegate without an animator still gets UIKit's default animation.
    public override func responds(to selector: Selector!) -> Bool {
      let own = [
        #selector(UIViewControllerTransitioningDelegate.animationController(forPresented:presenting:source:)),
        #selector(UIViewControllerTransitioningDelegate.animationController(forDismissed:)),
        #selector(UIViewControllerTransitioningDelegate.interactionControllerForPresentation(using:)),
        #selector(UIViewControllerTransitioningDelegate.interactionControllerForDismissal(using:)),
        #selector(
          UIViewControllerTransitioningDelegate.presentationController(forPresented:presenting:source:)),
      ]
      if own.contains(selector) { return wrapped.responds(to: selector) }
      return super.responds(to: selector)
    }
  #endif
}
