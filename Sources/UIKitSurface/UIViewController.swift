/// UIViewController.h: `@interface UIViewController : UIResponder` — the requests, the appearance
/// callbacks and the properties that place a view controller on a presentation stack.
@MainActor
open class UIViewController: NSObject {
  /// UIViewController.h: `@property(nonatomic,assign) UIModalPresentationStyle modalPresentationStyle;`
  /// (`UIModalPresentationAutomatic` by default since iOS 13).
  open var modalPresentationStyle: UIModalPresentationStyle = .automatic

  /// UIViewControllerTransitioning.h / UIViewController.h: `@property (nullable, nonatomic, weak) id
  /// <UIViewControllerTransitioningDelegate> transitioningDelegate;`
  open weak var transitioningDelegate: (any UIViewControllerTransitioningDelegate)?

  /// UIViewController.h: `@property(nullable, nonatomic,readonly) UIViewController *parentViewController;`
  open var parent: UIViewController? { nil }

  /// UIViewController.h: `@property(nullable, nonatomic,readonly) UIViewController *presentedViewController;`
  open var presentedViewController: UIViewController? { nil }

  /// UIViewController.h: `@property(nullable, nonatomic,readonly) UIViewController *presentingViewController;`
  open var presentingViewController: UIViewController? { nil }

  /// UIPresentationController.h: `@interface UIViewController (UIAdaptivePresentations) @property
  /// (nullable, nonatomic, readonly) UIPresentationController *presentationController;`
  open var presentationController: UIPresentationController? { nil }

  /// UIViewController.h: `@property(nonatomic,assign) BOOL definesPresentationContext;` (NO by default)
  open var definesPresentationContext = false

  public override init() { super.init() }

  /// UIViewController.h: `- (void)presentViewController:(UIViewController *)viewControllerToPresent
  /// animated: (BOOL)flag completion:(void (^ __nullable)(void))completion;`
  open func present(
    _ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil
  ) {}

  /// UIViewController.h: `- (void)dismissViewControllerAnimated: (BOOL)flag completion: (void (^ __nullable)(void))completion;`
  open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {}

  /// UIViewController.h: `- (void)viewWillAppear:(BOOL)animated;`
  open func viewWillAppear(_ animated: Bool) {}

  /// UIViewController.h: `- (void)viewIsAppearing:(BOOL)animated API_AVAILABLE(ios(13.0));`
  open func viewIsAppearing(_ animated: Bool) {}

  /// UIViewController.h: `- (void)viewDidAppear:(BOOL)animated;`
  open func viewDidAppear(_ animated: Bool) {}

  /// UIViewController.h: `- (void)viewWillDisappear:(BOOL)animated;`
  open func viewWillDisappear(_ animated: Bool) {}

  /// UIViewController.h: `- (void)viewDidDisappear:(BOOL)animated;`
  open func viewDidDisappear(_ animated: Bool) {}

  /// UIViewController.h, protocol UIContentContainer: `- (void)viewWillTransitionToSize:(CGSize)size
  /// withTransitionCoordinator:(id <UIViewControllerTransitionCoordinator>)coordinator;`
  open func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
  }
}
