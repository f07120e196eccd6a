import PresentationStateMachine

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `replay audit PATH...`: audits trace files and prints compiler-style findings or the JSON report.
enum AuditCommand {
  static let usage = """
    USAGE: replay audit [--format text|json] [--strict] [--check-expect] [--jobs N] [--shard I/N]
                        [threshold options] PATH...
           replay audit --snapshot-out FILE [--resume FILE] [--format text|json] [--strict]
                        [threshold options] TRACE

    Audits each trace file (a directory means every *.jsonl below it, regular files only: a FIFO, socket or
    device there is passed over with a note; - reads paths from standard input) against the lifecycle
    rules.

    OPTIONS:
      --format text|json   text: compiler-style lines and a summary (default); json: the report document
      --check-expect       pass when each file's findings agree with its header's "expect" (recorded sessions
                           as regression fixtures: rule ids, or RULE@LINE entries, see 'replay expect');
                           print the differences (with --format json: agrees, missing and unexpected
                           entries per file); a malformed entry is an input error at the header
      --snapshot-out FILE  after auditing TRACE, write the audit's whole state to FILE (versioned JSON)
      --resume FILE        start from a snapshot: read only the bytes appended after it, with its state, so
                           CI audits an ever-growing log once (the end of the trace is not final then);
                           a snapshot of another log (shorter, or other bytes before its offset), or
                           one edited by hand (its checksum or its state does not add up), is refused
    \(TraceFiles.help)
    \(ThresholdOptions.help)
    \(ThresholdOptions.strictHelp)
      -h, --help           Show this help

    Exit status: 0 clean (warnings allowed), 1 an error finding, 2 unreadable input (a trace or the settings
    file, .replay.json or --config) or standard output that cannot be written (wins over 1), 64 wrong
    usage. Run 'replay rules' for the rule catalog.
    """

  /// The options of `replay audit` besides the settings, each declared once for the parser and for `run`.
  enum Option {
    static let checkExpect = ArgumentParser.Flag("--check-expect")
    static let snapshotOut = ArgumentParser.Value("--snapshot-out")
    static let resume = ArgumentParser.Value("--resume")

    static let all: [any ArgumentParser.Option] =
      [CommandInput.Option.format, checkExpect, snapshotOut, resume] + TraceFiles.Option.all
  }

  static func run(_ arguments: [String], context: ReplayCLI.Context) -> ReplayCLI.Result {
    let input: CommandInput
    switch CommandInput.parse(arguments, options: Option.all, usage: usage, failsOnFindings: true) {
    case .done(let result): return result
    case .run(let parsed): input = parsed
    }
    let format: String
    do throws(UsageError) {
      format = try input.format(["text", "json"])
      _ = try input.paths()
      // Taken silently, it would do nothing: the comparison's status says whether the findings agree with
      // the header, whatever their severity.
      if input.parsed[Option.checkExpect], input.isStrict {
        throw UsageError(
          message: "--strict fails a run on warnings; --check-expect passes when the findings agree with the "
            + "header's expect, warnings included: use one or the other")
      }
    } catch {
      return input.failure(error)
    }
    let parsed = input.parsed
    let configuration = input.configuration
    if parsed[Option.snapshotOut] != nil || parsed[Option.resume] != nil {
      return incremental(parsed, configuration: configuration, format: format, context: context)
    }
    let selection: TraceFiles.Selection
    do {
      selection = try input.traceFiles(context: context)
    } catch {
      return input.failure(error)
    }
    if let failure = selection.noFileFailure(under: parsed.positionals) { return failure }
    let strict = ThresholdOptions.isStrict(parsed)
    if parsed[Option.checkExpect] {
      let report = AuditReport(
        files: TraceBatch.map(selection.files, jobs: selection.jobs) {
          $0.audit(configuration: configuration)
        }, strict: strict)
      var result = checkExpect(report, json: format == "json")
      result.stderr = selection.notes + result.stderr
      return result
    }
    var result = ReplayCLI.Result(stderr: selection.notes)
    let files = selection.files
    let jobs = selection.jobs
    let json = format == "json"
    let color = context.useColor
    // Each file's report is written as soon as it and every file before it are audited, in the order of
    // the files: a fleet's audit holds the files in flight, never the fleet's findings.
    result.streamed { sink in
      var writer = AuditReport.Writer(json: json, color: color, strict: strict)
      TraceBatch.stream(files, jobs: jobs) { file, emit in
        emit(file.audit(configuration: configuration))
      } consume: { _, report in
        writer.write(report, to: &sink)
        return true
      }
      let status = writer.finish(to: &sink)
      if json { sink.write("\n") }
      return status
    }
    return result
  }

  /// The report written a piece at a time: its text, or its JSON document and a newline.
  private static func streamed(_ report: AuditReport, json: Bool, color: Bool) -> (inout OutputSink) -> Void {
    { sink in
      if json {
        report.writeJSON(to: &sink)
        sink.write("\n")
      } else {
        report.writeText(color: color, to: &sink)
      }
    }
  }

  /// One file's findings against its header's `expect`.
  fileprivate struct ExpectComparison {
    /// How they differ, or `nil` when they agree (or the file was not compared).
    var difference: ExpectHeader.Difference?
    /// A malformed entry of the header's `expect`: an input error at the header.
    var headerError: InputError?
    /// The findings in the form of the header's entries: `rule@line` when it names lines, else rule ids.
    var reported: [String]

    /// The file's findings were held to its `expect`: not when it could not be read, when an entry of its
    /// `expect` is malformed, or when its first line, where a header stands, could not be read (a header
    /// refused for another key, an `ignore` naming no rule, leaves its `expect` unknown, not absent).
    var compared: Bool

    init(_ file: FileReport) {
      var expected: [ExpectEntry]?
      do {
        expected = try ExpectHeader.entries(of: file)
      } catch {
        headerError = error
      }
      reported = ExpectHeader.entries(for: file.findings, lines: ExpectHeader.namesLines(expected ?? []))
        .map(\.description)
      let headerUnread = file.expect == nil && file.inputErrors.contains { $0.line == 1 }
      compared = file.readFailure == nil && headerError == nil && !headerUnread
      guard compared else { return }
      difference = ExpectHeader.difference(expected: expected, findings: file.findings)
    }

    /// Input errors of the file, its header's `expect` first.
    func inputErrors(of file: FileReport) -> [InputError] {
      (headerError.map { [$0] } ?? []) + file.inputErrors
    }
  }

  /// Compares each file's findings with its header's `expect`: exit 0 when all agree, 1 when any differs,
  /// 2 on input errors (a malformed `expect` entry included).
  static func checkExpect(_ report: AuditReport, json: Bool) -> ReplayCLI.Result {
    if json { return checkExpectJSON(report) }
    var result = ReplayCLI.Result()
    var tally = CheckExpectTally()
    for file in report.files {
      let comparison = ExpectComparison(file)
      tally.count(comparison, file)
      let path = TerminalText.escaped(file.path)
      if let failure = file.readFailure {
        result.stdout += "\(path): error: [unreadable] \(TerminalText.escaped(failure))\n"
      }
      for error in comparison.inputErrors(of: file) {
        result.stdout +=
          "\(path):\(error.line):\(error.column): error: [input] \(TerminalText.escaped(error.message))\n"
      }
      guard let difference = comparison.difference else { continue }
      result.stdout += "\(path): error: [expect] the findings differ from the header's expect:\n"
      // The entries are the header's, as the trace's writer spelt them: escaped line by line.
      result.stdout += difference.text.split(separator: "\n").map {
        "  \(TerminalText.escaped(String($0)))\n"
      }
      .joined()
    }
    result.stdout += tally.summary
    result.status = tally.status
    return result
  }

  /// How the files of a `--check-expect` run came out, each counted once, as JSON's `agrees` has it: a
  /// file agrees only when it was compared, read without input errors, and its findings are its `expect`.
  struct CheckExpectTally: Equatable {
    var agreeing = 0
    var differing = 0
    var withInputErrors = 0
    var notCompared = 0

    fileprivate mutating func count(_ comparison: ExpectComparison, _ file: FileReport) {
      if !comparison.compared {
        notCompared += 1
      } else if file.hasInputProblems {
        withInputErrors += 1
      } else if comparison.difference != nil {
        differing += 1
      } else {
        agreeing += 1
      }
    }

    /// Input errors in any file (a file not compared has some) win over files whose findings differ
    /// from their `expect`.
    var status: AuditExitStatus {
      if withInputErrors + notCompared > 0 { return .inputError }
      return differing > 0 ? .findings : .clean
    }

    /// The last line: `checked 3 files against their expect: all agree`, or each outcome counted
    /// (`1 agrees, 1 differs, 1 with input errors`); the input errors and differences are printed above.
    var summary: String {
      let files = agreeing + differing + withInputErrors + notCompared
      let outcomes =
        agreeing == files
        ? ["all agree"]
        : [
          (agreeing, "agree", "agrees"), (differing, "differ", "differs"),
          (withInputErrors, "with input errors", "with input errors"),
          (notCompared, "could not be compared", "could not be compared"),
        ].filter { $0.0 > 0 }.map { "\($0.0) \($0.0 == 1 ? $0.2 : $0.1)" }
      return "checked \(files) file\(files == 1 ? "" : "s") against their expect: "
        + outcomes.joined(separator: ", ") + "\n"
    }
  }

  /// `--check-expect --format json`: per file whether the findings agree with `expect`, and how they differ:
  /// `{"files":[{"path","agrees","compared","expect","reported","missing","unexpected","errors"}],`
  /// `"summary":{"files","differing","notCompared","exitStatus"}}`.
  static func checkExpectJSON(_ report: AuditReport) -> ReplayCLI.Result {
    func strings(_ values: [String]) -> JSONValue { .array(values.map(JSONValue.string)) }
    var files: [JSONValue] = []
    // Every file whose findings differ, with input errors or not (the tally counts those apart).
    var differing = 0
    var tally = CheckExpectTally()
    for file in report.files {
      let comparison = ExpectComparison(file)
      if comparison.difference != nil { differing += 1 }
      tally.count(comparison, file)
      let problems = file.hasInputProblems || comparison.headerError != nil
      var errors = comparison.inputErrors(of: file).map { error -> JSONValue in
        .object([
          ("line", .number(Double(error.line))), ("column", .number(Double(error.column))),
          ("message", .string(error.message)),
        ])
      }
      if let failure = file.readFailure {
        errors.insert(
          .object([("line", .number(0)), ("column", .number(0)), ("message", .string(failure))]), at: 0)
      }
      files.append(
        .object([
          ("path", .string(file.path)), ("agrees", .bool(comparison.difference == nil && !problems)),
          ("compared", .bool(comparison.compared)),
          ("expect", file.expect.map(strings) ?? .null), ("reported", strings(comparison.reported)),
          ("missing", strings(comparison.difference?.missing ?? [])),
          ("unexpected", strings(comparison.difference?.unexpected ?? [])),
          ("errors", .array(errors)),
        ]))
    }
    let status = tally.status
    var out = ""
    JSONText.appendValue(
      .object([
        ("files", .array(files)),
        (
          "summary",
          .object([
            ("files", .number(Double(report.files.count))), ("differing", .number(Double(differing))),
            ("notCompared", .number(Double(tally.notCompared))),
            ("exitStatus", .number(Double(status.rawValue))),
          ])
        ),
      ]), to: &out)
    return ReplayCLI.Result(status: status, stdout: out + "\n")
  }

  /// `--resume` / `--snapshot-out`: one trace, audited from a snapshot's line on.
  static func incremental(
    _ parsed: ArgumentParser.Parsed, configuration: AuditConfiguration, format: String,
    context: ReplayCLI.Context
  ) -> ReplayCLI.Result {
    guard parsed.positionals.count == 1, let path = parsed.positionals.first else {
      return ReplayCLI.usageFailure(
        UsageError(message: "--resume and --snapshot-out take exactly one trace file"), usage: usage)
    }
    // Taken silently, they would do nothing: an incremental audit reports the new lines' findings, which
    // are not the whole trace's that a header's expect states, and it reads one file.
    if parsed[Option.checkExpect] {
      return ReplayCLI.usageFailure(
        UsageError(
          message: "--check-expect compares a whole audit with the header's expect; it does not go with "
            + "--resume or --snapshot-out (check the expect in a run without them)"),
        usage: usage)
    }
    if let option = [TraceFiles.Option.jobs, TraceFiles.Option.shard].first(where: { parsed[$0] != nil }) {
      return ReplayCLI.usageFailure(
        UsageError(message: "\(option.name) shares out many files; --resume and --snapshot-out audit one"),
        usage: usage)
    }
    do {
      var snapshot: AuditSnapshot?
      var notes = ""
      if let resume = parsed[Option.resume] {
        if let data = FileManager.default.contents(atPath: resume) {
          snapshot = try AuditSnapshot(json: data)
        } else if resume == parsed[Option.snapshotOut], !FileManager.default.fileExists(atPath: resume) {
          // The first run of `--resume S --snapshot-out S` in CI: there is no snapshot yet.
          notes = "note: no snapshot at \(TerminalText.escaped(resume)) yet; audited from the start\n"
        } else {
          return ReplayCLI.Result(
            status: .inputError,
            stderr: "error: cannot read the snapshot \(TerminalText.escaped(resume)); check the path, "
              + "or audit without --resume\n")
        }
      }
      let run = try IncrementalAudit.run(path: path, resumingFrom: snapshot, configuration: configuration)
      if let out = parsed[Option.snapshotOut] {
        // Written whole under a temporary name and renamed over `out`, as an export's part is: a run killed
        // mid-write leaves the last snapshot, never half of one, and a link named `out` is replaced, not
        // followed.
        let json = String(decoding: try run.snapshot.json(), as: UTF8.self)
        do throws(PartFile.Failure) {
          let part = try PartFile(replacing: out)
          do {
            try part.write(json)
          } catch {
            part.discard()
            throw PartFile.Failure(message: ErrorText.describe(error))
          }
          try part.commit()
        } catch {
          return ReplayCLI.Result(
            status: .inputError,
            stderr: "error: cannot write the snapshot \(TerminalText.escaped(out)): "
              + "\(TerminalText.escaped(error.message))\n")
        }
      }
      let report = AuditReport(files: [run.report], strict: ThresholdOptions.isStrict(parsed))
      var result = ReplayCLI.Result(status: report.exitStatus)
      result.streamedStdout = streamed(report, json: format == "json", color: context.useColor)
      result.stderr = notes
      if let snapshot {
        result.stderr += "resumed after line \(snapshot.line); now at line \(run.snapshot.line)\n"
      }
      return result
    } catch {
      return ReplayCLI.Result(status: .inputError, stderr: "error: \(TerminalText.escaped(error.message))\n")
    }
  }
}
