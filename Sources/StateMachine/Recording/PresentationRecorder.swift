/// Records the presentation lifecycle with one typed call per UIKit callback, naming each presentation
/// after its view controller object: the API the UIKit glue calls, and the one to call by hand.
///
/// ```swift
/// let recorder = PresentationRecorder(TraceRecorder(sink: try FileTraceSink(path: path)))
/// recorder.present(card, presenter: feed, animated: true, style: .custom)
/// recorder.presentationTransitionWillBegin(card)
/// recorder.animateTransition(card, duration: 0.45)
/// recorder.completeTransition(card, didComplete: true)
/// recorder.presentationTransitionDidEnd(card, completed: true)
/// ```
///
/// Every method takes the presented view controller (or, for appearance callbacks, whichever view
/// controller got them) and writes its event under `ids.id(of:)`: the type name and a per-type ordinal
/// (`CardViewController#1`) unless a naming closure says otherwise, the same for one object as long as it
/// lives, so presenting the same object again reuses its id, and never given to another object. A root
/// registered with `registerRoot(_:scene:)` is written as `root` or `root:SCENE`. Calls are recorded as
/// they come, in any order: the recorder never "fixes" a sequence, the auditor judges it. Safe from any
/// thread, like `TraceRecorder`.
public final class PresentationRecorder: Sendable {
  /// The recorder the events are written through (for `flush`, `close`, counts and `mark`).
  public let trace: TraceRecorder
  /// The ids given to view controllers.
  package let ids: PresentationIds

  /// A presentation recorder writing through `trace`, naming view controllers with `naming` where it
  /// returns a name (else by type and ordinal).
  ///
  /// ```swift
  /// let recorder = PresentationRecorder(trace) { ($0 as? Screen)?.analyticsName }
  /// ```
  public init(_ trace: TraceRecorder, naming: (@Sendable (AnyObject) -> String?)? = nil) {
    self.trace = trace
    self.ids = PresentationIds(naming: naming)
  }

  /// A presentation recorder writing the trace file at `path` (truncated), with `liveAuditor` auditing each
  /// event as it is written.
  ///
  /// ```swift
  /// let recorder = try PresentationRecorder(path: NSTemporaryDirectory() + "ui.jsonl")
  /// ```
  public convenience init(
    path: String, liveAuditor: LiveAuditor? = nil, naming: (@Sendable (AnyObject) -> String?)? = nil
  ) throws(RecordingError) {
    self.init(TraceRecorder(sink: try FileTraceSink(path: path), liveAuditor: liveAuditor), naming: naming)
  }

  /// Hands what was recorded to the sink's destination (call it when the app goes to the background).
  public func flush() throws(RecordingError) { try trace.flush() }

  /// Registers the root view controller of a window scene, written as `root` or `root:SCENE`.
  @discardableResult
  public func registerRoot(_ root: AnyObject, scene: String? = nil) -> String {
    ids.registerRoot(root, scene: scene)
  }

  private func record(_ kind: EventKind, _ object: AnyObject, _ payload: Payload = Payload()) {
    trace.record(kind, id: ids.id(of: object), payload)
  }

  // MARK: Requests

  /// `present(_:animated:completion:)` was called: `presenter` is the presentation (or root) it stacks on.
  public func present(
    _ presented: AnyObject, presenter: AnyObject, animated: Bool, style: PresentationStyle
  ) {
    record(
      .present, presented,
      Payload(presenter: ids.id(of: presenter), animated: animated, style: style.rawValue))
  }

  /// `dismiss(animated:completion:)` was called for `presented`.
  public func dismiss(_ presented: AnyObject, animated: Bool) {
    record(.dismiss, presented, Payload(animated: animated))
  }

  /// The completion block of the last `present` or `dismiss` of `presented` ran.
  public func completion(_ presented: AnyObject) { record(.completion, presented) }

  // MARK: Presentation controller

  /// The presentation controller's `presentationTransitionWillBegin()`: the app owns the presentation.
  public func presentationTransitionWillBegin(_ presented: AnyObject) {
    record(.presentationTransitionWillBegin, presented)
  }

  /// The presentation controller's `presentationTransitionDidEnd(_:)`.
  public func presentationTransitionDidEnd(_ presented: AnyObject, completed: Bool) {
    record(.presentationTransitionDidEnd, presented, Payload(completed: completed))
  }

  /// The presentation controller's `dismissalTransitionWillBegin()`.
  public func dismissalTransitionWillBegin(_ presented: AnyObject) {
    record(.dismissalTransitionWillBegin, presented)
  }

  /// The presentation controller's `dismissalTransitionDidEnd(_:)`.
  public func dismissalTransitionDidEnd(_ presented: AnyObject, completed: Bool) {
    record(.dismissalTransitionDidEnd, presented, Payload(completed: completed))
  }

  /// A container layout pass starts; `width` and `height` are the container view's size in points.
  public func containerViewWillLayoutSubviews(
    _ presented: AnyObject, width: Double? = nil, height: Double? = nil
  ) {
    record(.containerViewWillLayoutSubviews, presented, Payload(width: width, height: height))
  }

  /// A container layout pass ends.
  public func containerViewDidLayoutSubviews(
    _ presented: AnyObject, width: Double? = nil, height: Double? = nil
  ) {
    record(.containerViewDidLayoutSubviews, presented, Payload(width: width, height: height))
  }

  // MARK: Animator and interaction controller

  /// The animator's `animateTransition(using:)` started; `duration` is its `transitionDuration(using:)`.
  public func animateTransition(_ presented: AnyObject, duration: Double) {
    record(.animateTransition, presented, Payload(duration: duration))
  }

  /// The interaction controller's `startInteractiveTransition(_:)` started. `wantsInteractiveStart` is
  /// written only when false: true is the format's default.
  public func startInteractiveTransition(
    _ presented: AnyObject, duration: Double? = nil, wantsInteractiveStart: Bool = true
  ) {
    record(
      .startInteractiveTransition, presented,
      Payload(duration: duration, wantsInteractiveStart: wantsInteractiveStart ? nil : false))
  }

  /// UIKit asked the animator for `interruptibleAnimator(using:)` and got one.
  public func interruptibleAnimator(_ presented: AnyObject, duration: Double? = nil) {
    record(.interruptibleAnimator, presented, Payload(duration: duration))
  }

  /// `animationEnded(_:)` of the animator.
  public func animationEnded(_ presented: AnyObject, completed: Bool) {
    record(.animationEnded, presented, Payload(completed: completed))
  }

  // MARK: Transition context

  /// The transition context's `updateInteractiveTransition(_:)`, `percent` in 0...1.
  public func updateInteractiveTransition(_ presented: AnyObject, percent: Double) {
    record(.updateInteractiveTransition, presented, Payload(percent: percent))
  }

  /// The transition context's `pauseInteractiveTransition()`: an interruptible transition is caught.
  public func pauseInteractiveTransition(_ presented: AnyObject) {
    record(.pauseInteractiveTransition, presented)
  }

  /// `finishInteractiveTransition()`; `completionSpeed` is the interaction controller's (default 1).
  public func finishInteractiveTransition(_ presented: AnyObject, completionSpeed: Double? = nil) {
    record(.finishInteractiveTransition, presented, Payload(completionSpeed: completionSpeed))
  }

  /// `cancelInteractiveTransition()`; `completionSpeed` is the interaction controller's (default 1).
  public func cancelInteractiveTransition(_ presented: AnyObject, completionSpeed: Double? = nil) {
    record(.cancelInteractiveTransition, presented, Payload(completionSpeed: completionSpeed))
  }

  /// The transition context's `completeTransition(_:)`.
  public func completeTransition(_ presented: AnyObject, didComplete: Bool) {
    record(.completeTransition, presented, Payload(didComplete: didComplete))
  }

  // MARK: Appearance

  /// `viewWillAppear(_:)` of `controller` (a presented view controller, a presenter or a root), with
  /// the style UIKit resolved for its presentation when the caller knows it.
  ///
  /// ```swift
  /// recorder.present(sheet, presenter: root, animated: true, style: .automatic)
  /// recorder.viewWillAppear(sheet, animated: true, resolvedStyle: .pageSheet)
  /// ```
  ///
  /// Pass `resolvedStyle` on the first `viewWillAppear` of a presented controller after its `present`
  /// only: UIKit has created the presentation controller by then, so its `presentationStyle` is the style
  /// that was shown. `.automatic` is a request, never a resolution: it is left out of the line (as is
  /// `nil`), and the callback is still recorded.
  public func viewWillAppear(
    _ controller: AnyObject, animated: Bool, resolvedStyle: PresentationStyle? = nil
  ) {
    let resolved = resolvedStyle.flatMap { $0 == .automatic ? nil : $0.rawValue }
    record(.viewWillAppear, controller, Payload(animated: animated, resolvedStyle: resolved))
  }

  /// `viewIsAppearing(_:)` of `controller`: between its `viewWillAppear` and `viewDidAppear`.
  public func viewIsAppearing(_ controller: AnyObject, animated: Bool) {
    record(.viewIsAppearing, controller, Payload(animated: animated))
  }

  /// `viewDidAppear(_:)` of `controller`.
  public func viewDidAppear(_ controller: AnyObject, animated: Bool) {
    record(.viewDidAppear, controller, Payload(animated: animated))
  }

  /// `viewWillDisappear(_:)` of `controller`.
  public func viewWillDisappear(_ controller: AnyObject, animated: Bool) {
    record(.viewWillDisappear, controller, Payload(animated: animated))
  }

  /// `viewDidDisappear(_:)` of `controller`.
  public func viewDidDisappear(_ controller: AnyObject, animated: Bool) {
    record(.viewDidDisappear, controller, Payload(animated: animated))
  }

  /// `viewWillTransition(to:with:)`: the new size in points.
  public func viewWillTransitionToSize(_ controller: AnyObject, width: Double, height: Double) {
    record(.viewWillTransitionToSize, controller, Payload(width: width, height: height))
  }

  // MARK: Adaptive delegate

  /// The adaptive delegate's `presentationControllerWillDismiss(_:)`: the user started a swipe or tap outside.
  public func presentationControllerWillDismiss(_ presented: AnyObject) {
    record(.presentationControllerWillDismiss, presented)
  }

  /// The adaptive delegate's `presentationControllerDidDismiss(_:)`: the user dismissed it.
  public func presentationControllerDidDismiss(_ presented: AnyObject) {
    record(.presentationControllerDidDismiss, presented)
  }

  /// The adaptive delegate's `presentationControllerDidAttemptToDismiss(_:)`: a refused swipe.
  public func presentationControllerDidAttemptToDismiss(_ presented: AnyObject) {
    record(.presentationControllerDidAttemptToDismiss, presented)
  }

  // MARK: Gestures and marks

  /// The gesture driving an interactive transition of `presented` began (translation in points,
  /// velocity in points per second).
  public func panBegan(_ presented: AnyObject, translation: Double? = nil, velocity: Double? = nil) {
    record(.panBegan, presented, Payload(translation: translation, velocity: velocity))
  }

  /// The gesture moved.
  public func panChanged(_ presented: AnyObject, translation: Double? = nil, velocity: Double? = nil) {
    record(.panChanged, presented, Payload(translation: translation, velocity: velocity))
  }

  /// The finger lifted.
  public func panEnded(_ presented: AnyObject, translation: Double? = nil, velocity: Double? = nil) {
    record(.panEnded, presented, Payload(translation: translation, velocity: velocity))
  }

  /// The system cancelled the gesture.
  public func panCancelled(_ presented: AnyObject, translation: Double? = nil, velocity: Double? = nil) {
    record(.panCancelled, presented, Payload(translation: translation, velocity: velocity))
  }

  /// A free annotation on `controller`'s presentation: never a finding.
  public func mark(_ name: String, on controller: AnyObject) {
    record(.mark, controller, Payload(name: name))
  }
}
