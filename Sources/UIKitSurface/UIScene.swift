/// UIScene.h: `@interface UIScene : UIResponder` — only the type, which the recording guide's
/// `sceneDidEnterBackground(_:)` receives.
@MainActor
open class UIScene: NSObject {}
