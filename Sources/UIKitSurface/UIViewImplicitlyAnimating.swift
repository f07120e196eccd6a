/// UIViewAnimating.h: `NS_SWIFT_UI_ACTOR @protocol UIViewImplicitlyAnimating <UIViewAnimating>` — the
/// return type of `interruptibleAnimator(using:)`. The glue only passes it on; of its (and
/// `UIViewAnimating`'s) requirements only `startAnimation()` is declared, which the manual-calls guide
/// calls on the animator it vends.
@MainActor
public protocol UIViewImplicitlyAnimating: AnyObject {
  /// UIViewAnimating.h, `@protocol UIViewAnimating`: `- (void)startAnimation;`
  func startAnimation()
}
