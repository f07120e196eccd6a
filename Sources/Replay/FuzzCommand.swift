import Foundation
import StateMachine

/// `replay fuzz --seed S --count N [--out DIR] [--invalid]`: seeded traces, audited as they are made.
enum FuzzCommand {
  static let usage = """
    USAGE: replay fuzz --seed S --count N [--out DIR] [--invalid] [--regressions DIR] [threshold options]

    Generates N valid traces from seed S (stacks several deep, interactive finish and cancel,
    non-animated, rotation, id reuse, several roots) and audits each: a generated trace must be clean.
    With --invalid, each trace is mutated once (drop, duplicate, swap, retime, corrupt a payload, inject
    an event from another presentation), labelled in its header, and the machine is checked against the
    independent ordering acceptor instead. Any failing case is shrunk and saved under --regressions
    (default traces/regressions). Same seed, same bytes.

    OPTIONS:
      --seed S             the seed (an unsigned 64-bit integer)
      --count N            how many traces
      --out DIR            also write every trace as DIR/fuzz-S-I.jsonl
      --invalid            mutate each trace and compare the machine with the acceptor
      --regressions DIR    where shrunk failing cases go (default traces/regressions)
    \(ThresholdOptions.help)
      -h, --help           Show this help

    Exit status: 0 no failing case, 1 a failing case (saved), 2 a file could not be written, 64 wrong usage.
    """

  static func run(_ arguments: [String], context: ReplayCLI.Context) -> ReplayCLI.Result {
    let parser = ArgumentParser(
      options: [
        .init(name: "--seed", takesValue: true), .init(name: "--count", takesValue: true),
        .init(name: "--out", takesValue: true), .init(name: "--invalid", takesValue: false),
        .init(name: "--regressions", takesValue: true), .init(name: "--help", takesValue: false),
      ] + ThresholdOptions.options)
    let parsed: ArgumentParser.Parsed
    let configuration: AuditConfiguration
    do {
      parsed = try parser.parse(arguments)
      configuration = try ThresholdOptions.configuration(from: parsed)
    } catch {
      return ReplayCLI.usageFailure(error, usage: usage)
    }
    if parsed.flags.contains("--help") { return ReplayCLI.Result(stdout: usage + "\n") }
    guard parsed.positionals.isEmpty else {
      return ReplayCLI.usageFailure(UsageError(message: "fuzz takes no paths"), usage: usage)
    }
    guard let seedText = parsed.values["--seed"], let seed = UInt64(seedText) else {
      return ReplayCLI.usageFailure(UsageError(message: "--seed needs an unsigned integer"), usage: usage)
    }
    guard let countText = parsed.values["--count"], let count = Int(countText), count >= 0 else {
      return ReplayCLI.usageFailure(UsageError(message: "--count needs a non-negative integer"), usage: usage)
    }
    let invalid = parsed.flags.contains("--invalid")
    let out = parsed.values["--out"]
    let regressions = parsed.values["--regressions"] ?? "traces/regressions"
    var result = ReplayCLI.Result()
    for directory in [out].compactMap({ $0 }) where !makeDirectory(directory, result: &result) {
      return result
    }

    var generator = TraceGenerator(
      seed: seed,
      configuration: invalid
        ? GeneratorConfiguration(episodes: 12, roots: 1, weights: .init(dismissFromBelow: 0))
        : GeneratorConfiguration())
    var mutator = TraceMutator(seed: seed)
    var events = 0
    var failures = 0
    var undefined = 0
    let start = Date()
    for index in 0..<count {
      var trace = generator.events()
      var header = generator.header()
      if invalid {
        let (mutated, mutation) = mutator.mutate(OrderingAcceptor.projection(of: trace))
        // Re-timed 0.5 ms apart again, as the acceptor's subset has no deadlines: a retime mutation stays
        // in the label but not in the times.
        trace = OrderingAcceptor.projection(of: mutated)
        header.expect = nil
        header.metadata.append(("mutation", .string(mutation?.description ?? "none")))
      }
      events += trace.count
      if let out {
        let path = "\(out)/fuzz-\(seed)-\(index).jsonl"
        guard write(TraceWriter.trace(header: header, events: trace), to: path, result: &result) else {
          return result
        }
      }
      let findings = audit(trace, configuration: configuration)
      let failing: (([Event]) -> Bool, String)?
      if invalid {
        switch OrderingAcceptor.verdict(trace) {
        case .undefined:
          undefined += 1
          failing = nil
        case .clean, .violation:
          failing =
            disagrees(trace, configuration: configuration)
            ? ({ disagrees($0, configuration: configuration) }, "acceptors-disagree") : nil
        }
      } else if let rule = findings.first?.rule {
        failing = (TraceShrinker.reports(rule, configuration: configuration), rule.rawValue)
      } else {
        failing = nil
      }
      guard let (predicate, name) = failing else { continue }
      failures += 1
      let minimal = TraceShrinker.shrink(trace, keeping: predicate)
      guard makeDirectory(regressions, result: &result) else { return result }
      let path = "\(regressions)/fuzz-\(seed)-\(index)-\(name).jsonl"
      let note =
        "replay fuzz --seed \(seed)\(invalid ? " --invalid" : ""): trace \(index), \(name), shrunk from \(trace.count) events"
      let expect = audit(minimal, configuration: configuration).map(\.rule.rawValue)
      let text = TraceWriter.trace(
        header: TraceHeader(expect: Array(Set(expect)).sorted(), metadata: [("note", .string(note))]),
        events: minimal)
      guard write(text, to: path, result: &result) else { return result }
      result.stderr +=
        "\(path): error: [\(name)] failing case from seed \(seed) trace \(index), shrunk to \(minimal.count) events\n"
    }
    let seconds = max(Date().timeIntervalSince(start), 1e-9)
    let rate = Int((Double(count) / seconds).rounded())
    result.stdout =
      "fuzzed \(count) \(invalid ? "mutated " : "")traces (\(events) events) from seed \(seed) in "
      + "\(String(format: "%.2f", seconds)) s: \(rate) traces/s generated and audited; "
      + "\(failures) failing\(invalid ? ", \(undefined) outside the acceptor's subset" : "")\n"
    result.status = failures > 0 ? 1 : 0
    return result
  }

  static func audit(_ events: [Event], configuration: AuditConfiguration) -> [Finding] {
    var auditor = Auditor(configuration: configuration)
    var findings: [Finding] = []
    for (index, event) in events.enumerated() { auditor.audit(event, line: index + 1, into: &findings) }
    auditor.finish(into: &findings)
    return findings
  }

  /// The machine and the acceptor disagree on whether `events` break an ordering rule.
  static func disagrees(_ events: [Event], configuration: AuditConfiguration) -> Bool {
    let acceptorClean: Bool
    switch OrderingAcceptor.verdict(events) {
    case .clean: acceptorClean = true
    case .violation: acceptorClean = false
    case .undefined: return false
    }
    let machineClean = !audit(events, configuration: configuration).contains {
      OrderingAcceptor.judgedRules.contains($0.rule)
    }
    return machineClean != acceptorClean
  }

  private static func makeDirectory(_ path: String, result: inout ReplayCLI.Result) -> Bool {
    do {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
      return true
    } catch {
      result.status = 2
      result.stderr += "\(path): error: cannot create directory: \(error.localizedDescription)\n"
      return false
    }
  }

  private static func write(_ text: String, to path: String, result: inout ReplayCLI.Result) -> Bool {
    do {
      try text.write(toFile: path, atomically: true, encoding: .utf8)
      return true
    } catch {
      result.status = 2
      result.stderr += "\(path): error: cannot write: \(error.localizedDescription)\n"
      return false
    }
  }
}
