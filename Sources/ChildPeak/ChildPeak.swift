import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The peak resident memory of a program run as a child process, as `wait4` reports it (`ru_maxrss`), with
/// how it ended and how long it took: what `ReplayBenchmark --memory` prints and the memory tests assert.
///
/// ```swift
/// let run = try ChildPeak.run("/path/to/replay", ["stats", "trace.jsonl"])
/// print(run.kilobytes, run.isOwnPeak)  // the child's high-water mark, and whether it is its own
/// ```
///
/// Linux counts in a child's `ru_maxrss` the peak of the memory it was started from (`posix_spawn` shares
/// the parent's until the `exec`): a child of a process of hundreds of megabytes would measure that. So a
/// small `/bin/sh` starts the program in the background and exits, and this process, made a child
/// subreaper, inherits the program and waits for it: the figure is the program's own. Where a subreaper
/// cannot be had, the shell runs the program in the foreground and the figure includes this process's
/// peak (`isOwnPeak` is false).
package struct ChildPeak: Sendable {
  /// The child's peak resident memory, in kilobytes.
  package var kilobytes: Int
  /// Its exit status, or the signal that ended it.
  package var status: Int32
  /// A signal ended it.
  package var signalled: Bool
  /// Wall-clock seconds from start to end.
  package var seconds: Double
  /// The figure is the child's alone (see the type's documentation).
  package var isOwnPeak: Bool

  /// The child could not be started or waited for.
  package struct CannotMeasure: Error, CustomStringConvertible {
    package var description: String

    package init(description: String) { self.description = description }
  }

  /// Runs `executable arguments` with standard input and output on `/dev/null` (output is what grows; a
  /// caller that wants it runs the program another way) and standard error into `errors` (`/dev/null`
  /// when `nil`).
  package static func run(_ executable: String, _ arguments: [String], errors: String? = nil)
    throws(CannotMeasure) -> ChildPeak
  {
    let subreaper = becomeSubreaper()
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
    // $1 is where standard error goes; the shell prints the background child's pid for the subreaper.
    let script =
      subreaper
      ? "ERR=\"$1\"; shift; \"$0\" \"$@\" </dev/null >/dev/null 2>\"$ERR\" & echo $!"
      : "ERR=\"$1\"; shift; exec \"$0\" \"$@\" </dev/null >/dev/null 2>\"$ERR\""
    let argv = (["/bin/sh", "-c", script, executable, errors ?? "/dev/null"] + arguments).map { strdup($0) }
    defer { for pointer in argv { free(pointer) } }
    let start = DispatchTime.now().uptimeNanoseconds
    var shell = pid_t()
    var pointers = argv + [nil]
    // A child inherits the signal mask of the thread that spawns it (a test's worker thread blocks
    // signals); the shell and the program start with none blocked, as from a terminal.
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
    guard reap(shell, status: &status, usage: &usage) else {
      throw CannotMeasure(description: "cannot wait for \(executable) \(arguments)")
    }
    if subreaper {
      guard let child = pid_t(String(decoding: output, as: UTF8.self).filter(\.isNumber)),
        reap(child, status: &status, usage: &usage)
      else { throw CannotMeasure(description: "cannot wait for \(executable) \(arguments)") }
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    // WIFSIGNALED / WTERMSIG / WEXITSTATUS, which Swift does not import.
    let signal = status & 0x7F
    let signalled = signal != 0 && signal != 0x7F
    return ChildPeak(
      kilobytes: Int(usage.ru_maxrss), status: signalled ? signal : (status >> 8) & 0xFF,
      signalled: signalled, seconds: seconds, isOwnPeak: subreaper)
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
