import PresentationStateMachine
import ScriptedUIKit

/// Hand-written episodes for the glue's tests, in UIKit's order (the UIKit side of each is played by
/// `ScriptedUIKit`).
enum ScriptedEpisodes {
  static func event(_ t: Double, _ id: String, _ kind: EventKind, _ payload: Payload = Payload()) -> Event {
    Event(t: t, id: id, kind: kind, payload: payload)
  }

  /// A page sheet presented from the root.
  static let sheetPresented = [
    event(1.0, "settings", .present, Payload(presenter: "root", animated: true, style: "pageSheet")),
    event(1.001, "settings", .presentationTransitionWillBegin),
    event(1.002, "settings", .viewWillAppear, Payload(animated: true)),
    event(1.003, "settings", .viewIsAppearing, Payload(animated: true)),
    event(1.004, "settings", .containerViewWillLayoutSubviews, Payload(width: 390, height: 844)),
    event(1.005, "settings", .containerViewDidLayoutSubviews, Payload(width: 390, height: 844)),
    event(1.4, "settings", .presentationTransitionDidEnd, Payload(completed: true)),
    event(1.401, "settings", .viewDidAppear, Payload(animated: true)),
    event(1.402, "settings", .completion),
  ]

  /// The user swipes the sheet down: UIKit's private presentation controller runs the dismissal.
  static let sheetSwipedAway = [
    event(3.0, "settings", .panBegan),
    event(3.001, "settings", .presentationControllerWillDismiss),
    event(3.002, "settings", .dismissalTransitionWillBegin),
    event(3.003, "settings", .viewWillDisappear, Payload(animated: true)),
    event(3.2, "settings", .panEnded),
    event(3.4, "settings", .dismissalTransitionDidEnd, Payload(completed: true)),
    event(3.401, "settings", .viewDidDisappear, Payload(animated: true)),
    event(3.402, "settings", .presentationControllerDidDismiss),
  ]

  /// A swipe let go before the threshold, then a refused one (`isModalInPresentation`).
  static let sheetSwipeCancelledThenRefused = [
    event(2.0, "settings", .presentationControllerWillDismiss),
    event(2.001, "settings", .dismissalTransitionWillBegin),
    event(2.002, "settings", .viewWillDisappear, Payload(animated: true)),
    event(2.2, "settings", .dismissalTransitionDidEnd, Payload(completed: false)),
    event(2.201, "settings", .viewWillAppear, Payload(animated: true)),
    event(2.202, "settings", .viewDidAppear, Payload(animated: true)),
    event(2.5, "settings", .presentationControllerDidAttemptToDismiss),
  ]

  /// An alert: UIKit reports `.custom` for it, but its presentation controller is UIKit's.
  static let alert = [
    event(5.0, "alert", .present, Payload(presenter: "root", animated: true, style: "custom")),
    event(5.001, "alert", .presentationTransitionWillBegin),
    event(5.002, "alert", .viewWillAppear, Payload(animated: true)),
    event(5.003, "alert", .viewIsAppearing, Payload(animated: true)),
    event(5.3, "alert", .presentationTransitionDidEnd, Payload(completed: true)),
    event(5.301, "alert", .viewDidAppear, Payload(animated: true)),
    event(5.302, "alert", .completion),
    event(6.0, "alert", .dismiss, Payload(animated: true)),
    event(6.001, "alert", .dismissalTransitionWillBegin),
    event(6.002, "alert", .viewWillDisappear, Payload(animated: true)),
    event(6.2, "alert", .dismissalTransitionDidEnd, Payload(completed: true)),
    event(6.201, "alert", .viewDidDisappear, Payload(animated: true)),
    event(6.202, "alert", .completion),
  ]

  /// The custom card: presented with the app's presentation controller and animator, dismissed by a pan
  /// that drives the app's interaction controller to the end.
  static let cardPresentedThenPannedAway = [
    event(8.0, "card", .present, Payload(presenter: "root", animated: true, style: "custom")),
    event(8.001, "card", .presentationTransitionWillBegin),
    event(8.002, "card", .viewWillAppear, Payload(animated: true)),
    event(8.003, "card", .viewIsAppearing, Payload(animated: true)),
    event(8.004, "card", .animateTransition, Payload(duration: 0.4)),
    event(8.005, "card", .containerViewWillLayoutSubviews, Payload(width: 390, height: 844)),
    event(8.006, "card", .containerViewDidLayoutSubviews, Payload(width: 390, height: 844)),
    event(8.406, "card", .completeTransition, Payload(didComplete: true)),
    event(8.407, "card", .presentationTransitionDidEnd, Payload(completed: true)),
    event(8.408, "card", .viewDidAppear, Payload(animated: true)),
    event(8.409, "card", .animationEnded, Payload(completed: true)),
    event(8.41, "card", .completion),
    event(10.0, "card", .panBegan, Payload(translation: 0, velocity: 300)),
    event(10.001, "card", .dismiss, Payload(animated: true)),
    event(10.002, "card", .dismissalTransitionWillBegin),
    event(10.003, "card", .viewWillDisappear, Payload(animated: true)),
    event(10.004, "card", .startInteractiveTransition, Payload(duration: 0.4)),
    event(10.02, "card", .updateInteractiveTransition, Payload(percent: 0.2)),
    event(10.036, "card", .updateInteractiveTransition, Payload(percent: 0.45)),
    event(10.052, "card", .updateInteractiveTransition, Payload(percent: 0.6)),
    event(10.06, "card", .panEnded, Payload(translation: 240, velocity: 900)),
    event(10.061, "card", .finishInteractiveTransition, Payload(completionSpeed: 1)),
    event(10.225, "card", .completeTransition, Payload(didComplete: true)),
    event(10.226, "card", .dismissalTransitionDidEnd, Payload(completed: true)),
    event(10.227, "card", .viewDidDisappear, Payload(animated: true)),
    event(10.228, "card", .animationEnded, Payload(completed: true)),
    event(10.229, "card", .completion),
  ]

  /// An interruptible custom card (the animator vends an interruptible animator): presented running
  /// (`wantsInteractiveStart` false) and caught by the user, then dismissed interactively, let go, caught
  /// again and let go to finish: the kinds <doc:Rules#Interruptible-transitions> reads.
  static let interruptibleCard = [
    event(20.0, "card", .present, Payload(presenter: "root", animated: true, style: "custom")),
    event(20.001, "card", .presentationTransitionWillBegin),
    event(20.002, "card", .viewWillAppear, Payload(animated: true)),
    event(20.003, "card", .interruptibleAnimator, Payload(duration: 0.5)),
    event(20.004, "card", .startInteractiveTransition, Payload(duration: 0.5, wantsInteractiveStart: false)),
    event(20.005, "card", .interruptibleAnimator, Payload(duration: 0.5)),
    event(20.1, "card", .pauseInteractiveTransition),
    event(20.12, "card", .updateInteractiveTransition, Payload(percent: 0.3)),
    event(20.14, "card", .finishInteractiveTransition, Payload(completionSpeed: 1)),
    event(20.5, "card", .completeTransition, Payload(didComplete: true)),
    event(20.501, "card", .presentationTransitionDidEnd, Payload(completed: true)),
    event(20.502, "card", .viewIsAppearing, Payload(animated: true)),
    event(20.503, "card", .viewDidAppear, Payload(animated: true)),
    event(20.504, "card", .animationEnded, Payload(completed: true)),
    event(20.505, "card", .completion),
    event(22.0, "card", .dismiss, Payload(animated: true)),
    event(22.001, "card", .dismissalTransitionWillBegin),
    event(22.002, "card", .viewWillDisappear, Payload(animated: true)),
    event(22.003, "card", .interruptibleAnimator, Payload(duration: 0.5)),
    event(22.004, "card", .startInteractiveTransition, Payload(duration: 0.5)),
    event(22.02, "card", .updateInteractiveTransition, Payload(percent: 0.4)),
    event(22.03, "card", .finishInteractiveTransition, Payload(completionSpeed: 1)),
    event(22.1, "card", .pauseInteractiveTransition),
    event(22.12, "card", .updateInteractiveTransition, Payload(percent: 0.6)),
    event(22.13, "card", .finishInteractiveTransition, Payload(completionSpeed: 2)),
    event(22.232, "card", .completeTransition, Payload(didComplete: true)),
    event(22.233, "card", .dismissalTransitionDidEnd, Payload(completed: true)),
    event(22.234, "card", .viewDidDisappear, Payload(animated: true)),
    event(22.235, "card", .animationEnded, Payload(completed: true)),
    event(22.236, "card", .completion),
  ]

  /// A SwiftUI `.sheet`: a page sheet presented from the root and swiped away; SwiftUI's hosting controller
  /// has no adaptive delegate of the app's here.
  static let swiftUISheet = [
    event(30.0, "swiftUISheet", .present, Payload(presenter: "root", animated: true, style: "pageSheet")),
    event(30.002, "swiftUISheet", .viewWillAppear, Payload(animated: true)),
    event(30.003, "swiftUISheet", .viewIsAppearing, Payload(animated: true)),
    event(30.4, "swiftUISheet", .viewDidAppear, Payload(animated: true)),
    event(30.401, "swiftUISheet", .completion),
    event(31.0, "swiftUISheet", .viewWillDisappear, Payload(animated: true)),
    event(31.3, "swiftUISheet", .viewDidDisappear, Payload(animated: true)),
  ]

  /// Two tabs that define their presentation context each present a detail over it, the second while the
  /// first is still animating, then the first is dismissed.
  static let contextPresentationsInTwoTabs = [
    event(
      32.0, "firstDetail", .present,
      Payload(presenter: "firstTab", animated: true, style: "overCurrentContext")),
    event(32.002, "firstDetail", .viewWillAppear, Payload(animated: true)),
    event(
      32.1, "secondDetail", .present,
      Payload(presenter: "secondTab", animated: true, style: "overCurrentContext")),
    event(32.102, "secondDetail", .viewWillAppear, Payload(animated: true)),
    event(32.35, "firstDetail", .viewDidAppear, Payload(animated: true)),
    event(32.351, "firstDetail", .completion),
    event(32.45, "secondDetail", .viewDidAppear, Payload(animated: true)),
    event(32.451, "secondDetail", .completion),
    event(34.0, "firstDetail", .dismiss, Payload(animated: true)),
    event(34.002, "firstDetail", .viewWillDisappear, Payload(animated: true)),
    event(34.3, "firstDetail", .viewDidDisappear, Payload(animated: true)),
    event(34.301, "firstDetail", .completion),
  ]

  /// The appearance callbacks of a page pushed onto a navigation stack.
  static func pageAppearing(_ id: String, at t: Double) -> [Event] {
    [
      event(t, id, .viewWillAppear, Payload(animated: true)),
      event(t + 0.3, id, .viewDidAppear, Payload(animated: true)),
    ]
  }
}
