/// Numbers in words for people (messages, `show`, `state`): as short as JSON spells them, and `inf`,
/// `-inf` or `nan` where JSON would say `null`, since a trace can carry any finite number and arithmetic on
/// a huge one overflows.
///
/// ```swift
/// ReadableNumber.text(0.35)          // "0.35"
/// ReadableNumber.seconds(1e308 * 10) // "inf s"
/// ```
enum ReadableNumber {
  static func text(_ value: Double) -> String {
    if value.isNaN { return "nan" }
    if value.isInfinite { return value < 0 ? "-inf" : "inf" }
    return JSONText.number(value)
  }

  /// `value` seconds to the millisecond.
  static func seconds(_ value: Double) -> String { "\(text(rounded(value, scale: 1000))) s" }

  /// `value` seconds in milliseconds, to a tenth.
  static func milliseconds(_ value: Double) -> String { "\(text(rounded(value * 1000, scale: 10))) ms" }

  /// `value` rounded to 1/`scale`; left as it is where scaling it would overflow.
  static func rounded(_ value: Double, scale: Double) -> Double {
    let scaled = value * scale
    return scaled.isFinite ? scaled.rounded() / scale : value
  }
}
