/// UIViewControllerTransitioning.h: `NS_SWIFT_UI_ACTOR @interface UIPercentDrivenInteractiveTransition :
/// NSObject <UIViewControllerInteractiveTransitioning>` — the interaction controller the manual-calls
/// guide subclasses. Its bodies pass each call to the transition context it was started with.
@MainActor
open class UIPercentDrivenInteractiveTransition: NSObject, UIViewControllerInteractiveTransitioning {
  private var context: (any UIViewControllerContextTransitioning)?

  /// `@property (readonly) CGFloat duration;`
  open private(set) var duration: CGFloat = 0
  /// `@property (readonly) CGFloat percentComplete;`
  open private(set) var percentComplete: CGFloat = 0
  /// `@property (nonatomic,assign) CGFloat completionSpeed;`
  open var completionSpeed: CGFloat = 1
  /// `@property (nonatomic,assign) UIViewAnimationCurve completionCurve;`
  open var completionCurve: UIView.AnimationCurve = .easeInOut
  /// `@property (nonatomic) BOOL wantsInteractiveStart API_AVAILABLE(ios(10.0));`
  open var wantsInteractiveStart = true

  public override init() { super.init() }

  /// `- (void)startInteractiveTransition:(id <UIViewControllerContextTransitioning>)transitionContext;`
  /// (from `UIViewControllerInteractiveTransitioning`)
  open func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning) {
    context = transitionContext
  }

  /// `- (void)updateInteractiveTransition:(CGFloat)percentComplete;`
  open func update(_ percentComplete: CGFloat) {
    self.percentComplete = percentComplete
    context?.updateInteractiveTransition(percentComplete)
  }

  /// `- (void)cancelInteractiveTransition;`
  open func cancel() { context?.cancelInteractiveTransition() }

  /// `- (void)finishInteractiveTransition;`
  open func finish() { context?.finishInteractiveTransition() }

  /// `- (void)pauseInteractiveTransition API_AVAILABLE(ios(10.0));`
  open func pause() { context?.pauseInteractiveTransition() }
}
