import PresentationRecordingUIKit

/// A presentation controller with a container whose size the script sets, counting the callbacks it
/// receives.
@MainActor
public class ScriptedPresentationController: UIPresentationController {
  public let container = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
  public private(set) var received: [String] = []

  public override var containerView: UIView? { container }

  public override func presentationTransitionWillBegin() {
    received.append("presentationTransitionWillBegin")
  }
  public override func presentationTransitionDidEnd(_ completed: Bool) {
    received.append("presentationTransitionDidEnd")
  }
  public override func dismissalTransitionWillBegin() { received.append("dismissalTransitionWillBegin") }
  public override func dismissalTransitionDidEnd(_ completed: Bool) {
    received.append("dismissalTransitionDidEnd")
  }
  public override func containerViewWillLayoutSubviews() {
    received.append("containerViewWillLayoutSubviews")
  }
  public override func containerViewDidLayoutSubviews() { received.append("containerViewDidLayoutSubviews") }
}

/// The app's own presentation controller, vended by its transitioning delegate for `.custom`.
@MainActor
public final class CardPresentationController: ScriptedPresentationController {}

/// UIKit's private presentation controller of a system style (a sheet's, an alert's): the app never
/// vends it, so its callbacks must never reach the trace.
@MainActor
public final class SystemPresentationController: ScriptedPresentationController {}
