import PresentationRecordingUIKit

/// What an interruptible animator vends (a `UIViewPropertyAnimator` in an app).
@MainActor
public final class ScriptedPropertyAnimator: UIViewImplicitlyAnimating {
  public init() {}

  /// Nothing to run: the scripted UIKit moves no views.
  public func startAnimation() {}
}
