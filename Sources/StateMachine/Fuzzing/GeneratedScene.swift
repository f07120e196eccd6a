/// One window scene of a generated trace: its root, its own random source and clock, the stack of
/// presentations it shows, and the events of the episode it is in.
///
/// ```swift
/// var scene = GeneratedScene(index: 0, seed: 7, startMicros: 1_000_000_000, configuration: configuration)
/// while scene.refill(configuration) { handle(scene.take()) }
/// ```
///
/// Scenes share nothing, so each one's events follow from its seed alone whatever the others do, and
/// `TraceGenerator.Stream` interleaves them by time the way one app with several windows records them.
struct GeneratedScene: Sendable {
  /// One presentation on the scene's stack, the style it was presented in, and how its presentation was
  /// recorded (its dismissal at the end of the scene is recorded the same way).
  struct Member: Sendable {
    var id: String
    var style: String
    var recording: Recording = .controller
  }

  /// How a presentation's transitions are recorded.
  enum Recording: Sendable {
    /// The app owns the presentation controller: `*WillBegin`, `*DidEnd`, layout.
    case controller
    /// The app logs its animator's events but no presentation-controller callback.
    case animatorOnly
    /// A system style observed from outside: appearance callbacks and the adaptive delegate only.
    case observed
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
  /// scene ran its episodes, dismisses what it still shows top-down, each the way it was presented. False
  /// when the scene is done.
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
        switch top.recording {
        case .observed where EpisodeScript.isSwipeable(top.style):
          // The user swipes the last sheets away as often as the app dismisses them.
          if random.chance(50) {
            script.swipeObserved(
              top.id, style: top.style, dismissed: true, delegate: random.chance(70), random: &random)
          } else {
            script.dismissObserved(top.id, presenterAppearance: appearance, random: &random)
          }
        case .observed:
          script.dismissObserved(top.id, presenterAppearance: appearance, random: &random)
        case .controller:
          script.dismissAnimated(top.id, presenterAppearance: appearance, random: &random)
        case .animatorOnly:
          script.dismissAnimatorOnly(
            top.id, presenterAppearance: appearance, drive: .animated, random: &random)
        }
      } else {
        return false
      }
    }
    return true
  }

  /// A new member of the stack.
  private func member(_ id: String, style: String, recording: Recording = .controller) -> Member {
    Member(id: id, style: style, recording: recording)
  }

  // MARK: Episodes

  private func isPossible(_ episode: SceneEpisode, maxDepth: Int, hasFreeId: Bool) -> Bool {
    let depth = stack.count
    let canPresent = depth < max(maxDepth, 1) && hasFreeId
    switch episode {
    case .presentAnimated, .presentInteractiveFinish, .presentInteractiveCancel, .presentNonAnimated,
      .presentObserved, .presentAnimatorOnly, .presentAnimatorOnlyInteractive, .abortPresent:
      return canPresent
    case .presentCallbacksOnly:
      // An implicit present stacks on the default root's top-most presentation (<doc:Rules#Optional-request-events>).
      return canPresent && root == PresentationSession.defaultRoot
    case .dismissAnimated, .dismissInteractiveFinish, .dismissInteractiveCancel, .dismissNonAnimated,
      .dismissCallbacksOnly, .rotation, .dismissAnimatorOnly, .dismissAnimatorOnlyInteractive, .abortDismiss:
      return depth >= 1
    case .dismissObserved:
      return depth >= 1
    case .interruptibleCatch, .selfRunning:
      return canPresent || depth >= 1
    case .dismissFromBelow:
      return depth >= 2
    case .sheetSwipe, .sheetSwipeCancelled, .sheetSwipeRefused:
      return stack.last.map { EpisodeScript.isSheet($0.style) } ?? false
    case .observedSwipe:
      return stack.last.map {
        $0.recording == .observed && EpisodeScript.isSwipeable($0.style)
      } ?? false
    case .observedSwipeReverted:
      return stack.last.map {
        $0.recording == .observed && EpisodeScript.isSheet($0.style)
      } ?? false
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
    let episodes = SceneEpisode.allCases.filter {
      isPossible($0, maxDepth: configuration.maxDepth, hasFreeId: !free.isEmpty)
    }
    guard let choice = random.weighted(episodes.map { $0.weight(in: configuration.weights) }) else {
      return false
    }
    let presenter = stack.last?.id ?? root
    let episode = episodes[choice]
    switch episode {
    case .presentAnimated:
      guard let id = random.pick(free) else { return false }
      let style =
        random.pick(["custom", "pageSheet", "formSheet", "fullScreen", "overFullScreen"]) ?? "custom"
      script.presentAnimated(id, presenter: presenter, style: style, random: &random)
      stack.append(member(id, style: style))
    case .presentInteractiveFinish, .presentInteractiveCancel:
      guard let id = random.pick(free) else { return false }
      let style = random.pick(["custom", "fullScreen"]) ?? "custom"
      let finish = episode == .presentInteractiveFinish
      script.presentInteractive(id, presenter: presenter, style: style, finish: finish, random: &random)
      if finish { stack.append(member(id, style: style)) }
    case .presentNonAnimated:
      guard let id = random.pick(free) else { return false }
      let style = random.pick(["overFullScreen", "fullScreen"]) ?? "overFullScreen"
      script.presentNonAnimated(id, presenter: presenter, style: style, random: &random)
      stack.append(member(id, style: style))
    case .presentCallbacksOnly:
      guard let id = random.pick(free) else { return false }
      script.presentCallbacksOnly(id, random: &random)
      stack.append(member(id, style: "pageSheet"))
    case .presentObserved:
      guard let id = random.pick(free) else { return false }
      let style = random.pick(EpisodeScript.observedStyles) ?? "pageSheet"
      script.presentObserved(id, presenter: presenter, style: style, random: &random)
      stack.append(member(id, style: style, recording: .observed))
    case .presentAnimatorOnly, .presentAnimatorOnlyInteractive:
      guard let id = random.pick(free) else { return false }
      let style = random.pick(EpisodeScript.animatorStyles) ?? "custom"
      let drive: EpisodeScript.Drive =
        episode == .presentAnimatorOnly ? .animated : .interactive(finish: random.chance(70))
      script.presentAnimatorOnly(id, presenter: presenter, style: style, drive: drive, random: &random)
      if case .interactive(finish: false) = drive { return true }
      stack.append(member(id, style: style, recording: .animatorOnly))
    case .abortPresent:
      guard let id = random.pick(free) else { return false }
      // The guard fires when the presenter's view stays on screen (`view(forKey: .from)` is nil).
      let style = random.pick(["custom", "custom", "overFullScreen"]) ?? "custom"
      script.abort(
        id, presenting: true, request: Payload(presenter: presenter, animated: true, style: style),
        presenterAppearance: nil, controller: random.chance(50), random: &random)
    case .dismissAnimated, .dismissInteractiveFinish, .dismissInteractiveCancel, .dismissNonAnimated,
      .dismissCallbacksOnly, .dismissObserved, .dismissAnimatorOnly, .dismissAnimatorOnlyInteractive:
      return dismissTop(episode)
    case .abortDismiss:
      guard let top = stack.last else { return false }
      script.abort(
        top.id, presenting: false, request: Payload(animated: true),
        presenterAppearance: presenterAppearance(at: stack.count - 1),
        controller: top.recording == .controller,
        random: &random)
    case .interruptibleCatch, .selfRunning:
      return interruptible(episode, free: free, presenter: presenter, maxDepth: configuration.maxDepth)
    case .dismissFromBelow:
      let lowest = random.below(stack.count - 1)
      let appearance = presenterAppearance(at: lowest)
      script.dismissFromBelow(stack[lowest...].map(\.id), presenterAppearance: appearance, random: &random)
      stack.removeSubrange(lowest...)
    case .sheetSwipe, .sheetSwipeCancelled, .sheetSwipeRefused:
      guard let top = stack.last else { return false }
      let outcome: EpisodeScript.SwipeOutcome =
        episode == .sheetSwipe ? .dismissed : episode == .sheetSwipeCancelled ? .cancelled : .refused
      script.swipe(top.id, outcome: outcome, random: &random)
      if outcome == .dismissed { stack.removeLast() }
    case .observedSwipe, .observedSwipeReverted:
      guard let top = stack.last else { return false }
      let dismissed = episode == .observedSwipe
      script.swipeObserved(
        top.id, style: top.style, dismissed: dismissed, delegate: random.chance(70), random: &random)
      if dismissed { stack.removeLast() }
    case .rotation:
      guard let top = stack.last else { return false }
      script.rotate(top.id, random: &random)
    case .mark:
      let name = random.pick(["feedVisible", "contentLoaded", "tap"]) ?? "tap"
      script.at(300, random.chance(50) ? root : presenter, .mark, Payload(name: name))
    }
    return true
  }

  /// One of the dismissal episodes of the top-most presentation.
  private mutating func dismissTop(_ episode: SceneEpisode) -> Bool {
    guard let top = stack.last else { return false }
    let appearance = presenterAppearance(at: stack.count - 1)
    var dismissed = true
    switch episode {
    case .dismissAnimated: script.dismissAnimated(top.id, presenterAppearance: appearance, random: &random)
    case .dismissInteractiveFinish, .dismissInteractiveCancel:
      dismissed = episode == .dismissInteractiveFinish
      script.dismissInteractive(top.id, finish: dismissed, presenterAppearance: appearance, random: &random)
    case .dismissNonAnimated:
      script.dismissNonAnimated(top.id, presenterAppearance: appearance, random: &random)
    case .dismissCallbacksOnly:
      script.dismissCallbacksOnly(top.id, presenterAppearance: appearance, random: &random)
    case .dismissObserved: script.dismissObserved(top.id, presenterAppearance: appearance, random: &random)
    case .dismissAnimatorOnly:
      script.dismissAnimatorOnly(top.id, presenterAppearance: appearance, drive: .animated, random: &random)
    case .dismissAnimatorOnlyInteractive:
      dismissed = random.chance(70)
      script.dismissAnimatorOnly(
        top.id, presenterAppearance: appearance, drive: .interactive(finish: dismissed), random: &random)
    case .presentAnimated, .presentInteractiveFinish, .presentInteractiveCancel, .presentNonAnimated,
      .presentCallbacksOnly, .dismissFromBelow, .sheetSwipe, .sheetSwipeCancelled, .sheetSwipeRefused,
      .rotation, .mark, .presentObserved, .observedSwipe, .observedSwipeReverted, .presentAnimatorOnly,
      .presentAnimatorOnlyInteractive, .abortPresent, .abortDismiss, .interruptibleCatch, .selfRunning:
      return false
    }
    if dismissed { stack.removeLast() }
    return true
  }

  /// An interruptible transition, caught and driven again or started running by itself: a presentation
  /// when one is possible and the draw says so, else a dismissal of the top-most presentation.
  private mutating func interruptible(
    _ episode: SceneEpisode, free: [String], presenter: String, maxDepth: Int
  ) -> Bool {
    let controller = random.chance(50)
    let canPresent = stack.count < max(maxDepth, 1) && !free.isEmpty
    let presenting = canPresent && (stack.isEmpty || random.chance(50))
    let transition: EpisodeScript.Interruptible
    let style: String
    if presenting {
      guard let id = random.pick(free) else { return false }
      style = controller ? "custom" : random.pick(EpisodeScript.animatorStyles) ?? "custom"
      transition = EpisodeScript.Interruptible(
        id: id, presenting: true, request: Payload(presenter: presenter, animated: true, style: style),
        controller: controller, presenterAppearance: EpisodeScript.removesPresenter(style) ? presenter : nil)
    } else {
      guard let top = stack.last else { return false }
      style = top.style
      transition = EpisodeScript.Interruptible(
        id: top.id, presenting: false, request: Payload(animated: true), controller: controller,
        presenterAppearance: presenterAppearance(at: stack.count - 1))
    }
    let completed: Bool
    if episode == .selfRunning {
      let how = random.pick(EpisodeScript.SelfRunning.allCases) ?? .runsOut
      completed = script.selfRunning(transition, how: how, random: &random)
    } else {
      completed = script.catchAndReverse(transition, random: &random)
    }
    guard completed else { return true }
    if presenting {
      stack.append(member(transition.id, style: style, recording: controller ? .controller : .animatorOnly))
    } else {
      stack.removeLast()
    }
    return true
  }
}
