import PresentationRecordingUIKit

final class AppDelegate: NSObject, UIApplicationDelegate {
  func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    PresentationHooks.startRecording { error in print("presentation trace: \(error)") }
    return true
  }
}
