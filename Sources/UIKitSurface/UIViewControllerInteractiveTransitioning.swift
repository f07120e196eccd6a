/// UIViewControllerTransitioning.h: `NS_SWIFT_UI_ACTOR @protocol UIViewControllerInteractiveTransitioning
/// <NSObject>`; `completionSpeed`, `completionCurve` and `wantsInteractiveStart` are `@optional`, declared
/// with UIKit's values for an interactor that lacks them (1, ease-in-out, true: "If an interactor does not
/// implement this method, YES is assumed").
@MainActor
public protocol UIViewControllerInteractiveTransitioning: NSObjectProtocol {
  /// `- (void)startInteractiveTransition:(id <UIViewControllerContextTransitioning>)transitionContext;`
  func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning)
  /// `@property(nonatomic, readonly) CGFloat completionSpeed;` (`@optional`)
  var completionSpeed: CGFloat { get }
  /// `@property(nonatomic, readonly) UIViewAnimationCurve completionCurve;` (`@optional`)
  var completionCurve: UIView.AnimationCurve { get }
  /// `@property (nonatomic, readonly) BOOL wantsInteractiveStart API_AVAILABLE(ios(10.0));` (`@optional`)
  var wantsInteractiveStart: Bool { get }
}

extension UIViewControllerInteractiveTransitioning {
  public var completionSpeed: CGFloat { 1 }
  public var completionCurve: UIView.AnimationCurve { .easeInOut }
  public var wantsInteractiveStart: Bool { true }
}
