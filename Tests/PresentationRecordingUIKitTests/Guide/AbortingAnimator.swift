import PresentationRecordingUIKit

// Not in the rules article: the animator its aborting `animateTransition` belongs to.
final class AbortingAnimator: NSObject, UIViewControllerAnimatedTransitioning {
  func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?)
    -> TimeInterval
  {
    0.3
  }

  func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
    guard let fromView = transitionContext.view(forKey: .from) else {
      transitionContext.completeTransition(false)  // transition-aborted: nil when presenting with .custom
      return
    }
    transitionContext.containerView.addSubview(fromView)
    // …
  }
}
