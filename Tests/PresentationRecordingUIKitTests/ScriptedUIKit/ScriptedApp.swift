import PresentationRecordingUIKit

/// The app's animator in the scripted app: declares the duration the script gives it, keeps the context
/// it is handed (as animators do, to call `completeTransition` later), and vends an interruptible animator
/// when told to.
@MainActor
final class ScriptedAnimator: NSObject, UIViewControllerAnimatedTransitioning {
  var duration: TimeInterval = 0.35
  var interruptible = false
  private(set) var context: (any UIViewControllerContextTransitioning)?
  private(set) var endedWith: [Bool] = []

  func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?)
    -> TimeInterval
  {
    if let transitionContext { context = transitionContext }
    return duration
  }

  func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
    context = transitionContext
  }

  func interruptibleAnimator(
    using transitionContext: any UIViewControllerContextTransitioning
  ) -> (any UIViewImplicitlyAnimating)? {
    context = transitionContext
    return interruptible ? ScriptedPropertyAnimator() : nil
  }

  func animationEnded(_ transitionCompleted: Bool) { endedWith.append(transitionCompleted) }
}

/// What an interruptible animator vends (a `UIViewPropertyAnimator` in an app).
@MainActor
final class ScriptedPropertyAnimator: UIViewImplicitlyAnimating {}

/// The app's interaction controller: a pan-driven interactor that keeps the context it is started with.
@MainActor
final class ScriptedInteractor: NSObject, UIViewControllerInteractiveTransitioning {
  var completionSpeed: CGFloat = 1
  var wantsInteractiveStart = true
  private(set) var context: (any UIViewControllerContextTransitioning)?

  func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning) {
    context = transitionContext
  }
}

/// The app's transitioning delegate: a custom card transition with its own presentation controller,
/// animator and (when the script says the user is dragging) interaction controller.
@MainActor
final class ScriptedTransition: NSObject, UIViewControllerTransitioningDelegate {
  /// Whether the next transition is driven by a gesture.
  var interactive = false
  /// Whether it vends a presentation controller (an "animator alone" transition does not).
  var vendsPresentationController = true
  let animator = ScriptedAnimator()
  let interactor = ScriptedInteractor()

  func animationController(
    forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
  ) -> (any UIViewControllerAnimatedTransitioning)? { animator }

  func animationController(forDismissed dismissed: UIViewController) -> (
    any UIViewControllerAnimatedTransitioning
  )? {
    animator
  }

  func interactionControllerForPresentation(
    using animator: any UIViewControllerAnimatedTransitioning
  ) -> (any UIViewControllerInteractiveTransitioning)? {
    // The app's delegate is handed its own animator, never the recording wrapper.
    precondition(animator === self.animator, "the app's delegate got an animator that is not its own")
    return interactive ? interactor : nil
  }

  func interactionControllerForDismissal(
    using animator: any UIViewControllerAnimatedTransitioning
  ) -> (any UIViewControllerInteractiveTransitioning)? {
    precondition(animator === self.animator, "the app's delegate got an animator that is not its own")
    return interactive ? interactor : nil
  }

  func presentationController(
    forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController
  ) -> UIPresentationController? {
    vendsPresentationController
      ? CardPresentationController(presentedViewController: presented, presenting: presenting) : nil
  }
}

/// The app's adaptive delegate of a sheet (as a form sets to ask before discarding edits): counts what it
/// receives, to show the recording proxy forwards every call.
@MainActor
final class ScriptedSheetDelegate: NSObject, UIAdaptivePresentationControllerDelegate {
  private(set) var received: [String] = []
  var allowsDismiss = true

  func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool {
    received.append("shouldDismiss")
    return allowsDismiss
  }
  func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {
    received.append("willDismiss")
  }
  func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
    received.append("didDismiss")
  }
  func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {
    received.append("didAttemptToDismiss")
  }
}
