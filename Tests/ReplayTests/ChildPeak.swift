import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The peak resident memory of the built `replay` run as a child process, as `wait4` reports it
/// (`ru_maxrss`), with its exit status and standard error.
///
/// ```swift
/// let run = try ChildPeak.run(["stats", "trace.jsonl"])
/// #expect(run.status == 0 && run.kilobytes < 100_000)
/// ```
///
/// Linux counts in a child's `ru_maxrss` the peak of the memory it was started from (`posix_spawn` shares
/// the parent's until the `exec`): a child of the test process, hundreds of megabytes, would measure that.
/// So a small `/bin/sh` starts `replay` in the background and exits, and the test process, made a child
/// subreaper, inherits `replay` and waits for it: the figure is `replay`'s own (the ReplayBenchmark's
/// `--memory` measures the same way).
struct ChildPeak {
  var kilobytes: Int
  var status: Int32
  var signalled: Bool
  var stderr: String

  struct CannotMeasure: Error, CustomStringConvertible {
    var description: String
  }

  /// Runs `replay arguments` with its standard output thrown away (it is what grows; a test that wants it
  /// runs the command in process).
  static func run(_ arguments: [String]) throws -> ChildPeak {
    guard becomeSubreaper() else { throw CannotMeasure(description: "PR_SET_CHILD_SUBREAPER failed") }
    let executable = try BuiltReplay.executable()
    let errors = FileManager.default.temporaryDirectory.appendingPathComponent(
      "child-peak-\(UUID().uuidString).err"
    ).path
    defer { try? FileManager.default.removeItem(atPath: errors) }
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { throw CannotMeasure(description: "no pipe") }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
    posix_spawn_file_actions_addclose(&actions, ends[0])
    posix_spawn_file_actions_addclose(&actions, ends[1])
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let script = "ERR=\"$1\"; shift; \"$0\" \"$@\" </dev/null >/dev/null 2>\"$ERR\" & echo $!"
    let argv = (["/bin/sh", "-c", script, executable, errors] + arguments).map { strdup($0) }
    defer { for pointer in argv { free(pointer) } }
    var shell = pid_t()
    var pointers = argv + [nil]
    // A child inherits the signal mask of the thread that spawns it (a test's worker thread blocks
    // signals); the shell and `replay` start with none blocked, as from a terminal.
    var none = sigset_t()
    var previous = sigset_t()
    sigemptyset(&none)
    pthread_sigmask(SIG_SETMASK, &none, &previous)
    let spawned = pointers.withUnsafeMutableBufferPointer { pointers -> Int32 in
      guard let base = pointers.baseAddress else { return -1 }
      return posix_spawn(&shell, "/bin/sh", &actions, nil, base, environ)
    }
    pthread_sigmask(SIG_SETMASK, &previous, nil)
    close(ends[1])
    defer { close(ends[0]) }
    guard spawned == 0 else { throw CannotMeasure(description: "cannot start /bin/sh") }
    var output: [UInt8] = []
    var byte: UInt8 = 0
    while read(ends[0], &byte, 1) == 1 { output.append(byte) }
    var status: Int32 = 0
    var usage = rusage()
    guard reap(shell, status: &status, usage: &usage),
      let child = pid_t(String(decoding: output, as: UTF8.self).filter(\.isNumber)),
      reap(child, status: &status, usage: &usage)
    else { throw CannotMeasure(description: "cannot wait for replay \(arguments)") }
    // WIFSIGNALED / WTERMSIG / WEXITSTATUS, which Swift does not import.
    let signal = status & 0x7F
    let signalled = signal != 0 && signal != 0x7F
    return ChildPeak(
      kilobytes: Int(usage.ru_maxrss), status: signalled ? signal : (status >> 8) & 0xFF,
      signalled: signalled,
      stderr: (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "")
  }

  private static func reap(_ pid: pid_t, status: inout Int32, usage: inout rusage) -> Bool {
    while wait4(pid, &status, 0, &usage) < 0 {
      guard errno == EINTR else { return false }
    }
    return true
  }

  /// `prctl(PR_SET_CHILD_SUBREAPER, 1)`: `prctl` is variadic, which Swift does not import, so it is called
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
