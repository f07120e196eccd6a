/// UIViewControllerTransitioning.h: `typedef NSString * UITransitionContextViewKey NS_TYPED_ENUM;` with
/// `UITransitionContextFromViewKey NS_SWIFT_NAME(from)` and `UITransitionContextToViewKey NS_SWIFT_NAME(to)`.
public struct UITransitionContextViewKey: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let from = UITransitionContextViewKey(rawValue: "UITransitionContextFromViewKey")
  public static let to = UITransitionContextViewKey(rawValue: "UITransitionContextToViewKey")
}
