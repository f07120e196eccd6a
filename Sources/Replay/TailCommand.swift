import Dispatch
import PresentationStateMachine

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `replay tail FILE`: follows a trace while an app writes it and prints each finding as it happens.
enum TailCommand {
  static let usage = """
    USAGE: replay tail [--from-start] [--interval SECONDS] [--timeout SECONDS] [--idle-check SECONDS]
                       [--finish-on-stop] [threshold options] FILE

    Follows a trace file while an app records it (like tail -f) and prints each finding as soon as the
    lines that show it are written, in the same compiler-style format as 'replay audit'. The whole file
    is audited from its first line, so line numbers and verdicts match 'replay audit'; findings in what
    the file already held are printed only with --from-start. A file that is truncated or rewritten is
    followed again from its first line with a fresh audit; a file replaced by another (a new recording
    at the same path) is followed from the new file's first line. A missing file is waited for, and so
    is a regular file where the path names something else (a FIFO, a device, a directory), which tail
    never opens.

    A line that makes the trace hold more presentations at once than --max-presentations stops the
    audit there, as it stops 'replay audit': its input error is printed (with or without --from-start),
    the rest of the file is not read, and tail stops following with exit status 2.

    A transition that hangs is reported once a later line shows its deadline passed. An app frozen
    mid-transition writes no later line: --idle-check judges the deadlines after SECONDS without a new
    line as if the trace's clock had run on with this machine's since the last line. The trace's t is
    the app's uptime clock (CACurrentMediaTime), which replay tail cannot read, so this is an
    approximation: an app paused in a debugger, or a device asleep, has a clock that stood still.
    End-of-trace checks (appearance callbacks never resolved) run when following stops with
    --finish-on-stop, as 'replay audit' of the file as it then is would (with --idle-check, at the
    estimated time).

    OPTIONS:
      --from-start         also print findings in what the file holds when following starts
      --interval SECONDS   how often to look for new lines (default 0.1)
      --timeout SECONDS    stop after this long (default: run until interrupted with Ctrl-C)
      --idle-check SECONDS after this long without a new line, judge deadlines by the wall clock
      --finish-on-stop     when stopped, report what only the end of a trace settles
    \(ThresholdOptions.help)
    \(ThresholdOptions.strictHelp)
      -h, --help           Show this help

    Exit status (when stopped), for the file since it was last truncated or replaced: 0 no error
    findings, 1 an error finding, 2 input errors (or standard output that cannot be written, which stops
    following), 64 wrong usage.
    """

  /// The options of `replay tail` besides the settings, each declared once for the parser and for `run`.
  enum Option {
    static let fromStart = ArgumentParser.Flag("--from-start")
    static let interval = ArgumentParser.Value("--interval")
    static let timeout = ArgumentParser.Value("--timeout")
    static let idleCheck = ArgumentParser.Value("--idle-check")
    static let finishOnStop = ArgumentParser.Flag("--finish-on-stop")

    static let all: [any ArgumentParser.Option] = [fromStart, interval, timeout, idleCheck, finishOnStop]
  }

  /// What the follow loop was asked to do.
  struct Options {
    var path: String
    var fromStart = false
    var interval = 0.1
    var timeout: Double?
    /// Seconds without a new line after which deadlines are judged by the wall clock.
    var idleCheck: Double?
    var finishOnStop = false
    var configuration = AuditConfiguration()
    var strict = false
    var color = false
  }

  /// What a follow saw, for the summary and the exit status.
  struct Summary {
    var events = 0
    var errors = 0
    var warnings = 0
    var inputErrors = 0
    var polls = 0
    var stopReason = "interrupted"
    /// How often the file was started over (truncated, rewritten, replaced); the counts above are of
    /// the file since the last time.
    var restarts = 0

    /// The status by the library's one policy, as `replay audit` of the file would end.
    func exitStatus(strict: Bool) -> AuditExitStatus {
      AuditExitStatus(errors: errors, warnings: warnings, inputErrors: inputErrors, strict: strict)
    }
  }

  /// The command as `replay` runs it: output streamed to stdout as it happens, stopped by SIGINT
  /// (Ctrl-C), SIGTERM or `--timeout`.
  static func run(_ arguments: [String], context: ReplayCLI.Context) -> ReplayCLI.Result {
    let stop = StopRequest()
    let signals = stop.installSignalHandlers()
    defer { StopRequest.remove(signals) }
    // Written as it comes, and watched: output that cannot be written (a full disk) or that no one reads
    // any more (a closed pipe) stops the following, which would otherwise go on with nothing shown.
    let output = StandardOutput()
    var result = run(
      arguments, context: context, stop: stop,
      diagnostics: { try? FileDescriptorOutput.standardError.write($0) },
      emit: { text in
        output.write(text)
        output.flush()
        if output.failure != nil || output.readerGone { stop.request() }
      })
    // The summary (or the help) is the result's, written as every command's is; after a failed write it
    // is not tried again, and the failure is the run's.
    if let failure = output.failure {
      result.stdout = ""
      result.stderr += DiagnosticLine.cannotWriteStandardOutput(failure)
      result.status = .inputError
    }
    return result
  }

  /// The command with its output and its stop request given: what the tests run. `diagnostics` hears
  /// that following started (stderr for a person), `emit` gets the findings as they happen (stdout).
  static func run(
    _ arguments: [String], context: ReplayCLI.Context, stop: StopRequest = StopRequest(),
    diagnostics: (String) -> Void = { _ in }, emit: (String) -> Void
  ) -> ReplayCLI.Result {
    let input: CommandInput
    switch CommandInput.parse(arguments, options: Option.all, usage: usage, failsOnFindings: true) {
    case .done(let result): return result
    case .run(let parsed): input = parsed
    }
    var options: Options
    do throws(UsageError) {
      options = Options(path: try input.singlePath())
      options.fromStart = input.parsed[Option.fromStart]
      options.configuration = input.configuration
      options.strict = input.isStrict
      options.color = context.useColor
      if let text = input.parsed[Option.interval] {
        guard let value = Double(text), value.isFinite, value > 0, value <= 60 else {
          throw UsageError(message: "--interval must be a number of seconds in (0, 60], not '\(text)'")
        }
        options.interval = value
      }
      if let text = input.parsed[Option.timeout] {
        guard let value = Double(text), value.isFinite, value >= 0 else {
          throw UsageError(message: "--timeout must be a number of seconds >= 0, not '\(text)'")
        }
        options.timeout = value
      }
      if let text = input.parsed[Option.idleCheck] {
        guard let value = Double(text), value.isFinite, value > 0 else {
          throw UsageError(message: "--idle-check must be a number of seconds > 0, not '\(text)'")
        }
        options.idleCheck = value
      }
      options.finishOnStop = input.parsed[Option.finishOnStop]
    } catch {
      return input.failure(error)
    }
    diagnostics(
      "replay tail: following \(TerminalText.escaped(options.path))"
        + (options.timeout.map { " for \(Self.seconds($0))" } ?? "") + "; Ctrl-C to stop\n")
    let summary = follow(options, stop: stop, emit: emit)
    return ReplayCLI.Result(
      status: summary.exitStatus(strict: options.strict),
      stdout: summaryLine(summary, path: options.path, strict: options.strict))
  }

  /// Polls `options.path` until `stop` is requested, `options.timeout` passes, or `maxPolls` polls were
  /// made, handing each batch of output lines to `emit` as it happens.
  static func follow(
    _ options: Options, stop: StopRequest = StopRequest(), maxPolls: Int? = nil, emit: (String) -> Void
  ) -> Summary {
    var follower = TraceFollower(
      path: options.path, fromStart: options.fromStart, configuration: options.configuration)
    defer { follower.close() }
    var summary = Summary()
    let deadline = options.timeout.map { DispatchTime.now() + $0 }
    while true {
      var update = follower.poll()
      summary.polls += 1
      if let idle = options.idleCheck, update.events == 0 {
        let overdue = follower.idleCheck(after: idle)
        update.fileNotes += overdue.fileNotes
        update.findings += overdue.findings
      }
      record(update, in: &summary)
      let text = render(update, path: options.path, color: options.color)
      if !text.isEmpty { emit(text) }
      if update.stoppedAtPresentationLimit {
        // The audit stopped as `replay audit` stops: nothing later in the file would be reported.
        summary.stopReason = "stopped at the presentation limit"
        break
      }
      if stop.isRequested {
        summary.stopReason = "interrupted"
        break
      }
      if let maxPolls, summary.polls >= maxPolls {
        summary.stopReason = "after \(maxPolls) polls"
        break
      }
      if let deadline, DispatchTime.now() >= deadline {
        summary.stopReason = "timed out"
        break
      }
      // A batch of a long backlog: the rest is already there to read.
      if update.more { continue }
      var wait = options.interval
      if let deadline {
        let left = Double(deadline.uptimeNanoseconds &- DispatchTime.now().uptimeNanoseconds) / 1e9
        wait = max(0, min(wait, left))
      }
      stop.wait(seconds: wait)
    }
    if options.finishOnStop {
      let ending = follower.finish(idleAfter: options.idleCheck)
      record(ending, in: &summary)
      let text = render(ending, path: options.path, color: options.color)
      if !text.isEmpty { emit(text) }
    }
    // Past the limit the rest of the file is left unread, a line still being written included.
    if follower.pendingBytes > 0, !follower.stoppedAtPresentationLimit {
      let path = TerminalText.escaped(options.path)
      emit("\(path): note: stopped with \(follower.pendingBytes) bytes of a line not yet complete\n")
    }
    return summary
  }

  /// Adds what the update found to the counts; a restart in it drops the counts of the file before.
  private static func record(_ update: TraceFollower.Update, in summary: inout Summary) {
    var findings = update.findings[...]
    var inputErrors = update.inputErrors.count
    var events = update.events
    if let restart = update.restart {
      summary.events = 0
      summary.errors = 0
      summary.warnings = 0
      summary.inputErrors = 0
      summary.restarts += 1
      findings = update.findings[restart.findings...]
      inputErrors -= restart.inputErrors
      events -= restart.events
    }
    summary.events += events
    for finding in findings {
      if finding.severity == .error { summary.errors += 1 } else { summary.warnings += 1 }
    }
    summary.errors += update.hiddenErrors
    summary.warnings += update.hiddenWarnings
    summary.inputErrors += inputErrors + update.hiddenInputErrors
  }

  /// The update's lines exactly as `replay audit` prints them (its report renders them), then notes
  /// about the file itself.
  static func render(_ update: TraceFollower.Update, path: String, color: Bool) -> String {
    var out = ""
    // A note about the file names it: escaped whole, as the report escapes its lines' paths.
    let shown = TerminalText.escaped(path)
    for note in update.fileNotes { out += "\(shown): note: \(TerminalText.escaped(note))\n" }
    let hidden = update.hiddenFindings + update.hiddenInputErrors
    if hidden > 0 {
      out +=
        "\(shown): note: \(hidden) finding\(hidden == 1 ? "" : "s") in the lines already written "
        + "not shown (--from-start shows them)\n"
    }
    guard !update.findings.isEmpty || !update.inputErrors.isEmpty || !update.notes.isEmpty else { return out }
    var report = FileReport(path: path)
    report.findings = update.findings
    report.inputErrors = update.inputErrors
    report.notes = update.notes
    var lines = AuditReport(files: [report]).text(color: color).split(
      separator: "\n", omittingEmptySubsequences: false)
    // The report ends with its summary line and a final newline: drop both.
    while let last = lines.last, last.isEmpty || last.hasPrefix("audited ") { lines.removeLast() }
    for line in lines { out += line + "\n" }
    return out
  }

  private static func seconds(_ value: Double) -> String {
    value == value.rounded() && value < 1e9 ? "\(Int(value)) s" : "\(value) s"
  }

  /// The counts, and, where only `strict` failed the run (warnings and nothing worse), the verdict that
  /// says so, as `replay audit`'s summary does: the counts alone would read as a clean run that exits 1.
  static func summaryLine(_ summary: Summary, path: String, strict: Bool) -> String {
    func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
    var parts = [plural(summary.errors, "error"), plural(summary.warnings, "warning")]
    if summary.inputErrors > 0 { parts.append(plural(summary.inputErrors, "input error")) }
    var line =
      "followed \(TerminalText.escaped(path)) (\(summary.stopReason)), \(plural(summary.events, "event")): "
      + parts.joined(separator: ", ")
    if summary.restarts > 0 {
      line +=
        " (since the file was last truncated or replaced; it started over \(plural(summary.restarts, "time")))"
    }
    let verdict = summary.exitStatus(strict: strict).verdict(errors: summary.errors)
    if verdict == .strictWarnings { line += " (\(verdict.text))" }
    return line + "\n"
  }
}
