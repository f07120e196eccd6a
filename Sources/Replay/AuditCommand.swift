import StateMachine

/// `replay audit PATH...`: audits trace files and prints compiler-style findings or the JSON report.
enum AuditCommand {
  static let usage = """
    USAGE: replay audit [--format text|json] [--strict] [threshold options] PATH...

    Audits each trace file (a directory means every *.jsonl below it) against the lifecycle rules.

    OPTIONS:
      --format text|json   text: compiler-style lines and a summary (default); json: the report document
    \(ThresholdOptions.help)
      -h, --help           Show this help

    Exit status: 0 clean (warnings allowed), 1 an error finding, 2 unreadable input (wins over 1),
    64 wrong usage. Run 'replay rules' for the rule catalog.
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
    let format = parsed.values["--format"] ?? "text"
    guard format == "text" || format == "json" else {
      return ReplayCLI.usageFailure(
        UsageError(message: "--format must be text or json, not '\(format)'"), usage: usage)
    }
    guard !parsed.positionals.isEmpty else {
      return ReplayCLI.usageFailure(
        UsageError(message: "give at least one trace file or directory"), usage: usage)
    }
    let files = TraceFiles.expand(parsed.positionals)
    if files.isEmpty {
      return ReplayCLI.Result(
        status: 2, stderr: "error: no *.jsonl files under \(parsed.positionals.joined(separator: ", "))\n")
    }
    let report = AuditReport(files: files.map { FileReport.audit(path: $0, configuration: configuration) })
    var result = ReplayCLI.Result(status: report.exitStatus(strict: ThresholdOptions.isStrict(parsed)))
    result.stdout = format == "json" ? report.json() + "\n" : report.text(color: context.useColor)
    return result
  }
}
