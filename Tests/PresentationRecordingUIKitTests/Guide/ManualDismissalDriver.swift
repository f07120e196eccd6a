import PresentationRecordingUIKit

final class ManualCardDismissalDriver: UIPercentDrivenInteractiveTransition {
  private(set) var isInteracting = false
  /// The animator's `transitionDuration(using:)`, set by the transitioning delegate.
  var animatorDuration: TimeInterval = 0
  private weak var card: CardViewController?
  private var recorder: PresentationRecorder? { PresentationTrace.recorder }

  init(card: CardViewController) {
    self.card = card
    super.init()
  }

  /// The card's pan gesture handler calls these with the drag along y, in points and points per second.
  func panBegan(velocity: Double) {
    guard let card else { return }
    recorder?.panBegan(card, translation: 0, velocity: velocity)
    isInteracting = true
    card.close()
  }

  func panChanged(translation: Double, velocity: Double, height: Double) {
    guard let card else { return }
    recorder?.panChanged(card, translation: translation, velocity: velocity)
    update(CGFloat(min(max(translation / max(height, 1), 0), 1)))
  }

  func panEnded(translation: Double, velocity: Double, height: Double) {
    guard let card else { return }
    recorder?.panEnded(card, translation: translation, velocity: velocity)
    isInteracting = false
    completionSpeed = 1.25
    if translation / max(height, 1) > 0.4 || velocity > 800 { finish() } else { cancel() }
  }

  override func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning) {
    if let card {
      recorder?.startInteractiveTransition(
        card, duration: animatorDuration, wantsInteractiveStart: wantsInteractiveStart)
    }
    super.startInteractiveTransition(transitionContext)  // calls the animator's animateTransition(using:)
  }

  override func update(_ percentComplete: CGFloat) {
    if let card { recorder?.updateInteractiveTransition(card, percent: Double(percentComplete)) }
    super.update(percentComplete)
  }

  override func pause() {
    if let card { recorder?.pauseInteractiveTransition(card) }
    super.pause()
  }

  override func finish() {
    if let card { recorder?.finishInteractiveTransition(card, completionSpeed: Double(completionSpeed)) }
    super.finish()
  }

  override func cancel() {
    if let card { recorder?.cancelInteractiveTransition(card, completionSpeed: Double(completionSpeed)) }
    super.cancel()
  }
}
