import Foundation
import Testing

@testable import Replay

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `replay tail` on a FIFO: refused as not a regular file and waited on like a missing file, never
/// blocked on, so --timeout and the signals still stop it. The command runs as a child process with a
/// deadline: a regression fails these tests instead of hanging the test run.
@Suite struct TailFifoTests {
  static func fifo() throws -> String {
    let path = try TailCommandTests.temporaryPath()
    #expect(mkfifo(path, 0o644) == 0)
    return path
  }

  @Test func theTimeoutStopsTailOnAFifo() throws {
    let path = try Self.fifo()
    let run = try BuiltReplay.run(["tail", "--interval", "0.01", "--timeout", "1", path], timeout: 30)
    #expect(!run.timedOut, "replay tail blocked on the FIFO")
    #expect(!run.signalled && run.status == 0, "\(run.stderr)")
    #expect(
      run.stdout
        == "\(path): note: waiting for \(path) (not a regular file)\n"
        + "followed \(path) (timed out), 0 events: 0 errors, 0 warnings\n")
  }

  @Test func sigtermStopsTailOnAFifo() throws {
    let path = try Self.fifo()
    let child = try BuiltReplay.start(["tail", "--interval", "0.01", path])
    // It says it is following once its handlers are in place: a SIGTERM sent before would kill it.
    #expect(child.waitForStandardError(containing: "replay tail: following", timeout: 30))
    // One signal: none is lost once tail says it is following (`StopSignalTests`), while an open blocked
    // on the FIFO would outlast it.
    kill(child.process.processIdentifier, SIGTERM)
    let run = child.finish(timeout: 30)
    #expect(!run.timedOut, "replay tail blocked on the FIFO")
    #expect(!run.signalled && run.status == 0, "\(run.stderr)")
    #expect(run.stdout.hasSuffix("followed \(path) (interrupted), 0 events: 0 errors, 0 warnings\n"))
  }

  /// A writer waiting to open the FIFO stays waiting: tail never opens it, even for a moment, which
  /// would let the writer's open return and its writes go to a pipe about to lose its reader.
  @Test func aWriterWaitingOnTheFifoIsLeftWaiting() throws {
    let path = try Self.fifo()
    let opened = LockedBox<Bool>()
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      let descriptor = open(path, O_WRONLY)
      opened.value = descriptor >= 0
      if descriptor >= 0 { close(descriptor) }
      done.signal()
    }
    var options = TailCommand.Options(path: path)
    options.interval = 0.01
    options.timeout = 0.5
    var output = ""
    let summary = TailCommand.follow(options) { output += $0 }
    #expect(opened.value == nil, "tail opened the FIFO for reading and let the writer in")
    #expect(output == "\(path): note: waiting for \(path) (not a regular file)\n")
    #expect(summary.stopReason == "timed out")
    // Lets the writer's open return, so its thread ends.
    let reader = open(path, O_RDONLY | O_NONBLOCK)
    #expect(done.wait(timeout: .now() + 30) == .success)
    if reader >= 0 { close(reader) }
  }
}
