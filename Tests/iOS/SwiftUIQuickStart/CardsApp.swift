import PresentationRecordingUIKit
import SwiftUI

@main
struct CardsApp: App {
  init() {
    PresentationHooks.startRecording { error in print("presentation trace: \(error)") }
  }

  var body: some Scene {
    WindowGroup { Text("Cards") }
  }
}
