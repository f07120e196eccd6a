import PresentationRecordingUIKit

/// UIKit's transition context in the scripted UIKit: it logs every call that reaches it, so a test can
/// tell that the recording wrapper forwarded each one unchanged.
@MainActor
public final class ScriptedTransitionContext: NSObject, UIViewControllerContextTransitioning {
  public let containerView = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
  public let from: UIViewController?
  public let to: UIViewController?
  public private(set) var calls: [String] = []
  public private(set) var cancelled = false

  public init(from: UIViewController?, to: UIViewController?) {
    self.from = from
    self.to = to
    super.init()
  }

  public var isAnimated: Bool { true }
  public var isInteractive: Bool { false }
  public var transitionWasCancelled: Bool { cancelled }
  public var presentationStyle: UIModalPresentationStyle { .custom }
  public var targetTransform: CGAffineTransform { .identity }

  public func updateInteractiveTransition(_ percentComplete: CGFloat) {
    calls.append("update \(percentComplete)")
  }
  public func finishInteractiveTransition() { calls.append("finish") }
  public func cancelInteractiveTransition() {
    cancelled = true
    calls.append("cancel")
  }
  public func pauseInteractiveTransition() { calls.append("pause") }
  public func completeTransition(_ didComplete: Bool) { calls.append("complete \(didComplete)") }

  public func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
    key == .from ? from : to
  }
  public func view(forKey key: UITransitionContextViewKey) -> UIView? { nil }
  public func initialFrame(for vc: UIViewController) -> CGRect { .zero }
  public func finalFrame(for vc: UIViewController) -> CGRect { containerView.bounds }
}
