import PresentationRecordingUIKit

/// The app's interaction controller: a pan-driven interactor that keeps the context it is started with.
@MainActor
public final class ScriptedInteractor: NSObject, UIViewControllerInteractiveTransitioning {
  public override init() { super.init() }

  public var completionSpeed: CGFloat = 1
  public var wantsInteractiveStart = true
  public private(set) var context: (any UIViewControllerContextTransitioning)?

  public func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning) {
    context = transitionContext
  }
}
