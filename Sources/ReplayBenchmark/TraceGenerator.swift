import StateMachine

/// SplitMix64: a tiny deterministic generator, so a seed always gives the same trace.
struct SplitMix64 {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A value in `0..<bound`.
  mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }

  /// A value in `range` (inclusive).
  mutating func within(_ range: ClosedRange<Int>) -> Int { range.lowerBound + below(range.count) }

  mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

  mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }
}

/// Generates a large, realistic trace from a seed: many window scenes, each running the presentations of a
/// real app one after another (cards, interactive and cancelled pan-driven dismissals, interactive
/// presentations, sheets swiped away, stacks dismissed in order and from below, non-animated presentations,
/// rotation, the app's own marks and unknown events), interleaved in time order as one app session records
/// them.
///
/// ```swift
/// var generator = TraceGenerator(seed: 42, scenes: 1000)
/// let event = generator.next() // the earliest event of any scene
/// ```
///
/// Every event kind of the format appears. The orderings and timings are the legal ones of the sample
/// traces in `traces/valid`, so an audit of the output is clean; times are whole microseconds, as a
/// recorder rounding `CACurrentMediaTime()` writes them.
struct TraceGenerator {
  private struct Scene {
    var root: String
    var prefix: String
    var queue: [ScriptEvent] = []
    var head = 0
    var episodes = 0
  }

  private var random: SplitMix64
  private var scenes: [Scene]
  /// Scene indices ordered by their next event's time (a binary min-heap).
  private var heap: [Int] = []
  /// The clock's origin, 1000 s: traces start where an app's uptime clock would be.
  private let origin: Int64 = 1_000_000_000

  init(seed: UInt64, scenes count: Int) {
    random = SplitMix64(seed: seed)
    scenes = (0..<max(count, 1)).map { index in
      Scene(root: index == 0 ? "root" : "root:s\(index)", prefix: "s\(index).")
    }
    for index in scenes.indices {
      plan(index, startingAt: Int64(random.below(2_000_000)))
      heapPush(index)
    }
  }

  /// The next event in time order (its `unknownName` set for an event name the format does not define).
  mutating func next() -> ScriptEvent {
    let index = heap[0]
    var scene = scenes[index]
    let scheduled = scene.queue[scene.head]
    scene.head += 1
    scenes[index] = scene
    if scenes[index].head == scenes[index].queue.count {
      plan(index, startingAt: scheduled.micros + Int64(random.within(200_000...1_500_000)))
    }
    heapSiftDown(0)
    var result = scheduled
    result.event.t = Double(origin + scheduled.micros) / 1_000_000
    return result
  }

  // MARK: Episodes

  private mutating func plan(_ index: Int, startingAt micros: Int64) {
    var script = Script(micros: micros)
    let scene = scenes[index]
    let episode = scene.episodes
    scenes[index].episodes += 1
    let fresh = random.chance(50)
    func name(_ base: String) -> String { scene.prefix + base + (fresh ? "-\(episode)" : "") }
    let size = random.pick([(390.0, 844.0), (393.0, 852.0), (430.0, 932.0)])

    if random.chance(4) { script.mark(scene.prefix + "feed", name: "feedVisible") }
    if random.chance(3) { script.unknown(name("card"), random: &random) }

    switch random.below(100) {
    case 0..<22:
      let card = name("card")
      script.presentAnimated(card, presenter: scene.root, size: size, random: &random)
      script.dwell(&random)
      if random.chance(40) { script.rotate(card, size: size, random: &random) }
      if random.chance(20) { script.mark(card, name: "storyContentLoaded") }
      script.dismissAnimated(card, size: size, random: &random)
    case 22..<36:
      let card = name("card")
      script.presentAnimated(card, presenter: scene.root, size: size, random: &random)
      script.dwell(&random)
      script.dismissInteractive(card, size: size, finish: true, random: &random)
    case 36..<46:
      let card = name("card")
      script.presentAnimated(card, presenter: scene.root, size: size, random: &random)
      script.dwell(&random)
      script.dismissInteractive(card, size: size, finish: false, random: &random)
      script.dwell(&random)
      script.dismissAnimated(card, size: size, random: &random)
    case 46..<56:
      let drawer = name("drawer")
      script.presentInteractive(drawer, presenter: scene.root, size: size, finish: false, random: &random)
      script.dwell(&random)
      script.presentInteractive(drawer, presenter: scene.root, size: size, finish: true, random: &random)
      script.dwell(&random)
      script.dismissAnimated(drawer, size: size, random: &random)
    case 56..<61:
      let settings = name("settings")
      script.presentPlain(settings, presenter: scene.root, size: size)
      script.dwell(&random)
      script.dismissPlain(settings)
    case 61..<71:
      let sheet = name("sheet")
      if scene.root == PresentationSession.defaultRoot, random.chance(50) {
        script.presentCallbacksOnly(sheet, size: size, random: &random)
      } else {
        script.presentAnimated(sheet, presenter: scene.root, size: size, random: &random)
      }
      script.dwell(&random)
      if random.chance(50) {
        script.at(random.within(500...3000), sheet, .presentationControllerDidAttemptToDismiss)
      }
      script.swipeDown(sheet, size: size, random: &random)
    case 71..<85:
      let sheet = name("sheet")
      let detail = name("detail")
      script.presentAnimated(sheet, presenter: scene.root, size: size, random: &random)
      script.dwell(&random)
      script.presentAnimated(detail, presenter: sheet, size: size, random: &random)
      script.dwell(&random)
      script.dismissAnimated(detail, size: size, presenter: sheet, random: &random)
      script.dwell(&random)
      script.dismissAnimated(sheet, size: size, random: &random)
    default:
      let settings = name("settings")
      let editor = name("editor")
      script.presentAnimated(settings, presenter: scene.root, size: size, random: &random)
      script.dwell(&random)
      script.presentAnimated(
        editor, presenter: settings, size: size, appearanceOfPresenter: false, random: &random)
      script.dwell(&random)
      script.dismissFromBelow(settings, top: editor, size: size, random: &random)
    }
    scenes[index].queue = script.events
    scenes[index].head = 0
  }

  // MARK: The heap

  private func earlier(_ a: Int, _ b: Int) -> Bool {
    let ta = scenes[a].queue[scenes[a].head].micros
    let tb = scenes[b].queue[scenes[b].head].micros
    return ta != tb ? ta < tb : a < b
  }

  private mutating func heapPush(_ index: Int) {
    heap.append(index)
    var child = heap.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard earlier(heap[child], heap[parent]) else { break }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  private mutating func heapSiftDown(_ start: Int) {
    var parent = start
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var smallest = parent
      if left < heap.count, earlier(heap[left], heap[smallest]) { smallest = left }
      if right < heap.count, earlier(heap[right], heap[smallest]) { smallest = right }
      if smallest == parent { return }
      heap.swapAt(parent, smallest)
      parent = smallest
    }
  }
}

/// One scene's next episode, as events at absolute microsecond times, written the way UIKit calls back.
private struct Script {
  var micros: Int64
  var events: [TraceGenerator.ScriptEvent] = []

  init(micros: Int64) { self.micros = micros }

  mutating func at(_ delay: Int, _ id: String, _ kind: EventKind, _ payload: Payload = Payload()) {
    micros += Int64(delay)
    events.append(.init(micros: micros, event: Event(t: 0, id: id, kind: kind, payload: payload)))
  }

  /// Time presented and idle: the user reads the card, 1 to 6 s.
  mutating func dwell(_ random: inout SplitMix64) { micros += Int64(random.within(1_000_000...6_000_000)) }

  mutating func mark(_ id: String, name: String) { at(300, id, .mark, Payload(name: name)) }

  /// An event name the format does not define (the app's own), with keys of its own.
  mutating func unknown(_ id: String, random: inout SplitMix64) {
    let kind = random.pick(["didTapCard", "cardSnapshotRendered"])
    micros += 200
    var event = Event(t: 0, id: id, kind: .mark)
    event.extra = [("index", .number(Double(random.below(20))))]
    events.append(.init(micros: micros, event: event, unknownName: kind))
  }

  private mutating func layoutPass(_ id: String, size: (Double, Double), will: Bool = true) {
    if will { at(200, id, .containerViewWillLayoutSubviews, Payload(width: size.0, height: size.1)) }
    at(800, id, .containerViewDidLayoutSubviews, Payload(width: size.0, height: size.1))
  }

  /// The completion of an animation of `duration` started at `start`, a few milliseconds of jitter late.
  private mutating func complete(
    _ id: String, after start: Int64, seconds: Double, didComplete: Bool, random: inout SplitMix64
  ) {
    let due = start + Int64(seconds * 1_000_000) + Int64(random.within(500...4000))
    micros = max(micros + 100, due)
    events.append(
      .init(
        micros: micros,
        event: Event(t: 0, id: id, kind: .completeTransition, payload: Payload(didComplete: didComplete))))
  }

  mutating func presentAnimated(
    _ id: String, presenter: String, size: (Double, Double), appearanceOfPresenter: Bool = true,
    random: inout SplitMix64
  ) {
    let duration = random.pick([0.3, 0.35, 0.4, 0.45, 0.5])
    let stacked = !PresentationSession.isRoot(presenter) && appearanceOfPresenter
    at(
      random.within(100...2000), id, .present,
      Payload(
        presenter: presenter, animated: true, style: random.pick(["custom", "pageSheet", "fullScreen"])))
    at(300, id, .presentationTransitionWillBegin)
    if stacked { at(300, presenter, .viewWillDisappear, Payload(animated: true)) }
    at(200, id, .viewWillAppear, Payload(animated: true))
    at(300, id, .animateTransition, Payload(duration: duration))
    let animateStart = micros
    layoutPass(id, size: size)
    if random.chance(50) { layoutPass(id, size: size) }
    complete(id, after: animateStart, seconds: duration, didComplete: true, random: &random)
    at(200, id, .presentationTransitionDidEnd, Payload(completed: true))
    if stacked { at(200, presenter, .viewDidDisappear, Payload(animated: true)) }
    at(200, id, .viewDidAppear, Payload(animated: true))
    at(200, id, .animationEnded, Payload(completed: true))
    at(200, id, .completion)
  }

  mutating func dismissAnimated(
    _ id: String, size: (Double, Double), presenter: String? = nil, random: inout SplitMix64
  ) {
    let duration = random.pick([0.3, 0.35, 0.4])
    at(0, id, .dismiss, Payload(animated: true))
    at(300, id, .dismissalTransitionWillBegin)
    if let presenter { at(200, presenter, .viewWillAppear, Payload(animated: true)) }
    at(200, id, .viewWillDisappear, Payload(animated: true))
    at(300, id, .animateTransition, Payload(duration: duration))
    let animateStart = micros
    layoutPass(id, size: size, will: false)
    complete(id, after: animateStart, seconds: duration, didComplete: true, random: &random)
    at(200, id, .viewDidDisappear, Payload(animated: true))
    at(200, id, .dismissalTransitionDidEnd, Payload(completed: true))
    if let presenter { at(200, presenter, .viewDidAppear, Payload(animated: true)) }
    at(200, id, .animationEnded, Payload(completed: true))
    at(200, id, .completion)
  }

  /// Pan updates at 60 Hz from `from` to `to` percent; returns the last percent.
  private mutating func drive(
    _ id: String, from: Double, to: Double, steps: Int, pauseAt: Int?, random: inout SplitMix64
  ) -> Double {
    var percent = from
    for step in 1...steps {
      percent = from + (to - from) * Double(step) / Double(steps)
      let rounded = (percent * 10_000).rounded() / 10_000
      let translation = (rounded * 600 * 10).rounded() / 10
      at(
        16_500, id, .panChanged,
        Payload(translation: translation, velocity: Double(random.within(-300...900))))
      at(200, id, .updateInteractiveTransition, Payload(percent: rounded))
      if step == pauseAt { at(300, id, .pauseInteractiveTransition) }
      percent = rounded
    }
    return percent
  }

  mutating func dismissInteractive(
    _ id: String, size: (Double, Double), finish: Bool, random: inout SplitMix64
  ) {
    let duration = 0.4
    at(0, id, .panBegan, Payload(translation: 0, velocity: Double(random.within(100...400))))
    at(400, id, .dismiss, Payload(animated: true))
    at(300, id, .dismissalTransitionWillBegin)
    at(300, id, .viewWillDisappear, Payload(animated: true))
    at(600, id, .startInteractiveTransition, Payload(duration: duration))
    at(200, id, .animateTransition, Payload(duration: duration))
    let target = finish ? Double(random.within(40...80)) / 100 : Double(random.within(5...30)) / 100
    let steps = random.within(8...30)
    let pauseAt = random.chance(20) ? random.within(1...steps) : nil
    let percent = drive(id, from: 0, to: target, steps: steps, pauseAt: pauseAt, random: &random)
    at(
      16_500, id, finish || random.chance(50) ? .panEnded : .panCancelled,
      Payload(translation: (percent * 6000).rounded() / 10, velocity: 0))
    if finish {
      let speed = random.pick([1.0, 1.25, 1.5])
      at(300, id, .finishInteractiveTransition, Payload(completionSpeed: speed))
      complete(
        id, after: micros, seconds: (1 - percent) * duration / speed, didComplete: true, random: &random)
      at(200, id, .viewDidDisappear, Payload(animated: true))
      at(200, id, .dismissalTransitionDidEnd, Payload(completed: true))
      at(200, id, .animationEnded, Payload(completed: true))
      at(200, id, .completion)
    } else {
      at(300, id, .cancelInteractiveTransition, Payload(completionSpeed: 1))
      complete(id, after: micros, seconds: percent * duration, didComplete: false, random: &random)
      at(200, id, .viewWillAppear, Payload(animated: true))
      at(200, id, .viewDidAppear, Payload(animated: true))
      at(200, id, .dismissalTransitionDidEnd, Payload(completed: false))
      at(200, id, .animationEnded, Payload(completed: false))
    }
  }

  mutating func presentInteractive(
    _ id: String, presenter: String, size: (Double, Double), finish: Bool, random: inout SplitMix64
  ) {
    let duration = 0.35
    at(0, id, .panBegan, Payload(translation: 0, velocity: -96))
    at(500, id, .present, Payload(presenter: presenter, animated: true, style: "custom"))
    at(300, id, .presentationTransitionWillBegin)
    at(400, id, .viewWillAppear, Payload(animated: true))
    at(800, id, .startInteractiveTransition, Payload(duration: duration))
    at(200, id, .animateTransition, Payload(duration: duration))
    layoutPass(id, size: size)
    let target = finish ? Double(random.within(50...90)) / 100 : Double(random.within(5...35)) / 100
    let percent = drive(id, from: 0, to: target, steps: random.within(6...20), pauseAt: nil, random: &random)
    at(
      16_500, id, .panEnded,
      Payload(translation: (percent * 6000).rounded() / 10, velocity: finish ? 500 : -88))
    if finish {
      at(300, id, .finishInteractiveTransition, Payload(completionSpeed: 1))
      complete(id, after: micros, seconds: (1 - percent) * duration, didComplete: true, random: &random)
      at(200, id, .presentationTransitionDidEnd, Payload(completed: true))
      at(200, id, .viewDidAppear, Payload(animated: true))
      at(200, id, .animationEnded, Payload(completed: true))
      at(200, id, .completion)
    } else {
      at(300, id, .cancelInteractiveTransition, Payload(completionSpeed: 1))
      complete(id, after: micros, seconds: percent * duration, didComplete: false, random: &random)
      at(200, id, .viewWillDisappear, Payload(animated: true))
      at(200, id, .viewDidDisappear, Payload(animated: true))
      at(200, id, .presentationTransitionDidEnd, Payload(completed: false))
      at(200, id, .animationEnded, Payload(completed: false))
    }
  }

  mutating func presentPlain(_ id: String, presenter: String, size: (Double, Double)) {
    at(300, id, .present, Payload(presenter: presenter, animated: false, style: "overFullScreen"))
    at(300, id, .presentationTransitionWillBegin)
    at(400, id, .viewWillAppear, Payload(animated: false))
    layoutPass(id, size: size)
    at(900, id, .presentationTransitionDidEnd, Payload(completed: true))
    at(300, id, .viewDidAppear, Payload(animated: false))
    at(200, id, .completion)
  }

  mutating func dismissPlain(_ id: String) {
    at(0, id, .dismiss, Payload(animated: false))
    at(300, id, .dismissalTransitionWillBegin)
    at(300, id, .viewWillDisappear, Payload(animated: false))
    at(1200, id, .dismissalTransitionDidEnd, Payload(completed: true))
    at(200, id, .viewDidDisappear, Payload(animated: false))
    at(200, id, .completion)
  }

  /// A page sheet recorded from its callbacks only: no `present`, an implicit one on the default root.
  mutating func presentCallbacksOnly(_ id: String, size: (Double, Double), random: inout SplitMix64) {
    at(random.within(100...2000), id, .presentationTransitionWillBegin)
    at(500, id, .viewWillAppear, Payload(animated: true))
    layoutPass(id, size: size)
    at(random.within(300_000...500_000), id, .presentationTransitionDidEnd, Payload(completed: true))
    at(300, id, .viewDidAppear, Payload(animated: true))
  }

  /// The user swipes a sheet down: a system dismissal with the adaptive delegate's callbacks.
  mutating func swipeDown(_ id: String, size: (Double, Double), random: inout SplitMix64) {
    at(0, id, .presentationControllerWillDismiss)
    at(400, id, .dismissalTransitionWillBegin)
    at(300, id, .viewWillDisappear, Payload(animated: true))
    layoutPass(id, size: size, will: false)
    at(random.within(300_000...500_000), id, .dismissalTransitionDidEnd, Payload(completed: true))
    at(300, id, .viewDidDisappear, Payload(animated: true))
    at(200, id, .presentationControllerDidDismiss)
  }

  /// The device rotates to landscape and back while `id` is presented.
  mutating func rotate(_ id: String, size: (Double, Double), random: inout SplitMix64) {
    for (width, height) in [(size.1, size.0), (size.0, size.1)] {
      at(
        random.within(500_000...2_000_000), id, .viewWillTransitionToSize,
        Payload(width: width, height: height))
      at(2000, id, .containerViewWillLayoutSubviews, Payload(width: width, height: height))
      at(1200, id, .containerViewDidLayoutSubviews, Payload(width: width, height: height))
    }
  }

  /// `dismiss` of the lower of two stacked presentations dismisses both: the lower one logs a non-animated
  /// pair around the animated dismissal of the top one, and the one completion block runs.
  mutating func dismissFromBelow(
    _ lower: String, top: String, size: (Double, Double), random: inout SplitMix64
  ) {
    let duration = 0.5
    at(0, lower, .dismiss, Payload(animated: true))
    at(300, lower, .dismissalTransitionWillBegin)
    at(200, lower, .viewWillDisappear, Payload(animated: false))
    at(400, top, .dismissalTransitionWillBegin)
    at(300, top, .viewWillDisappear, Payload(animated: true))
    at(800, top, .animateTransition, Payload(duration: duration))
    let animateStart = micros
    layoutPass(top, size: size, will: false)
    complete(top, after: animateStart, seconds: duration, didComplete: true, random: &random)
    at(200, top, .viewDidDisappear, Payload(animated: true))
    at(200, top, .dismissalTransitionDidEnd, Payload(completed: true))
    at(200, top, .animationEnded, Payload(completed: true))
    at(400, lower, .dismissalTransitionDidEnd, Payload(completed: true))
    at(200, lower, .viewDidDisappear, Payload(animated: false))
    at(200, lower, .completion)
  }
}

extension TraceGenerator {
  /// An event at an absolute time; `unknownName` writes it under an event name the format does not define.
  struct ScriptEvent {
    var micros: Int64
    var event: Event
    var unknownName: String?
  }
}
