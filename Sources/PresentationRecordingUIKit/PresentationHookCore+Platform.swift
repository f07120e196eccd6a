// What the core reads from UIKit's objects where UIKit's Objective-C declarations (optional protocol
// members, iOS 16's `activePresentationController`) differ from the surface the glue builds against
// elsewhere.
extension PresentationHookCore {
  /// `presented`'s presentation controller if UIKit has created it, read without making UIKit create one
  /// (`presentationController` creates it on first read, through the app's transitioning delegate: read
  /// before UIKit does, it can change what UIKit presents).
  static func createdPresentationController(of presented: UIViewController) -> UIPresentationController? {
    #if canImport(UIKit)
      if #available(iOS 16.0, tvOS 16.0, *) { return presented.activePresentationController }
    #endif
    // Before iOS 16: created by UIKit's `present`, so it exists once `presented` is being presented.
    return presented.presentingViewController == nil ? nil : presented.presentationController
  }

  /// The style UIKit resolved for `presented`'s presentation (never `.automatic`), once it created the
  /// presentation controller.
  static func resolvedStyle(of presented: UIViewController) -> PresentationStyle? {
    guard let controller = createdPresentationController(of: presented) else { return nil }
    let style = PresentationStyle(controller.presentationStyle)
    return style == .automatic ? nil : style
  }

  static func wantsInteractiveStart(of interactor: any UIViewControllerInteractiveTransitioning) -> Bool {
    #if canImport(UIKit)
      interactor.wantsInteractiveStart ?? true
    #else
      interactor.wantsInteractiveStart
    #endif
  }

  static func completionSpeed(of interactor: any UIViewControllerInteractiveTransitioning) -> Double {
    #if canImport(UIKit)
      Double(interactor.completionSpeed ?? 1)
    #else
      Double(interactor.completionSpeed)
    #endif
  }
}
