import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The built `replay` run as a child process with a deadline, for what only a process shows (an abort, a
/// block, a signal): a regression fails its test instead of crashing or hanging the test run.
///
/// ```swift
/// let run = try BuiltReplay.run(["show", "--width", "999999999999", path], timeout: 60)
/// #expect(!run.timedOut && run.status == 64)
/// ```
struct BuiltReplay {
  var status: Int32
  /// Whether the process ended by a signal (`status` is then the signal's number).
  var signalled: Bool
  var stdout: String
  var stderr: String
  /// The deadline passed: the process was killed.
  var timedOut: Bool

  /// The child of `start` that runs, for a test that acts on it before it ends (a signal).
  final class Running: @unchecked Sendable {
    let process: Process
    private let out = Pipe()
    private let err = Pipe()
    // Written once by its reader thread before it signals `done`.
    private var outData = Data()
    // Appended to by its reader thread as the child writes, read by the test meanwhile: behind `errLock`.
    private var errData = Data()
    private let errLock = NSLock()
    private let done = DispatchSemaphore(value: 0)

    fileprivate init(
      executable: String, _ arguments: [String], environment: [String: String]?, directory: String?
    ) throws {
      process = Process()
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = arguments
      if let environment {
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
      }
      if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
      process.standardOutput = out
      process.standardError = err
      process.standardInput = FileHandle.nullDevice
      // A child inherits the signal mask of the thread that spawns it, and a test runs on a worker thread
      // that blocks signals: spawned from there, `replay` would never see a SIGTERM sent to it. It is
      // spawned with none blocked, as a shell starts it.
      var none = sigset_t()
      var previous = sigset_t()
      sigemptyset(&none)
      pthread_sigmask(SIG_SETMASK, &none, &previous)
      defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
      try process.run()
      // The pipes are drained as the child writes, so a talkative child never blocks on a full pipe.
      let outReader = out.fileHandleForReading
      let errReader = err.fileHandleForReading
      Thread.detachNewThread { [self] in
        outData = outReader.readDataToEndOfFile()
        done.signal()
      }
      Thread.detachNewThread { [self] in
        while true {
          let chunk = errReader.availableData
          if chunk.isEmpty { break }
          errLock.withLock { errData.append(chunk) }
        }
        done.signal()
      }
    }

    /// Waits up to `timeout` seconds for the child's standard error to hold `text`: what a command says
    /// once it is ready for what the test does next (a signal its handler must catch).
    func waitForStandardError(containing text: String, timeout: Double) -> Bool {
      let deadline = Date().addingTimeInterval(timeout)
      while true {
        if errLock.withLock({ String(decoding: errData, as: UTF8.self).contains(text) }) { return true }
        if Date() >= deadline { return false }
        usleep(10_000)
      }
    }

    /// Waits up to `timeout` seconds for the child to end, killing it past that.
    func finish(timeout: Double) -> BuiltReplay {
      let deadline = Date().addingTimeInterval(timeout)
      while process.isRunning, Date() < deadline { usleep(10_000) }
      let timedOut = process.isRunning
      if timedOut { kill(process.processIdentifier, SIGKILL) }
      process.waitUntilExit()
      _ = done.wait(timeout: .now() + 10)
      _ = done.wait(timeout: .now() + 10)
      return BuiltReplay(
        status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
        stdout: String(decoding: outData, as: UTF8.self),
        stderr: errLock.withLock { String(decoding: errData, as: UTF8.self) }, timedOut: timedOut)
    }
  }

  struct NotBuilt: Error {}

  static func executable() throws -> String {
    guard let executable = TailCommandTests.builtExecutable("replay") else { throw NotBuilt() }
    return executable
  }

  /// Starts `replay arguments` with `environment` added to this process's.
  static func start(
    _ arguments: [String], environment: [String: String]? = nil, directory: String? = nil
  ) throws -> Running {
    try Running(executable: executable(), arguments, environment: environment, directory: directory)
  }

  /// Runs `script` with `/bin/sh`, `$REPLAY` naming the built `replay`: for arguments Foundation cannot
  /// pass (bytes that are not UTF-8, which the shell's `printf` makes).
  static func runShell(_ script: String, environment: [String: String] = [:], timeout: Double = 60) throws
    -> BuiltReplay
  {
    var environment = environment
    environment["REPLAY"] = try executable()
    return try Running(executable: "/bin/sh", ["-c", script], environment: environment, directory: nil)
      .finish(timeout: timeout)
  }

  /// Runs `replay arguments` to its end, or kills it after `timeout` seconds.
  static func run(
    _ arguments: [String], environment: [String: String]? = nil, directory: String? = nil,
    timeout: Double = 60
  ) throws -> BuiltReplay {
    try start(arguments, environment: environment, directory: directory).finish(timeout: timeout)
  }
}
