/// UIView.h: `@interface UIView : UIResponder` — only `initWithFrame:` and `bounds`, which the glue reads
/// for the container's size; and `UIViewAnimationCurve`, the type of an interaction controller's
/// `completionCurve`.
@MainActor
open class UIView: NSObject {
  /// UIView.h: `@property(nonatomic) CGRect bounds;`
  open var bounds: CGRect

  /// UIView.h: `- (instancetype)initWithFrame:(CGRect)frame;`
  public init(frame: CGRect) {
    bounds = CGRect(origin: .zero, size: frame.size)
    super.init()
  }

  /// UIView.h: `typedef NS_ENUM(NSInteger, UIViewAnimationCurve)`.
  public enum AnimationCurve: Int, Sendable {
    case easeInOut = 0
    case easeIn = 1
    case easeOut = 2
    case linear = 3
  }
}
