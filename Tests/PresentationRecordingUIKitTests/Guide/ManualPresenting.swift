import PresentationRecordingUIKit

final class TodayViewController: UIViewController {
  private var cardTransition: ManualCardTransition?  // transitioningDelegate is weak

  func openCard() {
    let card = CardViewController()
    let transition = ManualCardTransition()
    transition.dismissalDriver = ManualCardDismissalDriver(card: card)
    cardTransition = transition
    card.modalPresentationStyle = .custom
    card.transitioningDelegate = transition
    let recorder = PresentationTrace.recorder
    recorder?.mark("didTapCard", on: card)
    recorder?.present(
      card, presenter: self, animated: true, style: PresentationStyle(card.modalPresentationStyle))
    present(card, animated: true) { recorder?.completion(card) }
  }
}

/// A presented view controller that records its own appearance callbacks and its rotations.
class RecordedViewController: UIViewController {
  override func viewWillAppear(_ animated: Bool) {
    PresentationTrace.recorder?.viewWillAppear(self, animated: animated)
    super.viewWillAppear(animated)
  }

  override func viewIsAppearing(_ animated: Bool) {  // iOS 13+, built with Xcode 15 or later
    PresentationTrace.recorder?.viewIsAppearing(self, animated: animated)
    super.viewIsAppearing(animated)
  }

  override func viewDidAppear(_ animated: Bool) {
    PresentationTrace.recorder?.viewDidAppear(self, animated: animated)
    super.viewDidAppear(animated)
  }

  override func viewWillDisappear(_ animated: Bool) {
    PresentationTrace.recorder?.viewWillDisappear(self, animated: animated)
    super.viewWillDisappear(animated)
  }

  override func viewDidDisappear(_ animated: Bool) {
    PresentationTrace.recorder?.viewDidDisappear(self, animated: animated)
    super.viewDidDisappear(animated)
  }

  override func viewWillTransition(
    to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator
  ) {
    PresentationTrace.recorder?.viewWillTransitionToSize(
      self, width: Double(size.width), height: Double(size.height))
    super.viewWillTransition(to: size, with: coordinator)
  }
}

final class CardViewController: RecordedViewController {
  /// The close button and the pan driver both dismiss through here.
  func close() {
    let recorder = PresentationTrace.recorder
    recorder?.dismiss(self, animated: true)
    dismiss(animated: true) { [weak self] in if let self { recorder?.completion(self) } }
  }
}
