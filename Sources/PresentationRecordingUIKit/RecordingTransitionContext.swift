/// UIKit's transition context, wrapped: records the calls the app's animator and interaction controller
/// make on it (`updateInteractiveTransition`, `pause`, `finish`, `cancel`, `completeTransition`) before
/// forwarding them, and forwards everything else unchanged.
///
/// ```swift
/// // in the app's animator, unchanged: it receives this wrapper as its context
/// transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
/// ```
///
/// Each call is recorded before UIKit sees it, because UIKit delivers the end of the transition
/// (`*DidEnd`, `viewDid*`, `animationEnded`, `completion`) synchronously inside `completeTransition`.
/// Calls are recorded as they come: twice, out of order, after the end; the auditor judges them.
@MainActor
public final class RecordingTransitionContext: NSObject, UIViewControllerContextTransitioning {
  /// UIKit's context.
  public let wrapped: any UIViewControllerContextTransitioning
  /// The app's interaction controller of this transition, for its `completionSpeed`.
  weak var interactor: (any UIViewControllerInteractiveTransitioning)?
  private weak var presented: UIViewController?
  private let recorder: PresentationRecorder

  init(
    wrapping context: any UIViewControllerContextTransitioning, presented: UIViewController?,
    recorder: PresentationRecorder
  ) {
    wrapped = context
    self.presented = presented
    self.recorder = recorder
    super.init()
  }

  /// The interactor's completion speed, when there is an interactor.
  private var completionSpeed: Double? {
    guard let interactor else { return nil }
    #if canImport(UIKit)
      return interactor.completionSpeed.map(Double.init)
    #else
      return Double(interactor.completionSpeed)
    #endif
  }

  public var containerView: UIView { wrapped.containerView }
  public var isAnimated: Bool { wrapped.isAnimated }
  public var isInteractive: Bool { wrapped.isInteractive }
  public var transitionWasCancelled: Bool { wrapped.transitionWasCancelled }
  public var presentationStyle: UIModalPresentationStyle { wrapped.presentationStyle }
  public var targetTransform: CGAffineTransform { wrapped.targetTransform }

  public func updateInteractiveTransition(_ percentComplete: CGFloat) {
    if let presented { recorder.updateInteractiveTransition(presented, percent: Double(percentComplete)) }
    wrapped.updateInteractiveTransition(percentComplete)
  }

  public func finishInteractiveTransition() {
    if let presented { recorder.finishInteractiveTransition(presented, completionSpeed: completionSpeed) }
    wrapped.finishInteractiveTransition()
  }

  public func cancelInteractiveTransition() {
    if let presented { recorder.cancelInteractiveTransition(presented, completionSpeed: completionSpeed) }
    wrapped.cancelInteractiveTransition()
  }

  public func pauseInteractiveTransition() {
    if let presented { recorder.pauseInteractiveTransition(presented) }
    wrapped.pauseInteractiveTransition()
  }

  public func completeTransition(_ didComplete: Bool) {
    if let presented { recorder.completeTransition(presented, didComplete: didComplete) }
    wrapped.completeTransition(didComplete)
  }

  public func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
    wrapped.viewController(forKey: key)
  }

  public func view(forKey key: UITransitionContextViewKey) -> UIView? { wrapped.view(forKey: key) }

  public func initialFrame(for vc: UIViewController) -> CGRect { wrapped.initialFrame(for: vc) }

  public func finalFrame(for vc: UIViewController) -> CGRect { wrapped.finalFrame(for: vc) }
}
