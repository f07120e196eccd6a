/// UIScene.h: `@interface UIScene : UIResponder` — only the type, which the recording guide's
/// `sceneDidEnterBackground(_:)` receives.
@MainActor
open class UIScene: NSObject {}

/// UISceneDelegate (UIScene.h): `@protocol UISceneDelegate <NSObject>`; the guide implements
/// `sceneDidEnterBackground:` (`@optional`, declared with an empty default).
@MainActor
public protocol UISceneDelegate: NSObjectProtocol {
  /// `- (void)sceneDidEnterBackground:(UIScene *)scene;`
  func sceneDidEnterBackground(_ scene: UIScene)
}

extension UISceneDelegate {
  public func sceneDidEnterBackground(_ scene: UIScene) {}
}
