import Dispatch

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A request to stop a long-running command (`replay tail`), set by SIGINT/SIGTERM or by a test, that
/// also wakes the command from its wait between polls.
///
/// ```swift
/// let stop = StopRequest()
/// let signals = stop.installSignalHandlers()   // Ctrl-C now sets it
/// defer { StopRequest.remove(signals) }
/// ```
final class StopRequest: @unchecked Sendable {
  // Guarded by `lock`; the semaphore wakes a waiting poll loop at once.
  // A binary semaphore as the lock: Dispatch has it, and the package needs no more of Foundation for it.
  private let lock = DispatchSemaphore(value: 1)
  private var requested = false
  private let wakeUp = DispatchSemaphore(value: 0)

  init() {}

  var isRequested: Bool {
    lock.wait()
    defer { lock.signal() }
    return requested
  }

  func request() {
    lock.wait()
    requested = true
    lock.signal()
    wakeUp.signal()
  }

  /// Sleeps up to `seconds`, or less if a stop is requested meanwhile.
  func wait(seconds: Double) {
    guard !isRequested, seconds > 0 else { return }
    _ = wakeUp.wait(timeout: .now() + seconds)
  }

  /// Turns SIGINT and SIGTERM into a stop request until `remove` is called with the result.
  func installSignalHandlers() -> [any DispatchSourceSignal] {
    [SIGINT, SIGTERM].map { number in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { [self] in request() }
      source.resume()
      return source
    }
  }

  /// Stops listening for the signals and restores their default action.
  static func remove(_ sources: [any DispatchSourceSignal]) {
    for source in sources {
      source.cancel()
      signal(Int32(source.handle), SIG_DFL)
    }
  }
}
