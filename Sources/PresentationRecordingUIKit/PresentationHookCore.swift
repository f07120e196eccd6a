/// What the hooked UIKit methods do: decides what a callback means for the trace and records it through
/// a `PresentationRecorder`. The swapped methods call it before UIKit's own implementation runs; on Linux
/// the tests' scripted UIKit calls it at the same points.
///
/// ```swift
/// let core = PresentationHookCore(recorder: recorder)
/// let completion = core.willPresent(sheet, from: feed, animated: true, completion: nil)
/// core.appearance(.viewWillAppear, of: sheet, animated: true)
/// ```
///
/// It records only presentations it saw requested (or whose app-vended presentation controller began
/// them) and the roots and presenters below them, so the appearance callbacks of child view controllers
/// (a navigation stack's pages) stay out of the trace. Presentation-controller callbacks are recorded
/// only for controllers the app's transitioning delegate vended (`vended(_:)`), every one of them, so
/// UIKit's private controller of a sheet or an alert never appears. Objects are held weakly: a view
/// controller that is deallocated gets nothing further recorded. A presented view controller stays
/// recorded as long as it lives, so one that is dismissed and then reused as a child page would have its
/// appearance callbacks recorded under its presentation id (the auditor then reports them).
@MainActor
public final class PresentationHookCore {
  /// A view controller or presentation controller held weakly.
  private struct Weak<Object: AnyObject> {
    weak var object: Object?
  }

  public let recorder: PresentationRecorder
  /// The hook groups that are installed; calls of the others are ignored (UIKit untouched for them).
  public let groups: Set<HookGroup>

  private var live: [ObjectIdentifier: Weak<UIViewController>] = [:]
  private var vendedControllers: [ObjectIdentifier: Weak<UIPresentationController>] = [:]
  private var adaptiveProxies:
    [ObjectIdentifier: (controller: Weak<UIPresentationController>, proxy: RecordingAdaptiveDelegate)] =
      [:]
  private var roots = 0

  /// A core recording through `recorder`, with the hooks of `groups` installed.
  public init(recorder: PresentationRecorder, groups: Set<HookGroup> = Set(HookGroup.allCases)) {
    self.recorder = recorder
    self.groups = groups
  }

  // MARK: Requests

  /// `present(_:animated:completion:)` was called on `receiver`: records the request with the presented
  /// controller's style, and returns the completion block to hand to UIKit (it records `completion` and
  /// then runs the app's).
  public func willPresent(
    _ presented: UIViewController, from receiver: UIViewController, animated: Bool,
    completion: (() -> Void)?
  ) -> (() -> Void)? {
    guard groups.contains(.requests) else { return completion }
    let presenter = owner(of: receiver)
    recorder.present(
      presented, presenter: presenter, animated: animated,
      style: PresentationStyle(presented.modalPresentationStyle))
    track(presented)
    if let controller = presented.presentationController { attachAdaptiveDelegate(to: controller) }
    return recordingCompletion(of: presented, then: completion)
  }

  /// `dismiss(animated:completion:)` was called on `receiver`: records the request for the presentation
  /// it dismisses (the one `receiver` presents, else the one it is in) and returns the completion block
  /// to hand to UIKit. A dismiss with nothing to dismiss (on a root presenting nothing) is not recorded.
  public func willDismiss(
    from receiver: UIViewController, animated: Bool, completion: (() -> Void)?
  ) -> (() -> Void)? {
    guard groups.contains(.requests) else { return completion }
    let target: UIViewController
    if let presented = receiver.presentedViewController {
      target = presented
    } else {
      let top = Self.top(of: receiver)
      guard isLive(top) || top.presentingViewController != nil else { return completion }
      target = top
    }
    recorder.dismiss(target, animated: animated)
    return recordingCompletion(of: target, then: completion)
  }

  private func recordingCompletion(
    of presented: UIViewController, then completion: (() -> Void)?
  ) -> () -> Void {
    let recorder = recorder
    return { [weak presented] in
      if let presented { recorder.completion(presented) }
      completion?()
    }
  }

  // MARK: Appearance

  /// An appearance callback of `controller`: recorded for presentations and the roots they stack on.
  public func appearance(_ callback: AppearanceCallback, of controller: UIViewController, animated: Bool) {
    let group: HookGroup = callback == .viewIsAppearing ? .viewIsAppearing : .appearance
    guard groups.contains(group), isRecorded(controller) else { return }
    switch callback {
    case .viewWillAppear: recorder.viewWillAppear(controller, animated: animated)
    case .viewIsAppearing: recorder.viewIsAppearing(controller, animated: animated)
    case .viewDidAppear: recorder.viewDidAppear(controller, animated: animated)
    case .viewWillDisappear: recorder.viewWillDisappear(controller, animated: animated)
    case .viewDidDisappear: recorder.viewDidDisappear(controller, animated: animated)
    }
  }

  /// `viewWillTransition(to:with:)` of `controller`.
  public func viewWillTransition(of controller: UIViewController, to size: CGSize) {
    guard groups.contains(.appearance), isRecorded(controller) else { return }
    recorder.viewWillTransitionToSize(controller, width: Double(size.width), height: Double(size.height))
  }

  // MARK: Presentation controller

  /// The app's transitioning delegate vended `controller`: its callbacks are the app's, and recorded.
  public func vended(_ controller: UIPresentationController) {
    guard groups.contains(.presentationController) else { return }
    vendedControllers[ObjectIdentifier(controller)] = Weak(object: controller)
    vendedControllers = vendedControllers.filter { $0.value.object != nil }
  }

  /// A callback UIKit sent to `controller`: recorded when the app's transitioning delegate vended it.
  public func presentationController(
    _ controller: UIPresentationController, _ callback: PresentationControllerCallback
  ) {
    guard groups.contains(.presentationController),
      vendedControllers[ObjectIdentifier(controller)]?.object === controller
    else { return }
    let presented = controller.presentedViewController
    let size = controller.containerView?.bounds.size
    let width = size.map { Double($0.width) }
    let height = size.map { Double($0.height) }
    switch callback {
    case .presentationTransitionWillBegin:
      // A presentation the request hooks did not see (presented before they were installed) is recorded
      // from here on, its adaptive delegate included.
      track(presented)
      attachAdaptiveDelegate(to: controller)
      recorder.presentationTransitionWillBegin(presented)
    case .presentationTransitionDidEnd(let completed):
      recorder.presentationTransitionDidEnd(presented, completed: completed)
    case .dismissalTransitionWillBegin: recorder.dismissalTransitionWillBegin(presented)
    case .dismissalTransitionDidEnd(let completed):
      recorder.dismissalTransitionDidEnd(presented, completed: completed)
    case .containerViewWillLayoutSubviews:
      recorder.containerViewWillLayoutSubviews(presented, width: width, height: height)
    case .containerViewDidLayoutSubviews:
      recorder.containerViewDidLayoutSubviews(presented, width: width, height: height)
    }
  }

  // MARK: Adaptive delegate

  /// The delegate to store when the app (or SwiftUI) sets `controller.delegate` to `delegate`: a
  /// recording proxy that forwards every call to it.
  public func delegate(
    _ delegate: (any UIAdaptivePresentationControllerDelegate)?,
    settingOn controller: UIPresentationController
  ) -> (any UIAdaptivePresentationControllerDelegate)? {
    guard groups.contains(.adaptiveDelegate) else { return delegate }
    if let proxy = delegate as? RecordingAdaptiveDelegate { return proxy }
    let proxy = RecordingAdaptiveDelegate(wrapping: delegate, recorder: recorder)
    adaptiveProxies = adaptiveProxies.filter { $0.value.controller.object != nil }
    // The delegate property is weak: the proxy lives as long as its presentation controller.
    adaptiveProxies[ObjectIdentifier(controller)] = (Weak(object: controller), proxy)
    return proxy
  }

  /// Puts a recording proxy in front of `controller`'s delegate (none, the app's or SwiftUI's).
  private func attachAdaptiveDelegate(to controller: UIPresentationController) {
    guard groups.contains(.adaptiveDelegate), !(controller.delegate is RecordingAdaptiveDelegate) else {
      return
    }
    controller.delegate = delegate(controller.delegate, settingOn: controller)
  }

  // MARK: What is recorded

  /// Marks `presented` as a presentation whose appearance callbacks are recorded.
  private func track(_ presented: UIViewController) {
    live[ObjectIdentifier(presented)] = Weak(object: presented)
    if live.count > 64 { live = live.filter { $0.value.object != nil } }
  }

  private func isLive(_ controller: UIViewController) -> Bool {
    live[ObjectIdentifier(controller)]?.object === controller
  }

  private func isRecorded(_ controller: UIViewController) -> Bool {
    isLive(controller) || recorder.ids.isRoot(controller)
  }

  /// The presentation (or root) that `receiver` belongs to: the top of its parent chain; a top that is
  /// no presentation is a root, registered as `root` (the first) or `root:2`, `root:3`, … unless the app
  /// registered it under its scene's name.
  private func owner(of receiver: UIViewController) -> UIViewController {
    let top = Self.top(of: receiver)
    if isLive(top) || top.presentingViewController != nil || recorder.ids.isRoot(top) { return top }
    roots += 1
    recorder.registerRoot(top, scene: roots == 1 ? nil : String(roots))
    return top
  }

  private static func top(of controller: UIViewController) -> UIViewController {
    var top = controller
    while let parent = top.parent { top = parent }
    return top
  }
}
