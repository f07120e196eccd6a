import PresentationStateMachine

/// `replay rules`: the rule catalog, from the same data the auditor uses, with the effective settings.
enum RulesCommand {
  static let usage = """
    USAGE: replay rules [--format text|json] [settings options]

    Lists every rule: its stable id, kind (ordering or timing), effective severity, and what it catches.
    Rules disabled or changed by .replay.json, --config, --disable or --severity are marked, and the
    effective timing thresholds follow. A trace can also turn rules off for itself alone: its header's
    "ignore" lists rule ids (e.g. {"format":"presentation-trace","version":1,"ignore":["layout-hitch"]}),
    and every command that audits that file leaves their findings out.

    OPTIONS:
      --format text|json   text table (default) or a JSON array
    \(ThresholdOptions.help)
      -h, --help           Show this help
    """

  static func run(_ arguments: [String], context: ReplayCLI.Context) -> ReplayCLI.Result {
    let input: CommandInput
    switch CommandInput.parse(arguments, options: [CommandInput.Option.format], usage: usage) {
    case .done(let result): return result
    case .run(let parsed): input = parsed
    }
    let format: String
    do throws(UsageError) {
      format = try input.format(["text", "json"])
      if let extra = input.parsed.positionals.first {
        throw UsageError(message: "unexpected argument '\(extra)'")
      }
    } catch {
      return input.failure(error)
    }
    let parsed = input.parsed
    let configuration = input.configuration
    let settings = configuration.rules
    switch format {
    case "text":
      let width = Rule.allCases.map(\.rawValue.count).max() ?? 0
      var out = ""
      for rule in Rule.allCases {
        let severity = settings.disabled.contains(rule) ? "off" : settings.severity(of: rule).rawValue
        var line = rule.rawValue.padded(to: width) + "  " + rule.kind.rawValue.padded(to: 8) + "  "
        line += severity.padded(to: 7) + "  " + rule.summary
        if settings.disabled.contains(rule) {
          line += " (disabled)"
        } else if settings.severities[rule] != nil, settings.severity(of: rule) != rule.severity {
          line += " (default: \(rule.severity.rawValue))"
        }
        out += line + "\n"
      }
      out += "\nthresholds: grace \(JSONText.number(configuration.grace)) s, frame rate "
      out += "\(JSONText.number(configuration.frameRate)) Hz, tolerance "
      out += "\(JSONText.number(configuration.toleranceRatio * 100))% ± "
      out += "\(JSONText.number(configuration.toleranceSeconds * 1000)) ms, undriven after "
      out += "\(JSONText.number(configuration.undrivenAfter)) s\n"
      if let file = parsed[ThresholdOptions.Option.config] ?? ThresholdOptions.discoverConfigFile() {
        out += "settings file: \(TerminalText.escaped(file))\n"
      }
      out += "per file: a trace header's \"ignore\":[RULE, …] also turns those rules off for that file\n"
      return ReplayCLI.Result(stdout: out)
    case "json":
      var out = "["
      for (index, rule) in Rule.allCases.enumerated() {
        if index > 0 { out += "," }
        out += "{\"id\":"
        JSONText.appendString(rule.rawValue, to: &out)
        out += ",\"kind\":\"\(rule.kind.rawValue)\",\"severity\":"
        JSONText.appendString(settings.severity(of: rule).rawValue, to: &out)
        out +=
          ",\"defaultSeverity\":\"\(rule.severity.rawValue)\",\"enabled\":\(!settings.disabled.contains(rule))"
        out += ",\"summary\":"
        JSONText.appendString(rule.summary, to: &out)
        if let uikit = rule.uikitMessage {
          out += ",\"uikit\":"
          JSONText.appendString(uikit, to: &out)
        }
        out += "}"
      }
      return ReplayCLI.Result(stdout: out + "]\n")
    default:
      return ReplayCLI.Result(stdout: "")
    }
  }
}
