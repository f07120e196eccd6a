/// One of the dismissal callbacks UIKit sends a presentation controller's adaptive delegate, as the hooks
/// report them.
///
/// ```swift
/// core.adaptiveDelegate(formCoordinator, .presentationControllerDidDismiss, of: sheetController)
/// ```
public enum AdaptiveDelegateCallback: String, Sendable, Hashable, CaseIterable {
  case presentationControllerWillDismiss
  case presentationControllerDidDismiss
  case presentationControllerDidAttemptToDismiss
}
