import StateMachine

/// `replay rules`: the rule catalog, from the same data the auditor uses, with the effective settings.
enum RulesCommand {
  static let usage = """
    USAGE: replay rules [--format text|json] [settings options]

    Lists every rule: its stable id, kind (ordering or timing), effective severity, and what it catches.
    Rules disabled or changed by .replay.json, --config, --disable or --severity are marked, and the
    effective timing thresholds follow.

    OPTIONS:
      --format text|json   text table (default) or a JSON array
    \(ThresholdOptions.help)
      -h, --help           Show this help
    """

  static func run(_ arguments: [String], context: ReplayCLI.Context) -> ReplayCLI.Result {
    let parser = ArgumentParser(
      options: [.init(name: "--format", takesValue: true), .init(name: "--help", takesValue: false)]
        + ThresholdOptions.options)
    let parsed: ArgumentParser.Parsed
    let configuration: AuditConfiguration
    do {
      parsed = try parser.parse(arguments)
      configuration = try ThresholdOptions.configuration(from: parsed)
    } catch {
      return ReplayCLI.usageFailure(error, usage: usage)
    }
    if parsed.flags.contains("--help") { return ReplayCLI.Result(stdout: usage + "\n") }
    if let extra = parsed.positionals.first {
      return ReplayCLI.usageFailure(UsageError(message: "unexpected argument '\(extra)'"), usage: usage)
    }
    let settings = configuration.rules
    switch parsed.values["--format"] ?? "text" {
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
      if let file = parsed.values["--config"] ?? ThresholdOptions.discoverConfigFile() {
        out += "settings file: \(file)\n"
      }
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
    case let other:
      return ReplayCLI.usageFailure(
        UsageError(message: "--format must be text or json, not '\(other)'"), usage: usage)
    }
  }
}
