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
/// ```swift
/// let run = MemoryBenchmark.peak(of: "/path/to/replay", ["stats", "trace.jsonl"])
/// print(run?.kilobytes ?? 0)  // the child's high-water mark
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

  /// What one child did: its peak resident memory, how it ended, and how long it took.
  struct Run {
    var kilobytes: Int
    var status: Int32
    var signalled: Bool
    var seconds: Double
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
      guard let run = peak(of: replay, arguments) else {
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

  /// Runs `executable arguments` with its output thrown away and returns its peak resident memory as
  /// `wait4` reports it, or `nil` when it cannot be started.
  ///
  /// Linux counts in a child's `ru_maxrss` the peak of the memory it was started from: `posix_spawn`
  /// shares the parent's memory until the `exec`, so a child of this benchmark (17 MB before it writes a
  /// trace) could never measure less. So a small `/bin/sh` starts the child in the background and exits,
  /// and this process, a child subreaper, inherits the child and waits for it.
  static func peak(of executable: String, _ arguments: [String]) -> Run? {
    let subreaper = becomeSubreaper()
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return nil }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
    posix_spawn_file_actions_addclose(&actions, ends[0])
    posix_spawn_file_actions_addclose(&actions, ends[1])
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    // Without the subreaper the shell runs the child in the foreground: its figure then includes this
    // process's peak.
    let script =
      subreaper
      ? "\"$0\" \"$@\" </dev/null >/dev/null 2>&1 & echo $!" : "exec \"$0\" \"$@\" >/dev/null 2>&1"
    let argv = (["/bin/sh", "-c", script, executable] + arguments).map { strdup($0) }
    defer { for pointer in argv { free(pointer) } }
    let start = DispatchTime.now().uptimeNanoseconds
    var shell = pid_t()
    var pointers = argv + [nil]
    let spawned = pointers.withUnsafeMutableBufferPointer { pointers -> Int32 in
      guard let base = pointers.baseAddress else { return -1 }
      return posix_spawn(&shell, "/bin/sh", &actions, nil, base, environ)
    }
    close(ends[1])
    defer { close(ends[0]) }
    guard spawned == 0 else { return nil }
    var output: [UInt8] = []
    var byte: UInt8 = 0
    while read(ends[0], &byte, 1) == 1 { output.append(byte) }
    var status: Int32 = 0
    var usage = rusage()
    guard reap(shell, status: &status, usage: &usage) else { return nil }
    if subreaper {
      guard let child = pid_t(String(decoding: output, as: UTF8.self).filter(\.isNumber)),
        reap(child, status: &status, usage: &usage)
      else { return nil }
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    // WIFSIGNALED / WTERMSIG / WEXITSTATUS, which Swift does not import.
    let signal = status & 0x7F
    let signalled = signal != 0 && signal != 0x7F
    return Run(
      kilobytes: Int(usage.ru_maxrss), status: signalled ? signal : (status >> 8) & 0xFF,
      signalled: signalled, seconds: seconds)
  }

  private static func reap(_ pid: pid_t, status: inout Int32, usage: inout rusage) -> Bool {
    while wait4(pid, &status, 0, &usage) < 0 {
      guard errno == EINTR else { return false }
    }
    return true
  }

  /// Makes this process the one orphaned descendants are handed to (`PR_SET_CHILD_SUBREAPER`), so it can
  /// wait for a child a shell started. `prctl` is variadic, which Swift does not import: it is called
  /// through its address with the five word arguments the kernel reads.
  private static func becomeSubreaper() -> Bool {
    #if os(Linux)
      typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
      // RTLD_DEFAULT, which is 0 on Linux.
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prctl") else { return false }
      let prctl = unsafeBitCast(symbol, to: Prctl.self)
      let setChildSubreaper: Int32 = 36  // PR_SET_CHILD_SUBREAPER
      return prctl(setChildSubreaper, 1, 0, 0, 0) == 0
    #else
      return false
    #endif
  }
}
