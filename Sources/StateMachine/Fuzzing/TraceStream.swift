extension TraceGenerator {
  /// The events of one generated trace, pulled one at a time in time order: every window scene runs its
  /// own episodes on its own clock, and the stream merges them the way one app with several windows
  /// (an iPad in split view, or with several scenes) records them.
  ///
  /// ```swift
  /// var configuration = GeneratorConfiguration(episodes: .max, roots: 1000)
  /// var stream = TraceGenerator(seed: 42, configuration: configuration).stream()
  /// for _ in 0..<1_000_000 { guard let event = stream.next() else { break }; handle(event) }
  /// ```
  ///
  /// Nothing is materialised beyond the episode each scene is in, so a stream over `episodes: .max` never
  /// ends and takes memory in proportion to the scenes, not the events. The next scene to speak is found
  /// with a binary min-heap keyed by each scene's next event time, ties broken by the scene's index, so the
  /// order depends only on the seed.
  public struct Stream: Sequence, IteratorProtocol, Sendable {
    private let configuration: GeneratorConfiguration
    private var scenes: [GeneratedScene]
    /// Indices of the scenes that still have events, as a min-heap on (next event time, index).
    private var heap: [Int] = []

    /// A stream whose scenes' seeds come from `seed`, starting at `originMicros` on the trace's clock.
    init(seed: UInt64, originMicros: Int64, configuration: GeneratorConfiguration) {
      self.configuration = configuration
      var seeds = SeededRandom(seed: seed)
      scenes = (0..<Swift.max(configuration.roots, 1)).map { index in
        // Each scene's seed is an output of the trace's SplitMix64, not `seed + index`: neighbouring seeds
        // of SplitMix64 give the same numbers shifted by one draw.
        let sceneSeed = seeds.next()
        let start = originMicros + Int64(seeds.below(2_000_000))
        return GeneratedScene(index: index, seed: sceneSeed, startMicros: start, configuration: configuration)
      }
      for index in scenes.indices where scenes[index].refill(configuration) { push(index) }
    }

    /// The next event in time order, or `nil` once every scene ran its episodes and dismissed its stack.
    public mutating func next() -> Event? {
      guard let index = heap.first else { return nil }
      let event = scenes[index].take()
      if !scenes[index].refill(configuration) {
        let last = heap.removeLast()
        guard !heap.isEmpty else { return event }
        heap[0] = last
      }
      siftDown(0)
      return event
    }

    // MARK: The heap

    private func earlier(_ a: Int, _ b: Int) -> Bool {
      let (ta, tb) = (scenes[a].nextT, scenes[b].nextT)
      return ta != tb ? ta < tb : a < b
    }

    private mutating func push(_ index: Int) {
      heap.append(index)
      var child = heap.count - 1
      while child > 0 {
        let parent = (child - 1) / 2
        guard earlier(heap[child], heap[parent]) else { break }
        heap.swapAt(child, parent)
        child = parent
      }
    }

    private mutating func siftDown(_ start: Int) {
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
}
