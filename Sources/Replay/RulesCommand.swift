import StateMachine

/// `replay rules`: the rule catalog, from the same data the auditor uses.
enum RulesCommand {
  static let usage = """
    USAGE: replay rules [--format text|json]

    Lists every rule: its stable id, severity, and what it catches.

    OPTIONS:
      --format text|json   text table (default) or a JSON array
      -h, --help           Show this help
    """

  static func run(_ arguments: [String], context: ReplayCLI.Context) -> ReplayCLI.Result {
    let parser = ArgumentParser(options: [
      .init(name: "--format", takesValue: true), .init(name: "--help", takesValue: false),
    ])
    let parsed: ArgumentParser.Parsed
    do {
      parsed = try parser.parse(arguments)
    } catch {
      return ReplayCLI.usageFailure(error, usage: usage)
    }
    if parsed.flags.contains("--help") { return ReplayCLI.Result(stdout: usage + "\n") }
    if let extra = parsed.positionals.first {
      return ReplayCLI.usageFailure(UsageError(message: "unexpected argument '\(extra)'"), usage: usage)
    }
    switch parsed.values["--format"] ?? "text" {
    case "text":
      let width = Rule.allCases.map(\.rawValue.count).max() ?? 0
      var out = ""
      for rule in Rule.allCases {
        let padded = rule.rawValue.padding(toLength: width, withPad: " ", startingAt: 0)
        let severity = rule.severity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
        out += "\(padded)  \(severity)  \(rule.summary)\n"
      }
      return ReplayCLI.Result(stdout: out)
    case "json":
      var out = "["
      for (index, rule) in Rule.allCases.enumerated() {
        if index > 0 { out += "," }
        out += "{\"id\":"
        JSONText.appendString(rule.rawValue, to: &out)
        out += ",\"severity\":"
        JSONText.appendString(rule.severity.rawValue, to: &out)
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
