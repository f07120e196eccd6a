/// One of the callbacks UIKit sends a `UIPresentationController`, as the hooks report them.
///
/// ```swift
/// core.presentationController(cardController, .presentationTransitionDidEnd(completed: true))
/// ```
public enum PresentationControllerCallback: Sendable, Hashable {
  case presentationTransitionWillBegin
  case presentationTransitionDidEnd(completed: Bool)
  case dismissalTransitionWillBegin
  case dismissalTransitionDidEnd(completed: Bool)
  case containerViewWillLayoutSubviews
  case containerViewDidLayoutSubviews
}
