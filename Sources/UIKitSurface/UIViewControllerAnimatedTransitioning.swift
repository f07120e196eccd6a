/// UIViewControllerTransitioning.h: `NS_SWIFT_UI_ACTOR @protocol UIViewControllerAnimatedTransitioning
/// <NSObject>`; `interruptibleAnimator(using:)` and `animationEnded(_:)` are `@optional`, declared here
/// with defaults that do what UIKit does when they are missing (no interruptible animator; nothing).
/// `interruptibleAnimator(using:)` returns an Optional here, where UIKit's returns the animator: nil
/// stands for an animator that does not implement it, which Linux cannot ask with `responds(to:)`.
@MainActor
public protocol UIViewControllerAnimatedTransitioning: NSObjectProtocol {
  /// `- (NSTimeInterval)transitionDuration:(nullable id <UIViewControllerContextTransitioning>)transitionContext;`
  func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?)
    -> TimeInterval
  /// `- (void)animateTransition:(id <UIViewControllerContextTransitioning>)transitionContext;`
  func animateTransition(using transitionContext: any UIViewControllerContextTransitioning)
  /// `- (id <UIViewImplicitlyAnimating>) interruptibleAnimatorForTransition:(id
  /// <UIViewControllerContextTransitioning>)transitionContext API_AVAILABLE(ios(10.0));` (`@optional`)
  func interruptibleAnimator(
    using transitionContext: any UIViewControllerContextTransitioning
  ) -> (any UIViewImplicitlyAnimating)?
  /// `- (void)animationEnded:(BOOL) transitionCompleted;` (`@optional`)
  func animationEnded(_ transitionCompleted: Bool)
}

extension UIViewControllerAnimatedTransitioning {
  public func interruptibleAnimator(
    using transitionContext: any UIViewControllerContextTransitioning
  ) -> (any UIViewImplicitlyAnimating)? { nil }
  public func animationEnded(_ transitionCompleted: Bool) {}
}
