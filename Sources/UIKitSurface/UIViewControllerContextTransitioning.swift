/// UIViewControllerTransitioning.h: `NS_SWIFT_UI_ACTOR @protocol UIViewControllerContextTransitioning
/// <NSObject>` — every requirement (none is optional), so the glue's wrapper forwards all of them.
@MainActor
public protocol UIViewControllerContextTransitioning: NSObjectProtocol {
  /// `@property(nonatomic, readonly) UIView *containerView;`
  var containerView: UIView { get }
  /// `@property(nonatomic, readonly, getter=isAnimated) BOOL animated;`
  var isAnimated: Bool { get }
  /// `@property(nonatomic, readonly, getter=isInteractive) BOOL interactive;`
  var isInteractive: Bool { get }
  /// `@property(nonatomic, readonly) BOOL transitionWasCancelled;`
  var transitionWasCancelled: Bool { get }
  /// `@property(nonatomic, readonly) UIModalPresentationStyle presentationStyle;`
  var presentationStyle: UIModalPresentationStyle { get }
  /// `- (void)updateInteractiveTransition:(CGFloat)percentComplete;`
  func updateInteractiveTransition(_ percentComplete: CGFloat)
  /// `- (void)finishInteractiveTransition;`
  func finishInteractiveTransition()
  /// `- (void)cancelInteractiveTransition;`
  func cancelInteractiveTransition()
  /// `- (void)pauseInteractiveTransition API_AVAILABLE(ios(10.0));`
  func pauseInteractiveTransition()
  /// `- (void)completeTransition:(BOOL)didComplete;`
  func completeTransition(_ didComplete: Bool)
  /// `- (nullable __kindof UIViewController *)viewControllerForKey:(UITransitionContextViewControllerKey)key;`
  func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
  /// `- (nullable __kindof UIView *)viewForKey:(UITransitionContextViewKey)key API_AVAILABLE(ios(8.0));`
  func view(forKey key: UITransitionContextViewKey) -> UIView?
  /// `@property(nonatomic, readonly) CGAffineTransform targetTransform API_AVAILABLE(ios(8.0));`
  var targetTransform: CGAffineTransform { get }
  /// `- (CGRect)initialFrameForViewController:(UIViewController *)vc;`
  func initialFrame(for vc: UIViewController) -> CGRect
  /// `- (CGRect)finalFrameForViewController:(UIViewController *)vc;`
  func finalFrame(for vc: UIViewController) -> CGRect
}
