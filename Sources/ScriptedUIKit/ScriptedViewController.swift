import PresentationRecordingUIKit

/// A view controller of the scripted UIKit: the relations UIKit keeps (parent, presenting, presented,
/// presentation controller) are set by the script, and it counts the appearance callbacks it receives,
/// so a test can tell that the hooks passed them on.
@MainActor
open class ScriptedViewController: UIViewController {
  /// The name the scripted app gives it (the episode's id), offered to the recorder's naming closure.
  public nonisolated let name: String?
  public var scriptedParent: UIViewController?
  public weak var scriptedPresenting: UIViewController?
  public var scriptedPresented: UIViewController?
  public var scriptedPresentationController: UIPresentationController?
  public private(set) var received: [String] = []
  /// How often `presentationController` was read before UIKit created it (on a device such a read creates
  /// it early, through the app's transitioning delegate).
  public private(set) var earlyPresentationControllerReads = 0
  /// What the app's override of an appearance callback does before (or instead of) calling `super`.
  public var onAppearance: ((AppearanceCallback) -> Void)?

  public init(name: String? = nil) {
    self.name = name
    super.init()
  }

  public override var parent: UIViewController? { scriptedParent }
  public override var presentingViewController: UIViewController? { scriptedPresenting }
  public override var presentedViewController: UIViewController? { scriptedPresented }
  public override var presentationController: UIPresentationController? {
    if scriptedPresentationController == nil { earlyPresentationControllerReads += 1 }
    return scriptedPresentationController
  }

  public override func viewWillAppear(_ animated: Bool) { appear(.viewWillAppear) }
  public override func viewIsAppearing(_ animated: Bool) { appear(.viewIsAppearing) }
  public override func viewDidAppear(_ animated: Bool) { appear(.viewDidAppear) }
  public override func viewWillDisappear(_ animated: Bool) { appear(.viewWillDisappear) }
  public override func viewDidDisappear(_ animated: Bool) { appear(.viewDidDisappear) }

  private func appear(_ callback: AppearanceCallback) {
    onAppearance?(callback)
    received.append("\(callback)")
  }
}
