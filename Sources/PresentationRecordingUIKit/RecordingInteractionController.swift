/// The app's interaction controller, wrapped: records `startInteractiveTransition` with the animator's
/// duration and the interactor's `wantsInteractiveStart`, and hands the app's interactor the transition's
/// `RecordingTransitionContext`, so its updates, finish, cancel and pause are recorded as it sends them.
///
/// ```swift
/// let interactor = RecordingInteractionController(wrapping: panInteractor, animator: recordingAnimator)
/// ```
@MainActor
public final class RecordingInteractionController: NSObject, UIViewControllerInteractiveTransitioning {
  /// The app's interaction controller.
  public let wrapped: any UIViewControllerInteractiveTransitioning
  private let animator: RecordingAnimator

  public init(wrapping interactor: any UIViewControllerInteractiveTransitioning, animator: RecordingAnimator)
  {
    wrapped = interactor
    self.animator = animator
    super.init()
  }

  public func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning) {
    let context = animator.recordingContext(transitionContext)
    context.interactor = wrapped
    if let presented = animator.presented {
      animator.recorder.startInteractiveTransition(
        presented, duration: animator.wrapped.transitionDuration(using: context),
        wantsInteractiveStart: wantsInteractiveStart)
    }
    wrapped.startInteractiveTransition(context)
  }

  #if canImport(UIKit)
    public var completionSpeed: CGFloat { wrapped.completionSpeed ?? 1 }
    public var completionCurve: UIView.AnimationCurve { wrapped.completionCurve ?? .easeInOut }
    public var wantsInteractiveStart: Bool { wrapped.wantsInteractiveStart ?? true }
  #else
    public var completionSpeed: CGFloat { wrapped.completionSpeed }
    public var completionCurve: UIView.AnimationCurve { wrapped.completionCurve }
    public var wantsInteractiveStart: Bool { wrapped.wantsInteractiveStart }
  #endif
}
