/// One episode of a generated trace written the way UIKit calls back, at whole-microsecond times.
///
/// ```swift
/// var script = EpisodeScript(micros: 1_000_000_000)
/// script.presentAnimated("card", presenter: "root", random: &random)
/// ```
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
  private static func duration(_ random: inout SeededRandom) -> Double {
    Double(random.within(50...120)) / 200
  }

  /// A layout pass well inside one 60 Hz frame.
  private mutating func layoutPass(_ id: String, will: Bool = true, random: inout SeededRandom) {
    let payload = Payload(width: size.width, height: size.height)
    if will { at(random.within(100...400), id, .containerViewWillLayoutSubviews, payload) }
    at(random.within(300...4000), id, .containerViewDidLayoutSubviews, payload)
  }

  /// `completeTransition` `seconds` after `start`, a few milliseconds late, and never before now.
  private mutating func complete(
    _ id: String, after start: Int64, seconds: Double, didComplete: Bool, random: inout SeededRandom
  ) {
    let due = start + Int64((seconds * 1_000_000).rounded()) + Int64(random.within(500...4000))
    micros = max(micros + 100, due)
    events.append(
      Event(
        t: Double(micros) / 1_000_000, id: id, kind: .completeTransition,
        payload: Payload(didComplete: didComplete)))
  }

  mutating func presentAnimated(_ id: String, presenter: String, random: inout SeededRandom) {
    let duration = Self.duration(&random)
    let style = random.pick(["custom", "pageSheet", "fullScreen", "overFullScreen"])
    at(random.within(100...2000), id, .present, Payload(presenter: presenter, animated: true, style: style))
    at(300, id, .presentationTransitionWillBegin)
    at(200, id, .viewWillAppear, Payload(animated: true))
    at(300, id, .animateTransition, Payload(duration: duration))
    let start = micros
    layoutPass(id, random: &random)
    if random.chance(40) { layoutPass(id, random: &random) }
    complete(id, after: start, seconds: duration, didComplete: true, random: &random)
    appendTail(
      id,
      [
        (.presentationTransitionDidEnd, Payload(completed: true)), (.viewDidAppear, Payload(animated: true)),
        (.animationEnded, Payload(completed: true)), (.completion, Payload()),
      ], random: &random)
  }

  mutating func presentNonAnimated(_ id: String, presenter: String, random: inout SeededRandom) {
    at(
      random.within(100...2000), id, .present,
      Payload(presenter: presenter, animated: false, style: "overFullScreen"))
    at(300, id, .presentationTransitionWillBegin)
    at(400, id, .viewWillAppear, Payload(animated: false))
    layoutPass(id, random: &random)
    at(900, id, .presentationTransitionDidEnd, Payload(completed: true))
    at(300, id, .viewDidAppear, Payload(animated: false))
    at(200, id, .completion)
  }

  mutating func presentInteractive(_ id: String, presenter: String, finish: Bool, random: inout SeededRandom)
  {
    let duration = Self.duration(&random)
    at(
      random.within(100...2000), id, .panBegan,
      Payload(translation: 0, velocity: -Double(random.within(40...300))))
    at(500, id, .present, Payload(presenter: presenter, animated: true, style: "custom"))
    at(300, id, .presentationTransitionWillBegin)
    at(400, id, .viewWillAppear, Payload(animated: true))
    at(800, id, .startInteractiveTransition, Payload(duration: duration))
    if random.chance(60) { at(200, id, .animateTransition, Payload(duration: duration)) }
    layoutPass(id, random: &random)
    let percent = drive(id, finish: finish, random: &random)
    settle(id, percent: percent, duration: duration, finish: finish, presenting: true, random: &random)
  }

  mutating func dismissAnimated(_ id: String, random: inout SeededRandom) {
    let duration = Self.duration(&random)
    at(random.within(100...2000), id, .dismiss, Payload(animated: true))
    at(300, id, .dismissalTransitionWillBegin)
    at(200, id, .viewWillDisappear, Payload(animated: true))
    at(300, id, .animateTransition, Payload(duration: duration))
    let start = micros
    layoutPass(id, will: false, random: &random)
    complete(id, after: start, seconds: duration, didComplete: true, random: &random)
    appendTail(
      id,
      [
        (.dismissalTransitionDidEnd, Payload(completed: true)), (.viewDidDisappear, Payload(animated: true)),
        (.animationEnded, Payload(completed: true)), (.completion, Payload()),
      ], random: &random)
  }

  mutating func dismissNonAnimated(_ id: String, random: inout SeededRandom) {
    at(random.within(100...2000), id, .dismiss, Payload(animated: false))
    at(300, id, .dismissalTransitionWillBegin)
    at(300, id, .viewWillDisappear, Payload(animated: false))
    at(1200, id, .dismissalTransitionDidEnd, Payload(completed: true))
    at(200, id, .viewDidDisappear, Payload(animated: false))
    at(200, id, .completion)
  }

  mutating func dismissInteractive(_ id: String, finish: Bool, random: inout SeededRandom) {
    let duration = Self.duration(&random)
    at(
      random.within(100...2000), id, .panBegan,
      Payload(translation: 0, velocity: Double(random.within(100...400))))
    at(400, id, .dismiss, Payload(animated: true))
    at(300, id, .dismissalTransitionWillBegin)
    at(300, id, .viewWillDisappear, Payload(animated: true))
    at(600, id, .startInteractiveTransition, Payload(duration: duration))
    if random.chance(60) { at(200, id, .animateTransition, Payload(duration: duration)) }
    let percent = drive(id, finish: finish, random: &random)
    settle(id, percent: percent, duration: duration, finish: finish, presenting: false, random: &random)
  }

  /// Pan updates at 60 Hz, rising (and for a cancel, falling again); returns the last percent.
  private mutating func drive(_ id: String, finish: Bool, random: inout SeededRandom) -> Double {
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

  /// Finish or cancel at `percent`, `completeTransition` after UIKit's remaining time, and the tail.
  private mutating func settle(
    _ id: String, percent: Double, duration: Double, finish: Bool, presenting: Bool,
    random: inout SeededRandom
  ) {
    let speed: Double = random.pick([1.0, 1.0, 1.25, 1.5, 2.0] as [Double]) ?? 1.0
    at(
      300, id, finish ? .finishInteractiveTransition : .cancelInteractiveTransition,
      Payload(completionSpeed: speed))
    let remaining = (finish ? 1 - percent : percent) * duration / speed
    complete(id, after: micros, seconds: remaining, didComplete: finish, random: &random)
    var tail: [(EventKind, Payload)]
    switch (presenting, finish) {
    case (true, true):
      tail = [
        (.presentationTransitionDidEnd, Payload(completed: true)), (.viewDidAppear, Payload(animated: true)),
      ]
    case (true, false):
      tail = [(.presentationTransitionDidEnd, Payload(completed: false))]
      at(200, id, .viewWillDisappear, Payload(animated: true))
      tail.append((.viewDidDisappear, Payload(animated: true)))
    case (false, true):
      tail = [
        (.dismissalTransitionDidEnd, Payload(completed: true)), (.viewDidDisappear, Payload(animated: true)),
      ]
    case (false, false):
      tail = [(.dismissalTransitionDidEnd, Payload(completed: false))]
      at(200, id, .viewWillAppear, Payload(animated: true))
      tail.append((.viewDidAppear, Payload(animated: true)))
    }
    tail.append((.animationEnded, Payload(completed: finish)))
    if finish { tail.append((.completion, Payload())) }
    appendTail(id, tail, random: &random)
  }

  /// The tail UIKit delivers in one run-loop turn after `completeTransition`, in a shuffled order, except
  /// that `completion` comes last and a `viewDid*` stays after its `viewWill*`.
  private mutating func appendTail(_ id: String, _ tail: [(EventKind, Payload)], random: inout SeededRandom) {
    var items = tail.filter { $0.0 != .completion }
    for index in stride(from: items.count - 1, to: 0, by: -1) {
      items.swapAt(index, random.below(index + 1))
    }
    for item in items { at(random.within(100...400), id, item.0, item.1) }
    if tail.contains(where: { $0.0 == .completion }) { at(random.within(100...400), id, .completion) }
  }

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
  /// the animated dismissal of the top-most one, and the one completion block runs.
  mutating func dismissFromBelow(_ stack: [String], random: inout SeededRandom) {
    guard let lower = stack.first, let top = stack.last, stack.count >= 2 else { return }
    let duration = Self.duration(&random)
    let below = stack.dropLast()
    at(random.within(100...2000), lower, .dismiss, Payload(animated: true))
    for member in below {
      at(300, member, .dismissalTransitionWillBegin)
      at(200, member, .viewWillDisappear, Payload(animated: false))
    }
    at(400, top, .dismissalTransitionWillBegin)
    at(300, top, .viewWillDisappear, Payload(animated: true))
    at(800, top, .animateTransition, Payload(duration: duration))
    let start = micros
    layoutPass(top, will: false, random: &random)
    complete(top, after: start, seconds: duration, didComplete: true, random: &random)
    appendTail(
      top,
      [
        (.dismissalTransitionDidEnd, Payload(completed: true)), (.viewDidDisappear, Payload(animated: true)),
        (.animationEnded, Payload(completed: true)),
      ], random: &random)
    for member in below.reversed() {
      at(300, member, .dismissalTransitionDidEnd, Payload(completed: true))
      at(200, member, .viewDidDisappear, Payload(animated: false))
    }
    at(200, lower, .completion)
  }
}
