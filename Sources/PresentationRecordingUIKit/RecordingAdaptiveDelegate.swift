/// Stands in front of a presentation controller's adaptive delegate (the app's, SwiftUI's, or none):
/// records the three dismissal callbacks and forwards every call unchanged.
///
/// ```swift
/// controller.delegate = core.delegate(appDelegate, settingOn: controller)
/// ```
///
/// It holds the app's delegate weakly, as UIKit's `delegate` property does. Where UIKit can be imported,
/// calls it does not implement (the adaptive-style methods) are forwarded by the Objective-C runtime.
@MainActor
public final class RecordingAdaptiveDelegate: NSObject, UIAdaptivePresentationControllerDelegate {
  /// The app's delegate, which receives every call.
  public private(set) weak var wrapped: (any UIAdaptivePresentationControllerDelegate)?
  private let recorder: PresentationRecorder

  public init(
    wrapping wrapped: (any UIAdaptivePresentationControllerDelegate)?, recorder: PresentationRecorder
  ) {
    self.wrapped = wrapped
    self.recorder = recorder
    super.init()
  }

  public func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool
  {
    #if canImport(UIKit)
      wrapped?.presentationControllerShouldDismiss?(presentationController) ?? true
    #else
      wrapped?.presentationControllerShouldDismiss(presentationController) ?? true
    #endif
  }

  public func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {
    recorder.presentationControllerWillDismiss(presentationController.presentedViewController)
    #if canImport(UIKit)
      wrapped?.presentationControllerWillDismiss?(presentationController)
    #else
      wrapped?.presentationControllerWillDismiss(presentationController)
    #endif
  }

  public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
    recorder.presentationControllerDidDismiss(presentationController.presentedViewController)
    #if canImport(UIKit)
      wrapped?.presentationControllerDidDismiss?(presentationController)
    #else
      wrapped?.presentationControllerDidDismiss(presentationController)
    #endif
  }

  public func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {
    recorder.presentationControllerDidAttemptToDismiss(presentationController.presentedViewController)
    #if canImport(UIKit)
      wrapped?.presentationControllerDidAttemptToDismiss?(presentationController)
    #else
      wrapped?.presentationControllerDidAttemptToDismiss(presentationController)
    #endif
  }

  #if canImport(ObjectiveC)
    // The adaptive-style methods this proxy does not implement go to the app's delegate, and UIKit sees
    // exactly the optional methods the app's delegate implements.
    public override func responds(to selector: Selector!) -> Bool {
      super.responds(to: selector) || (wrapped?.responds(to: selector) ?? false)
    }

    public override func forwardingTarget(for selector: Selector!) -> Any? {
      if let wrapped, wrapped.responds(to: selector), !super.responds(to: selector) { return wrapped }
      return super.forwardingTarget(for: selector)
    }
  #endif
}
