import PresentationRecordingUIKit

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
  /// Whether the app drives its gestures with UIKit's `UIPercentDrivenInteractiveTransition`.
  public var percentDriven = false
  public let percentDrivenInteractor = ScriptedPercentDrivenInteractor()
  /// Whether UIKit ever handed the delegate an animator other than the app's own.
  public private(set) var receivedForeignAnimator = false

  private var vendedInteractor: any UIViewControllerInteractiveTransitioning {
    percentDriven ? percentDrivenInteractor : interactor
  }

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
    if animator !== self.animator { receivedForeignAnimator = true }
    return interactive ? vendedInteractor : nil
  }

  public func interactionControllerForDismissal(
    using animator: any UIViewControllerAnimatedTransitioning
  ) -> (any UIViewControllerInteractiveTransitioning)? {
    if animator !== self.animator { receivedForeignAnimator = true }
    return interactive ? vendedInteractor : nil
  }

  public func presentationController(
    forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController
  ) -> UIPresentationController? {
    vendsPresentationController
      ? CardPresentationController(presentedViewController: presented, presenting: presenting) : nil
  }
}
