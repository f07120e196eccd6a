import PresentationRecordingUIKit

final class PhotoDismissalAnimator: NSObject, UIViewControllerAnimatedTransitioning {
  let duration: TimeInterval = 0.4
  private var running: UIViewPropertyAnimator?  // one instance for the life of the transition
  private weak var photo: UIViewController?

  func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?)
    -> TimeInterval
  {
    duration
  }

  func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
    photo = transitionContext.viewController(forKey: .from)
    if let photo { PresentationTrace.recorder?.animateTransition(photo, duration: duration) }
    interruptibleAnimator(using: transitionContext).startAnimation()
  }

  func interruptibleAnimator(
    using transitionContext: any UIViewControllerContextTransitioning
  ) -> any UIViewImplicitlyAnimating {
    let presented = transitionContext.viewController(forKey: .from)
    photo = presented
    if let presented { PresentationTrace.recorder?.interruptibleAnimator(presented, duration: duration) }
    if let running { return running }
    let view = transitionContext.view(forKey: .from)
    let offScreen = CGAffineTransform(translationX: 0, y: transitionContext.containerView.bounds.height)
    let animator = UIViewPropertyAnimator(duration: duration, dampingRatio: 0.9) {
      view?.transform = offScreen
    }
    animator.addCompletion { _ in
      let didComplete = !transitionContext.transitionWasCancelled
      if !didComplete { view?.transform = .identity }
      if let presented { PresentationTrace.recorder?.completeTransition(presented, didComplete: didComplete) }
      transitionContext.completeTransition(didComplete)
    }
    running = animator
    return animator
  }

  func animationEnded(_ transitionCompleted: Bool) {
    if let photo { PresentationTrace.recorder?.animationEnded(photo, completed: transitionCompleted) }
    running = nil
  }
}

final class PhotoDismissalDriver: UIPercentDrivenInteractiveTransition {
  weak var photo: UIViewController?
  /// Set where it calls `finish()` or `cancel()`, cleared when the animator's completion runs.
  var isFinishingOrCancelling = false

  func panBegan(velocity: Double) {
    guard let photo else { return }
    if isFinishingOrCancelling {  // the user caught the photo on its way
      PresentationTrace.recorder?.panBegan(photo, translation: 0, velocity: velocity)
      isFinishingOrCancelling = false
      pause()
    }
  }

  override func pause() {
    if let photo { PresentationTrace.recorder?.pauseInteractiveTransition(photo) }
    super.pause()
  }
}
