import PresentationStateMachine

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `replay shrink TRACE --rule ID --out FILE`: the smallest trace that still reports a rule.
enum ShrinkCommand {
  static let usage = """
    USAGE: replay shrink TRACE --rule ID --out FILE [threshold options]

    Reduces a trace (recorded or generated) to a minimal one that an audit still reports ID for: runs of
    events removed, then single events, then optional payload keys, times rounded and ids shortened.
    Deterministic; removing any one event of the result loses the finding. The result is written with a
    header whose expect lists every finding an audit of it reports as RULE@LINE (ID and whatever the few
    events left also break), so it passes the test suite's audit as it is: ready for traces/regressions/.

    OPTIONS:
      --rule ID            the rule the shrunk trace must still report (see replay rules)
      --out FILE           where to write the shrunk trace ('-' for stdout)
    \(ThresholdOptions.help)
      -h, --help           Show this help

    A trace with input errors (lines that cannot be read) is not shrunk: the result would leave those lines
    out without a word. Fix or remove them, then shrink again.

    Exit status: 0 shrunk and written, 1 the trace does not report the rule, 2 unreadable input (input
    errors included) or output, 64 wrong usage.
    """

  /// The options of `replay shrink` besides the settings, each declared once for the parser and for `run`.
  enum Option {
    static let rule = ArgumentParser.Value("--rule")
    static let out = ArgumentParser.Value("--out")

    static let all: [any ArgumentParser.Option] = [rule, out]
  }

  static func run(_ arguments: [String], context: ReplayCLI.Context) -> ReplayCLI.Result {
    let input: CommandInput
    switch CommandInput.parse(arguments, options: Option.all, usage: usage) {
    case .done(let result): return result
    case .run(let parsed): input = parsed
    }
    let parsed = input.parsed
    let configuration = input.configuration
    guard parsed.positionals.count == 1, let file = input.pathArguments(context).first.map({ TraceFile($0) })
    else {
      return ReplayCLI.usageFailure(UsageError(message: "give exactly one trace"), usage: usage)
    }
    let path = file.path
    guard let ruleID = parsed[Option.rule] else {
      return ReplayCLI.usageFailure(UsageError(message: "missing --rule ID"), usage: usage)
    }
    guard let rule = Rule(rawValue: ruleID) else {
      let closest = ClosestMatch.name(to: ruleID, among: Rule.allCases.map(\.rawValue))
      let hint = closest.map { "; did you mean '\($0)'?" } ?? ""
      return ReplayCLI.usageFailure(UsageError(message: "unknown rule '\(ruleID)'\(hint)"), usage: usage)
    }
    guard let out = parsed[Option.out] else {
      return ReplayCLI.usageFailure(UsageError(message: "missing --out FILE"), usage: usage)
    }
    let reader: TraceReader
    do {
      reader = try file.reader()
    } catch {
      return ReplayCLI.Result(
        status: .inputError,
        stderr: "\(TerminalText.escaped(path)): error: cannot read: \(TerminalText.escaped(error.message))\n")
    }
    var header: TraceHeader?
    var events: [Event] = []
    var result = ReplayCLI.Result()
    var inputErrors = 0
    for record in reader {
      switch record {
      case .header(let value, _): header = value
      case .event(let event, _): events.append(event)
      case .inputError(let error):
        inputErrors += 1
        result.stderr += DiagnosticLine.inputError(error, path: path)
      case .note, .skippedEvent: break
      }
    }
    guard inputErrors == 0 else {
      result.status = .inputError
      result.stderr +=
        "\(TerminalText.escaped(path)): error: not shrunk: the trace has input errors; fix or remove those "
        + "lines, then shrink again\n"
      return result
    }
    let predicate = TraceShrinker.reports(rule, configuration: configuration)
    guard predicate(events) else {
      result.status = .findings
      result.stderr +=
        "\(TerminalText.escaped(path)): error: an audit of this trace does not report \(rule.rawValue); "
        + "nothing to shrink\n"
      return result
    }
    let minimal = TraceShrinker.shrink(events, keeping: predicate)
    var metadata: [(key: String, value: JSONValue)] = [
      (
        "note",
        .string("shrunk by replay shrink --rule \(rule.rawValue) from \(events.count) events of \(path)")
      )
    ]
    metadata += (header?.metadata ?? []).filter { $0.key != "note" }
    // Every finding the shrunk trace reports, not only `rule`'s: the test suite compares them all.
    let expect = FuzzCommand.expectEntries(minimal, configuration: configuration)
    let text = TraceWriter.trace(header: TraceHeader(expect: expect, metadata: metadata), events: minimal)
    if out == "-" {
      result.stdout = text
    } else {
      do {
        try text.write(toFile: out, atomically: true, encoding: .utf8)
      } catch {
        result.status = .inputError
        result.stderr += "\(TerminalText.escaped(out)): error: cannot write: \(ErrorText.describe(error))\n"
        return result
      }
      result.stdout =
        "shrunk \(TerminalText.escaped(path)) from \(events.count) to \(minimal.count) events, "
        + "still reporting \(rule.rawValue): \(TerminalText.escaped(out))\n"
    }
    return result
  }
}
