import PresentationRecordingUIKit

final class FeedViewController: UIViewController {
  let cardTransition = CardTransition()

  func open(_ card: UIViewController) {
    card.modalPresentationStyle = .custom
    card.transitioningDelegate = RecordingTransitioningDelegate(wrapping: cardTransition, for: card)
    present(card, animated: true)
  }
}
