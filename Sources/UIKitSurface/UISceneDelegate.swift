/// UISceneDelegate (UIScene.h): `@protocol UISceneDelegate <NSObject>`; the guide implements
/// `sceneWillEnterForeground:` and `sceneDidEnterBackground:` (`@optional`, declared with empty defaults).
@MainActor
public protocol UISceneDelegate: NSObjectProtocol {
  /// `- (void)sceneWillEnterForeground:(UIScene *)scene;`
  func sceneWillEnterForeground(_ scene: UIScene)
  /// `- (void)sceneDidEnterBackground:(UIScene *)scene;`
  func sceneDidEnterBackground(_ scene: UIScene)
}

extension UISceneDelegate {
  public func sceneWillEnterForeground(_ scene: UIScene) {}
  public func sceneDidEnterBackground(_ scene: UIScene) {}
}
