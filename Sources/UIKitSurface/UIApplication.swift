/// UIApplication.h: `@interface UIApplication : UIResponder` — only the type and its launch-options key,
/// which the recording guide's `application(_:didFinishLaunchingWithOptions:)` receives.
@MainActor
open class UIApplication: NSObject {
  /// UIApplication.h: `typedef NSString *UIApplicationLaunchOptionsKey NS_TYPED_ENUM;`
  public struct LaunchOptionsKey: Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
  }
}
