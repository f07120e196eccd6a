/// A set of UIKit methods the hooks observe together: all of a group or none of it, so a trace never
/// holds half of what a group records (a `presentationTransitionWillBegin` without its `DidEnd`).
///
/// ```swift
/// HookGroup.appearance.selectors // ["viewWillAppear:", "viewDidAppear:", …]
/// ```
///
/// A group installs when the base class UIKit declares its methods on has every one of `selectors`;
/// the classes of the objects a presentation meets are then hooked one by one (`HookedRole`).
public enum HookGroup: String, CaseIterable, Sendable, Hashable {
  /// `present(_:animated:completion:)` and `dismiss(animated:completion:)` of `UIViewController`.
  case requests
  /// The appearance callbacks and `viewWillTransition(to:with:)` of presented view controllers and roots,
  /// hooked on each one's class.
  case appearance
  /// `viewIsAppearing(_:)`, on its own because it is the newest (iOS 13+ with Xcode 15).
  case viewIsAppearing
  /// What the app's transitioning delegate vends: its animators (`animateTransition`,
  /// `interruptibleAnimator`, `animationEnded`), interaction controllers (`startInteractiveTransition`)
  /// and the calls made on UIKit's transition context of their transitions; the delegate's class is
  /// hooked when the app sets it (`UIViewController.transitioningDelegate`'s setter, passed through).
  case transitions
  /// The callbacks of presentation controllers the app's transitioning delegate vended.
  case presentationController
  /// The dismissal callbacks of the adaptive delegate the app (or SwiftUI) set, observed on its class
  /// through `UIPresentationController.delegate`'s setter, which is passed through unchanged.
  case adaptiveDelegate

  /// The Objective-C selectors that must exist on UIKit's base class for the group to install.
  public var selectors: [String] {
    switch self {
    case .requests:
      ["presentViewController:animated:completion:", "dismissViewControllerAnimated:completion:"]
    case .appearance:
      [
        "viewWillAppear:", "viewDidAppear:", "viewWillDisappear:", "viewDidDisappear:",
        "viewWillTransitionToSize:withTransitionCoordinator:",
      ]
    case .viewIsAppearing: ["viewIsAppearing:"]
    case .transitions: ["setTransitioningDelegate:"]
    case .presentationController: HookedRole.presentationController.selectors
    case .adaptiveDelegate: ["setDelegate:"]
    }
  }
}
