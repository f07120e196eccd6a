import PresentationRecordingUIKit

/// The app's adaptive delegate of a sheet (as a form sets to ask before discarding edits): counts what it
/// receives, to show the recording proxy forwards every call.
@MainActor
public final class ScriptedSheetDelegate: NSObject, UIAdaptivePresentationControllerDelegate {
  public override init() { super.init() }

  public private(set) var received: [String] = []
  public var allowsDismiss = true

  public func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool
  {
    received.append("shouldDismiss")
    return allowsDismiss
  }
  public func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {
    received.append("willDismiss")
  }
  public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
    received.append("didDismiss")
  }
  public func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {
    received.append("didAttemptToDismiss")
  }
}
