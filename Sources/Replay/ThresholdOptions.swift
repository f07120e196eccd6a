import PresentationStateMachine

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The audit settings every auditing command accepts (timing thresholds, rule settings), read from a
/// `.replay.json` found from the working directory upward (or `--config FILE`), then from the command line,
/// which wins; and `--strict`, for the commands whose exit status reports the findings (`audit`, `show`,
/// `tail`: `strictHelp`).
enum ThresholdOptions {
  /// The settings options, each declared once for the parser and for `configuration(from:)`.
  enum Option {
    static let grace = ArgumentParser.Value("--grace")
    static let frameRate = ArgumentParser.Value("--frame-rate")
    static let tolerance = ArgumentParser.Value("--tolerance")
    static let toleranceMs = ArgumentParser.Value("--tolerance-ms")
    static let undriven = ArgumentParser.Value("--undriven")
    static let maxPresentations = ArgumentParser.Value("--max-presentations")
    static let strict = ArgumentParser.Flag("--strict")
    static let disable = ArgumentParser.Value("--disable")
    static let severity = ArgumentParser.Value("--severity")
    static let config = ArgumentParser.Value("--config")

    /// The settings, less `--strict`, which `CommandInput.parse` adds for a command that fails on findings.
    static let all: [any ArgumentParser.Option] = [
      grace, frameRate, tolerance, toleranceMs, undriven, maxPresentations, disable, severity, config,
    ]
  }

  static let help = """
      --grace SECONDS      how long past its expected end a transition may run before it is a hang (default 2)
      --frame-rate HZ      display frame rate; a longer layout pass is a layout-hitch (default 60)
      --tolerance PERCENT  relative timing tolerance, expected × (1 ± this) (default 25)
      --tolerance-ms MS    absolute timing tolerance, ± this (default 50)
      --undriven SECONDS   an interaction with no update/finish/cancel for longer is undriven (default 1)
      --max-presentations N
                           the most presentations held at once; a trace past it stops with an input
                           error at that line (default 50000: about 90 MB)
      --disable RULE       do not report RULE (repeatable)
      --severity RULE=error|warning
                           change a rule's severity (repeatable)
      --config FILE        settings file (default: the nearest .replay.json from the working directory up);
                           one that cannot be read or is malformed stops the command with exit status 2
    """

  /// `--strict`'s line of the usage, for the commands that accept it.
  static let strictHelp = """
      --strict             warnings fail the run too (exit 1)
    """

  static func isStrict(_ parsed: ArgumentParser.Parsed) -> Bool { parsed[Option.strict] }

  /// The effective configuration: defaults, then the settings file, then the command line.
  static func configuration(from parsed: ArgumentParser.Parsed) throws(UsageError) -> AuditConfiguration {
    var configuration = AuditConfiguration()
    if let path = parsed[Option.config] ?? discoverConfigFile() {
      try applyConfigFile(path, to: &configuration)
    }
    func number(_ option: ArgumentParser.Value, minimum: Double, exclusive: Bool = false) throws(UsageError)
      -> Double?
    {
      guard let text = parsed[option] else { return nil }
      return try checked(Double(text), text: text, name: option.name, minimum: minimum, exclusive: exclusive)
    }
    if let grace = try number(Option.grace, minimum: 0) { configuration.grace = grace }
    if let rate = try number(Option.frameRate, minimum: 0, exclusive: true) { configuration.frameRate = rate }
    if let percent = try number(Option.tolerance, minimum: 0) { configuration.toleranceRatio = percent / 100 }
    if let milliseconds = try number(Option.toleranceMs, minimum: 0) {
      configuration.toleranceSeconds = milliseconds / 1000
    }
    if let undriven = try number(Option.undriven, minimum: 0) { configuration.undrivenAfter = undriven }
    if let text = parsed[Option.maxPresentations] {
      // A whole number past `Int.max` is no limit, as the settings file takes it.
      let isWhole =
        !text.isEmpty && text.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
      guard let limit = Int(text) ?? (isWhole ? Int.max : nil), limit >= 1 else {
        throw UsageError(
          message: "\(Option.maxPresentations.name) must be a whole number >= 1, not '\(text)'")
      }
      configuration.presentationLimit = limit
    }
    for id in parsed.all(Option.disable) { configuration.rules.disabled.insert(try rule(id)) }
    for setting in parsed.all(Option.severity) {
      let parts = setting.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2 else {
        throw UsageError(message: "--severity takes RULE=error or RULE=warning, not '\(setting)'")
      }
      configuration.rules.severities[try rule(parts[0])] = try severity(parts[1], for: parts[0])
    }
    return configuration
  }

  private static func checked(
    _ value: Double?, text: String, name: String, minimum: Double, exclusive: Bool
  ) throws(UsageError) -> Double {
    guard let value, value.isFinite, exclusive ? value > minimum : value >= minimum else {
      throw UsageError(
        message: "\(name) must be a number \(exclusive ? ">" : ">=") \(minimum), not '\(text)'")
    }
    return value
  }

  private static func rule(_ id: String) throws(UsageError) -> Rule {
    do {
      return try Rule.named(id)
    } catch {
      throw UsageError(message: error.message)
    }
  }

  private static func severity(_ text: String, for id: String) throws(UsageError) -> Severity {
    guard let severity = Severity(rawValue: text) else {
      throw UsageError(message: "the severity of \(id) must be error or warning, not '\(text)'")
    }
    return severity
  }

  /// The nearest `.replay.json` from `start` (the working directory by default) upward.
  static func discoverConfigFile(from start: String = FileManager.default.currentDirectoryPath) -> String? {
    SettingsFile.discover(from: start)
  }

  /// Applies the settings file at `path` (`SettingsFile`, in the library, reads it); every problem of
  /// the file is an unreadable-input error (exit 2, no usage text).
  static func applyConfigFile(_ path: String, to configuration: inout AuditConfiguration) throws(UsageError) {
    do {
      try SettingsFile.apply(path: path, to: &configuration)
    } catch {
      throw UsageError(unreadableInput: error.message)
    }
  }
}
