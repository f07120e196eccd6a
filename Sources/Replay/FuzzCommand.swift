import PresentationStateMachine

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `replay fuzz --seed S --count N [--out DIR] [--invalid]`: seeded traces, audited as they are made.
enum FuzzCommand {
  static let usage = """
    USAGE: replay fuzz --seed S --count N [--out DIR] [--invalid] [--regressions DIR] [threshold options]

    Generates N valid traces from seed S (several window scenes presenting at once, stacks several deep,
    interactive finish and cancel, non-animated, callbacks-only presents and dismissals, sheet swipes,
    full-screen presenters, rotation, id reuse; system-style presentations observed from outside and
    their swipes, animator-only transitions, aborted transitions, interruptible transitions caught and
    reversed, self-running interactions, viewIsAppearing) and checks each twice: an audit must report
    nothing but a transition-aborted warning on each abort the trace's events show, and the independent
    ordering acceptor, run with the machine on the trace's lifecycle and appearance events, must agree
    with it (clean, or the same first violation).
    With --invalid, each trace is mutated once (drop, duplicate, swap, retime, corrupt a payload, inject
    an event of another presentation), labelled in its header with the mutation and with what its audit
    reports, and the machine and the acceptor must name the same first violation on its lifecycle and
    appearance events.
    Any failing case is shrunk and saved under --regressions (default traces/regressions); a disagreement
    is saved with "check":"differential" in its header, so the test suite keeps comparing the two on it.
    Same seed, same bytes. The last line counts, from the events audited, how often each of these
    occurred: observed presentation, observed swipe, animator-only transition, abort, interruptible
    catch, self-running interaction, viewIsAppearing.

    OPTIONS:
      --seed S             the seed (an unsigned 64-bit integer)
      --count N            how many traces
      --out DIR            also write every trace (mutated, with --invalid) as DIR/fuzz-S-I.jsonl
      --invalid            mutate each trace; its audit may report anything, the two judges must agree
      --regressions DIR    where shrunk failing cases go (default traces/regressions)
    \(ThresholdOptions.help)
      -h, --help           Show this help

    Exit status: 0 no failing case, 1 a failing case (saved), 2 a file could not be written, 64 wrong usage.
    """

  /// A failing case: what it must keep doing while it is shrunk, and its name.
  private struct Failure {
    var events: [Event]
    var predicate: ([Event]) -> Bool
    var name: String
    var differential: Bool
  }

  /// How many traces the two judges compared, and how many the acceptor left (partly) unjudged.
  private struct Tally {
    var events = 0
    var failures = 0
    var agreed = 0
    var undefined = 0
    var violations = 0
  }

  /// The options of `replay fuzz` besides the settings, each declared once for the parser and for `run`.
  enum Option {
    static let seed = ArgumentParser.Value("--seed")
    static let count = ArgumentParser.Value("--count")
    static let out = ArgumentParser.Value("--out")
    static let invalid = ArgumentParser.Flag("--invalid")
    static let regressions = ArgumentParser.Value("--regressions")

    static let all: [any ArgumentParser.Option] = [seed, count, out, invalid, regressions]
  }

  static func run(_ arguments: [String], context: ReplayCLI.Context) -> ReplayCLI.Result {
    let input: CommandInput
    switch CommandInput.parse(arguments, options: Option.all, usage: usage) {
    case .done(let result): return result
    case .run(let parsed): input = parsed
    }
    let parsed = input.parsed
    let configuration = input.configuration
    guard parsed.positionals.isEmpty else {
      return ReplayCLI.usageFailure(UsageError(message: "fuzz takes no paths"), usage: usage)
    }
    guard let seedText = parsed[Option.seed], let seed = UInt64(seedText) else {
      return ReplayCLI.usageFailure(UsageError(message: "--seed needs an unsigned integer"), usage: usage)
    }
    guard let countText = parsed[Option.count], let count = Int(countText), count >= 0 else {
      return ReplayCLI.usageFailure(UsageError(message: "--count needs a non-negative integer"), usage: usage)
    }
    let invalid = parsed[Option.invalid]
    let out = parsed[Option.out]
    let regressions = parsed[Option.regressions] ?? "traces/regressions"
    var result = ReplayCLI.Result()
    for directory in [out].compactMap({ $0 }) where !makeDirectory(directory, result: &result) {
      return result
    }

    // Both modes generate the same traces; --invalid then mutates the whole trace, as recorded.
    var generator = TraceGenerator(seed: seed)
    var mutator = TraceMutator(seed: seed)
    var tally = Tally()
    var census = TraceCensus()
    let start = Date()
    for index in 0..<count {
      var trace = generator.events()
      var header = generator.header()
      let findings: [Finding]
      if invalid {
        let (mutated, mutation) = mutator.mutate(trace)
        trace = mutated
        // Counted from line 2, as in the file written with this header.
        findings = TraceAudit.findings(of: trace, header: header, configuration: configuration)
        header.expect = ExpectHeader.entries(for: findings, lines: true).map(\.description)
        header.metadata.append(("mutation", .string(mutation?.description ?? "none")))
      } else {
        findings = TraceAudit.findings(of: trace, configuration: configuration)
      }
      // Counted from the events audited (mutated ones with --invalid), not from what the generator meant.
      let traceCensus = TraceCensus(events: trace)
      census.add(traceCensus)
      if !invalid {
        header.expect = traceCensus.expectedFindings(firstLine: 2).map(\.description)
      }
      tally.events += trace.count
      if let out {
        let path = "\(out)/fuzz-\(seed)-\(index).jsonl"
        guard write(TraceWriter.trace(header: header, events: trace), to: path, result: &result) else {
          return result
        }
      }
      let projected = OrderingAcceptor.projection(of: trace)
      let comparison = OrderingAcceptor.compare(projected, configuration: configuration)
      switch comparison.agrees {
      case true?: tally.agreed += 1
      case nil: tally.undefined += 1
      case false?: break
      }
      if comparison.machine != nil { tally.violations += 1 }
      let failure: Failure?
      if !invalid, let problem = unexpected(findings, census: traceCensus) {
        failure = Failure(
          events: trace, predicate: problem.predicate(configuration: configuration), name: problem.name,
          differential: false)
      } else if comparison.agrees == false {
        failure = Failure(
          events: projected,
          predicate: { OrderingAcceptor.compare($0, configuration: configuration).agrees == false },
          name: "acceptors-disagree", differential: true)
      } else {
        failure = nil
      }
      guard let failure else { continue }
      tally.failures += 1
      let note =
        "replay fuzz --seed \(seed)\(invalid ? " --invalid" : ""): trace \(index), \(failure.name), shrunk "
        + "from \(failure.events.count) events"
        + (failure.differential ? "; \(comparison.description)" : "")
      guard
        let path = save(
          failure, note: note, to: "\(regressions)/fuzz-\(seed)-\(index)-\(failure.name).jsonl",
          configuration: configuration, result: &result)
      else { return result }
      result.stderr +=
        "\(TerminalText.escaped(path)): error: [\(failure.name)] failing case from seed \(seed) "
        + "trace \(index), saved shrunk\n"
    }
    let seconds = max(Date().timeIntervalSince(start), 1e-9)
    let rate = Int((Double(count) / seconds).rounded())
    result.stdout =
      "fuzzed \(count) \(invalid ? "mutated " : "")traces (\(tally.events) events) from seed \(seed) in "
      + "\(TwoDecimals.text(seconds)) s: \(rate) traces/s generated and audited; "
      + "machine and acceptor agreed on \(tally.agreed) (\(tally.violations) with a violation), "
      + "\(tally.undefined) left the acceptor's subset first; \(tally.failures) failing\n"
      + "kinds counted from the events: \(census.summary)\n"
    result.status = tally.failures > 0 ? .findings : .clean
    return result
  }

  /// What is wrong with a valid trace's audit: a finding its census does not expect, or an abort its
  /// census shows that the audit did not report.
  private enum ValidProblem {
    case unexpected(Rule)
    case unreportedAbort

    var name: String {
      switch self {
      case .unexpected(let rule): rule.rawValue
      case .unreportedAbort: "unreported-transition-aborted"
      }
    }

    /// What a shrunk trace must keep showing.
    func predicate(configuration: AuditConfiguration) -> ([Event]) -> Bool {
      { events in
        let findings = TraceAudit.findings(of: events, configuration: configuration)
        let census = TraceCensus(events: events)
        switch self {
        case .unexpected(let rule):
          return FuzzCommand.unexpectedFindings(findings, census: census).contains { $0.rule == rule }
        case .unreportedAbort:
          return FuzzCommand.unreportedAborts(findings, census: census) > 0
        }
      }
    }
  }

  /// The first problem of a valid trace's `findings`, or nil when they are exactly the census's
  /// expected `transition-aborted` warnings.
  private static func unexpected(_ findings: [Finding], census: TraceCensus) -> ValidProblem? {
    if let finding = unexpectedFindings(findings, census: census).first { return .unexpected(finding.rule) }
    return unreportedAborts(findings, census: census) > 0 ? .unreportedAbort : nil
  }

  /// The findings the census does not expect (its entries are numbered from line 1, as `audit` numbers).
  static func unexpectedFindings(_ findings: [Finding], census: TraceCensus) -> [Finding] {
    let expected = census.expectedFindings()
    return findings.filter { finding in !expected.contains { $0.matches(finding) } }
  }

  /// How many of the census's aborts have no `transition-aborted` on their line.
  static func unreportedAborts(_ findings: [Finding], census: TraceCensus) -> Int {
    census.expectedFindings().count { entry in !findings.contains(where: entry.matches) }
  }

  /// Shrinks `failure` and writes it with a header whose `expect` lists every finding its audit reports as
  /// `rule@line` (and for a disagreement `"check":"differential"`); returns the path, or nil after
  /// reporting an error.
  private static func save(
    _ failure: Failure, note: String, to path: String, configuration: AuditConfiguration,
    result: inout ReplayCLI.Result
  ) -> String? {
    let minimal = TraceShrinker.shrink(failure.events, keeping: failure.predicate)
    guard makeDirectory(PartFile.directory(of: path), result: &result) else { return nil }
    var metadata: [(key: String, value: JSONValue)] = [("note", .string(note))]
    // The expect of a disagreement is the machine's own opinion, which may be the bug: the check tells the
    // test suite to compare the two judges on it as well.
    if failure.differential { metadata.append(("check", .string("differential"))) }
    let expect = expectEntries(minimal, configuration: configuration)
    let text = TraceWriter.trace(header: TraceHeader(expect: expect, metadata: metadata), events: minimal)
    return write(text, to: path, result: &result) ? path : nil
  }

  /// The `expect` of `events` written after a one-line header: every finding as `rule@line`, with the
  /// lines of the written file, so the trace is a fixture the test suite compares by rule and line.
  static func expectEntries(_ events: [Event], configuration: AuditConfiguration) -> [String] {
    let findings = TraceAudit.findings(of: events, header: TraceHeader(), configuration: configuration)
    return ExpectHeader.entries(for: findings, lines: true).map(\.description)
  }

  private static func makeDirectory(_ path: String, result: inout ReplayCLI.Result) -> Bool {
    do {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
      return true
    } catch {
      result.status = .inputError
      result.stderr +=
        "\(TerminalText.escaped(path)): error: cannot create directory: \(ErrorText.describe(error))\n"
      return false
    }
  }

  private static func write(_ text: String, to path: String, result: inout ReplayCLI.Result) -> Bool {
    do {
      try text.write(toFile: path, atomically: true, encoding: .utf8)
      return true
    } catch {
      result.status = .inputError
      result.stderr += "\(TerminalText.escaped(path)): error: cannot write: \(ErrorText.describe(error))\n"
      return false
    }
  }
}
