/// The episodes of one window scene written the way UIKit calls back, at whole-microsecond times on the
/// scene's own clock.
///
/// ```swift
/// var script = EpisodeScript(micros: 1_000_000_000)
/// script.presentAnimated("card", presenter: "root", style: "fullScreen", random: &random)
/// ```
///
/// `presenterAppearance` names the presenter that gets appearance callbacks: with a `fullScreen` style
/// UIKit removes the presenter's view, so the presenter (a root under its own name, or the presentation
/// below) gets `viewWillDisappear`/`viewDidDisappear` when the presentation comes and
/// `viewWillAppear`/`viewDidAppear` when it goes (<doc:Rules#Appearance-events>); other styles leave it alone.
///
/// This file writes the transitions whose presentation controller the app owns; the extensions write
/// those observed from outside (`+Observed`), recorded from the animator alone or aborted
/// (`+AnimatorOnly`), and interruptible ones (`+Interruptible`).
struct EpisodeScript: Sendable {
  var micros: Int64
  var events: [Event] = []
  /// The screen size in points, swapped by a rotation.
  var size: (width: Double, height: Double) = (390, 844)

  init(micros: Int64) { self.micros = micros }

  mutating func at(_ delay: Int, _ id: String, _ kind: EventKind, _ payload: Payload = Payload()) {
    micros += Int64(max(delay, 0))
    events.append(Event(t: Double(micros) / 1_000_000, id: id, kind: kind, payload: payload))
  }

  /// Time presented and idle between episodes: 0.2 to 3 s.
  mutating func dwell(_ random: inout SeededRandom) { micros += Int64(random.within(200_000...3_000_000)) }

  /// A declared duration, 0.25 to 0.6 s in steps of 5 ms.
  static func duration(_ random: inout SeededRandom) -> Double {
    Double(random.within(50...120)) / 200
  }

  /// Whether a presentation in `style` removes its presenter's view, so the presenter gets appearance
  /// callbacks.
  static func removesPresenter(_ style: String) -> Bool { style == "fullScreen" }

  /// Whether a presentation in `style` is a sheet the user can swipe down.
  static func isSheet(_ style: String) -> Bool { style == "pageSheet" || style == "formSheet" }

  /// A layout pass well inside one 60 Hz frame.
  mutating func layoutPass(_ id: String, will: Bool = true, random: inout SeededRandom) {
    let payload = Payload(width: size.width, height: size.height)
    if will { at(random.within(100...400), id, .containerViewWillLayoutSubviews, payload) }
    at(random.within(300...4000), id, .containerViewDidLayoutSubviews, payload)
  }

  /// `completeTransition` `seconds` after `start`, a few milliseconds late, and never before now.
  mutating func complete(
    _ id: String, after start: Int64, seconds: Double, didComplete: Bool, random: inout SeededRandom
  ) {
    let due = start + Int64((seconds * 1_000_000).rounded()) + Int64(random.within(500...4000))
    micros = max(micros + 100, due)
    events.append(
      Event(
        t: Double(micros) / 1_000_000, id: id, kind: .completeTransition,
        payload: Payload(didComplete: didComplete)))
  }

  /// One callback of the tail UIKit delivers after `completeTransition`.
  struct TailItem {
    var id: String
    var kind: EventKind
    var payload = Payload()
  }

  // MARK: Presentation

  mutating func presentAnimated(_ id: String, presenter: String, style: String, random: inout SeededRandom) {
    let duration = Self.duration(&random)
    let appearance = Self.removesPresenter(style) ? presenter : nil
    at(random.within(100...2000), id, .present, Payload(presenter: presenter, animated: true, style: style))
    at(300, id, .presentationTransitionWillBegin)
    if let appearance { at(200, appearance, .viewWillDisappear, Payload(animated: true)) }
    appear(id, random: &random)
    at(300, id, .animateTransition, Payload(duration: duration))
    let start = micros
    layoutPass(id, random: &random)
    if random.chance(40) { layoutPass(id, random: &random) }
    complete(id, after: start, seconds: duration, didComplete: true, random: &random)
    var tail = [
      TailItem(id: id, kind: .presentationTransitionDidEnd, payload: Payload(completed: true)),
      TailItem(id: id, kind: .viewDidAppear, payload: Payload(animated: true)),
      TailItem(id: id, kind: .animationEnded, payload: Payload(completed: true)),
      TailItem(id: id, kind: .completion),
    ]
    if let appearance {
      tail.append(TailItem(id: appearance, kind: .viewDidDisappear, payload: Payload(animated: true)))
    }
    appendTail(tail, random: &random)
  }

  mutating func presentNonAnimated(_ id: String, presenter: String, style: String, random: inout SeededRandom)
  {
    let appearance = Self.removesPresenter(style) ? presenter : nil
    at(random.within(100...2000), id, .present, Payload(presenter: presenter, animated: false, style: style))
    at(300, id, .presentationTransitionWillBegin)
    if let appearance { at(200, appearance, .viewWillDisappear, Payload(animated: false)) }
    appear(id, after: 400, animated: false, random: &random)
    layoutPass(id, random: &random)
    at(900, id, .presentationTransitionDidEnd, Payload(completed: true))
    if let appearance { at(200, appearance, .viewDidDisappear, Payload(animated: false)) }
    at(300, id, .viewDidAppear, Payload(animated: false))
    at(200, id, .completion)
  }

  mutating func presentInteractive(
    _ id: String, presenter: String, style: String, finish: Bool, random: inout SeededRandom
  ) {
    let duration = Self.duration(&random)
    let appearance = Self.removesPresenter(style) ? presenter : nil
    at(
      random.within(100...2000), id, .panBegan,
      Payload(translation: 0, velocity: -Double(random.within(40...300))))
    at(500, id, .present, Payload(presenter: presenter, animated: true, style: style))
    at(300, id, .presentationTransitionWillBegin)
    if let appearance { at(200, appearance, .viewWillDisappear, Payload(animated: true)) }
    appear(id, after: 400, random: &random)
    at(800, id, .startInteractiveTransition, Payload(duration: duration))
    if random.chance(60) { at(200, id, .animateTransition, Payload(duration: duration)) }
    layoutPass(id, random: &random)
    let percent = drive(id, finish: finish, random: &random)
    settle(
      id, percent: percent, duration: duration, finish: finish, presenting: true,
      presenterAppearance: appearance,
      random: &random)
  }

  /// A presentation recorded from its callbacks only (no `present` line): an implicit present on the
  /// default root's top-most presentation (<doc:Rules#Optional-request-events>), system-driven or with an animator; no
  /// completion block is recorded, as no `present` call was.
  mutating func presentCallbacksOnly(_ id: String, random: inout SeededRandom) {
    at(random.within(100...2000), id, .presentationTransitionWillBegin)
    appear(id, after: 400, random: &random)
    var tail = [
      TailItem(id: id, kind: .presentationTransitionDidEnd, payload: Payload(completed: true)),
      TailItem(id: id, kind: .viewDidAppear, payload: Payload(animated: true)),
    ]
    if random.chance(50) {
      let duration = Self.duration(&random)
      at(300, id, .animateTransition, Payload(duration: duration))
      let start = micros
      layoutPass(id, random: &random)
      complete(id, after: start, seconds: duration, didComplete: true, random: &random)
      tail.append(TailItem(id: id, kind: .animationEnded, payload: Payload(completed: true)))
      appendTail(tail, random: &random)
    } else {
      layoutPass(id, random: &random)
      // A system transition: no animator events, DidEnd when the sheet has slid up.
      at(random.within(250_000...450_000), id, .presentationTransitionDidEnd, Payload(completed: true))
      at(random.within(100...400), id, .viewDidAppear, Payload(animated: true))
    }
  }

  // MARK: Dismissal

  mutating func dismissAnimated(_ id: String, presenterAppearance: String?, random: inout SeededRandom) {
    let duration = Self.duration(&random)
    at(random.within(100...2000), id, .dismiss, Payload(animated: true))
    at(300, id, .dismissalTransitionWillBegin)
    if let appearance = presenterAppearance { appear(appearance, random: &random) }
    at(200, id, .viewWillDisappear, Payload(animated: true))
    at(300, id, .animateTransition, Payload(duration: duration))
    let start = micros
    layoutPass(id, will: false, random: &random)
    complete(id, after: start, seconds: duration, didComplete: true, random: &random)
    var tail = [
      TailItem(id: id, kind: .dismissalTransitionDidEnd, payload: Payload(completed: true)),
      TailItem(id: id, kind: .viewDidDisappear, payload: Payload(animated: true)),
      TailItem(id: id, kind: .animationEnded, payload: Payload(completed: true)),
      TailItem(id: id, kind: .completion),
    ]
    if let appearance = presenterAppearance {
      tail.append(TailItem(id: appearance, kind: .viewDidAppear, payload: Payload(animated: true)))
    }
    appendTail(tail, random: &random)
  }

  mutating func dismissNonAnimated(_ id: String, presenterAppearance: String?, random: inout SeededRandom) {
    at(random.within(100...2000), id, .dismiss, Payload(animated: false))
    at(300, id, .dismissalTransitionWillBegin)
    if let appearance = presenterAppearance { appear(appearance, animated: false, random: &random) }
    at(300, id, .viewWillDisappear, Payload(animated: false))
    at(1200, id, .dismissalTransitionDidEnd, Payload(completed: true))
    at(200, id, .viewDidDisappear, Payload(animated: false))
    if let appearance = presenterAppearance { at(200, appearance, .viewDidAppear, Payload(animated: false)) }
    at(200, id, .completion)
  }

  mutating func dismissInteractive(
    _ id: String, finish: Bool, presenterAppearance: String?, random: inout SeededRandom
  ) {
    let duration = Self.duration(&random)
    at(
      random.within(100...2000), id, .panBegan,
      Payload(translation: 0, velocity: Double(random.within(100...400))))
    at(400, id, .dismiss, Payload(animated: true))
    at(300, id, .dismissalTransitionWillBegin)
    if let appearance = presenterAppearance { appear(appearance, random: &random) }
    at(300, id, .viewWillDisappear, Payload(animated: true))
    at(600, id, .startInteractiveTransition, Payload(duration: duration))
    if random.chance(60) { at(200, id, .animateTransition, Payload(duration: duration)) }
    let percent = drive(id, finish: finish, random: &random)
    settle(
      id, percent: percent, duration: duration, finish: finish, presenting: false,
      presenterAppearance: presenterAppearance, random: &random)
  }

  /// A dismissal recorded from its callbacks only (no `dismiss` line): a system dismissal of a presented
  /// presentation (<doc:Rules#Optional-request-events>), system-driven or with an animator; no completion block.
  mutating func dismissCallbacksOnly(_ id: String, presenterAppearance: String?, random: inout SeededRandom) {
    at(random.within(100...2000), id, .dismissalTransitionWillBegin)
    if let appearance = presenterAppearance { appear(appearance, random: &random) }
    at(300, id, .viewWillDisappear, Payload(animated: true))
    let didEnd = TailItem(id: id, kind: .dismissalTransitionDidEnd, payload: Payload(completed: true))
    var tail = [TailItem(id: id, kind: .viewDidDisappear, payload: Payload(animated: true))]
    if let appearance = presenterAppearance {
      tail.append(TailItem(id: appearance, kind: .viewDidAppear, payload: Payload(animated: true)))
    }
    if random.chance(50) {
      let duration = Self.duration(&random)
      at(300, id, .animateTransition, Payload(duration: duration))
      let start = micros
      layoutPass(id, will: false, random: &random)
      complete(id, after: start, seconds: duration, didComplete: true, random: &random)
      tail += [didEnd, TailItem(id: id, kind: .animationEnded, payload: Payload(completed: true))]
    } else {
      // A system transition: with no animator events the tail starts at DidEnd, so it comes first.
      layoutPass(id, will: false, random: &random)
      at(random.within(250_000...450_000), didEnd.id, didEnd.kind, didEnd.payload)
    }
    appendTail(tail, random: &random)
  }

  /// What the user's swipe on a sheet comes to.
  enum SwipeOutcome: Sendable {
    /// The sheet goes: `presentationControllerWillDismiss`, a system dismissal, `DidDismiss`.
    case dismissed
    /// The user lets go before the threshold: the dismissal ends with `completed: false`, appearance reverts.
    case cancelled
    /// `isModalInPresentation` refuses it: only `presentationControllerDidAttemptToDismiss`.
    case refused
  }

  /// The user swipes a sheet down: the pan, and the adaptive delegate's callbacks around a system-driven
  /// dismissal (no animator events, so no `completeTransition` and no completion block).
  mutating func swipe(_ id: String, outcome: SwipeOutcome, random: inout SeededRandom) {
    at(
      random.within(100...2000), id, .panBegan,
      Payload(translation: 0, velocity: Double(random.within(50...400))))
    let steps = random.within(3...12)
    if outcome == .refused {
      for step in 1...steps {
        at(
          16_000 + random.within(0...1000), id, .panChanged,
          Payload(translation: Double(step * 4), velocity: 240))
        if step == 2 { at(200, id, .presentationControllerDidAttemptToDismiss) }
      }
      at(16_000, id, .panEnded, Payload(translation: Double(steps * 4), velocity: 0))
      return
    }
    at(300, id, .presentationControllerWillDismiss)
    at(300, id, .dismissalTransitionWillBegin)
    at(300, id, .viewWillDisappear, Payload(animated: true))
    let reach = outcome == .dismissed ? 60 : 14
    for step in 1...steps {
      at(
        16_000 + random.within(0...1000), id, .panChanged,
        Payload(translation: Double(step * reach), velocity: Double(random.within(100...900))))
    }
    let dismissed = outcome == .dismissed
    at(
      16_000, id, random.chance(85) ? .panEnded : .panCancelled,
      Payload(translation: Double(steps * reach), velocity: dismissed ? 800 : -120))
    layoutPass(id, will: false, random: &random)
    at(random.within(150_000...350_000), id, .dismissalTransitionDidEnd, Payload(completed: dismissed))
    if dismissed {
      at(random.within(100...400), id, .viewDidDisappear, Payload(animated: true))
      at(random.within(100...400), id, .presentationControllerDidDismiss)
    } else {
      appear(id, after: random.within(100...400), random: &random)
      at(random.within(100...400), id, .viewDidAppear, Payload(animated: true))
    }
  }

  // MARK: Interaction

  /// Pan updates at 60 Hz, rising (and for a cancel, falling again); returns the last percent.
  mutating func drive(_ id: String, finish: Bool, random: inout SeededRandom) -> Double {
    let peak = finish ? Double(random.within(45...90)) / 100 : Double(random.within(10...45)) / 100
    let final = finish ? peak : Double(random.within(1...max(Int(peak * 100) - 1, 1))) / 100
    let rising = random.within(4...20)
    let falling = finish ? (random.chance(30) ? random.within(1...3) : 0) : random.within(1...8)
    let pauseAt = random.chance(15) ? random.within(1...rising) : nil
    var percent = 0.0
    for step in 1...(rising + falling) {
      let value: Double
      if step <= rising {
        value = peak * Double(step) / Double(rising)
      } else if finish {
        value = peak - 0.01 * Double(step - rising)
      } else {
        value = peak + (final - peak) * Double(step - rising) / Double(falling)
      }
      percent = min(max((value * 10_000).rounded() / 10_000, 0), 1)
      let translation = (percent * 6000).rounded() / 10
      at(
        16_000 + random.within(0...1000), id, .panChanged,
        Payload(translation: translation, velocity: Double(random.within(-300...900))))
      at(200, id, .updateInteractiveTransition, Payload(percent: percent))
      if step == pauseAt { at(300, id, .pauseInteractiveTransition) }
    }
    let velocity = finish ? Double(random.within(200...900)) : -Double(random.within(0...300))
    at(
      16_000, id, random.chance(85) ? .panEnded : .panCancelled,
      Payload(translation: (percent * 6000).rounded() / 10, velocity: velocity))
    return percent
  }

  /// Finish or cancel at `percent`, `completeTransition` after UIKit's remaining time, and the tail; a
  /// cancel reverts appearance (of the presentation, and of a presenter whose view it removes).
  /// `controller` says whether the app owns the presentation controller (a `*DidEnd` in the tail).
  mutating func settle(
    _ id: String, percent: Double, duration: Double, finish: Bool, presenting: Bool,
    presenterAppearance: String?, controller: Bool = true, random: inout SeededRandom
  ) {
    let speed = commit(id, finish: finish, random: &random)
    let remaining = (finish ? 1 - percent : percent) * duration / speed
    complete(id, after: micros, seconds: remaining, didComplete: finish, random: &random)
    end(
      id, didComplete: finish, presenting: presenting, presenterAppearance: presenterAppearance,
      controller: controller, random: &random)
  }

  /// `finishInteractiveTransition` or `cancelInteractiveTransition` at a drawn `completionSpeed`, which
  /// it returns.
  mutating func commit(_ id: String, finish: Bool, random: inout SeededRandom) -> Double {
    let speed: Double = random.pick([1.0, 1.0, 1.25, 1.5, 2.0] as [Double]) ?? 1.0
    at(
      300, id, finish ? .finishInteractiveTransition : .cancelInteractiveTransition,
      Payload(completionSpeed: speed))
    return speed
  }

  /// What follows `completeTransition(didComplete)`: on a cancel the reverting `viewWill*` (of the
  /// presented controller when `ownWill` says it got one, and of a presenter whose view it removes), then
  /// the tail: `*DidEnd` when the app owns the presentation controller, the `viewDid*`s, `animationEnded`
  /// and the request's completion block, always after a completed transition and in about half of the
  /// cancelled ones (UIKit runs it at the end of every transition, <doc:Rules#Completion>; a transition
  /// with no request has no block).
  mutating func end(
    _ id: String, didComplete: Bool, presenting: Bool, presenterAppearance: String?, controller: Bool,
    ownWill: Bool = true, request: Bool = true, animationEnded: Bool = true, random: inout SeededRandom
  ) {
    var tail: [TailItem] = []
    if controller {
      let didEnd: EventKind = presenting ? .presentationTransitionDidEnd : .dismissalTransitionDidEnd
      tail.append(TailItem(id: id, kind: didEnd, payload: Payload(completed: didComplete)))
    }
    // The presented view controller's appearance: Did of its Will, or on a cancel the reverting pair.
    let (own, revert): (EventKind, EventKind) =
      presenting ? (.viewDidAppear, .viewWillDisappear) : (.viewDidDisappear, .viewWillAppear)
    // The presenter's appearance goes the other way.
    let (presenterOwn, presenterRevert): (EventKind, EventKind) =
      presenting ? (.viewDidDisappear, .viewWillAppear) : (.viewDidAppear, .viewWillDisappear)
    if didComplete {
      if ownWill { tail.append(TailItem(id: id, kind: own, payload: Payload(animated: true))) }
      if let appearance = presenterAppearance {
        tail.append(TailItem(id: appearance, kind: presenterOwn, payload: Payload(animated: true)))
      }
    } else {
      if ownWill {
        if revert == .viewWillAppear {
          appear(id, random: &random)
        } else {
          at(200, id, revert, Payload(animated: true))
        }
        tail.append(TailItem(id: id, kind: Self.did(of: revert), payload: Payload(animated: true)))
      }
      if let appearance = presenterAppearance {
        at(200, appearance, presenterRevert, Payload(animated: true))
        tail.append(
          TailItem(id: appearance, kind: Self.did(of: presenterRevert), payload: Payload(animated: true)))
      }
    }
    if animationEnded {
      tail.append(TailItem(id: id, kind: .animationEnded, payload: Payload(completed: didComplete)))
    }
    if request, didComplete || random.chance(50) { tail.append(TailItem(id: id, kind: .completion)) }
    appendTail(tail, random: &random)
  }

  /// `viewWillAppear` of `id`, and in about half the cases `viewIsAppearing` just after it (iOS 13+
  /// through Xcode 15: UIKit calls it once the view is in the hierarchy, before `viewDidAppear`).
  mutating func appear(
    _ id: String, after delay: Int = 200, animated: Bool = true, random: inout SeededRandom
  ) {
    at(delay, id, .viewWillAppear, Payload(animated: animated))
    if random.chance(50) { at(random.within(50...400), id, .viewIsAppearing, Payload(animated: animated)) }
  }

  static func did(of will: EventKind) -> EventKind {
    will == .viewWillAppear ? .viewDidAppear : .viewDidDisappear
  }

  /// The tail UIKit delivers in one run-loop turn after `completeTransition`, in a shuffled order, except
  /// that `completion` comes last (every `viewWill*` was delivered before the tail, so each `viewDid*` is
  /// after its `viewWill*` wherever it lands).
  mutating func appendTail(_ tail: [TailItem], random: inout SeededRandom) {
    var items = tail.filter { $0.kind != .completion }
    for index in stride(from: items.count - 1, to: 0, by: -1) {
      items.swapAt(index, random.below(index + 1))
    }
    for item in items { at(random.within(100...400), item.id, item.kind, item.payload) }
    for item in tail where item.kind == .completion { at(random.within(100...400), item.id, .completion) }
  }

  // MARK: Other episodes

  /// The device rotates to landscape and back while `id` is presented.
  mutating func rotate(_ id: String, random: inout SeededRandom) {
    for _ in 0..<2 {
      size = (size.height, size.width)
      at(
        random.within(300_000...1_500_000), id, .viewWillTransitionToSize,
        Payload(width: size.width, height: size.height))
      at(2000, id, .containerViewWillLayoutSubviews, Payload(width: size.width, height: size.height))
      at(
        random.within(500...6000), id, .containerViewDidLayoutSubviews,
        Payload(width: size.width, height: size.height))
    }
  }

  /// `dismiss` of `stack[0]` with the others above it: every lower member logs a non-animated pair around
  /// the animated dismissal of the top-most one, and the one completion block runs. `presenterAppearance`
  /// is the presenter of `stack[0]` when `stack[0]`'s style removed its view: it appears again.
  mutating func dismissFromBelow(_ stack: [String], presenterAppearance: String?, random: inout SeededRandom)
  {
    guard let lower = stack.first, let top = stack.last, stack.count >= 2 else { return }
    let duration = Self.duration(&random)
    let below = stack.dropLast()
    at(random.within(100...2000), lower, .dismiss, Payload(animated: true))
    for member in below {
      at(300, member, .dismissalTransitionWillBegin)
      at(200, member, .viewWillDisappear, Payload(animated: false))
    }
    if let appearance = presenterAppearance { appear(appearance, random: &random) }
    at(400, top, .dismissalTransitionWillBegin)
    at(300, top, .viewWillDisappear, Payload(animated: true))
    at(800, top, .animateTransition, Payload(duration: duration))
    let start = micros
    layoutPass(top, will: false, random: &random)
    complete(top, after: start, seconds: duration, didComplete: true, random: &random)
    appendTail(
      [
        TailItem(id: top, kind: .dismissalTransitionDidEnd, payload: Payload(completed: true)),
        TailItem(id: top, kind: .viewDidDisappear, payload: Payload(animated: true)),
        TailItem(id: top, kind: .animationEnded, payload: Payload(completed: true)),
      ], random: &random)
    for member in below.reversed() {
      at(300, member, .dismissalTransitionDidEnd, Payload(completed: true))
      at(200, member, .viewDidDisappear, Payload(animated: false))
    }
    if let appearance = presenterAppearance { at(200, appearance, .viewDidAppear, Payload(animated: true)) }
    at(200, lower, .completion)
  }
}
