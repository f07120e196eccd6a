import StateMachine

/// The timing thresholds every auditing command accepts, parsed into an `AuditConfiguration`.
enum ThresholdOptions {
  static let options: [ArgumentParser.Option] = [
    .init(name: "--grace", takesValue: true), .init(name: "--frame-rate", takesValue: true),
    .init(name: "--tolerance", takesValue: true), .init(name: "--tolerance-ms", takesValue: true),
    .init(name: "--undriven", takesValue: true), .init(name: "--strict", takesValue: false),
  ]

  static let help = """
        --grace SECONDS      how long past its expected end a transition may run before it is a hang (default 2)
        --frame-rate HZ      display frame rate; a longer layout pass is a layout-hitch (default 60)
        --tolerance PERCENT  relative timing tolerance, expected × (1 ± this) (default 25)
        --tolerance-ms MS    absolute timing tolerance, ± this (default 50)
        --undriven SECONDS   an interaction with no update/finish/cancel for longer is undriven (default 1)
        --strict             warnings fail the run too (exit 1)
    """

  static func isStrict(_ parsed: ArgumentParser.Parsed) -> Bool { parsed.flags.contains("--strict") }

  static func configuration(from parsed: ArgumentParser.Parsed) throws(UsageError) -> AuditConfiguration {
    var configuration = AuditConfiguration()
    func number(_ name: String, minimum: Double, exclusive: Bool = false) throws(UsageError) -> Double? {
      guard let text = parsed.values[name] else { return nil }
      guard let value = Double(text), value.isFinite, exclusive ? value > minimum : value >= minimum else {
        throw UsageError(
          message: "\(name) must be a number \(exclusive ? ">" : ">=") \(minimum), not '\(text)'")
      }
      return value
    }
    if let grace = try number("--grace", minimum: 0) { configuration.grace = grace }
    if let rate = try number("--frame-rate", minimum: 0, exclusive: true) { configuration.frameRate = rate }
    if let percent = try number("--tolerance", minimum: 0) { configuration.toleranceRatio = percent / 100 }
    if let milliseconds = try number("--tolerance-ms", minimum: 0) {
      configuration.toleranceSeconds = milliseconds / 1000
    }
    if let undriven = try number("--undriven", minimum: 0) { configuration.undrivenAfter = undriven }
    return configuration
  }
}
