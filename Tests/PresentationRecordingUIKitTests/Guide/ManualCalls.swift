import PresentationRecordingUIKit

@MainActor
final class CardPanHandler {
  let card: UIViewController
  init(card: UIViewController) { self.card = card }

  func panned(began: Bool, translation: Double, velocity: Double) {
    guard let recorder = PresentationHooks.shared.core?.recorder else { return }
    if began {
      recorder.panBegan(card, translation: translation, velocity: velocity)
      recorder.mark("cardDragStarted", on: card)
    } else {
      recorder.panChanged(card, translation: translation, velocity: velocity)
    }
  }
}
