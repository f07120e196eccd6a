/// UIViewPropertyAnimator.h: `NS_SWIFT_UI_ACTOR @interface UIViewPropertyAnimator : NSObject
/// <UIViewImplicitlyAnimating, NSCopying>` — the initializer the manual-calls guide's animators use, and
/// from UIViewAnimating.h `startAnimation()` (`UIViewAnimating`) and `addCompletion(_:)`
/// (`UIViewImplicitlyAnimating`). No time passes here: `startAnimation()` runs the animations, then the
/// completions at `.end`.
@MainActor
open class UIViewPropertyAnimator: NSObject, UIViewImplicitlyAnimating {
  private var animations: (() -> Void)?
  private var completions: [(UIViewAnimatingPosition) -> Void] = []

  /// UIViewPropertyAnimator.h: `@property(nonatomic, readonly) NSTimeInterval duration;`
  open private(set) var duration: TimeInterval

  /// UIViewPropertyAnimator.h: `- (instancetype)initWithDuration:(NSTimeInterval)duration
  /// dampingRatio:(CGFloat)ratio animations:(void (^ __nullable)(void))animations;`
  public init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
    self.duration = duration
    self.animations = animations
    super.init()
  }

  /// UIViewAnimating.h, `@protocol UIViewImplicitlyAnimating`: `- (void)addCompletion:(void
  /// (^)(UIViewAnimatingPosition finalPosition))completion;`
  open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {
    completions.append(completion)
  }

  /// UIViewAnimating.h, `@protocol UIViewAnimating`: `- (void)startAnimation;`
  public func startAnimation() {
    animations?()
    animations = nil
    for completion in completions { completion(.end) }
    completions = []
  }
}
