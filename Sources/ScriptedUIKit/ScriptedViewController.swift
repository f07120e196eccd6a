import PresentationRecordingUIKit

/// A view controller of the scripted UIKit: the relations UIKit keeps (parent, presenting, presented,
/// presentation controller) are set by the script, and it counts the appearance callbacks it receives,
/// so a test can tell that the hooks passed them on.
@MainActor
public final class ScriptedViewController: UIViewController {
  /// The name the scripted app gives it (the episode's id), offered to the recorder's naming closure.
  public nonisolated let name: String?
  public var scriptedParent: UIViewController?
  public weak var scriptedPresenting: UIViewController?
  public var scriptedPresented: UIViewController?
  public var scriptedPresentationController: UIPresentationController?
  public private(set) var received: [String] = []

  public init(name: String? = nil) {
    self.name = name
    super.init()
  }

  public override var parent: UIViewController? { scriptedParent }
  public override var presentingViewController: UIViewController? { scriptedPresenting }
  public override var presentedViewController: UIViewController? { scriptedPresented }
  public override var presentationController: UIPresentationController? { scriptedPresentationController }

  public override func viewWillAppear(_ animated: Bool) { received.append("viewWillAppear") }
  public override func viewIsAppearing(_ animated: Bool) { received.append("viewIsAppearing") }
  public override func viewDidAppear(_ animated: Bool) { received.append("viewDidAppear") }
  public override func viewWillDisappear(_ animated: Bool) { received.append("viewWillDisappear") }
  public override func viewDidDisappear(_ animated: Bool) { received.append("viewDidDisappear") }
}
