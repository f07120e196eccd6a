/// UIPresentationController.h: `@interface UIPresentationController : NSObject` — the objects of a
/// presentation and the callbacks UIKit sends its presentation controller.
@MainActor
open class UIPresentationController: NSObject {
  /// UIPresentationController.h: `@property(nonatomic, strong, readonly) UIViewController *presentedViewController;`
  public let presentedViewController: UIViewController
  /// UIPresentationController.h: `@property(nonatomic, strong, readonly) UIViewController *presentingViewController;`
  /// (nil until UIKit sets it for a controller created with a nil presenter).
  public let presentingViewController: UIViewController?

  /// UIPresentationController.h: `@property(nullable, nonatomic, readonly, strong) UIView *containerView;`
  open var containerView: UIView? { nil }

  /// UIPresentationController.h: `@property(nonatomic, readonly) UIModalPresentationStyle
  /// presentationStyle;` (the style UIKit resolved for this presentation)
  open var presentationStyle: UIModalPresentationStyle { presentedViewController.modalPresentationStyle }

  /// UIPresentationController.h: `@property(nullable, nonatomic, weak) id
  /// <UIAdaptivePresentationControllerDelegate> delegate;`
  open weak var delegate: (any UIAdaptivePresentationControllerDelegate)?

  /// UIPresentationController.h: `- (instancetype)initWithPresentedViewController:(UIViewController
  /// *)presentedViewController presentingViewController:(nullable UIViewController *)presentingViewController;`
  public init(
    presentedViewController: UIViewController, presenting presentingViewController: UIViewController?
  ) {
    self.presentedViewController = presentedViewController
    self.presentingViewController = presentingViewController
    super.init()
  }

  /// UIPresentationController.h: `- (void)presentationTransitionWillBegin;`
  open func presentationTransitionWillBegin() {}
  /// UIPresentationController.h: `- (void)presentationTransitionDidEnd:(BOOL)completed;`
  open func presentationTransitionDidEnd(_ completed: Bool) {}
  /// UIPresentationController.h: `- (void)dismissalTransitionWillBegin;`
  open func dismissalTransitionWillBegin() {}
  /// UIPresentationController.h: `- (void)dismissalTransitionDidEnd:(BOOL)completed;`
  open func dismissalTransitionDidEnd(_ completed: Bool) {}
  /// UIPresentationController.h: `- (void)containerViewWillLayoutSubviews;`
  open func containerViewWillLayoutSubviews() {}
  /// UIPresentationController.h: `- (void)containerViewDidLayoutSubviews;`
  open func containerViewDidLayoutSubviews() {}
}
