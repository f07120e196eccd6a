import PresentationStateMachine

/// `replay expect TRACE...`: writes each trace's current findings into its header's `expect`.
enum ExpectCommand {
  static let usage = """
    USAGE: replay expect [--lines | --no-lines] [--dry-run] [settings options] TRACE...

    Audits each trace and writes what it reports into the trace's header ("expect"), adding a header when
    there is none; every other line is kept byte for byte. The recorded session then is a regression
    fixture: 'replay audit --check-expect' (and the project's own tests) compare later audits with it.

    An entry is a rule id ("complete-twice": reported at least once, on any line) or a rule at a line
    ("complete-twice@12": a finding of the rule on exactly that line). Rule ids keep a fixture valid when
    the trace is edited above a finding; lines also catch a finding that moved, or a second one.

    A tool for fixtures, not live traces: the file is rewritten in place (its mode, owner and links stay,
    and an app holding it open writes on into it), and refused with exit status 2 when it was modified in
    the last 5 seconds or changes while expect reads it, when it is read-only, when it is a symbolic link
    (not followed: name the file it points to), or when it is not a regular file. Input errors are
    printed as 'replay audit' prints them (file:line:column), and such a trace is not rewritten.

    OPTIONS:
      --lines              write RULE@LINE entries, one for each line with a finding of the rule
      --no-lines           write the distinct rule ids
                           (default: the form the header's expect has; rule ids when it has none)
      --dry-run            print what would be written (or why it would be refused), change nothing
    \(ThresholdOptions.help)
      -h, --help           Show this help

    ENVIRONMENT:
      REPLAY_EXPECT_MIN_AGE  seconds a file must have gone unmodified (default 5); for tests
    """

  /// The options of `replay expect` besides the settings, each declared once for the parser and for `run`.
  enum Option {
    static let lines = ArgumentParser.Flag("--lines")
    static let noLines = ArgumentParser.Flag("--no-lines")
    static let dryRun = ArgumentParser.Flag("--dry-run")

    static let all: [any ArgumentParser.Option] = [lines, noLines, dryRun]
  }

  /// The environment variable that sets how long a file must have been left unmodified before `expect`
  /// rewrites it, in seconds: for the tests, whose fixtures are written a moment before.
  static let minimumAgeVariable = "REPLAY_EXPECT_MIN_AGE"
  /// Seconds a trace must have gone unmodified: an app recording it writes far more often than this.
  static let defaultMinimumAge = 5.0

  static func run(_ arguments: [String], context: ReplayCLI.Context) -> ReplayCLI.Result {
    run(arguments, context: context, afterReading: { _ in })
  }

  /// The command with a hook between reading each file and rewriting it: what the tests use to change a
  /// file while `expect` works on it.
  static func run(
    _ arguments: [String], context: ReplayCLI.Context, afterReading: (String) -> Void
  ) -> ReplayCLI.Result {
    let input: CommandInput
    switch CommandInput.parse(arguments, options: Option.all, usage: usage) {
    case .done(let result): return result
    case .run(let parsed): input = parsed
    }
    let paths: [String]
    let minimumAge: Double
    do throws(UsageError) {
      paths = try input.paths()
      if input.parsed[Option.lines] && input.parsed[Option.noLines] {
        throw UsageError(message: "give at most one of --lines and --no-lines")
      }
      minimumAge = try Self.minimumAge(in: context.environment)
    } catch {
      return input.failure(error)
    }
    let lines: Bool? = input.parsed[Option.lines] ? true : input.parsed[Option.noLines] ? false : nil
    let expansion = TraceFiles.expand(paths)
    var result = ReplayCLI.Result(stderr: expansion.notes.joined())
    for file in expansion.files {
      do throws(Failure) {
        let expect = try rewrite(
          file, lines: lines, dryRun: input.parsed[Option.dryRun], configuration: input.configuration,
          minimumAge: minimumAge, afterReading: afterReading)
        result.stdout +=
          "\(TerminalText.escaped(file.path)): expect [" + expect.map(\.description).joined(separator: ", ")
          + "]\n"
      } catch {
        result.stderr += error.diagnostics
        result.status = .inputError
      }
    }
    return result
  }

  /// Why one file was not rewritten: the lines to print, each with the path (and a line and column where
  /// there is one).
  struct Failure: Error {
    var diagnostics: String
  }

  /// Audits `file` and writes its findings into its header (`lines`: as `rule@line`; `nil`: the form the
  /// header has); returns the entries written.
  static func rewrite(
    _ file: TraceFile, lines: Bool?, dryRun: Bool, configuration: AuditConfiguration, minimumAge: Double,
    afterReading: (String) -> Void
  ) throws(Failure) -> [ExpectEntry] {
    let shown = TerminalText.escaped(file.path)
    func failure(_ message: String) -> Failure {
      Failure(diagnostics: "\(shown): error: \(TerminalText.escaped(message))\n")
    }
    let fixture: FixtureFile
    let bytes: [UInt8]
    do throws(FixtureFile.Refusal) {
      fixture = try FixtureFile(file, minimumAge: minimumAge)
      bytes = try fixture.read()
    } catch {
      throw failure(error.message)
    }
    afterReading(file.path)
    // The bytes read are audited, not the path again: what is rewritten is what was audited.
    let report = FileReport.audit(path: file.path, configuration: configuration) { TraceReader(bytes: bytes) }
    if let reason = report.readFailure { throw failure("not rewritten: \(reason)") }
    guard report.inputErrors.isEmpty else {
      let count = report.inputErrors.count
      throw Failure(
        diagnostics: report.inputErrors.map { DiagnosticLine.inputError($0, path: file.path) }.joined()
          + failure("not rewritten: the trace has \(count) input error\(count == 1 ? "" : "s")").diagnostics)
    }
    // The form the header has; an entry with '@' asks for lines even when malformed (it is replaced).
    let withLines = lines ?? report.expect?.contains { $0.contains("@") } ?? false
    let rewritten: (bytes: [UInt8], expect: [ExpectEntry])
    do {
      rewritten = try ExpectHeader.rewrite(bytes, findings: report.findings, lines: withLines)
    } catch {
      // Only a header the audit read without an input error gets here; its place is said all the same.
      throw Failure(
        diagnostics: "\(shown):\(error.line ?? 1):\(error.column ?? 1): error: "
          + "\(TerminalText.escaped(error.message))\n")
    }
    do throws(FixtureFile.Refusal) {
      if dryRun || rewritten.bytes == bytes {
        // Nothing is written (an unchanged file keeps its modification time), but what is printed must
        // still be true of the file as it is.
        try fixture.checkUnchanged()
      } else {
        try fixture.replace(with: rewritten.bytes)
      }
    } catch {
      throw failure(error.message)
    }
    return rewritten.expect
  }

  /// The minimum age of a file to rewrite, from `REPLAY_EXPECT_MIN_AGE` (5 s when it is not set).
  static func minimumAge(in environment: [String: String]) throws(UsageError) -> Double {
    guard let text = environment[minimumAgeVariable], !text.isEmpty else { return defaultMinimumAge }
    guard let seconds = Double(text), seconds.isFinite, (0...86_400).contains(seconds) else {
      throw UsageError(
        message: "\(minimumAgeVariable) must be a number of seconds from 0 to 86400, not '\(text)'")
    }
    return seconds
  }
}
