import PresentationRecordingUIKit

final class CardAnimatorOnlyTransition: NSObject, UIViewControllerTransitioningDelegate {
  // No presentationController(forPresented:presenting:source:): UIKit's own controller, which the app
  // cannot record, presents the card.

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
}
