import Dispatch

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs one job per trace file on several threads and hands the results back in the files' order, so a
/// report over a directory reads the same whatever the number of cores.
///
/// ```swift
/// let reports = TraceBatch.map(paths, jobs: 2) { FileReport.audit(path: $0) }
/// // reports[i] is the audit of paths[i]
/// ```
///
/// Each thread takes the next file as it finishes one, so a few large traces do not leave a core idle
/// while the small ones queue behind them. Memory holds the results (findings), never a trace.
package enum TraceBatch {
  /// `body` applied to every path on up to `jobs` threads; the results in the order of `paths` (a path as
  /// a `String`, or as any value that names a file).
  package static func map<Path: Sendable, Output: Sendable>(
    _ paths: [Path], jobs: Int, _ body: @escaping @Sendable (Path) -> Output
  ) -> [Output] {
    let workers = max(1, min(jobs, paths.count))
    guard workers > 1 else { return paths.map(body) }
    let results = Results<Output>(count: paths.count)
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      while let index = results.claim() { results.store(body(paths[index]), at: index) }
    }
    return results.all()
  }

  /// The results of a run, filled by index from several threads.
  private final class Results<Output: Sendable>: @unchecked Sendable {
    // Every access to `slots` and `next` holds `lock`.
    // A binary semaphore as the lock: Dispatch has it, and the package needs no more of Foundation for it.
    private let lock = DispatchSemaphore(value: 1)
    private var slots: [Output?]
    private var next = 0

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func claim() -> Int? {
      lock.wait()
      defer { lock.signal() }
      guard next < slots.count else { return nil }
      next += 1
      return next - 1
    }

    func store(_ output: Output, at index: Int) {
      lock.wait()
      slots[index] = output
      lock.signal()
    }

    func all() -> [Output] {
      lock.wait()
      defer { lock.signal() }
      return slots.compactMap { $0 }
    }
  }
}
