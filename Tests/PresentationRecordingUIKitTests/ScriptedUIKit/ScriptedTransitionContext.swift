import PresentationRecordingUIKit

/// UIKit's transition context in the scripted UIKit: it logs every call that reaches it, so a test can
/// tell that the recording wrapper forwarded each one unchanged.
@MainActor
final class ScriptedTransitionContext: NSObject, UIViewControllerContextTransitioning {
  let containerView = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
  let from: UIViewController?
  let to: UIViewController?
  private(set) var calls: [String] = []
  private(set) var cancelled = false

  init(from: UIViewController?, to: UIViewController?) {
    self.from = from
    self.to = to
    super.init()
  }

  var isAnimated: Bool { true }
  var isInteractive: Bool { false }
  var transitionWasCancelled: Bool { cancelled }
  var presentationStyle: UIModalPresentationStyle { .custom }
  var targetTransform: CGAffineTransform { .identity }

  func updateInteractiveTransition(_ percentComplete: CGFloat) { calls.append("update \(percentComplete)") }
  func finishInteractiveTransition() { calls.append("finish") }
  func cancelInteractiveTransition() {
    cancelled = true
    calls.append("cancel")
  }
  func pauseInteractiveTransition() { calls.append("pause") }
  func completeTransition(_ didComplete: Bool) { calls.append("complete \(didComplete)") }

  func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
    key == .from ? from : to
  }
  func view(forKey key: UITransitionContextViewKey) -> UIView? { nil }
  func initialFrame(for vc: UIViewController) -> CGRect { .zero }
  func finalFrame(for vc: UIViewController) -> CGRect { containerView.bounds }
}
