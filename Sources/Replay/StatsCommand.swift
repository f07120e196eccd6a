import Foundation
import StateMachine

/// `replay stats PATH...`: statistics across many traces; `--merge` adds up statistics of shards.
enum StatsCommand {
  static let usage = """
    USAGE: replay stats [--format text|json] [threshold options] PATH...
           replay stats --merge [--format text|json] STATS.json...

    Replays every trace (a directory means every *.jsonl below it) and reports: transitions by kind and
    outcome, measured duration percentiles (p50, p90, p99, max) against declared, the interactive finish
    and cancel counts and the progress at which users let go, layout pass durations, findings by rule.

    With --merge, reads the JSON of earlier 'replay stats --format json' runs (one per shard of a fleet)
    and prints their sum: histograms merge exactly, so the percentiles are those of all traces together.

    OPTIONS:
      --format text|json   text tables (default) or one line of JSON (mergeable)
      --merge              the paths are statistics JSON files to add up
    \(ThresholdOptions.help)
      -h, --help           Show this help
    """

  static func run(_ arguments: [String], context: ReplayCLI.Context) -> ReplayCLI.Result {
    let parser = ArgumentParser(
      options: [
        .init(name: "--format", takesValue: true), .init(name: "--merge", takesValue: false),
        .init(name: "--help", takesValue: false),
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
    let format = parsed.values["--format"] ?? "text"
    guard format == "text" || format == "json" else {
      return ReplayCLI.usageFailure(
        UsageError(message: "--format must be text or json, not '\(format)'"), usage: usage)
    }
    guard !parsed.positionals.isEmpty else {
      return ReplayCLI.usageFailure(UsageError(message: "give at least one path"), usage: usage)
    }
    var statistics = TraceStatistics()
    var result = ReplayCLI.Result()
    if parsed.flags.contains("--merge") {
      for path in parsed.positionals {
        do {
          let text = try String(contentsOfFile: path, encoding: .utf8)
          statistics.merge(try TraceStatistics(json: text.trimmingCharacters(in: .whitespacesAndNewlines)))
        } catch let error as StatisticsFormatError {
          return ReplayCLI.Result(status: 2, stderr: "\(path): error: \(error.message)\n")
        } catch {
          return ReplayCLI.Result(
            status: 2, stderr: "\(path): error: cannot read: \(error.localizedDescription)\n")
        }
      }
    } else {
      let files = TraceFiles.expand(parsed.positionals)
      for path in files {
        let replay = TraceReplay.run(path: path, configuration: configuration)
        if let failure = replay.report.readFailure { result.stderr += "\(path): error: \(failure)\n" }
        for error in replay.report.inputErrors {
          result.stderr += "\(path):\(error.line):\(error.column): error: [input] \(error.message)\n"
        }
        statistics.add(replay)
      }
      if statistics.inputErrors > 0 { result.status = 2 }
    }
    result.stdout = format == "json" ? statistics.json() + "\n" : statistics.text()
    return result
  }
}
