import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension TraceBatch {
  /// Runs `produce` for every path on up to `jobs` threads and hands what each emits to `consume` on the
  /// calling thread, in the order of the paths and, within a path, as it was emitted: a fleet streamed
  /// through one consumer (rows written, statistics added up) reads the same whatever `jobs`.
  ///
  /// ```swift
  /// TraceBatch.stream(paths, jobs: 2) { path, emit in
  ///   _ = ReplayStream.run(path: path, transition: { emit($0.id) }, finding: { _ in })
  /// } consume: { index, id in
  ///   print(index, id)
  ///   return true  // false stops the run
  /// }
  /// ```
  ///
  /// Nothing waits whole: a path's items wait only while an earlier path is still being consumed, and
  /// at most `buffer` of them per path; past that its thread waits for the consumer. So memory holds
  /// `jobs` traces in flight and `jobs × buffer` items, never a trace's items or the fleet's. When
  /// `consume` returns false, the rest is dropped: no path is started any more and what the running
  /// ones emit is thrown away.
  package static func stream<Path: Sendable, Item: Sendable>(
    _ paths: [Path], jobs: Int, buffer: Int = 64,
    produce: @escaping @Sendable (Path, _ emit: (Item) -> Void) -> Void,
    consume: (_ index: Int, Item) -> Bool
  ) {
    let workers = max(1, min(jobs, paths.count))
    guard workers > 1 else {
      var going = true
      for (index, path) in paths.enumerated() where going {
        produce(path) { item in if going { going = consume(index, item) } }
      }
      return
    }
    // Paths are started at most twice the workers ahead of the one being consumed: a path that emits
    // little and often never waits on its capacity, and would otherwise let the workers run through the
    // whole fleet, holding what each path emitted until the consumer reaches it.
    let channels = Channels<Item>(count: paths.count, capacity: max(1, buffer), ahead: 2 * workers)
    for _ in 0..<workers {
      DispatchQueue.global().async {
        while let index = channels.claim() {
          produce(paths[index]) { channels.emit($0, at: index) }
          channels.finish(index)
        }
      }
    }
    for index in paths.indices {
      while true {
        let (items, done) = channels.take(index)
        for item in items where !consume(index, item) {
          channels.stop()
          return
        }
        if done { break }
      }
    }
  }

  /// What the producing threads emitted and the consumer has not taken yet, path by path, under one lock
  /// and one condition: a producer waits while its path's items are at capacity, the consumer while the
  /// path it is on has none and is not finished.
  private final class Channels<Item: Sendable>: @unchecked Sendable {
    // Every access to the fields below holds `mutex`.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>
    private let capacity: Int
    private var items: [Int: [Item]] = [:]
    private var finished: [Bool]
    private var next = 0
    /// Paths the consumer has taken everything of.
    private var taken = 0
    /// How many paths past `taken` may be started.
    private let ahead: Int
    private var stopped = false

    init(count: Int, capacity: Int, ahead: Int) {
      self.capacity = capacity
      self.ahead = max(1, ahead)
      finished = Array(repeating: false, count: count)
      mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
      mutex.initialize(to: pthread_mutex_t())
      pthread_mutex_init(mutex, nil)
      condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
      condition.initialize(to: pthread_cond_t())
      pthread_cond_init(condition, nil)
    }

    deinit {
      pthread_cond_destroy(condition)
      condition.deinitialize(count: 1)
      condition.deallocate()
      pthread_mutex_destroy(mutex)
      mutex.deinitialize(count: 1)
      mutex.deallocate()
    }

    private func locked<Result>(_ body: () -> Result) -> Result {
      pthread_mutex_lock(mutex)
      defer { pthread_mutex_unlock(mutex) }
      return body()
    }

    /// The next path to produce, in order, once it is within `ahead` of the path being consumed, or `nil`
    /// when none is left (or the run stopped).
    func claim() -> Int? {
      locked {
        while !stopped, next < finished.count, next >= taken + ahead { pthread_cond_wait(condition, mutex) }
        guard !stopped, next < finished.count else { return nil }
        next += 1
        return next - 1
      }
    }

    func emit(_ item: Item, at index: Int) {
      locked {
        while !stopped, items[index, default: []].count >= capacity { pthread_cond_wait(condition, mutex) }
        guard !stopped else { return }
        items[index, default: []].append(item)
        pthread_cond_broadcast(condition)
      }
    }

    func finish(_ index: Int) {
      locked {
        finished[index] = true
        pthread_cond_broadcast(condition)
      }
    }

    /// Waits for items of `index` (or its end) and takes them all; `done` once the path is finished and
    /// everything it emitted was taken.
    func take(_ index: Int) -> (items: [Item], done: Bool) {
      locked {
        while items[index, default: []].isEmpty, !finished[index] { pthread_cond_wait(condition, mutex) }
        let takenItems = items.removeValue(forKey: index) ?? []
        if finished[index] { taken = max(taken, index + 1) }
        pthread_cond_broadcast(condition)
        return (takenItems, finished[index])
      }
    }

    func stop() {
      locked {
        stopped = true
        items = [:]
        pthread_cond_broadcast(condition)
      }
    }
  }
}
