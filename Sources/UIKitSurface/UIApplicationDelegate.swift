/// UIApplication.h: `@protocol UIApplicationDelegate <NSObject>`; the guide implements
/// `application:didFinishLaunchingWithOptions:` (`@optional`, declared with a default that returns YES).
@MainActor
public protocol UIApplicationDelegate: NSObjectProtocol {
  /// `- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(nullable
  /// NSDictionary<UIApplicationLaunchOptionsKey, id> *)launchOptions;`
  func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool
}

extension UIApplicationDelegate {
  public func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool { true }
}
