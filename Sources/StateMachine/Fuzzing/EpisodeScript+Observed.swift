/// Presentations observed from outside (<doc:Rules#Presentations-observed-from-outside>): a system style
/// whose presentation controller and animator are UIKit's, so the app logs only the request, the presented
/// controller's appearance callbacks, the adaptive delegate and `completion`.
extension EpisodeScript {
  /// The system styles whose presentations the app sees only from outside.
  static let observedStyles = [
    "pageSheet", "pageSheet", "formSheet", "fullScreen", "overFullScreen", "popover", "alert",
  ]

  /// Whether the user can dismiss a presentation in `style` by hand: a sheet by a swipe, a popover by a
  /// tap outside.
  static func isSwipeable(_ style: String) -> Bool { isSheet(style) || style == "popover" }

  /// `present` in a system style: `viewWillAppear` begins the transition, `viewDidAppear` completes it,
  /// the completion block (usually) follows; a full-screen style makes the presenter disappear.
  mutating func presentObserved(_ id: String, presenter: String, style: String, random: inout SeededRandom) {
    let animated = random.chance(85)
    let appearance = Self.removesPresenter(style) ? presenter : nil
    at(
      random.within(100...2000), id, .present, Payload(presenter: presenter, animated: animated, style: style)
    )
    if let appearance { at(200, appearance, .viewWillDisappear, Payload(animated: animated)) }
    appear(id, after: random.within(300...3000), animated: animated, random: &random)
    // The sheet slides up in UIKit's own animation; nothing of it is visible to the app.
    let slide = animated ? random.within(250_000...550_000) : random.within(1000...4000)
    at(slide, id, .viewDidAppear, Payload(animated: animated))
    var tail: [TailItem] = []
    if let appearance {
      tail.append(TailItem(id: appearance, kind: .viewDidDisappear, payload: Payload(animated: animated)))
    }
    if random.chance(80) { tail.append(TailItem(id: id, kind: .completion)) }
    appendTail(tail, random: &random)
  }

  /// `dismiss` of a presentation whose dismissal logs no controller or animator callback (a system style,
  /// or a custom presentation whose transitioning delegate is gone): `viewWillDisappear` begins it,
  /// `viewDidDisappear` completes it.
  mutating func dismissObserved(_ id: String, presenterAppearance: String?, random: inout SeededRandom) {
    let animated = random.chance(85)
    at(random.within(100...2000), id, .dismiss, Payload(animated: animated))
    if let appearance = presenterAppearance { appear(appearance, animated: animated, random: &random) }
    at(random.within(200...3000), id, .viewWillDisappear, Payload(animated: animated))
    let slide = animated ? random.within(200_000...500_000) : random.within(1000...4000)
    at(slide, id, .viewDidDisappear, Payload(animated: animated))
    var tail: [TailItem] = []
    if let appearance = presenterAppearance {
      tail.append(TailItem(id: appearance, kind: .viewDidAppear, payload: Payload(animated: animated)))
    }
    if random.chance(80) { tail.append(TailItem(id: id, kind: .completion)) }
    appendTail(tail, random: &random)
  }

  /// The user swipes a sheet observed from outside down (or taps outside a popover). With an adaptive
  /// delegate, `presentationControllerWillDismiss` comes just before the sheet's `viewWillDisappear` (a
  /// popover's may come just after it); without one, `viewWillDisappear` alone starts the dismissal. The
  /// drag may come back above the detent and go down again (each cycle a reverted dismissal:
  /// `viewWillAppear` + `viewDidAppear`), the finger may hold the sheet for seconds (a swipe is never
  /// timed), and the last cycle is dismissed (`viewDidDisappear`, then `DidDismiss` with a delegate) or,
  /// when `dismissed` is false, reverted too. No request, so no completion block.
  mutating func swipeObserved(
    _ id: String, style: String, dismissed: Bool, delegate: Bool, random: inout SeededRandom
  ) {
    let popover = style == "popover"
    let announceAfter = popover && random.chance(75)
    if delegate, !announceAfter {
      at(random.within(100...2000), id, .presentationControllerWillDismiss)
      at(random.within(200...20_000), id, .viewWillDisappear, Payload(animated: true))
    } else {
      at(random.within(100...2000), id, .viewWillDisappear, Payload(animated: true))
      if delegate { at(random.within(100...800), id, .presentationControllerWillDismiss) }
    }
    // A tap outside a popover goes in one go; a sheet's drag may come back above its detent.
    let reverts = popover ? 0 : (random.chance(30) ? random.within(1...2) : 0)
    for _ in 0..<reverts {
      appear(id, after: hold(&random), random: &random)
      at(random.within(100...400), id, .viewDidAppear, Payload(animated: true))
      at(hold(&random), id, .viewWillDisappear, Payload(animated: true))
    }
    if dismissed {
      at(
        popover ? random.within(150_000...350_000) : hold(&random), id, .viewDidDisappear,
        Payload(animated: true))
      if delegate { at(random.within(100...400), id, .presentationControllerDidDismiss) }
    } else {
      appear(id, after: hold(&random), random: &random)
      at(random.within(100...400), id, .viewDidAppear, Payload(animated: true))
    }
  }

  /// How long a finger holds a sheet half-dragged: mostly a fraction of a second, sometimes seconds
  /// (longer than the 2 s grace: a swipe is never timed).
  private func hold(_ random: inout SeededRandom) -> Int {
    random.chance(10) ? random.within(2_000_000...3_500_000) : random.within(50_000...600_000)
  }
}
