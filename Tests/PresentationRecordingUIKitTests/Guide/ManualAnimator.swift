import PresentationRecordingUIKit

final class ManualCardAnimator: NSObject, UIViewControllerAnimatedTransitioning {
  let isPresenting: Bool
  let duration: TimeInterval
  private weak var presented: UIViewController?  // for animationEnded(_:), which gets no context

  init(isPresenting: Bool, duration: TimeInterval) {
    self.isPresenting = isPresenting
    self.duration = duration
  }

  func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?)
    -> TimeInterval
  {
    duration
  }

  func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
    let recorder = PresentationTrace.recorder
    let key: UITransitionContextViewControllerKey = isPresenting ? .to : .from
    guard let presented = transitionContext.viewController(forKey: key) else { return }
    self.presented = presented
    recorder?.animateTransition(presented, duration: duration)
    let container = transitionContext.containerView
    guard let card = transitionContext.view(forKey: isPresenting ? .to : .from) else {
      // transition-aborted: UIKit cancels the transition, and the user's tap does nothing
      recorder?.completeTransition(presented, didComplete: false)
      transitionContext.completeTransition(false)
      return
    }
    let offScreen = CGAffineTransform(translationX: 0, y: container.bounds.height)
    if isPresenting {
      container.addSubview(card)
      card.transform = offScreen
    }
    let animator = UIViewPropertyAnimator(duration: duration, dampingRatio: 0.85) { [isPresenting] in
      card.transform = isPresenting ? .identity : offScreen
    }
    animator.addCompletion { [isPresenting] _ in
      let didComplete = !transitionContext.transitionWasCancelled
      if !didComplete { card.transform = isPresenting ? offScreen : .identity }
      recorder?.completeTransition(presented, didComplete: didComplete)
      transitionContext.completeTransition(didComplete)
    }
    animator.startAnimation()
  }

  func animationEnded(_ transitionCompleted: Bool) {
    guard let presented else { return }
    PresentationTrace.recorder?.animationEnded(presented, completed: transitionCompleted)
  }
}
