import StateMachine

/// `replay show TRACE`: every transition as a block of phases and times, then a terminal timeline.
enum ShowCommand {
  static let usage = """
    USAGE: replay show [options] TRACE

    Rebuilds every transition of one trace: when it was requested, began, animated, was finished or
    cancelled, completed and ended (times relative to the trace's first event), declared versus measured
    duration, outcome and findings; then a timeline with one row per presentation.

    OPTIONS:
      --width COLUMNS      timeline width (default: $COLUMNS, else 100)
    \(ThresholdOptions.help)
      -h, --help           Show this help

    Colour is used only on a terminal, and never when NO_COLOR is set.
    """

  static func run(_ arguments: [String], context: ReplayCLI.Context) -> ReplayCLI.Result {
    let parser = ArgumentParser(
      options: [.init(name: "--width", takesValue: true), .init(name: "--help", takesValue: false)]
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
    guard parsed.positionals.count == 1, let path = parsed.positionals.first else {
      return ReplayCLI.usageFailure(UsageError(message: "give exactly one trace file"), usage: usage)
    }
    let widthText = parsed.values["--width"] ?? context.environment["COLUMNS"] ?? "100"
    guard let width = Int(widthText), width >= 20 else {
      return ReplayCLI.usageFailure(
        UsageError(message: "--width must be a number >= 20, not '\(widthText)'"), usage: usage)
    }
    let replay = TraceReplay.run(path: path, configuration: configuration)
    var result = ReplayCLI.Result(
      status: AuditReport(files: [replay.report]).exitStatus(strict: ThresholdOptions.isStrict(parsed)))
    if let failure = replay.report.readFailure {
      result.stderr = "error: \(failure)\n"
      return result
    }
    for error in replay.report.inputErrors {
      result.stderr += "\(path):\(error.line):\(error.column): error: [input] \(error.message)\n"
    }
    result.stdout = ShowRenderer.render(replay, width: width, color: context.useColor)
    return result
  }
}
