import PresentationStateMachine

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `replay stats PATH...`: statistics across many traces; `--merge` adds up statistics of shards.
enum StatsCommand {
  static let usage = """
    USAGE: replay stats [--format text|json] [--jobs N] [--shard I/N] [threshold options] PATH...
           replay stats --merge [--format text|json] STATS.json...

    Replays every trace (a directory means every regular *.jsonl file below it) and reports: transitions by
    kind and outcome, measured duration percentiles (p50, p90, p99, max) against declared, the interactive
    finish and cancel counts and the progress at which users let go, layout pass durations, findings by
    rule.

    With --merge, reads the JSON of earlier 'replay stats --format json' runs (one per shard of a fleet)
    and prints their sum: histograms merge exactly, so the percentiles are those of all traces together.
    Statistics of another version than this replay writes are refused (exit status 2).

    OPTIONS:
      --format text|json   text tables (default) or one line of JSON (mergeable)
      --merge              the paths are statistics JSON files to add up
    \(TraceFiles.help)
    \(ThresholdOptions.help)
      -h, --help           Show this help
    """

  /// The options of `replay stats` besides the settings, each declared once for the parser and for `run`.
  enum Option {
    static let merge = ArgumentParser.Flag("--merge")

    static let all: [any ArgumentParser.Option] =
      [CommandInput.Option.format, merge] + TraceFiles.Option.all
  }

  /// What a trace's stream hands the statistics: each transition as it settles, then the trace's summary.
  private enum Item: Sendable {
    case transition(ReconstructedTransition)
    case trace(ReplayStream.Summary)
  }

  static func run(_ arguments: [String], context: ReplayCLI.Context) -> ReplayCLI.Result {
    let input: CommandInput
    switch CommandInput.parse(arguments, options: Option.all, usage: usage) {
    case .done(let result): return result
    case .run(let parsed): input = parsed
    }
    let format: String
    let paths: [String]
    do {
      format = try input.format(["text", "json"])
      paths = try input.paths()
    } catch {
      return input.failure(error)
    }
    let parsed = input.parsed
    let configuration = input.configuration
    var statistics = TraceStatistics()
    var result = ReplayCLI.Result()
    if parsed[Option.merge] {
      for path in paths {
        do {
          let text = try String(contentsOfFile: path, encoding: .utf8)
          statistics.merge(try TraceStatistics(json: text.trimmingWhitespace()))
        } catch let error as StatisticsFormatError {
          return ReplayCLI.Result(
            status: .inputError,
            stderr: "\(TerminalText.escaped(path)): error: \(TerminalText.escaped(error.message))\n")
        } catch {
          return ReplayCLI.Result(
            status: .inputError,
            stderr: "\(TerminalText.escaped(path)): error: cannot read: \(ErrorText.describe(error))\n")
        }
      }
    } else {
      let selection: TraceFiles.Selection
      do {
        selection = try input.traceFiles(context: context)
      } catch {
        return input.failure(error)
      }
      if let failure = selection.noFileFailure(under: parsed.positionals) { return failure }
      result.stderr = selection.notes
      // Each trace streams its transitions, which are added up in the order of the files and of their
      // start (a histogram's sum depends on the order): memory holds the transitions in flight, not a
      // trace's, let alone the fleet's.
      let configuration = configuration
      TraceBatch.stream(selection.files, jobs: selection.jobs) { file, emit in
        let summary = ReplayStream.run(
          path: file.path, configuration: configuration, opening: file.reader,
          transition: { emit(Item.transition($0)) }, finding: { _ in })
        emit(Item.trace(summary))
      } consume: { _, item in
        switch item {
        case .transition(let transition):
          statistics.add(transition)
        case .trace(let summary):
          let path = summary.path
          if let failure = summary.readFailure {
            result.stderr += "\(TerminalText.escaped(path)): error: \(TerminalText.escaped(failure))\n"
          }
          for error in summary.inputErrors {
            result.stderr += DiagnosticLine.inputError(error, path: path)
          }
          statistics.add(summary)
        }
        return true
      }
      if statistics.inputErrors > 0 { result.status = .inputError }
    }
    result.stdout = format == "json" ? statistics.json() + "\n" : statistics.text()
    return result
  }
}
