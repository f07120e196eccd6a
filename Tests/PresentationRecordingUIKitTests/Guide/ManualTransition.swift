import PresentationRecordingUIKit

final class ManualCardTransition: NSObject, UIViewControllerTransitioningDelegate {
  var dismissalDriver: ManualCardDismissalDriver?

  func presentationController(
    forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController
  ) -> UIPresentationController? {
    ManualCardPresentationController(presentedViewController: presented, presenting: presenting)
  }

  func animationController(
    forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
  ) -> (any UIViewControllerAnimatedTransitioning)? {
    ManualCardAnimator(isPresenting: true, duration: 0.45)
  }

  func animationController(forDismissed dismissed: UIViewController) -> (
    any UIViewControllerAnimatedTransitioning
  )? {
    ManualCardAnimator(isPresenting: false, duration: 0.4)
  }

  func interactionControllerForPresentation(
    using animator: any UIViewControllerAnimatedTransitioning
  ) -> (any UIViewControllerInteractiveTransitioning)? {
    nil  // the card opens on a tap
  }

  func interactionControllerForDismissal(
    using animator: any UIViewControllerAnimatedTransitioning
  ) -> (any UIViewControllerInteractiveTransitioning)? {
    guard let driver = dismissalDriver, driver.isInteracting else { return nil }
    driver.animatorDuration = animator.transitionDuration(using: nil)
    return driver
  }
}
