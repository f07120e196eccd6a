/// UIViewControllerTransitioning.h: `NS_SWIFT_UI_ACTOR @protocol UIViewControllerTransitioningDelegate
/// <NSObject>`; every method is `@optional`, declared with the default of a delegate that lacks it
/// (nil: UIKit's own animator, no interaction, UIKit's own presentation controller).
@MainActor
public protocol UIViewControllerTransitioningDelegate: NSObjectProtocol {
  /// `- (nullable id <UIViewControllerAnimatedTransitioning>)animationControllerForPresentedController:
  /// (UIViewController *)presented presentingController:(UIViewController *)presenting
  /// sourceController:(UIViewController *)source;`
  func animationController(
    forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
  ) -> (any UIViewControllerAnimatedTransitioning)?
  /// `- (nullable id <UIViewControllerAnimatedTransitioning>)animationControllerForDismissedController:
  /// (UIViewController *)dismissed;`
  func animationController(forDismissed dismissed: UIViewController) -> (
    any UIViewControllerAnimatedTransitioning
  )?
  /// `- (nullable id <UIViewControllerInteractiveTransitioning>)interactionControllerForPresentation:(id
  /// <UIViewControllerAnimatedTransitioning>)animator;`
  func interactionControllerForPresentation(
    using animator: any UIViewControllerAnimatedTransitioning
  ) -> (any UIViewControllerInteractiveTransitioning)?
  /// `- (nullable id <UIViewControllerInteractiveTransitioning>)interactionControllerForDismissal:(id
  /// <UIViewControllerAnimatedTransitioning>)animator;`
  func interactionControllerForDismissal(
    using animator: any UIViewControllerAnimatedTransitioning
  ) -> (any UIViewControllerInteractiveTransitioning)?
  /// `- (nullable UIPresentationController *)presentationControllerForPresentedViewController:
  /// (UIViewController *)presented presentingViewController:(nullable UIViewController *)presenting
  /// sourceViewController:(UIViewController *)source API_AVAILABLE(ios(8.0));`
  func presentationController(
    forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController
  ) -> UIPresentationController?
}

extension UIViewControllerTransitioningDelegate {
  public func animationController(
    forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
  ) -> (any UIViewControllerAnimatedTransitioning)? { nil }
  public func animationController(
    forDismissed dismissed: UIViewController
  ) -> (any UIViewControllerAnimatedTransitioning)? { nil }
  public func interactionControllerForPresentation(
    using animator: any UIViewControllerAnimatedTransitioning
  ) -> (any UIViewControllerInteractiveTransitioning)? { nil }
  public func interactionControllerForDismissal(
    using animator: any UIViewControllerAnimatedTransitioning
  ) -> (any UIViewControllerInteractiveTransitioning)? { nil }
  public func presentationController(
    forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController
  ) -> UIPresentationController? { nil }
}
