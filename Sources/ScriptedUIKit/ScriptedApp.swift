import PresentationRecordingUIKit

/// The app's animator in the scripted app: declares the duration the script gives it, keeps the context
/// it is handed (as animators do, to call `completeTransition` later), and vends an interruptible animator
/// when told to.
@MainActor
public final class ScriptedAnimator: NSObject, UIViewControllerAnimatedTransitioning {
  public override init() { super.init() }

  public var duration: TimeInterval = 0.35
  public var interruptible = false
  public private(set) var context: (any UIViewControllerContextTransitioning)?
  public private(set) var endedWith: [Bool] = []

  public func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?)
    -> TimeInterval
  {
    if let transitionContext { context = transitionContext }
    return duration
  }

  public func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
    context = transitionContext
  }

  public func interruptibleAnimator(
    using transitionContext: any UIViewControllerContextTransitioning
  ) -> (any UIViewImplicitlyAnimating)? {
    context = transitionContext
    return interruptible ? ScriptedPropertyAnimator() : nil
  }

  public func animationEnded(_ transitionCompleted: Bool) { endedWith.append(transitionCompleted) }
}

/// What an interruptible animator vends (a `UIViewPropertyAnimator` in an app).
@MainActor
public final class ScriptedPropertyAnimator: UIViewImplicitlyAnimating {
  public init() {}
}

/// The app's interaction controller: a pan-driven interactor that keeps the context it is started with.
@MainActor
public final class ScriptedInteractor: NSObject, UIViewControllerInteractiveTransitioning {
  public override init() { super.init() }

  public var completionSpeed: CGFloat = 1
  public var wantsInteractiveStart = true
  public private(set) var context: (any UIViewControllerContextTransitioning)?

  public func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning) {
    context = transitionContext
  }
}

/// The app's transitioning delegate: a custom card transition with its own presentation controller,
/// animator and (when the script says the user is dragging) interaction controller.
@MainActor
public final class ScriptedTransition: NSObject, UIViewControllerTransitioningDelegate {
  public override init() { super.init() }

  /// Whether the next transition is driven by a gesture.
  public var interactive = false
  /// Whether it vends a presentation controller (an "animator alone" transition does not).
  public var vendsPresentationController = true
  public let animator = ScriptedAnimator()
  public let interactor = ScriptedInteractor()

  public func animationController(
    forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
  ) -> (any UIViewControllerAnimatedTransitioning)? { animator }

  public func animationController(forDismissed dismissed: UIViewController) -> (
    any UIViewControllerAnimatedTransitioning
  )? {
    animator
  }

  public func interactionControllerForPresentation(
    using animator: any UIViewControllerAnimatedTransitioning
  ) -> (any UIViewControllerInteractiveTransitioning)? {
    // The app's delegate is handed its own animator, never the recording wrapper.
    precondition(animator === self.animator, "the app's delegate got an animator that is not its own")
    return interactive ? interactor : nil
  }

  public func interactionControllerForDismissal(
    using animator: any UIViewControllerAnimatedTransitioning
  ) -> (any UIViewControllerInteractiveTransitioning)? {
    precondition(animator === self.animator, "the app's delegate got an animator that is not its own")
    return interactive ? interactor : nil
  }

  public func presentationController(
    forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController
  ) -> UIPresentationController? {
    vendsPresentationController
      ? CardPresentationController(presentedViewController: presented, presenting: presenting) : nil
  }
}

/// The app's adaptive delegate of a sheet (as a form sets to ask before discarding edits): counts what it
/// receives, to show the recording proxy forwards every call.
@MainActor
public final class ScriptedSheetDelegate: NSObject, UIAdaptivePresentationControllerDelegate {
  public override init() { super.init() }

  public private(set) var received: [String] = []
  public var allowsDismiss = true

  public func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool
  {
    received.append("shouldDismiss")
    return allowsDismiss
  }
  public func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {
    received.append("willDismiss")
  }
  public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
    received.append("didDismiss")
  }
  public func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {
    received.append("didAttemptToDismiss")
  }
}
