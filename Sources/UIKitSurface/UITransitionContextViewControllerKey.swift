/// UIViewControllerTransitioning.h / UIViewController.h: `typedef NSString *
/// UITransitionContextViewControllerKey NS_TYPED_ENUM;` with `UITransitionContextFromViewControllerKey
/// NS_SWIFT_NAME(from)` and `UITransitionContextToViewControllerKey NS_SWIFT_NAME(to)`.
public struct UITransitionContextViewControllerKey: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let from = UITransitionContextViewControllerKey(
    rawValue: "UITransitionContextFromViewControllerKey")
  public static let to = UITransitionContextViewControllerKey(
    rawValue: "UITransitionContextToViewControllerKey")
}
