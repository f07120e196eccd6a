/// A number with two decimals, as C's `%.2f` prints it: how long a fuzzing or exploring run took.
///
/// ```swift
/// TwoDecimals.text(24.8371)  // "24.84"
/// ```
///
/// Written out because `String(format:)` is not part of FoundationEssentials, all `replay` links on Linux.
enum TwoDecimals {
  static func text(_ value: Double) -> String {
    guard value.isFinite else { return "\(value)" }
    let hundredths = (value.magnitude * 100).rounded()
    guard hundredths < 1e15 else { return "\(value)" }
    let whole = Int(hundredths) / 100
    let fraction = Int(hundredths) % 100
    return "\(value.sign == .minus ? "-" : "")\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
  }
}
