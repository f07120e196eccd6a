import PresentationRecordingUIKit

/// A presentation controller with a container whose size the script sets, counting the callbacks it
/// receives.
@MainActor
class ScriptedPresentationController: UIPresentationController {
  let container = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
  private(set) var received: [String] = []

  override var containerView: UIView? { container }

  override func presentationTransitionWillBegin() { received.append("presentationTransitionWillBegin") }
  override func presentationTransitionDidEnd(_ completed: Bool) {
    received.append("presentationTransitionDidEnd")
  }
  override func dismissalTransitionWillBegin() { received.append("dismissalTransitionWillBegin") }
  override func dismissalTransitionDidEnd(_ completed: Bool) { received.append("dismissalTransitionDidEnd") }
  override func containerViewWillLayoutSubviews() { received.append("containerViewWillLayoutSubviews") }
  override func containerViewDidLayoutSubviews() { received.append("containerViewDidLayoutSubviews") }
}

/// The app's own presentation controller, vended by its transitioning delegate for `.custom`.
@MainActor
final class CardPresentationController: ScriptedPresentationController {}

/// UIKit's private presentation controller of a system style (a sheet's, an alert's): the app never
/// vends it, so its callbacks must never reach the trace.
@MainActor
final class SystemPresentationController: ScriptedPresentationController {}
