import Foundation
import StateMachine

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
    USAGE: replay expect [--dry-run] [settings options] TRACE...

    Audits each trace and writes the distinct rule ids it reports into the trace's header ("expect"),
    adding a header when there is none; every other line is kept byte for byte. The recorded session then
    is a regression fixture: 'replay audit --check-expect' (and the project's own tests) compare later
    audits with it.

    OPTIONS:
      --dry-run            print what would be written, change nothing
    \(ThresholdOptions.help)
      -h, --help           Show this help
    """

  /// The options of `replay expect` besides the settings, each declared once for the parser and for `run`.
  enum Option {
    static let dryRun = ArgumentParser.Flag("--dry-run")

    static let all: [any ArgumentParser.Option] = [dryRun]
  }

  static func run(_ arguments: [String], context: ReplayCLI.Context) -> ReplayCLI.Result {
    let input: CommandInput
    switch CommandInput.parse(arguments, options: Option.all, usage: usage) {
    case .done(let result): return result
    case .run(let parsed): input = parsed
    }
    let paths: [String]
    do {
      paths = try input.paths()
    } catch {
      return input.failure(error)
    }
    let parsed = input.parsed
    let configuration = input.configuration
    var result = ReplayCLI.Result()
    for path in TraceFiles.expand(paths) {
      let report = FileReport.audit(path: path, configuration: configuration)
      if let failure = report.readFailure
        ?? report.inputErrors.first.map({ "line \($0.line): \($0.message)" })
      {
        result.stderr += "\(path): error: not rewritten, the trace has input errors (\(failure))\n"
        result.status = .inputError
        continue
      }
      let expect = report.ruleIDs
      let listing = "[" + expect.joined(separator: ", ") + "]"
      if parsed[Option.dryRun] {
        result.stdout += "\(path): expect \(listing)\n"
        continue
      }
      do {
        guard let bytes = FileManager.default.contents(atPath: path) else {
          throw ExpectHeaderError(message: "cannot read the file")
        }
        let rewritten = try ExpectHeader.rewrite(Array(bytes), expect: expect)
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
        result.stdout += "\(path): expect \(listing)\n"
      } catch let error as ExpectHeaderError {
        result.stderr += "\(path): error: \(error.message)\n"
        result.status = .inputError
      } catch {
        result.stderr += "\(path): error: \(error.localizedDescription)\n"
        result.status = .inputError
      }
    }
    return result
  }
}
