/// UIPresentationController.h: `@protocol UIAdaptivePresentationControllerDelegate <NSObject>` — the four
/// iOS 13 dismissal methods the glue forwards and records (all `@optional`: declared here with defaults
/// that do what UIKit does for a delegate that lacks them). The adaptive-style methods of the protocol
/// are not declared: on Linux nothing calls them.
@MainActor
public protocol UIAdaptivePresentationControllerDelegate: NSObjectProtocol {
  /// `- (BOOL)presentationControllerShouldDismiss:(UIPresentationController *)presentationController;`
  func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool
  /// `- (void)presentationControllerWillDismiss:(UIPresentationController *)presentationController;`
  func presentationControllerWillDismiss(_ presentationController: UIPresentationController)
  /// `- (void)presentationControllerDidDismiss:(UIPresentationController *)presentationController;`
  func presentationControllerDidDismiss(_ presentationController: UIPresentationController)
  /// `- (void)presentationControllerDidAttemptToDismiss:(UIPresentationController *)presentationController;`
  func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController)
}

extension UIAdaptivePresentationControllerDelegate {
  /// UIKit dismisses when the delegate does not implement it.
  public func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool
  {
    true
  }
  public func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {}
  public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {}
  public func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {}
}
