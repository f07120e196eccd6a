/// What an object is to a presentation, which decides the methods the hooks observe on its class.
///
/// ```swift
/// HookedRole.transitionContext.selectors // ["completeTransition:", "updateInteractiveTransition:", …]
/// ```
///
/// The glue never replaces an object UIKit or the app holds: it hooks the methods of the object's class
/// (the class the object reports, never a runtime-made subclass), once per class, and records only calls
/// on objects it knows belong to a recorded presentation. The table is data so that the installer, the
/// scripted UIKit and the guide read one list.
public enum HookedRole: String, CaseIterable, Sendable, Hashable {
  /// A presented view controller or a root: the appearance callbacks, hooked on its most-derived class so
  /// they are recorded before the app's override runs, whether or not it calls `super`.
  case viewController
  /// The app's transitioning delegate: what it vends (animators, interaction controllers, presentation
  /// controllers), read after it returned.
  case transitioningDelegate
  /// An animator the app's transitioning delegate vended.
  case animator
  /// An interaction controller the app's transitioning delegate vended.
  case interactionController
  /// UIKit's transition context of a transition whose animator the app vended.
  case transitionContext
  /// A presentation controller the app's transitioning delegate vended.
  case presentationController
  /// The adaptive delegate of a presentation controller: only the dismissal methods its class implements
  /// (adding one would change what UIKit does for every instance of that class).
  case adaptiveDelegate

  /// The Objective-C selectors observed on a class of this role.
  public var selectors: [String] {
    switch self {
    case .viewController:
      [
        "viewWillAppear:", "viewIsAppearing:", "viewDidAppear:", "viewWillDisappear:", "viewDidDisappear:",
        "viewWillTransitionToSize:withTransitionCoordinator:",
      ]
    case .transitioningDelegate:
      [
        "animationControllerForPresentedController:presentingController:sourceController:",
        "animationControllerForDismissedController:", "interactionControllerForPresentation:",
        "interactionControllerForDismissal:",
        "presentationControllerForPresentedViewController:presentingViewController:sourceViewController:",
      ]
    case .animator: ["animateTransition:", "interruptibleAnimatorForTransition:", "animationEnded:"]
    case .interactionController: ["startInteractiveTransition:"]
    case .transitionContext:
      [
        "updateInteractiveTransition:", "pauseInteractiveTransition", "finishInteractiveTransition",
        "cancelInteractiveTransition", "completeTransition:",
      ]
    case .presentationController:
      [
        "presentationTransitionWillBegin", "presentationTransitionDidEnd:", "dismissalTransitionWillBegin",
        "dismissalTransitionDidEnd:", "containerViewWillLayoutSubviews", "containerViewDidLayoutSubviews",
      ]
    case .adaptiveDelegate:
      [
        "presentationControllerWillDismiss:", "presentationControllerDidDismiss:",
        "presentationControllerDidAttemptToDismiss:",
      ]
    }
  }

  /// Whether a selector the class does not implement (itself or inherited) is left alone rather than
  /// added: every optional protocol method, since UIKit asks `respondsToSelector:` before calling one.
  public var hooksOnlyImplementedSelectors: Bool {
    switch self {
    case .viewController, .presentationController, .transitionContext: false
    case .transitioningDelegate, .animator, .interactionController, .adaptiveDelegate: true
    }
  }
}
