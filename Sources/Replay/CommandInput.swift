import PresentationStateMachine

/// What every auditing command does first: parse its options and the audit settings, answer `--help`, and
/// check the common arguments; a usage problem ends the run with the command's usage and status 64.
struct CommandInput {
  var parsed: ArgumentParser.Parsed
  var configuration: AuditConfiguration
  let usage: String

  /// The options several commands share, declared once.
  enum Option {
    /// Every command answers `--help` (and `-h`) with its usage.
    static let help = ArgumentParser.Flag("--help")
    /// The output format of the commands that have several; `format(_:)` reads and checks it.
    static let format = ArgumentParser.Value("--format")
  }

  /// The parsed input, or the result that ends the run early (`--help`, or a usage error).
  enum Outcome {
    case run(CommandInput)
    case done(ReplayCLI.Result)
  }

  /// Parses `arguments` with the command's own `options` plus `--help` and, for a command that audits
  /// (`auditSettings`), the audit settings options; `--strict` only for a command whose exit status
  /// reports the findings (`failsOnFindings`): on any other it would promise an exit status the command
  /// does not give, so it is an unknown option there.
  static func parse(
    _ arguments: [String], options: [any ArgumentParser.Option], usage: String, auditSettings: Bool = true,
    failsOnFindings: Bool = false
  ) -> Outcome {
    let settings: [any ArgumentParser.Option] =
      !auditSettings
      ? [] : ThresholdOptions.Option.all + (failsOnFindings ? [ThresholdOptions.Option.strict] : [])
    let parser = ArgumentParser(options: options + [Option.help] + settings)
    do {
      let parsed = try parser.parse(arguments)
      if parsed[Option.help] { return .done(ReplayCLI.Result(stdout: usage + "\n")) }
      let configuration =
        auditSettings ? try ThresholdOptions.configuration(from: parsed) : AuditConfiguration()
      return .run(CommandInput(parsed: parsed, configuration: configuration, usage: usage))
    } catch {
      return .done(ReplayCLI.usageFailure(error, usage: usage))
    }
  }

  var isStrict: Bool { ThresholdOptions.isStrict(parsed) }

  /// The value of `--format`, which must be one of `allowed` (the first is the default).
  func format(_ allowed: [String]) throws(UsageError) -> String {
    let format = parsed[Option.format] ?? allowed.first ?? ""
    guard allowed.contains(format) else {
      throw UsageError(
        message: "\(Option.format.name) must be \(allowed.joined(separator: " or ")), not '\(format)'")
    }
    return format
  }

  /// The one trace file the command works on.
  func singlePath() throws(UsageError) -> String {
    guard parsed.positionals.count == 1, let path = parsed.positionals.first else {
      throw UsageError(message: "give exactly one trace file")
    }
    return path
  }

  /// At least one path (files or directories).
  func paths() throws(UsageError) -> [String] {
    guard !parsed.positionals.isEmpty else {
      throw UsageError(message: "give at least one trace file or directory")
    }
    return parsed.positionals
  }

  /// The positionals as the system passed them (`context.argumentBytes`), so that a name that is not
  /// UTF-8 names its file; the strings' UTF-8 where the run has no bytes (a test's context).
  func pathArguments(_ context: ReplayCLI.Context) -> [SystemPath] {
    zip(parsed.positionals, parsed.positionalIndices).map { text, index in
      // Only bytes that decode to the positional: the arguments parsed are the ones the bytes are of.
      guard let bytes = context.argumentBytes, index < bytes.count,
        String(decoding: bytes[index], as: UTF8.self) == text
      else { return SystemPath(text) }
      return SystemPath(bytes: bytes[index])
    }
  }

  /// The one trace file the command works on, by the bytes it was named with.
  func singleFile(_ context: ReplayCLI.Context) throws(UsageError) -> TraceFile {
    let path = try singlePath()
    return TraceFile(pathArguments(context).first ?? SystemPath(path))
  }

  /// An integer option of at least `minimum`, or `fallback` when absent.
  func integer(_ option: ArgumentParser.Value, minimum: Int, fallback: String) throws(UsageError) -> Int {
    let text = parsed[option] ?? fallback
    guard let value = Int(text), value >= minimum else {
      throw UsageError(message: "\(option.name) must be a number >= \(minimum), not '\(text)'")
    }
    return value
  }

  func failure(_ error: UsageError) -> ReplayCLI.Result { ReplayCLI.usageFailure(error, usage: usage) }
}
