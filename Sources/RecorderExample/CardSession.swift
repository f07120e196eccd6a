import PresentationRecordingUIKit
import ScriptedUIKit

/// Plays the App Store card transition on a scripted UIKit, which calls the recording glue (the hooks
/// on the classes of the app's transitioning delegate, animator and interaction controller) as UIKit would: a custom
/// presentation controller, an animator, and a pan-driven interaction controller for the dismissal. Each
/// method plays the callbacks of one user action in UIKit's order and moves the clock as the animations
/// would take; the pan is the app's own gesture, recorded by hand through `PresentationRecorder`.
///
/// ```swift
/// let session = CardSession(recorder: recorder) { clock.advance(by: $0) }
/// session.present("card-1", duration: 0.45)
/// session.dismissInteractively("card-1", duration: 0.4, to: 0.46, finish: true)
/// ```
@MainActor
struct CardSession {
  let recorder: PresentationRecorder
  /// The UIKit stand-in, whose calls reach the glue.
  let uikit: ScriptedUIKit
  /// Moves time forward by the given seconds (a virtual clock), or does nothing (a real one).
  let wait: (Double) -> Void
  /// The container's size, in points.
  var width = 390.0
  var height = 844.0
  /// When set, a cancelled dismissal reports completeTransition(true): the bug of an animator that
  /// calls `completeTransition(true)` instead of `completeTransition(!transitionContext.transitionWasCancelled)`.
  var ignoresCancellation = false

  /// A session recording through `recorder`: the card view controllers are named after their ids.
  init(recorder: PresentationRecorder, wait: @escaping (Double) -> Void) {
    self.recorder = recorder
    self.wait = wait
    uikit = ScriptedUIKit(roots: ["root"], recording: recorder)
  }

  /// After `seconds`, UIKit makes the call that produces `kind` (the glue records it), or, for the pan,
  /// the app records its gesture itself.
  private func record(
    _ kind: EventKind, _ id: String, _ payload: Payload = Payload(), after seconds: Double = 0.0002
  ) {
    wait(seconds)
    let controller = uikit.controller(id)
    switch kind {
    case .panBegan:
      recorder.panBegan(controller, translation: payload.translation, velocity: payload.velocity)
    case .panChanged:
      recorder.panChanged(controller, translation: payload.translation, velocity: payload.velocity)
    case .panEnded:
      recorder.panEnded(controller, translation: payload.translation, velocity: payload.velocity)
    case .panCancelled:
      recorder.panCancelled(controller, translation: payload.translation, velocity: payload.velocity)
    case .mark: recorder.mark(payload.name ?? "mark", on: controller)
    case .present, .presentationTransitionWillBegin, .presentationTransitionDidEnd, .dismiss,
      .dismissalTransitionWillBegin, .dismissalTransitionDidEnd, .containerViewWillLayoutSubviews,
      .containerViewDidLayoutSubviews, .animateTransition, .startInteractiveTransition,
      .interruptibleAnimator,
      .updateInteractiveTransition, .pauseInteractiveTransition, .finishInteractiveTransition,
      .cancelInteractiveTransition, .completeTransition, .animationEnded, .viewWillAppear, .viewIsAppearing,
      .viewDidAppear, .viewWillDisappear, .viewDidDisappear, .viewWillTransitionToSize,
      .presentationControllerWillDismiss, .presentationControllerDidDismiss,
      .presentationControllerDidAttemptToDismiss, .completion:
      uikit.perform(Event(t: 0, id: id, kind: kind, payload: payload))
    }
  }

  private func layoutPass(_ id: String, will: Bool = true) {
    if will { record(.containerViewWillLayoutSubviews, id, Payload(width: width, height: height)) }
    record(.containerViewDidLayoutSubviews, id, Payload(width: width, height: height), after: 0.0011)
  }

  /// The user taps a card: `present(_:animated:completion:)` with the custom animator.
  func present(_ id: String, duration: Double) {
    record(.mark, id, Payload(name: "didTapCard"), after: 0)
    record(.present, id, Payload(presenter: "root", animated: true, style: "custom"), after: 0.0015)
    record(.presentationTransitionWillBegin, id)
    record(.viewWillAppear, id, Payload(animated: true))
    record(.animateTransition, id, Payload(duration: duration))
    layoutPass(id)
    wait(duration - 0.0015)
    record(.completeTransition, id, Payload(didComplete: true))
    record(.presentationTransitionDidEnd, id, Payload(completed: true))
    record(.viewDidAppear, id, Payload(animated: true))
    record(.animationEnded, id, Payload(completed: true))
    record(.completion, id)
  }

  /// The device rotates while the card is presented.
  mutating func rotate(_ id: String) {
    swap(&width, &height)
    record(.viewWillTransitionToSize, id, Payload(width: width, height: height), after: 1.2)
    layoutPass(id)
  }

  /// The close button: a non-interactive dismissal.
  func dismiss(_ id: String, duration: Double) {
    record(.dismiss, id, Payload(animated: true), after: 2.4)
    record(.dismissalTransitionWillBegin, id)
    record(.viewWillDisappear, id, Payload(animated: true))
    record(.animateTransition, id, Payload(duration: duration))
    layoutPass(id, will: false)  // UIKit suppresses the Will while dismissing
    wait(duration - 0.001)
    record(.completeTransition, id, Payload(didComplete: true))
    record(.viewDidDisappear, id, Payload(animated: true))
    record(.dismissalTransitionDidEnd, id, Payload(completed: true))
    record(.animationEnded, id, Payload(completed: true))
    record(.completion, id)
  }

  /// The user drags the card down to `progress` and lets go: past the threshold the dismissal finishes,
  /// before it the card springs back.
  func dismissInteractively(
    _ id: String, duration: Double, to progress: Double, finish: Bool, completionSpeed: Double = 1.25
  ) {
    let travel = height * 0.6
    record(.panBegan, id, Payload(translation: 0, velocity: 310), after: 3.1)
    record(.dismiss, id, Payload(animated: true))
    record(.dismissalTransitionWillBegin, id)
    record(.viewWillDisappear, id, Payload(animated: true))
    record(.startInteractiveTransition, id, Payload(duration: duration))
    record(.animateTransition, id, Payload(duration: duration))
    let frames = max(2, Int((progress / 0.02).rounded()))
    for frame in 1...frames {
      let percent = progress * Double(frame) / Double(frames)
      record(.panChanged, id, Payload(translation: percent * travel, velocity: 600), after: 0.0163)
      record(.updateInteractiveTransition, id, Payload(percent: (percent * 10_000).rounded() / 10_000))
    }
    record(
      .panEnded, id, Payload(translation: progress * travel, velocity: finish ? 820 : -140), after: 0.0165)
    if finish {
      record(.finishInteractiveTransition, id, Payload(completionSpeed: completionSpeed))
      wait((1 - progress) * duration / completionSpeed)
      record(.completeTransition, id, Payload(didComplete: true))
      record(.viewDidDisappear, id, Payload(animated: true))
      record(.dismissalTransitionDidEnd, id, Payload(completed: true))
      record(.animationEnded, id, Payload(completed: true))
      record(.completion, id)
    } else {
      record(.cancelInteractiveTransition, id, Payload(completionSpeed: completionSpeed))
      wait(progress * duration / completionSpeed)
      let completed = ignoresCancellation
      record(.completeTransition, id, Payload(didComplete: completed))
      if !completed {
        record(.viewWillAppear, id, Payload(animated: true))
        record(.viewDidAppear, id, Payload(animated: true))
      } else {
        record(.viewDidDisappear, id, Payload(animated: true))
      }
      record(.dismissalTransitionDidEnd, id, Payload(completed: completed))
      record(.animationEnded, id, Payload(completed: completed))
    }
  }

  /// A whole visit to the Today tab: two cards opened, one dragged away, one dragged back and closed.
  mutating func todayTabVisit() {
    record(.mark, "root", Payload(name: "todayVisible"), after: 0)
    present("card-1", duration: 0.45)
    rotate("card-1")
    rotate("card-1")
    dismissInteractively("card-1", duration: 0.4, to: 0.46, finish: true)
    present("card-2", duration: 0.45)
    dismissInteractively("card-2", duration: 0.4, to: 0.22, finish: false)
    if !ignoresCancellation { dismiss("card-2", duration: 0.4) }
  }
}
