import PresentationRecordingUIKit
import ScriptedUIKit
import Testing

// Not part of the guide: what its blocks assume the app has.

/// The app's own transitioning delegate in the guide's custom-transition block.
typealias CardTransition = ScriptedTransition

/// The event-sourcing article's "presentation-state reducer": the sheets it believes are on screen.
struct CheckoutCoordinator {
  private(set) var visibleSheets: [String] = []

  mutating func handle(_ kind: EventKind, id: String, at time: Double) {
    switch kind {
    case .presentationTransitionDidEnd: visibleSheets.append(id)
    case .dismissalTransitionDidEnd: visibleSheets.removeAll { $0 == id }
    default: break
    }
  }
}

/// The testing article's app under test: the scripted UIKit calling the shared hooks (installed) where
/// UIKit's hooked methods would.
@MainActor
func scriptedApp() throws -> ScriptedUIKit {
  let recorder = try #require(PresentationHooks.shared.core?.recorder)
  let installer = try #require(PresentationHooks.shared.installer as? StandInHookInstaller)
  return ScriptedUIKit(
    roots: ["root"], recorder: recorder, installer: installer, hooks: { PresentationHooks.shared.core })
}

/// The testing article's app code under test: holds events and hands them over a batch at a time.
struct UploadQueue {
  let batchSize: Int
  private var pending: [Event] = []

  init(batchSize: Int) { self.batchSize = batchSize }

  /// The batch to send once `event` fills one, else nothing.
  mutating func append(_ event: Event) -> [Event] {
    pending.append(event)
    return pending.count < batchSize ? [] : flush()
  }

  /// What is held, to send now.
  mutating func flush() -> [Event] {
    defer { pending = [] }
    return pending
  }
}
