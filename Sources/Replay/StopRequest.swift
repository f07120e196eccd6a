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

  /// What `installSignalHandlers` set up, for `remove`.
  struct SignalHandlers {
    fileprivate let source: any DispatchSourceRead
    /// The pipe's write end (the source closes the read end when it is cancelled).
    fileprivate let writeEnd: Int32
  }

  /// Turns SIGINT and SIGTERM into a stop request until `remove` is called with the result.
  ///
  /// The signals' handler writes a byte into a pipe, which a dispatch source reads: a signal is never
  /// lost. Signal dispatch sources, tried first, needed the signal ignored while the source registered,
  /// which it does on another thread a moment later: a SIGTERM sent in between was ignored (28 of 40
  /// sent the instant tail said it was following). A byte written then waits in the pipe instead. Without a
  /// pipe (none could be made), the signals keep their default action: they end the process.
  func installSignalHandlers() -> SignalHandlers? {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return nil }
    // Never blocks the handler: a full pipe already says "stop".
    _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
    _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
    _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
    let source = DispatchSource.makeReadSource(fileDescriptor: ends[0], queue: .global())
    let readEnd = ends[0]
    source.setEventHandler { [self] in
      var bytes = [UInt8](repeating: 0, count: 64)
      _ = read(readEnd, &bytes, bytes.count)
      request()
    }
    // Dispatch may still watch the read end until the source's cancellation is done: closed only then.
    source.setCancelHandler { _ = close(readEnd) }
    source.resume()
    stopSignalPipe.pointee = ends[1]
    // A process may start with the signals blocked (a parent's thread blocked them and the mask is
    // inherited): the handler would never run. They are unblocked on this thread, which then takes them.
    var signals = sigset_t()
    sigemptyset(&signals)
    for number in [SIGINT, SIGTERM] { sigaddset(&signals, number) }
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    for number in [SIGINT, SIGTERM] {
      signal(number) { _ in
        // Only what a handler may do: a write, with `errno` as the interrupted code left it.
        let saved = errno
        var byte: UInt8 = 1
        _ = write(stopSignalPipe.pointee, &byte, 1)
        errno = saved
      }
    }
    return SignalHandlers(source: source, writeEnd: ends[1])
  }

  /// Restores the signals' default action and closes what `installSignalHandlers` opened.
  static func remove(_ handlers: SignalHandlers?) {
    signal(SIGINT, SIG_DFL)
    signal(SIGTERM, SIG_DFL)
    guard let handlers else { return }
    handlers.source.cancel()
    _ = close(handlers.writeEnd)
  }
}

/// The pipe the signal handler writes to: a C handler captures nothing, so it reads a global, set before
/// the handler is installed. Memory behind a constant pointer, as `SignalCleanup`'s paths are: a global
/// variable would have its every access checked for exclusivity, a call into the runtime from the handler.
private nonisolated(unsafe) let stopSignalPipe: UnsafeMutablePointer<Int32> = {
  let descriptor = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
  descriptor.initialize(to: -1)
  return descriptor
}()
