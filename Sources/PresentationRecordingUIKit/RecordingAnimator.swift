/// The app's animator, wrapped: records `animateTransition`, `interruptibleAnimator` (when the app's
/// animator vends one) and `animationEnded`, and hands the app's code a `RecordingTransitionContext`.
///
/// ```swift
/// let animator = RecordingAnimator(wrapping: CardAnimator(), presented: card, recorder: recorder)
/// ```
///
/// Vended by `RecordingTransitioningDelegate`, one per transition. It holds the presented view controller
/// weakly: once that is deallocated nothing more is recorded, and the calls still reach the app's
/// animator.
@MainActor
public final class RecordingAnimator: NSObject, UIViewControllerAnimatedTransitioning {
  /// The app's animator.
  public let wrapped: any UIViewControllerAnimatedTransitioning
  /// The view controller presented or dismissed by this transition.
  public private(set) weak var presented: UIViewController?
  let recorder: PresentationRecorder
  /// UIKit's context of this transition and the wrapper handed out for it.
  private var context:
    (system: any UIViewControllerContextTransitioning, recording: RecordingTransitionContext)?

  public init(
    wrapping animator: any UIViewControllerAnimatedTransitioning, presented: UIViewController,
    recorder: PresentationRecorder
  ) {
    wrapped = animator
    self.presented = presented
    self.recorder = recorder
    super.init()
  }

  /// The recording wrapper of UIKit's `context`: one per transition, and a wrapper is never wrapped again
  /// (a percent-driven interactor calls `animateTransition` with the context it was given).
  func recordingContext(_ context: any UIViewControllerContextTransitioning) -> RecordingTransitionContext {
    if let recording = context as? RecordingTransitionContext { return recording }
    if let known = self.context, known.system === context { return known.recording }
    let recording = RecordingTransitionContext(wrapping: context, presented: presented, recorder: recorder)
    self.context = (context, recording)
    return recording
  }

  public func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?)
    -> TimeInterval
  {
    wrapped.transitionDuration(using: transitionContext.map { recordingContext($0) })
  }

  public func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
    let context = recordingContext(transitionContext)
    if let presented {
      recorder.animateTransition(presented, duration: wrapped.transitionDuration(using: context))
    }
    wrapped.animateTransition(using: context)
  }

  #if canImport(UIKit)
    public func interruptibleAnimator(
      using transitionContext: any UIViewControllerContextTransitioning
    ) -> any UIViewImplicitlyAnimating {
      // UIKit asks only when `responds(to:)` said the app's animator implements it, so the fallback (a
      // property animator with no animations) is never handed out in practice.
      vendInterruptibleAnimator(recordingContext(transitionContext)) ?? UIViewPropertyAnimator()
    }
  #else
    /// The app's interruptible animator, if it vends one (nil stands for "does not implement it").
    public func interruptibleAnimator(
      using transitionContext: any UIViewControllerContextTransitioning
    ) -> (any UIViewImplicitlyAnimating)? {
      vendInterruptibleAnimator(recordingContext(transitionContext))
    }
  #endif

  /// Asks the app's animator and records that it vended one.
  private func vendInterruptibleAnimator(
    _ context: RecordingTransitionContext
  ) -> (any UIViewImplicitlyAnimating)? {
    #if canImport(UIKit)
      let animator = wrapped.interruptibleAnimator?(using: context)
    #else
      let animator = wrapped.interruptibleAnimator(using: context)
    #endif
    if animator != nil, let presented {
      recorder.interruptibleAnimator(presented, duration: wrapped.transitionDuration(using: context))
    }
    return animator
  }

  public func animationEnded(_ transitionCompleted: Bool) {
    if let presented { recorder.animationEnded(presented, completed: transitionCompleted) }
    #if canImport(UIKit)
      wrapped.animationEnded?(transitionCompleted)
    #else
      wrapped.animationEnded(transitionCompleted)
    #endif
  }

  #if canImport(ObjectiveC)
    // Answer for the optional methods as the app's animator does: UIKit takes an animator that implements
    // `interruptibleAnimator(using:)` for an interruptible one.
    public override func responds(to selector: Selector!) -> Bool {
      if selector == #selector(UIViewControllerAnimatedTransitioning.interruptibleAnimator(using:))
        || selector == #selector(UIViewControllerAnimatedTransitioning.animationEnded(_:))
      {
        return wrapped.responds(to: selector)
      }
      return super.responds(to: selector)
    }
  #endif
}
