import PresentationStateMachine
import ScriptedUIKit

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
