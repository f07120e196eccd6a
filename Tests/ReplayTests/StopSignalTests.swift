import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A SIGTERM or SIGINT sent the moment `replay tail` says it is following stops it: its handler writes
/// into a pipe that a dispatch source reads, so a signal is never lost. With signal dispatch sources the
/// signal was ignored until the source registered, on another thread a moment later, and 28 of 40
/// SIGTERMs sent at once went unheard (tail ran on to its timeout).
@Suite struct StopSignalTests {
  @Test(arguments: [SIGTERM, SIGINT])
  func aSignalSentAsSoonAsTailFollowsStopsIt(_ number: Int32) throws {
    let path = ReplayCLITests.tracesDirectory + "/valid/card-present-dismiss.jsonl"
    for _ in 0..<10 {
      let child = try BuiltReplay.start(["tail", "--interval", "0.05", "--timeout", "20", path])
      #expect(child.waitForStandardError(containing: "replay tail: following", timeout: 30))
      kill(child.process.processIdentifier, number)
      let run = child.finish(timeout: 30)
      #expect(!run.timedOut && !run.signalled && run.status == 0, "\(run.stderr)")
      #expect(run.stdout.contains("(interrupted)"), "the signal went unheard: \(run.stdout)")
    }
  }
}
