import PresentationRecordingUIKit

/// UIKit's private presentation controller of a system style (a sheet's, an alert's): the app never
/// vends it, so its callbacks must never reach the trace.
@MainActor
public final class SystemPresentationController: ScriptedPresentationController {
  /// UIKit resolves `.automatic` to a page sheet (iOS 13 and later).
  public override var presentationStyle: UIModalPresentationStyle {
    let requested = presentedViewController.modalPresentationStyle
    return requested == .automatic ? .pageSheet : requested
  }
}
