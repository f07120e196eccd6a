/// A set of UIKit methods the hooks replace together: all of a group or none of it, so a trace never
/// holds half of what a group records (a `presentationTransitionWillBegin` without its `DidEnd`).
///
/// ```swift
/// HookGroup.appearance.selectors // ["viewWillAppear:", "viewDidAppear:", …]
/// ```
public enum HookGroup: String, CaseIterable, Sendable, Hashable {
  /// `present(_:animated:completion:)` and `dismiss(animated:completion:)` of `UIViewController`.
  case requests
  /// The appearance callbacks of `UIViewController` and `viewWillTransition(to:with:)`.
  case appearance
  /// `viewIsAppearing(_:)`, on its own because it is the newest (iOS 13+ with Xcode 15).
  case viewIsAppearing
  /// The callbacks of presentation controllers the app's transitioning delegate vended.
  case presentationController
  /// `UIPresentationController.delegate`'s setter, to see the adaptive delegate's dismissal callbacks
  /// whether or not the app set a delegate.
  case adaptiveDelegate

  /// The Objective-C selectors of the group, which must all exist for it to install.
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
    case .presentationController:
      [
        "presentationTransitionWillBegin", "presentationTransitionDidEnd:", "dismissalTransitionWillBegin",
        "dismissalTransitionDidEnd:", "containerViewWillLayoutSubviews", "containerViewDidLayoutSubviews",
      ]
    case .adaptiveDelegate: ["setDelegate:"]
    }
  }
}
