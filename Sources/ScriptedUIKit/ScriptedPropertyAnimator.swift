import PresentationRecordingUIKit

/// What an interruptible animator vends (a `UIViewPropertyAnimator` in an app).
@MainActor
public final class ScriptedPropertyAnimator: UIViewImplicitlyAnimating {
  public init() {}
}
