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
