import PresentationRecordingUIKit

final class MenuInteraction: UIPercentDrivenInteractiveTransition {
  weak var menu: UIViewController?
  var animatorDuration: TimeInterval = 0

  override init() {
    super.init()
    wantsInteractiveStart = false  // a tap opens the menu; a pan may still catch it
  }

  override func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning) {
    if let menu {
      PresentationTrace.recorder?.startInteractiveTransition(
        menu, duration: animatorDuration, wantsInteractiveStart: wantsInteractiveStart)
    }
    super.startInteractiveTransition(transitionContext)  // asks the animator's interruptibleAnimator(using:)
  }

  override func pause() {
    if let menu { PresentationTrace.recorder?.pauseInteractiveTransition(menu) }
    super.pause()
  }

  // update(_:), finish() and cancel() are recorded as in ManualCardDismissalDriver.
}
