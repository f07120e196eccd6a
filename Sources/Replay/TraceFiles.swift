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

/// Turns command-line paths into trace files: a directory means every `*.jsonl` below it, sorted; `-` means
/// the paths listed on standard input, one per line; `--shard I/N` keeps this machine's share.
///
/// ```swift
/// let found = TraceFiles.expand([SystemPath("traces"), SystemPath("extra.jsonl")])
/// found.files.map(\.path)  // ["traces/mixed/photos-session.jsonl", …, "extra.jsonl"]
/// found.notes              // a line per FIFO, socket or device passed over in a directory
/// ```
enum TraceFiles {
  /// The files a command audits: the paths' files (this shard's share), how many to audit at once, the
  /// notes about files passed over (for standard error), and whether finding no file is no error (a shard
  /// may hold none of the files; a batch engine's partition may pipe no path on standard input).
  struct Selection {
    var files: [TraceFile]
    var jobs: Int
    var notes: String
    var mayBeEmpty: Bool

    /// The end of a run whose `paths` named no file where that is an error: "no *.jsonl files under …",
    /// status 2 (<doc:OpenPoints#Paths-and-versions>); `nil` when there are files, or none is no error.
    func noFileFailure(under paths: [String]) -> ReplayCLI.Result? {
      guard files.isEmpty, !mayBeEmpty else { return nil }
      return ReplayCLI.Result(status: .inputError, stderr: notes + DiagnosticLine.noTraceFiles(under: paths))
    }
  }

  /// The files some paths name, and what was passed over finding them.
  struct Expansion {
    var files: [TraceFile] = []
    /// A line each (with its line end), for standard error.
    var notes: [String] = []
    /// Every path was `-` and standard input listed none: a batch engine's partition that got no path,
    /// which finds nothing to do rather than an error.
    var listedNothing = false
  }

  /// The files `paths` name; `standardInput` is read (once) when a path is `-`. A file named is read
  /// whatever it is (a FIFO, a device); in a directory, only regular files are (``DirectoryListing``).
  static func expand(_ paths: [SystemPath], standardInput: () -> String = { "" }) -> Expansion {
    var listed: [SystemPath] = []
    for path in paths {
      if path.bytes == [UInt8(ascii: "-")] {
        listed += standardInput().split(whereSeparator: \.isNewline).map {
          String($0).trimmingWhitespace()
        }.filter { !$0.isEmpty }.map(SystemPath.init)
      } else {
        listed.append(path)
      }
    }
    var expansion = Expansion()
    expansion.listedNothing =
      !paths.isEmpty && listed.isEmpty && paths.allSatisfy { $0.bytes == [UInt8(ascii: "-")] }
    for path in listed {
      guard path.fileType() == S_IFDIR else {
        // A missing file is reported as unreadable by the audit.
        expansion.files.append(TraceFile(path))
        continue
      }
      let listing = DirectoryListing.traces(below: path)
      expansion.files += listing.files
      expansion.notes += listing.notes
    }
    return expansion
  }

  /// `expand(_:standardInput:)` of paths given as strings.
  static func expand(_ paths: [String], standardInput: () -> String = { "" }) -> Expansion {
    expand(paths.map(SystemPath.init), standardInput: standardInput)
  }

  /// One shard of a fleet's traces, for a batch engine that runs N copies of the command (a Kubernetes
  /// indexed Job, a cloud batch array): I of N keeps every file whose path hashes to I, so the N shards
  /// cover every file once whatever order each machine lists them in.
  struct Shard: Equatable {
    var index: Int
    var count: Int

    /// `I/N` with 0 <= I < N.
    init(parsing text: String) throws(UsageError) {
      let parts = text.split(separator: "/", omittingEmptySubsequences: false)
      guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
        (0..<count).contains(index)
      else {
        throw UsageError(message: "--shard takes I/N with 0 <= I < N (e.g. 0/4), not '\(text)'")
      }
      self.index = index
      self.count = count
    }

    func contains(_ path: String) -> Bool {
      Int(Self.hash(path) % UInt64(count)) == index
    }

    /// FNV-1a over the path's UTF-8: stable across runs, machines and Swift versions (Hasher is not).
    static func hash(_ path: String) -> UInt64 {
      path.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    }
  }

  /// The options every many-file command takes, declared once for the parser and for `traceFiles`.
  enum Option {
    static let jobs = ArgumentParser.Value("--jobs")
    static let shard = ArgumentParser.Value("--shard")

    static let all: [any ArgumentParser.Option] = [jobs, shard]
  }

  static let help = """
      --jobs N             audit N files at once (default: the number of cores); the report order stays
                           that of the files
      --shard I/N          keep only shard I of N (0-based) of the files, chosen by a stable hash of each
                           path, to split a fleet's traces over N machines
      -                    as a PATH: read the paths to audit from standard input, one per line
    """
}

extension CommandInput {
  /// The trace files the positionals name, as a `TraceFiles.Selection`.
  func traceFiles(context: ReplayCLI.Context) throws(UsageError) -> TraceFiles.Selection {
    _ = try paths()
    let jobs = try integer(
      TraceFiles.Option.jobs, minimum: 1, fallback: String(ProcessInfo.processInfo.activeProcessorCount))
    var expansion = TraceFiles.expand(pathArguments(context), standardInput: context.standardInput)
    if let text = parsed[TraceFiles.Option.shard] {
      let shard = try TraceFiles.Shard(parsing: text)
      expansion.files = expansion.files.filter { shard.contains($0.path) }
    }
    return TraceFiles.Selection(
      files: expansion.files, jobs: jobs, notes: expansion.notes.joined(),
      mayBeEmpty: expansion.listedNothing || parsed[TraceFiles.Option.shard] != nil)
  }
}
