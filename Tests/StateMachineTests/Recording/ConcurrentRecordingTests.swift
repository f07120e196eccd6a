import Dispatch
import Foundation
import Testing

@testable import PresentationStateMachine

@Suite struct ConcurrentRecordingTests {
  /// 8 threads × 10,000 events through one recorder into a file with a small buffer (so writes happen
  /// while other threads record): every event arrives once, whole, in each thread's order, and `t`
  /// never goes back.
  @Test func manyThreadsLoseNoLineAndInterleaveNone() throws {
    let threads = 8
    let perThread = 10_000
    let path = try RecordingFixture.temporaryTracePath()
    let sink = try FileTraceSink(path: path, bufferCapacity: 4096, flushInterval: 0.005)
    let recorder = TraceRecorder(sink: sink, header: TraceHeader())
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      for index in 0..<perThread {
        recorder.record(
          .updateInteractiveTransition, id: "thread-\(thread)",
          Payload(percent: Double(index) / Double(perThread)))
      }
    }
    try recorder.close()
    #expect(recorder.recordedEvents == threads * perThread)
    #expect(recorder.droppedEvents == 0)

    let records = try RecordingFixture.records(atPath: path)
    #expect(
      RecordingFixture.errors(records).isEmpty,
      "malformed lines: \(RecordingFixture.errors(records).prefix(3))")
    let events = RecordingFixture.events(records)
    #expect(events.count == threads * perThread)
    var next = [String: Int]()
    var previousT = -Double.infinity
    var outOfOrder = 0
    for (event, _) in events {
      let expected = Double(next[event.id, default: 0]) / Double(perThread)
      if event.payload.percent != expected { outOfOrder += 1 }
      next[event.id, default: 0] += 1
      if event.t < previousT { outOfOrder += 1 }
      previousT = event.t
    }
    #expect(outOfOrder == 0)
    #expect(next.count == threads)
    #expect(next.values.allSatisfy { $0 == perThread })
  }

  @Test func aMemorySinkReadWhileThreadsRecordSeesOnlyWholeLines() throws {
    let sink = MemoryTraceSink()
    let recorder = TraceRecorder(sink: sink, clock: VirtualTraceClock(step: 0.001))
    let done = DispatchGroup()
    DispatchQueue.global().async(group: done) {
      DispatchQueue.concurrentPerform(iterations: 4) { thread in
        for _ in 0..<2_000 { recorder.mark("m", id: "t\(thread)") }
      }
    }
    var snapshots = 0
    while done.wait(timeout: .now()) == .timedOut {
      let lines = sink.lines
      #expect(lines.allSatisfy { $0.hasPrefix("{\"t\":") && $0.hasSuffix("}") })
      snapshots += 1
    }
    #expect(sink.lines.count == 8_000)
    #expect(snapshots > 0)
  }
}
