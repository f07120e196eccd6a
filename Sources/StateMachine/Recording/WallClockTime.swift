#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A reading of the wall clock in UTC, to the millisecond: when a launch's trace file was created.
///
/// ```swift
/// let time = WallClockTime(seconds: 1_741_943_702, milliseconds: 250)
/// time.compact  // "20250314-091502.250"
/// time.iso8601  // "2025-03-14T09:15:02.250Z"
/// ```
///
/// The trace's events use the monotonic clock; this one only names files and stamps headers, so a
/// person can tell launches apart. The calendar arithmetic is done here rather than with `gmtime_r`,
/// whose `tm` differs between C libraries, and rather than with Foundation, which the library avoids.
struct WallClockTime: Sendable, Hashable {
  /// Whole seconds since 1970-01-01 00:00:00 UTC.
  var seconds: Int
  /// 0...999.
  var milliseconds: Int

  init(seconds: Int, milliseconds: Int) {
    self.seconds = seconds
    self.milliseconds = min(max(milliseconds, 0), 999)
  }

  /// The wall clock now (`CLOCK_REALTIME`).
  static func now() -> WallClockTime {
    var reading = timespec()
    guard clock_gettime(CLOCK_REALTIME, &reading) == 0 else {
      return WallClockTime(seconds: 0, milliseconds: 0)
    }
    return WallClockTime(seconds: Int(reading.tv_sec), milliseconds: Int(reading.tv_nsec) / 1_000_000)
  }

  /// `yyyyMMdd-HHmmss.SSS`: fixed width, so names holding it sort by time.
  var compact: String {
    let (year, month, day, hour, minute, second) = fields
    return Self.digits(year, 4) + Self.digits(month, 2) + Self.digits(day, 2) + "-" + Self.digits(hour, 2)
      + Self.digits(minute, 2) + Self.digits(second, 2) + "." + Self.digits(milliseconds, 3)
  }

  /// ISO 8601 in UTC with milliseconds, as a header's `recordedAt`.
  var iso8601: String {
    let (year, month, day, hour, minute, second) = fields
    return Self.digits(year, 4) + "-" + Self.digits(month, 2) + "-" + Self.digits(day, 2) + "T"
      + Self.digits(hour, 2) + ":" + Self.digits(minute, 2) + ":" + Self.digits(second, 2) + "."
      + Self.digits(milliseconds, 3) + "Z"
  }

  /// The UTC calendar fields (proleptic Gregorian; Howard Hinnant's `civil_from_days`).
  private var fields: (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let secondOfDay = seconds - days * 86_400
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (year, month, day, secondOfDay / 3_600, secondOfDay % 3_600 / 60, secondOfDay % 60)
  }

  private static func digits(_ value: Int, _ width: Int) -> String {
    let text = String(max(value, 0))
    return String(repeating: "0", count: max(0, width - text.count)) + text
  }
}
