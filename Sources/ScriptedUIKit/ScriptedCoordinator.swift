import PresentationRecordingUIKit

/// The coordinator UIKit hands `viewWillTransition(to:with:)`.
@MainActor
public final class ScriptedCoordinator: UIViewControllerTransitionCoordinator {
  public init() {}
}
