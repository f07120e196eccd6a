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
/// let t = clock.now() // e.g. 1843.207100, seconds since boot
/// ```
///
/// On Apple platforms it reads `mach_absolute_time()`, the clock behind `CACurrentMediaTime()` (it stops
/// while the device sleeps), so a trace's `t` lines up with times an app logs itself. Elsewhere it reads
/// `clock_gettime(CLOCK_MONOTONIC)`. Neither jumps when the wall clock is set.
public struct SystemTraceClock: TraceClock {
  #if canImport(Darwin)
    private let secondsPerTick: Double
  #endif

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
      return Double(mach_absolute_time()) * secondsPerTick
    #else
      var time = timespec()
      clock_gettime(CLOCK_MONOTONIC, &time)
      return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
    #endif
  }
}
