import PresentationRecordingUIKit

final class SceneDelegate: NSObject, UISceneDelegate {
  static let recorder: PresentationRecorder? = {
    #if DEBUG
      let live: LiveAuditor? = LiveAuditor { print("presentation: \($0.message)") }
    #else
      let live: LiveAuditor? = nil
    #endif
    return try? PresentationHooks.record(toFile: NSTemporaryDirectory() + "ui.jsonl", liveAuditor: live)
  }()
  func sceneWillEnterForeground(_ scene: UIScene) { _ = Self.recorder }
  func sceneDidEnterBackground(_ scene: UIScene) { try? Self.recorder?.flush() }
}
