#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The system's monotonic clock, in seconds: the clock a recorder in an app uses.
///
/// ```swift
/// let clock = SystemTraceClock()
/// let t = clock.now() // e.g. 1843.207123, seconds since boot, in whole microseconds
/// ```
///
/// On Apple platforms it reads `mach_absolute_time()`, the clock behind `CACurrentMediaTime()` (it stops
/// while the device sleeps), so a trace's `t` lines up with times an app logs itself. Elsewhere it reads
/// `clock_gettime(CLOCK_MONOTONIC)`. Neither jumps when the wall clock is set.
///
/// Readings are whole microseconds (rounded down): the resolution every trace here prints and more than
/// a UIKit callback is worth. It keeps each line short and lets the recorder write `t` digit by digit
/// (`TraceLineFormatter`); rounding down keeps the readings in order.
public struct SystemTraceClock: TraceClock {
  #if canImport(Darwin)
    private let secondsPerTick: Double
  #endif

  /// The clock reading the system's monotonic time, as a recorder's default.
  public init() {
    #if canImport(Darwin)
      var timebase = mach_timebase_info_data_t()
      if mach_timebase_info(&timebase) == KERN_SUCCESS, timebase.denom != 0 {
        secondsPerTick = Double(timebase.numer) / Double(timebase.denom) / 1_000_000_000
      } else {
        secondsPerTick = 1 / 1_000_000_000
      }
    #endif
  }

  public func now() -> Double {
    #if canImport(Darwin)
      return (Double(mach_absolute_time()) * secondsPerTick * 1_000_000).rounded(.down) / 1_000_000
    #else
      var time = timespec()
      clock_gettime(CLOCK_MONOTONIC, &time)
      return Double(Int64(time.tv_sec) * 1_000_000 + Int64(time.tv_nsec) / 1_000) / 1_000_000
    #endif
  }
}
