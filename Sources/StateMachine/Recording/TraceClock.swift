/// Where a recorder gets the `t` of each event: seconds on a monotonic clock.
///
/// ```swift
/// let recorder = TraceRecorder(sink: MemoryTraceSink(), clock: SystemTraceClock())
/// ```
///
/// `SystemTraceClock` reads the system's monotonic clock (on Apple platforms the same clock as
/// `CACurrentMediaTime()`); `VirtualTraceClock` is set by hand, for tests and generated sessions. The
/// recorder reads the clock with its lock held, so the lines of a trace never go back in time as long as
/// the clock itself does not.
public protocol TraceClock: Sendable {
  /// The current time in seconds. Must not decrease from one call to the next.
  func now() -> Double
}
