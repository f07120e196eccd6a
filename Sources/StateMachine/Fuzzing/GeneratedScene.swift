/// One window scene of a generated trace: its root, its own random source and clock, the stack of
/// presentations it shows, and the events of the episode it is in.
///
/// ```swift
/// var scene = GeneratedScene(index: 0, seed: 7, startMicros: 1_000_000_000, configuration: configuration)
/// while scene.refill(configuration) { handle(scene.take()) }
/// ```
///
/// Scenes share nothing, so each one's events follow from its seed alone whatever the others do, and
/// `TraceStream` interleaves them by time the way one app with several windows records them.
struct GeneratedScene: Sendable {
  /// One presentation on the scene's stack and the style it was presented in.
  struct Member: Sendable {
    var id: String
    var style: String
  }

  let index: Int
  let root: String
  let ids: [String]
  private(set) var random: SeededRandom
  private(set) var script: EpisodeScript
  private(set) var head = 0
  private(set) var stack: [Member] = []
  private(set) var episodes = 0

  init(index: Int, seed: UInt64, startMicros: Int64, configuration: GeneratorConfiguration) {
    self.index = index
    root = index == 0 ? PresentationSession.defaultRoot : "root:s\(index)"
    let prefix = index == 0 ? "" : "s\(index)."
    ids = (0..<max(configuration.idsPerRoot, 1)).map { number in
      prefix + (number < Self.names.count ? Self.names[number] : "vc\(number)")
    }
    random = SeededRandom(seed: seed)
    script = EpisodeScript(micros: startMicros)
  }

  private static let names = ["card", "sheet", "detail", "editor", "menu", "photo", "share", "alert"]

  /// The time of the scene's next event (valid after `refill` returned true).
  var nextT: Double { script.events[head].t }

  /// The scene's next event; call only after `refill` returned true.
  mutating func take() -> Event {
    head += 1
    return script.events[head - 1]
  }

  /// Makes sure an event is waiting: plans the next episode when the last one is used up, then, once the
  /// scene ran its episodes, dismisses what it still shows top-down. False when the scene is done.
  mutating func refill(_ configuration: GeneratorConfiguration) -> Bool {
    while head >= script.events.count {
      script.events.removeAll(keepingCapacity: true)
      head = 0
      if episodes < configuration.episodes {
        episodes += 1
        script.dwell(&random)
        // No episode is possible (every weight 0): go straight to the end.
        if !runEpisode(configuration) { episodes = configuration.episodes }
      } else if let top = stack.last {
        script.dwell(&random)
        let appearance = presenterAppearance(at: stack.count - 1)
        stack.removeLast()
        script.dismissAnimated(top.id, presenterAppearance: appearance, random: &random)
      } else {
        return false
      }
    }
    return true
  }

  // MARK: Episodes

  private enum Episode: CaseIterable {
    case presentAnimated, presentInteractiveFinish, presentInteractiveCancel, presentNonAnimated
    case presentCallbacksOnly
    case dismissAnimated, dismissInteractiveFinish, dismissInteractiveCancel, dismissNonAnimated
    case dismissCallbacksOnly, dismissFromBelow, sheetSwipe, sheetSwipeCancelled, sheetSwipeRefused
    case rotation, mark
  }

  private static func weight(of episode: Episode, _ weights: GeneratorConfiguration.Weights) -> Int {
    switch episode {
    case .presentAnimated: weights.presentAnimated
    case .presentInteractiveFinish: weights.presentInteractiveFinish
    case .presentInteractiveCancel: weights.presentInteractiveCancel
    case .presentNonAnimated: weights.presentNonAnimated
    case .presentCallbacksOnly: weights.presentCallbacksOnly
    case .dismissAnimated: weights.dismissAnimated
    case .dismissInteractiveFinish: weights.dismissInteractiveFinish
    case .dismissInteractiveCancel: weights.dismissInteractiveCancel
    case .dismissNonAnimated: weights.dismissNonAnimated
    case .dismissCallbacksOnly: weights.dismissCallbacksOnly
    case .dismissFromBelow: weights.dismissFromBelow
    case .sheetSwipe: weights.sheetSwipe
    case .sheetSwipeCancelled: weights.sheetSwipeCancelled
    case .sheetSwipeRefused: weights.sheetSwipeRefused
    case .rotation: weights.rotation
    case .mark: weights.mark
    }
  }

  private func isPossible(_ episode: Episode, maxDepth: Int, hasFreeId: Bool) -> Bool {
    let depth = stack.count
    let canPresent = depth < max(maxDepth, 1) && hasFreeId
    switch episode {
    case .presentAnimated, .presentInteractiveFinish, .presentInteractiveCancel, .presentNonAnimated:
      return canPresent
    case .presentCallbacksOnly:
      // An implicit present stacks on the default root's top-most presentation (<doc:Rules#Optional-request-events>).
      return canPresent && root == PresentationSession.defaultRoot
    case .dismissAnimated, .dismissInteractiveFinish, .dismissInteractiveCancel, .dismissNonAnimated,
      .dismissCallbacksOnly, .rotation:
      return depth >= 1
    case .dismissFromBelow:
      return depth >= 2
    case .sheetSwipe, .sheetSwipeCancelled, .sheetSwipeRefused:
      return stack.last.map { EpisodeScript.isSheet($0.style) } ?? false
    case .mark:
      return true
    }
  }

  /// The presenter of the stack's member at `position` when that member's style removed the presenter's
  /// view (a root under its own name), so the presenter gets appearance callbacks.
  private func presenterAppearance(at position: Int) -> String? {
    guard stack.indices.contains(position), EpisodeScript.removesPresenter(stack[position].style) else {
      return nil
    }
    return position == 0 ? root : stack[position - 1].id
  }

  /// Runs one episode drawn by weight among the possible ones; false when none is possible.
  private mutating func runEpisode(_ configuration: GeneratorConfiguration) -> Bool {
    let free = ids.filter { id in !stack.contains { $0.id == id } }
    let episodes = Episode.allCases.filter {
      isPossible($0, maxDepth: configuration.maxDepth, hasFreeId: !free.isEmpty)
    }
    guard let choice = random.weighted(episodes.map { Self.weight(of: $0, configuration.weights) }) else {
      return false
    }
    let presenter = stack.last?.id ?? root
    switch episodes[choice] {
    case .presentAnimated:
      guard let id = random.pick(free) else { return false }
      let style =
        random.pick(["custom", "pageSheet", "formSheet", "fullScreen", "overFullScreen"]) ?? "custom"
      script.presentAnimated(id, presenter: presenter, style: style, random: &random)
      stack.append(Member(id: id, style: style))
    case .presentInteractiveFinish, .presentInteractiveCancel:
      guard let id = random.pick(free) else { return false }
      let style = random.pick(["custom", "fullScreen"]) ?? "custom"
      let finish = episodes[choice] == .presentInteractiveFinish
      script.presentInteractive(id, presenter: presenter, style: style, finish: finish, random: &random)
      if finish { stack.append(Member(id: id, style: style)) }
    case .presentNonAnimated:
      guard let id = random.pick(free) else { return false }
      let style = random.pick(["overFullScreen", "fullScreen"]) ?? "overFullScreen"
      script.presentNonAnimated(id, presenter: presenter, style: style, random: &random)
      stack.append(Member(id: id, style: style))
    case .presentCallbacksOnly:
      guard let id = random.pick(free) else { return false }
      script.presentCallbacksOnly(id, random: &random)
      stack.append(Member(id: id, style: "pageSheet"))
    case .dismissAnimated, .dismissInteractiveFinish, .dismissInteractiveCancel, .dismissNonAnimated,
      .dismissCallbacksOnly:
      guard let top = stack.last else { return false }
      let appearance = presenterAppearance(at: stack.count - 1)
      switch episodes[choice] {
      case .dismissAnimated: script.dismissAnimated(top.id, presenterAppearance: appearance, random: &random)
      case .dismissInteractiveFinish, .dismissInteractiveCancel:
        let finish = episodes[choice] == .dismissInteractiveFinish
        script.dismissInteractive(top.id, finish: finish, presenterAppearance: appearance, random: &random)
        if !finish { return true }
      case .dismissNonAnimated:
        script.dismissNonAnimated(top.id, presenterAppearance: appearance, random: &random)
      default: script.dismissCallbacksOnly(top.id, presenterAppearance: appearance, random: &random)
      }
      stack.removeLast()
    case .dismissFromBelow:
      let lowest = random.below(stack.count - 1)
      let appearance = presenterAppearance(at: lowest)
      script.dismissFromBelow(stack[lowest...].map(\.id), presenterAppearance: appearance, random: &random)
      stack.removeSubrange(lowest...)
    case .sheetSwipe, .sheetSwipeCancelled, .sheetSwipeRefused:
      guard let top = stack.last else { return false }
      let outcome: EpisodeScript.SwipeOutcome =
        switch episodes[choice] {
        case .sheetSwipe: .dismissed
        case .sheetSwipeCancelled: .cancelled
        default: .refused
        }
      script.swipe(top.id, outcome: outcome, random: &random)
      if outcome == .dismissed { stack.removeLast() }
    case .rotation:
      guard let top = stack.last else { return false }
      script.rotate(top.id, random: &random)
    case .mark:
      let name = random.pick(["feedVisible", "contentLoaded", "tap"]) ?? "tap"
      script.at(300, random.chance(50) ? root : presenter, .mark, Payload(name: name))
    }
    return true
  }
}
