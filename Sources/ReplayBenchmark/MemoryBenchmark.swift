import ChildPeak
import Foundation
import PresentationStateMachine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `ReplayBenchmark --memory`: the peak resident memory of each `replay` command, each run as a child
/// process and measured by `wait4` (`ru_maxrss`), on a trace with many presentations and on a fleet of
/// files full of findings.
///
/// ```sh
/// ReplayBenchmark --memory --presentations 100000 --files 100
/// # command  peak RSS  exit  time, one line per command (`ChildPeak` measures each)
/// ```
///
/// The traces: one presentation after another (`present` with style `alert` from `root`, its
/// `completion`, `dismiss`, its `completion`, a second apart, every id new), so memory that grows with the
/// trace's length shows, and a thousand files each of a thousand findings
/// (`dismiss` of ids never presented), so memory that grows with the fleet shows. Children are measured
/// one at a time, so each figure is that command's alone.
enum MemoryBenchmark {
  struct Options {
    var presentations = 1_000_000
    var files = 1000
    var findings = 1000
    /// The `replay` to measure: by default the one built next to this benchmark.
    var replay: String?
    var directory: String?
    var keep = false
  }

  static let usage = """
    USAGE: ReplayBenchmark --memory [--presentations N] [--files N] [--findings N] [--replay PATH]
                           [--directory DIR] [--keep]

    Writes a trace of N presentations (default 1000000; each presented and dismissed, a second apart)
    and --files files of --findings findings each (default 1000 x 1000), then runs every command of
    `replay` that reads them as a child process and prints its peak resident memory (wait4's ru_maxrss).
    --replay names the binary to measure (default: `replay` next to this executable), so that two builds
    can be compared on the same traces; --directory keeps the traces there (with --keep, for later runs).
    """

  static func parse(_ arguments: [String]) -> Options? {
    var options = Options()
    var index = 0
    func value() -> String? {
      index += 1
      return index < arguments.count ? arguments[index] : nil
    }
    while index < arguments.count {
      switch arguments[index] {
      case "--memory": break
      case "--presentations":
        guard let n = value().flatMap({ Int($0) }), n > 0 else { return nil }
        options.presentations = n
      case "--files":
        guard let n = value().flatMap({ Int($0) }), n > 0 else { return nil }
        options.files = n
      case "--findings":
        guard let n = value().flatMap({ Int($0) }), n > 0 else { return nil }
        options.findings = n
      case "--replay":
        guard let path = value() else { return nil }
        options.replay = path
      case "--directory":
        guard let path = value() else { return nil }
        options.directory = path
      case "--keep": options.keep = true
      default: return nil
      }
      index += 1
    }
    return options
  }

  static func run(_ arguments: [String]) -> Int32 {
    guard let options = parse(arguments) else {
      FileHandle.standardError.write(Data("error: bad arguments\n\n\(usage)\n".utf8))
      return 64
    }
    let replay =
      options.replay
      ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("replay").path
    guard FileManager.default.isExecutableFile(atPath: replay) else {
      FileHandle.standardError.write(
        Data("error: no replay at \(replay) (build it: swift build -c release --product replay)\n".utf8))
      return 1
    }
    let directory =
      options.directory
      ?? FileManager.default.temporaryDirectory.appendingPathComponent(
        "replay-memory-\(ProcessInfo.processInfo.processIdentifier)"
      ).path
    let trace = directory + "/presentations-\(options.presentations).jsonl"
    let fleet = directory + "/findings-\(options.files)x\(options.findings)"
    defer {
      if !options.keep { try? FileManager.default.removeItem(atPath: directory) }
    }
    do {
      try FileManager.default.createDirectory(atPath: fleet, withIntermediateDirectories: true)
      if !FileManager.default.fileExists(atPath: trace) {
        try writePresentations(options.presentations, to: trace)
      }
      for file in 0..<options.files {
        let path = fleet + "/" + fileName(file)
        if !FileManager.default.fileExists(atPath: path) {
          try writeFindings(options.findings, file: file, to: path)
        }
      }
    } catch {
      FileHandle.standardError.write(
        Data("error: cannot write the traces under \(directory): \(error)\n".utf8))
      return 1
    }
    let lines = 1 + 4 * options.presentations
    print("replay: \(replay)")
    print("trace: \(options.presentations) presentations, \(lines) lines (\(trace))")
    print("fleet: \(options.files) files x \(options.findings) findings (\(fleet))\n")
    print("command".padding(toLength: 56, withPad: " ", startingAt: 0) + "   peak RSS    exit    time")
    let commands: [(String, [String])] =
      [
        ("audit", ["audit", trace]),
        ("stats", ["stats", trace]),
        ("stats --format json", ["stats", "--format", "json", trace]),
        ("show", ["show", trace]),
        ("state --at LAST", ["state", "--at", "\(lines)", trace]),
        ("export --table transitions", ["export", "--table", "transitions", trace]),
        (
          "export --table transitions --format csv",
          ["export", "--table", "transitions", "--format", "csv", trace]
        ),
        ("export --table findings", ["export", "--table", "findings", trace]),
        ("export --table traces", ["export", "--table", "traces", trace]),
        ("export --table traces --format csv", ["export", "--table", "traces", "--format", "csv", trace]),
        ("export --format chrome", ["export", "--format", "chrome", trace]),
        ("export --format svg", ["export", "--format", "svg", trace]),
      ].map { ("presentations: " + $0.0, $0.1) }
      + [
        ("audit", ["audit", fleet]),
        ("stats", ["stats", fleet]),
        ("export --table findings", ["export", "--table", "findings", fleet]),
        (
          "export --table findings --format csv", ["export", "--table", "findings", "--format", "csv", fleet]
        ),
        ("export --table transitions", ["export", "--table", "transitions", fleet]),
        ("export --table traces", ["export", "--table", "traces", fleet]),
      ].map { ("fleet: " + $0.0, $0.1) }
    for (label, arguments) in commands {
      let name = label.padding(toLength: 56, withPad: " ", startingAt: 0)
      guard let run = try? ChildPeak.run(replay, arguments) else {
        print(name + "   cannot start")
        continue
      }
      let megabytes = String(format: "%8.1f MiB", Double(run.kilobytes) / 1024)
      let status = run.signalled ? "sig \(run.status)" : "\(run.status)"
      print(
        name + " " + megabytes + "  " + status.leftPadded(6) + "  " + String(format: "%6.1f s", run.seconds))
    }
    return 0
  }

  /// `p0`, `p1`, …: a new id per presentation, so nothing about an id repeats.
  static func writePresentations(_ count: Int, to path: String) throws {
    try write(to: path) { emit in
      emit(TraceWriter.line(for: TraceHeader(expect: [], metadata: [("app", .string("MemoryBenchmark"))])))
      for index in 0..<count {
        let id = "p\(index)"
        let t = Double(4 * index)
        emit(
          TraceWriter.line(
            for: Event(
              t: t + 1, id: id, kind: .present, payload: Payload(presenter: "root", style: "alert"))))
        emit(TraceWriter.line(for: Event(t: t + 2, id: id, kind: .completion)))
        emit(TraceWriter.line(for: Event(t: t + 3, id: id, kind: .dismiss)))
        emit(TraceWriter.line(for: Event(t: t + 4, id: id, kind: .completion)))
      }
    }
  }

  /// `count` findings: a `dismiss` of an id never presented, a second apart.
  static func writeFindings(_ count: Int, file: Int, to path: String) throws {
    try write(to: path) { emit in
      emit(TraceWriter.line(for: TraceHeader(expect: [], metadata: [("app", .string("MemoryBenchmark"))])))
      for index in 0..<count {
        emit(TraceWriter.line(for: Event(t: Double(index + 1), id: "f\(file)-\(index)", kind: .dismiss)))
      }
    }
  }

  static func fileName(_ file: Int) -> String {
    "trace-" + String(repeating: "0", count: max(0, 4 - String(file).count)) + String(file) + ".jsonl"
  }

  /// Writes the lines `body` emits, a megabyte at a time.
  private static func write(to path: String, _ body: ((String) -> Void) -> Void) throws {
    guard FileManager.default.createFile(atPath: path, contents: nil),
      let handle = FileHandle(forWritingAtPath: path)
    else { throw CocoaError(.fileWriteUnknown) }
    defer { try? handle.close() }
    var text = ""
    text.reserveCapacity(1 << 21)
    body { line in
      text += line
      text += "\n"
      if text.utf8.count >= 1 << 20 {
        handle.write(Data(text.utf8))
        text.removeAll(keepingCapacity: true)
      }
    }
    handle.write(Data(text.utf8))
  }
}
