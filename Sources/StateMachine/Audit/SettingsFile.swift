#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The audit settings a project keeps in a `.replay.json`: disabled rules, changed severities, timing
/// thresholds and the presentation limit, applied over an ``AuditConfiguration``.
///
/// ```swift
/// var configuration = AuditConfiguration()
/// if let path = SettingsFile.discover(from: "traces/valid") {  // the nearest .replay.json upward
///   try SettingsFile.apply(path: path, to: &configuration)     // {"disable":["layout-hitch"],"grace":5}
/// }
/// ```
///
/// The file is untrusted input like a trace (`Tests/LibFuzzer` fuzzes `apply(bytes:path:to:)`), so it lives
/// here rather than in the `replay` command, which only words the option around it.
package enum SettingsFile {
  package static let name = ".replay.json"

  /// The settings `apply(bytes:path:to:)` knows, in the order its error message lists them.
  static let keys = [
    "disable", "severity", "grace", "frameRate", "tolerancePercent", "toleranceMs", "undriven",
    "maxPresentations",
  ]

  /// The nearest `.replay.json` from `start` upward, or `nil` when no folder up to the root holds one.
  ///
  /// ```swift
  /// SettingsFile.discover(from: FileManager.default.currentDirectoryPath)  // the project's .replay.json
  /// ```
  package static func discover(from start: String) -> String? {
    var directory = URL(fileURLWithPath: start).standardizedFileURL
    while true {
      let candidate = directory.appendingPathComponent(name).path
      if FileManager.default.fileExists(atPath: candidate) { return candidate }
      let parent = directory.deletingLastPathComponent()
      if parent.path == directory.path { return nil }
      directory = parent
    }
  }

  /// Reads the settings file at `path` and applies it over `configuration`.
  ///
  /// ```swift
  /// try SettingsFile.apply(path: "app/.replay.json", to: &configuration)
  /// ```
  ///
  /// A file that cannot be read throws an error that says whether it is missing or not a readable file.
  package static func apply(path: String, to configuration: inout AuditConfiguration)
    throws(SettingsFileError)
  {
    guard let data = FileManager.default.contents(atPath: path) else {
      let exists = FileManager.default.fileExists(atPath: path)
      throw SettingsFileError(
        message: "cannot read the settings file \(path): "
          + (exists
            ? "it is a directory or not readable; make it a readable file, or point --config at another one"
            : "no such file; check the path given to --config"))
    }
    try apply(bytes: Array(data), path: path, to: &configuration)
  }

  /// Applies the settings `bytes` hold, a file named `path` in messages, over `configuration`: one JSON
  /// object of `{"disable":[…],"severity":{RULE:LEVEL},"grace":…,"frameRate":…,"tolerancePercent":…,
  /// "toleranceMs":…,"undriven":…,"maxPresentations":…}`.
  ///
  /// ```swift
  /// try SettingsFile.apply(bytes: Array(#"{"severity":{"layout-hitch":"error"}}"#.utf8), path: "s.json",
  ///   to: &configuration)
  /// ```
  ///
  /// Unknown keys and unknown rule ids are errors that say what is valid; every error names the file with
  /// `line:column` and says what to do. On an error `configuration` may hold the settings before it.
  package static func apply(bytes: [UInt8], path: String, to configuration: inout AuditConfiguration)
    throws(SettingsFileError)
  {
    let advice = "fix the file, or point --config at another one"
    // A UTF-8 byte-order mark (an editor's "UTF-8 with BOM") is read past, as at the start of a trace;
    // positions still count its 3 bytes, as a trace's columns do.
    let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    /// `path:line:column: message; advice`, for a 1-based byte column of the JSON after the mark.
    func fail(_ byte: Int, _ message: String) -> SettingsFileError {
      let before = bytes.prefix(max(byte + bom - 1, 0))
      let line = before.count { $0 == 0x0A } + 1
      let column = before.count - (before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
      return SettingsFileError(message: "\(path):\(line):\(column): \(message); \(advice)")
    }
    let object: JSONLineParser.Object
    do {
      object = try bytes[bom...].withUnsafeBufferPointer { bytes throws(JSONSyntaxError) in
        try JSONLineParser.parseObject(bytes)
      }
    } catch {
      throw fail(error.column, error.message)
    }
    for member in object.members {
      switch member.key {
      case "disable":
        guard case .array(let ids) = member.value else {
          throw fail(member.valueColumn, "\"disable\" must be an array of rule ids")
        }
        for id in ids {
          guard let id = id.stringValue else {
            throw fail(member.valueColumn, "\"disable\" holds a non-string")
          }
          do {
            configuration.rules.disabled.insert(try Rule.named(id))
          } catch {
            throw fail(member.valueColumn, error.message)
          }
        }
      case "severity":
        guard case .object(let entries) = member.value else {
          throw fail(member.valueColumn, "\"severity\" must be an object of rule id → error|warning")
        }
        for (id, level) in entries {
          let rule: Rule
          do {
            rule = try Rule.named(id)
          } catch {
            throw fail(member.valueColumn, error.message)
          }
          guard let severity = Severity(rawValue: level.stringValue ?? "") else {
            throw fail(
              member.valueColumn,
              "the severity of \(id) must be error or warning, not \(level.stringValue.map { "'\($0)'" } ?? level.typeName)"
            )
          }
          configuration.rules.severities[rule] = severity
        }
      case "grace", "frameRate", "tolerancePercent", "toleranceMs", "undriven":
        let exclusive = member.key == "frameRate"
        guard let value = member.value.numberValue, value.isFinite, exclusive ? value > 0 : value >= 0 else {
          throw fail(
            member.valueColumn,
            "\"\(member.key)\" must be a number \(exclusive ? ">" : ">=") 0, not \(Self.spelled(member.value))"
          )
        }
        switch member.key {
        case "grace": configuration.grace = value
        case "frameRate": configuration.frameRate = value
        case "tolerancePercent": configuration.toleranceRatio = value / 100
        case "toleranceMs": configuration.toleranceSeconds = value / 1000
        default: configuration.undrivenAfter = value
        }
      case "maxPresentations":
        guard let value = member.value.numberValue, value.isFinite, value >= 1, value == value.rounded(.down)
        else {
          throw fail(
            member.valueColumn,
            "\"maxPresentations\" must be a whole number >= 1, not \(Self.spelled(member.value))")
        }
        // JSON's numbers are doubles: a limit past `Int.max` (or `Int.max` itself, which a double rounds up)
        // is no limit, as `--max-presentations` takes it.
        configuration.presentationLimit = value >= Double(Int.max) ? Int.max : Int(value)
      default:
        // The key a command-line option's spelling means, or the closest key, as the rule ids' "did you
        // mean" (a typo's case or a letter); then them all. By distance alone, "tolerance" (the option that
        // takes a percentage) came out as "toleranceMs".
        let closest =
          Self.commandLineSpellings[member.key]
          ?? ClosestMatch.name(to: member.key, among: keys, maximumDistance: max(2, member.key.count / 3))
        throw fail(
          member.keyColumn,
          "unknown setting \"\(member.key)\"" + (closest.map { " (did you mean \"\($0)\"?)" } ?? "")
            + "; valid: " + keys.joined(separator: ", "))
      }
    }
  }

  /// What a setting holds, as a message names it: a number as it is written (`-1`, not "a number"), any
  /// other value by its type.
  private static func spelled(_ value: JSONValue) -> String {
    value.numberValue.map(JSONText.number) ?? value.typeName
  }

  /// The settings' keys by the command-line options' names that differ from them, without their dashes
  /// (`--tolerance` is `tolerancePercent`): a key written as the option is spelled is told its name.
  static let commandLineSpellings: [String: String] = [
    "tolerance": "tolerancePercent", "tolerance-ms": "toleranceMs", "frame-rate": "frameRate",
    "max-presentations": "maxPresentations",
  ]
}
