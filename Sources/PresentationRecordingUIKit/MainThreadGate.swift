#if canImport(Foundation)
  import Foundation
#endif

/// Lets a hooked method record only on the main thread: UIKit calls presentation methods there, and a
/// call from anywhere else (an app bug UIKit itself warns about) goes to the original implementation
/// unrecorded, counted, and logged once, instead of trapping as `MainActor.assumeIsolated` would.
///
/// ```swift
/// guard gate.admits() else { return original(receiver, selector, animated) }
/// ```
public final class MainThreadGate: @unchecked Sendable {
  // A lock rather than an atomic: Synchronization's atomics need iOS 18.
  private let lock = NSLock()
  private var count = 0
  private let log: @Sendable (String) -> Void
  private let isMainThread: @Sendable () -> Bool

  /// A gate logging its first refusal through `log`; `isMainThread` tells the main thread (a test's
  /// stand-in; `Thread.isMainThread` by default).
  public init(
    isMainThread: (@Sendable () -> Bool)? = nil, log: @escaping @Sendable (String) -> Void
  ) {
    self.log = log
    self.isMainThread = isMainThread ?? { Thread.isMainThread }
  }

  /// How many hooked calls came off the main thread and were passed through unrecorded.
  public var refusedCalls: Int {
    lock.lock()
    defer { lock.unlock() }
    return count
  }

  /// Whether the calling thread is the main thread; counts (and the first time logs) a call that is not.
  public func admits(_ selector: @autoclosure () -> String = "a hooked method") -> Bool {
    if isMainThread() { return true }
    lock.lock()
    count += 1
    let first = count == 1
    lock.unlock()
    if first {
      log(
        "\(selector()) was called off the main thread: passed to UIKit unrecorded (and every later such call, "
          + "counted in PresentationHooks.shared.gate.refusedCalls)")
    }
    return false
  }
}
