import PresentationRecordingUIKit

final class AppDelegate: NSObject, UIApplicationDelegate {
  func application(
    _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    #if DEBUG
      let live: LiveAuditor? = LiveAuditor { print("presentation: \($0.message)") }
    #else
      let live: LiveAuditor? = nil
    #endif
    PresentationHooks.startRecording(liveAuditor: live) { error in print("presentation trace: \(error)") }
    return true
  }
}
