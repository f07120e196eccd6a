import PresentationRecordingUIKit

/// UIKit's transition context in the scripted UIKit (`_UIViewControllerOneToOneTransitionContext` on a
/// device): it logs every call that reaches it, runs the hook a hooked class would run first (`onCall`),
/// and has what UIKit's percent-driven interaction reaches outside the public protocol.
@MainActor
public final class ScriptedTransitionContext: NSObject, UIViewControllerContextTransitioning {
  public let containerView = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
  public let from: UIViewController?
  public let to: UIViewController?
  public private(set) var calls: [String] = []
  public private(set) var cancelled = false
  /// What a hook on this class does before the implementation runs (set by the scripted UIKit).
  var onCall: (ScriptedTransitionContext, TransitionContextCall) -> Void = { _, _ in }
  /// The animator UIKit's percent-driven interaction drives, reached through `_animator` (private).
  var animatorForInteraction: (any UIViewControllerAnimatedTransitioning)?

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

  /// UIKit's private accessor, which `UIPercentDrivenInteractiveTransition` calls on the context it is
  /// started with: an object of any other class has none.
  public func _animator() -> (any UIViewControllerAnimatedTransitioning)? { animatorForInteraction }

  public func updateInteractiveTransition(_ percentComplete: CGFloat) {
    onCall(self, .updateInteractiveTransition(percent: Double(percentComplete)))
    calls.append("update \(percentComplete)")
  }
  public func finishInteractiveTransition() {
    onCall(self, .finishInteractiveTransition)
    calls.append("finish")
  }
  public func cancelInteractiveTransition() {
    onCall(self, .cancelInteractiveTransition)
    cancelled = true
    calls.append("cancel")
  }
  public func pauseInteractiveTransition() {
    onCall(self, .pauseInteractiveTransition)
    calls.append("pause")
  }
  public func completeTransition(_ didComplete: Bool) {
    onCall(self, .completeTransition(didComplete: didComplete))
    calls.append("complete \(didComplete)")
  }

  public func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
    key == .from ? from : to
  }
  public func view(forKey key: UITransitionContextViewKey) -> UIView? { nil }
  public func initialFrame(for vc: UIViewController) -> CGRect { .zero }
  public func finalFrame(for vc: UIViewController) -> CGRect { containerView.bounds }
}
