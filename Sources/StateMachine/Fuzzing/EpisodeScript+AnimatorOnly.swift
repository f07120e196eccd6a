/// Transitions recorded from the animator alone (<doc:Rules#Transitions-recorded-from-the-animator-alone>):
/// the transitioning delegate vends an animator (and an interaction controller) but no presentation
/// controller, so UIKit's own controller gets the `*WillBegin`/`*DidEnd` callbacks the app never logs; and
/// animators that abort with `completeTransition(false)` (<doc:Rules#An-animator-may-abort-a-transition>).
extension EpisodeScript {
  /// How an animator-only transition runs.
  enum Drive: Sendable {
    /// `animateTransition`, `completeTransition(true)` after the declared duration.
    case animated
    /// A pan drives it: `startInteractiveTransition`, updates, then a finish (true) or a cancel (false).
    case interactive(finish: Bool)
  }

  /// The styles an app's own animator can take over: `custom` with no presentation controller, or a
  /// system style other than popovers and alerts.
  static let animatorStyles = ["custom", "custom", "fullScreen", "overFullScreen"]

  /// `present` whose transition logs the animator's events but no presentation-controller callback: the
  /// first animator event (or `viewWillAppear`) begins it, `completeTransition` ends it, the tail has no
  /// `*DidEnd` (once in a while a `presentationTransitionDidEnd` a recorder caught without its
  /// `WillBegin`, accepted in the tail).
  mutating func presentAnimatorOnly(
    _ id: String, presenter: String, style: String, drive: Drive, random: inout SeededRandom
  ) {
    let appearance = Self.removesPresenter(style) ? presenter : nil
    let duration = Self.duration(&random)
    switch drive {
    case .animated:
      at(random.within(100...2000), id, .present, Payload(presenter: presenter, animated: true, style: style))
      if let appearance { at(200, appearance, .viewWillDisappear, Payload(animated: true)) }
      // UIKit calls viewWillAppear before the animator, but an app that logs from its animator may log it
      // after its own animateTransition line: either order begins the transition.
      let animateFirst = random.chance(50)
      if animateFirst { at(300, id, .animateTransition, Payload(duration: duration)) }
      let start = animateFirst ? micros : nil
      appear(id, random: &random)
      if !animateFirst { at(300, id, .animateTransition, Payload(duration: duration)) }
      complete(id, after: start ?? micros, seconds: duration, didComplete: true, random: &random)
      end(
        id, didComplete: true, presenting: true, presenterAppearance: appearance,
        controller: random.chance(10), random: &random)
    case .interactive(let finish):
      at(
        random.within(100...2000), id, .panBegan,
        Payload(translation: 0, velocity: -Double(random.within(40...300))))
      at(500, id, .present, Payload(presenter: presenter, animated: true, style: style))
      if let appearance { at(200, appearance, .viewWillDisappear, Payload(animated: true)) }
      appear(id, after: 400, random: &random)
      at(800, id, .startInteractiveTransition, Payload(duration: duration))
      if random.chance(60) { at(200, id, .animateTransition, Payload(duration: duration)) }
      let percent = self.drive(id, finish: finish, random: &random)
      settle(
        id, percent: percent, duration: duration, finish: finish, presenting: true,
        presenterAppearance: appearance, controller: false, random: &random)
    }
  }

  /// `dismiss` whose transition logs the animator's events but no presentation-controller callback.
  mutating func dismissAnimatorOnly(
    _ id: String, presenterAppearance: String?, drive: Drive, random: inout SeededRandom
  ) {
    let duration = Self.duration(&random)
    switch drive {
    case .animated:
      at(random.within(100...2000), id, .dismiss, Payload(animated: true))
      if let appearance = presenterAppearance { appear(appearance, random: &random) }
      let animateFirst = random.chance(50)
      if animateFirst { at(300, id, .animateTransition, Payload(duration: duration)) }
      let start = animateFirst ? micros : nil
      at(200, id, .viewWillDisappear, Payload(animated: true))
      if !animateFirst { at(300, id, .animateTransition, Payload(duration: duration)) }
      complete(id, after: start ?? micros, seconds: duration, didComplete: true, random: &random)
      end(
        id, didComplete: true, presenting: false, presenterAppearance: presenterAppearance,
        controller: random.chance(10), random: &random)
    case .interactive(let finish):
      at(
        random.within(100...2000), id, .panBegan,
        Payload(translation: 0, velocity: Double(random.within(100...400))))
      at(400, id, .dismiss, Payload(animated: true))
      if let appearance = presenterAppearance { appear(appearance, random: &random) }
      at(300, id, .viewWillDisappear, Payload(animated: true))
      at(600, id, .startInteractiveTransition, Payload(duration: duration))
      if random.chance(60) { at(200, id, .animateTransition, Payload(duration: duration)) }
      let percent = self.drive(id, finish: finish, random: &random)
      settle(
        id, percent: percent, duration: duration, finish: finish, presenting: false,
        presenterAppearance: presenterAppearance, controller: false, random: &random)
    }
  }

  /// An animator that bails out of `animateTransition` with `completeTransition(false)` (its `guard let`
  /// found no view, or a `UIView.animate` completion forwarded `finished: false`) in a transition that never
  /// went interactive: UIKit reverts it (appearance reverted, `*DidEnd(false)` when the app owns the
  /// controller), the request's completion block may still run. A presentation is then absent again, a
  /// dismissed one stays presented. `presenterAppearance` is the presenter of a dismissal whose style
  /// removed its view.
  mutating func abort(
    _ id: String, presenting: Bool, request: Payload, presenterAppearance: String?, controller: Bool,
    random: inout SeededRandom
  ) {
    let duration = Self.duration(&random)
    at(random.within(100...2000), id, presenting ? .present : .dismiss, request)
    if controller {
      at(300, id, presenting ? .presentationTransitionWillBegin : .dismissalTransitionWillBegin)
    }
    if let appearance = presenterAppearance {
      if presenting {
        at(200, appearance, .viewWillDisappear, Payload(animated: true))
      } else {
        appear(appearance, random: &random)
      }
    }
    // The appearance callback UIKit sends before the animator; an app may not log it.
    let ownWill = random.chance(70)
    if ownWill {
      if presenting {
        appear(id, random: &random)
      } else {
        at(200, id, .viewWillDisappear, Payload(animated: true))
      }
    }
    at(300, id, .animateTransition, Payload(duration: duration))
    if controller { layoutPass(id, will: presenting, random: &random) }
    // The guard fires at once; an animation whose completion forwards `finished: false` ends later.
    let delay = random.chance(80) ? random.within(100...3000) : random.within(50_000...300_000)
    at(delay, id, .completeTransition, Payload(didComplete: false))
    end(
      id, didComplete: false, presenting: presenting, presenterAppearance: presenterAppearance,
      controller: controller, ownWill: ownWill, animationEnded: random.chance(70), random: &random)
  }
}
