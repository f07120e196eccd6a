/// Generates valid presentation traces from a seed: stacks several deep on several roots, animated,
/// interactive (finished and cancelled) and non-animated transitions, dismissals from below, rotation and
/// id reuse, with the timing UIKit produces, so that an audit with the default configuration is clean.
///
/// ```swift
/// var generator = TraceGenerator(seed: 42)
/// let events = generator.events()          // one whole trace
/// generator.generate { event in handle(event) }  // the next trace, one event at a time
/// ```
///
/// The same seed and configuration give the same events, and so the same bytes through `TraceWriter`.
/// Times are whole microseconds from an uptime-like origin; declared durations are 0.25–0.6 s,
/// `completeTransition` lands a few milliseconds after the animation's end (after finish or cancel, after
/// UIKit's remaining time), and a layout pass lasts about a millisecond.
public struct TraceGenerator: Sendable {
  public let configuration: GeneratorConfiguration
  /// The random source; its state advances with every trace.
  public private(set) var random: SeededRandom
  /// The seed the generator started from.
  public let seed: UInt64

  /// A generator whose traces follow from `seed` alone.
  public init(seed: UInt64, configuration: GeneratorConfiguration = GeneratorConfiguration()) {
    self.seed = seed
    self.configuration = configuration
    self.random = SeededRandom(seed: seed)
  }

  /// The roots of the generated traces: `root`, `root:s1`, …
  public var roots: [String] {
    (0..<max(configuration.roots, 1)).map { $0 == 0 ? PresentationSession.defaultRoot : "root:s\($0)" }
  }

  /// Generates the next trace and hands its events, in order, to `emit`.
  public mutating func generate(_ emit: (Event) -> Void) {
    var script = EpisodeScript(micros: 1_000_000_000 + Int64(random.below(1_000_000_000)))
    var stacks: [String: [String]] = [:]
    let roots = self.roots
    for _ in 0..<max(configuration.episodes, 0) {
      guard let root = random.pick(roots) else { break }
      script.dwell(&random)
      runEpisode(on: root, stacks: &stacks, script: &script)
      for event in script.events { emit(event) }
      script.events.removeAll(keepingCapacity: true)
    }
    // Leave every stack empty, so the trace ends quiescent.
    for root in roots {
      while let top = stacks[root]?.last {
        script.dwell(&random)
        script.dismissAnimated(top, random: &random)
        stacks[root]?.removeLast()
      }
    }
    for event in script.events { emit(event) }
  }

  /// The next trace as events.
  public mutating func events() -> [Event] {
    var events: [Event] = []
    generate { events.append($0) }
    return events
  }

  /// The next trace as canonical text: a header naming the seed and `"expect":[]`, then its events.
  public mutating func text() -> String {
    TraceWriter.trace(header: header(), events: events())
  }

  /// The header `text()` writes: format v1, no expected findings, and the generator's seed.
  public func header() -> TraceHeader {
    TraceHeader(
      expect: [],
      metadata: [("generator", .string("TraceGenerator")), ("seed", .string(String(seed)))])
  }

  // MARK: Episodes

  private enum Episode: CaseIterable {
    case presentAnimated, presentInteractiveFinish, presentInteractiveCancel, presentNonAnimated
    case dismissAnimated, dismissInteractiveFinish, dismissInteractiveCancel, dismissNonAnimated
    case dismissFromBelow, rotation, mark
  }

  private func weight(of episode: Episode) -> Int {
    let weights = configuration.weights
    return switch episode {
    case .presentAnimated: weights.presentAnimated
    case .presentInteractiveFinish: weights.presentInteractiveFinish
    case .presentInteractiveCancel: weights.presentInteractiveCancel
    case .presentNonAnimated: weights.presentNonAnimated
    case .dismissAnimated: weights.dismissAnimated
    case .dismissInteractiveFinish: weights.dismissInteractiveFinish
    case .dismissInteractiveCancel: weights.dismissInteractiveCancel
    case .dismissNonAnimated: weights.dismissNonAnimated
    case .dismissFromBelow: weights.dismissFromBelow
    case .rotation: weights.rotation
    case .mark: weights.mark
    }
  }

  private func isPossible(_ episode: Episode, depth: Int, hasFreeId: Bool) -> Bool {
    switch episode {
    case .presentAnimated, .presentInteractiveFinish, .presentInteractiveCancel, .presentNonAnimated:
      depth < max(configuration.maxDepth, 1) && hasFreeId
    case .dismissAnimated, .dismissInteractiveFinish, .dismissInteractiveCancel, .dismissNonAnimated,
      .rotation:
      depth >= 1
    case .dismissFromBelow: depth >= 2
    case .mark: true
    }
  }

  private static let names = ["card", "sheet", "detail", "editor", "menu", "photo", "share", "alert"]

  private func ids(of root: String) -> [String] {
    let prefix = root == PresentationSession.defaultRoot ? "" : String(root.dropFirst(5)) + "."
    return (0..<max(configuration.idsPerRoot, 1)).map { index in
      let base = index < Self.names.count ? Self.names[index] : "vc\(index)"
      return prefix + base
    }
  }

  private mutating func runEpisode(
    on root: String, stacks: inout [String: [String]], script: inout EpisodeScript
  ) {
    let stack = stacks[root] ?? []
    let free = ids(of: root).filter { !stack.contains($0) }
    let episodes = Episode.allCases.filter { isPossible($0, depth: stack.count, hasFreeId: !free.isEmpty) }
    guard let index = random.weighted(episodes.map { weight(of: $0) }) else { return }
    let presenter = stack.last ?? root
    let top = stack.last ?? root
    switch episodes[index] {
    case .presentAnimated:
      guard let id = random.pick(free) else { return }
      script.presentAnimated(id, presenter: presenter, random: &random)
      stacks[root, default: []].append(id)
    case .presentInteractiveFinish, .presentInteractiveCancel:
      guard let id = random.pick(free) else { return }
      let finish = episodes[index] == .presentInteractiveFinish
      script.presentInteractive(id, presenter: presenter, finish: finish, random: &random)
      if finish { stacks[root, default: []].append(id) }
    case .presentNonAnimated:
      guard let id = random.pick(free) else { return }
      script.presentNonAnimated(id, presenter: presenter, random: &random)
      stacks[root, default: []].append(id)
    case .dismissAnimated:
      script.dismissAnimated(top, random: &random)
      stacks[root]?.removeLast()
    case .dismissInteractiveFinish:
      script.dismissInteractive(top, finish: true, random: &random)
      stacks[root]?.removeLast()
    case .dismissInteractiveCancel:
      script.dismissInteractive(top, finish: false, random: &random)
    case .dismissNonAnimated:
      script.dismissNonAnimated(top, random: &random)
      stacks[root]?.removeLast()
    case .dismissFromBelow:
      let lowest = random.below(stack.count - 1)
      script.dismissFromBelow(Array(stack[lowest...]), random: &random)
      stacks[root] = Array(stack[..<lowest])
    case .rotation:
      script.rotate(top, random: &random)
    case .mark:
      script.at(
        300, root, .mark, Payload(name: random.pick(["feedVisible", "contentLoaded", "tap"]) ?? "tap"))
    }
  }
}
