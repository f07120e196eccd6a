import Foundation
import Synchronization
import Testing

@testable import PresentationStateMachine

@Suite struct TraceReplayerTests {
  static func reader(_ trace: String) throws -> TraceReader {
    try TraceReader(path: BundledTracesTests.tracesDirectory.appendingPathComponent("\(trace).jsonl").path)
  }

  @Test func deliversEveryEventOnceInOrderWithItsVirtualTime() throws {
    let file = try Array(Self.reader("valid/interactive-dismiss-finished"))
    let expected = file.compactMap { record -> (Event, Int)? in
      if case .event(let event, let line) = record { (event, line) } else { nil }
    }
    var replayer = TraceReplayer(reader: try Self.reader("valid/interactive-dismiss-finished"))
    var delivered: [TraceReplayer.Step] = []
    while let step = replayer.step() { delivered.append(step) }
    #expect(delivered.map(\.line) == expected.map(\.1))
    #expect(delivered.map(\.event) == expected.map(\.0))
    let start = try #require(expected.first?.0.t)
    #expect(delivered.map(\.virtualTime) == expected.map { $0.0.t - start })
    #expect(replayer.findings.isEmpty)
  }

  @Test func aHandlerCanStopAtTheFirstFindingAndInspectTheState() throws {
    var replayer = TraceReplayer(reader: try Self.reader("rules/complete-twice"))
    var stoppedAt: Int?
    replayer.run { step, _ in
      guard step.findings.isEmpty else {
        stoppedAt = step.line
        return false
      }
      return true
    }
    #expect(stoppedAt == 10)
    let state = replayer.state
    #expect(state.line == 10)
    #expect(state.presentations.first?.phase == .presentingCompleted)
    #expect(state.findings.map(\.rule) == [.completeTwice])
    #expect(replayer.step()?.line == 11)  // and go on stepping from there
  }

  @Test func scaledPacingWaitsTheRecordedGapsDividedBySpeed() throws {
    let waits = Mutex<[Double]>([])
    var replayer = TraceReplayer(
      reader: TraceReader(
        bytes: Array(
          #"""
          {"t":10,"id":"a","event":"mark","name":"one"}
          {"t":10.5,"id":"a","event":"mark","name":"two"}
          {"t":10.5,"id":"a","event":"mark","name":"same time"}
          {"t":12.5,"id":"a","event":"mark","name":"three"}
          """#.utf8)),
      pacing: .scaled(speed: 2), sleep: { seconds in waits.withLock { $0.append(seconds) } })
    while replayer.step() != nil {}
    #expect(waits.withLock { $0 } == [0.25, 1.0])
  }

  @Test func realTimeSleepWaitsAtLeastTheTimeAsked() {
    let clock = ContinuousClock()
    let elapsed = clock.measure { TraceReplayer.sleepRealTime(0.02) }
    #expect(elapsed >= .milliseconds(20))
  }
}
