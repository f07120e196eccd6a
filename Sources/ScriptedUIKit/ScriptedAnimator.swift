import PresentationRecordingUIKit

/// The app's animator in the scripted app: declares the duration the script gives it, keeps the context
/// it is handed (as animators do, to call `completeTransition` later), and vends an interruptible animator
/// when told to.
@MainActor
public final class ScriptedAnimator: NSObject, UIViewControllerAnimatedTransitioning {
  public override init() { super.init() }

  public var duration: TimeInterval = 0.35
  public var interruptible = false
  public private(set) var context: (any UIViewControllerContextTransitioning)?
  public private(set) var endedWith: [Bool] = []

  public func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?)
    -> TimeInterval
  {
    if let transitionContext { context = transitionContext }
    return duration
  }

  public func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
    context = transitionContext
  }

  public func interruptibleAnimator(
    using transitionContext: any UIViewControllerContextTransitioning
  ) -> (any UIViewImplicitlyAnimating)? {
    context = transitionContext
    return interruptible ? ScriptedPropertyAnimator() : nil
  }

  public func animationEnded(_ transitionCompleted: Bool) { endedWith.append(transitionCompleted) }
}
