import Dispatch

/// A background timer that calls its handler every `interval` seconds until cancelled: the file sink's
/// periodic flush.
///
/// ```swift
/// let timer = RepeatingTimer(interval: 0.5, label: "flush") { sink.flushQuietly() }
/// timer.cancel() // no call starts after this returns
/// ```
///
/// A `DispatchSourceTimer` on its own serial queue. Dispatch sources are thread-safe, which is what makes
/// the `@unchecked Sendable` sound: the source is only scheduled here and cancelled afterwards.
final class RepeatingTimer: @unchecked Sendable {
  private let source: any DispatchSourceTimer

  /// The longest interval it keeps: a day. A longer one (a flush every 1e12 seconds) trapped in Dispatch or
  /// in converting the leeway, and would never fire anyway.
  static let longestInterval: Double = 86_400

  init(interval requested: Double, label: String, handler: @escaping @Sendable () -> Void) {
    let interval = min(requested, Self.longestInterval)
    source = DispatchSource.makeTimerSource(queue: DispatchQueue(label: label))
    source.schedule(
      deadline: .now() + interval, repeating: interval, leeway: .milliseconds(max(1, Int(interval * 100))))
    source.setEventHandler(handler: handler)
    source.resume()
  }

  deinit { source.cancel() }

  /// Stops the timer; a handler call already running finishes, no new one starts.
  func cancel() { source.cancel() }

  var isCancelled: Bool { source.isCancelled }
}
