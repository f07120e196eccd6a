/// UIView.h: `@interface UIView : UIResponder` — `initWithFrame:` and `bounds`, which the glue reads
/// for the container's size; `transform` and `addSubview:`, which the manual-calls guide's animators
/// use; and `UIViewAnimationCurve`, the type of an interaction controller's `completionCurve`.
@MainActor
open class UIView: NSObject {
  /// UIView.h: `@property(nonatomic) CGRect bounds;`
  open var bounds: CGRect

  /// UIView.h: `@property(nonatomic) CGAffineTransform transform;`
  open var transform: CGAffineTransform = .identity

  /// UIView.h: `- (instancetype)initWithFrame:(CGRect)frame;`
  public init(frame: CGRect) {
    bounds = CGRect(origin: .zero, size: frame.size)
    super.init()
  }

  /// UIView.h: `- (void)addSubview:(UIView *)view;` (nothing is drawn here: the view is not kept).
  open func addSubview(_ view: UIView) {}

  /// UIView.h: `typedef NS_ENUM(NSInteger, UIViewAnimationCurve)`.
  public enum AnimationCurve: Int, Sendable {
    case easeInOut = 0
    case easeIn = 1
    case easeOut = 2
    case linear = 3
  }
}
