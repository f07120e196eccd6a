import PresentationRecordingUIKit

/// The app's pan interactor built on UIKit's `UIPercentDrivenInteractiveTransition`, which on start reaches
/// the animator through the context's private API to animate it: handed any context but UIKit's own, it
/// finds no animator (on a device: it crashes, or the card never moves on the first drag). The scripted
/// UIKit then plays the animator's `animateTransition` where the episode has it.
@MainActor
public final class ScriptedPercentDrivenInteractor: UIPercentDrivenInteractiveTransition {
  /// Whether the last start found UIKit's context (and so an animator to drive).
  public private(set) var drovePrivateContext: [Bool] = []

  public override func startInteractiveTransition(
    _ transitionContext: any UIViewControllerContextTransitioning
  ) {
    let animator = (transitionContext as? ScriptedTransitionContext)?._animator()
    drovePrivateContext.append(animator != nil)
    super.startInteractiveTransition(transitionContext)
  }
}
