import PresentationStateMachine

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

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

    OPTIONS:
      --lines              write RULE@LINE entries, one for each line with a finding of the rule
      --no-lines           write the distinct rule ids
                           (default: the form the header's expect has; rule ids when it has none)
      --dry-run            print what would be written, change nothing
    \(ThresholdOptions.help)
      -h, --help           Show this help
    """

  /// The options of `replay expect` besides the settings, each declared once for the parser and for `run`.
  enum Option {
    static let lines = ArgumentParser.Flag("--lines")
    static let noLines = ArgumentParser.Flag("--no-lines")
    static let dryRun = ArgumentParser.Flag("--dry-run")

    static let all: [any ArgumentParser.Option] = [lines, noLines, dryRun]
  }

  static func run(_ arguments: [String], context: ReplayCLI.Context) -> ReplayCLI.Result {
    let input: CommandInput
    switch CommandInput.parse(arguments, options: Option.all, usage: usage) {
    case .done(let result): return result
    case .run(let parsed): input = parsed
    }
    let paths: [String]
    do throws(UsageError) {
      paths = try input.paths()
      if input.parsed[Option.lines] && input.parsed[Option.noLines] {
        throw UsageError(message: "give at most one of --lines and --no-lines")
      }
    } catch {
      return input.failure(error)
    }
    let parsed = input.parsed
    let configuration = input.configuration
    let expansion = TraceFiles.expand(paths)
    var result = ReplayCLI.Result(stderr: expansion.notes.joined())
    for file in expansion.files {
      let path = file.path
      let shown = TerminalText.escaped(path)
      let report = file.audit(configuration: configuration)
      if let failure = report.readFailure
        ?? report.inputErrors.first.map({ "line \($0.line): \($0.message)" })
      {
        result.stderr +=
          "\(shown): error: not rewritten, the trace has input errors (\(TerminalText.escaped(failure)))\n"
        result.status = .inputError
        continue
      }
      let lines: Bool
      if parsed[Option.lines] || parsed[Option.noLines] {
        lines = parsed[Option.lines]
      } else {
        // The form the header has; an entry with '@' asks for lines even when malformed (it is replaced).
        lines = report.expect?.contains { $0.contains("@") } ?? false
      }
      do {
        guard let bytes = FileManager.default.contents(atPath: path) else {
          throw ExpectHeaderError(message: "cannot read the file")
        }
        let (rewritten, expect) = try ExpectHeader.rewrite(
          Array(bytes), findings: report.findings, lines: lines)
        let listing = "[" + expect.map(\.description).joined(separator: ", ") + "]"
        if parsed[Option.dryRun] {
          result.stdout += "\(shown): expect \(listing)\n"
          continue
        }
        // Write beside the file, then rename over it, so a crash never leaves half a trace.
        let temporary = path + ".expect-\(ProcessInfo.processInfo.processIdentifier).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(rewritten)) else {
          throw ExpectHeaderError(message: "cannot write \(temporary)")
        }
        guard rename(temporary, path) == 0 else {
          let reason = String(cString: strerror(errno))
          try? FileManager.default.removeItem(atPath: temporary)
          throw ExpectHeaderError(message: "cannot replace the file: \(reason)")
        }
        result.stdout += "\(shown): expect \(listing)\n"
      } catch let error as ExpectHeaderError {
        result.stderr += "\(shown): error: \(TerminalText.escaped(error.message))\n"
        result.status = .inputError
      } catch {
        result.stderr += "\(shown): error: \(ErrorText.describe(error))\n"
        result.status = .inputError
      }
    }
    return result
  }
}
