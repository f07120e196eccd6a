import PresentationRecordingUIKit

/// The app's adaptive delegate of a sheet (as a form sets to ask before discarding edits): counts what it
/// receives, and checks on each call that the presentation controller still holds it as its delegate (an
/// app's `delegate === self`).
@MainActor
public final class ScriptedSheetDelegate: NSObject, UIAdaptivePresentationControllerDelegate {
  public override init() { super.init() }

  public private(set) var received: [String] = []
  /// For each call, whether `presentationController.delegate === self` held.
  public private(set) var identityHeld: [Bool] = []
  public var allowsDismiss = true

  public func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool
  {
    identityHeld.append(presentationController.delegate === self)
    received.append("shouldDismiss")
    return allowsDismiss
  }
  public func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {
    identityHeld.append(presentationController.delegate === self)
    received.append("willDismiss")
  }
  public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
    identityHeld.append(presentationController.delegate === self)
    received.append("didDismiss")
  }
  public func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {
    identityHeld.append(presentationController.delegate === self)
    received.append("didAttemptToDismiss")
  }
}
