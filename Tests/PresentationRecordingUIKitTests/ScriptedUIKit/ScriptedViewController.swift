import PresentationRecordingUIKit

/// A view controller of the scripted UIKit: the relations UIKit keeps (parent, presenting, presented,
/// presentation controller) are set by the script, and it counts the appearance callbacks it receives,
/// so a test can tell that the hooks passed them on.
@MainActor
final class ScriptedViewController: UIViewController {
  /// The name the scripted app gives it (the episode's id), offered to the recorder's naming closure.
  nonisolated let name: String?
  var scriptedParent: UIViewController?
  weak var scriptedPresenting: UIViewController?
  var scriptedPresented: UIViewController?
  var scriptedPresentationController: UIPresentationController?
  private(set) var received: [String] = []

  init(name: String? = nil) {
    self.name = name
    super.init()
  }

  override var parent: UIViewController? { scriptedParent }
  override var presentingViewController: UIViewController? { scriptedPresenting }
  override var presentedViewController: UIViewController? { scriptedPresented }
  override var presentationController: UIPresentationController? { scriptedPresentationController }

  override func viewWillAppear(_ animated: Bool) { received.append("viewWillAppear") }
  override func viewIsAppearing(_ animated: Bool) { received.append("viewIsAppearing") }
  override func viewDidAppear(_ animated: Bool) { received.append("viewDidAppear") }
  override func viewWillDisappear(_ animated: Bool) { received.append("viewWillDisappear") }
  override func viewDidDisappear(_ animated: Bool) { received.append("viewDidDisappear") }
}
