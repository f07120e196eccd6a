import Foundation
import Testing

@testable import PresentationStateMachine

@Suite struct TraceRecorderTests {
  @Test func stampsEachEventWithTheClockAndWritesCanonicalLines() throws {
    let sink = MemoryTraceSink()
    let clock = VirtualTraceClock(start: 12)
    let recorder = TraceRecorder(sink: sink, clock: clock)
    recorder.record(.present, id: "card", Payload(presenter: "root", animated: true))
    clock.advance(by: 0.35)
    recorder.record(.completeTransition, id: "card", Payload(didComplete: true))
    recorder.mark("didTapCard", id: "card")
    #expect(
      sink.lines == [
        #"{"t":12,"id":"card","event":"present","presenter":"root","animated":true}"#,
        #"{"t":12.35,"id":"card","event":"completeTransition","didComplete":true}"#,
        #"{"t":12.35,"id":"card","event":"mark","name":"didTapCard"}"#,
      ])
    #expect(recorder.recordedEvents == 3)
  }

  @Test func everyLineIsWhatTheCanonicalWriterWrites() {
    let sink = MemoryTraceSink()
    let clock = VirtualTraceClock(start: 1843.207_123_456_789, step: 0.000_123_4)
    let recorder = TraceRecorder(sink: sink, clock: clock)
    let id = "p \"quoted\" é\u{1}"
    for kind in EventKind.allCases {
      var payload = Payload()
      for key in kind.payloadKeys {
        switch key.valueType {
        case .bool: payload[key] = .bool(true)
        case .number: payload[key] = .number(0.25)
        case .string: payload[key] = .string("root")
        }
      }
      recorder.record(kind, id: id, payload)
    }
    let records = TraceReader(bytes: Array(sink.text.utf8)).map { $0 }
    let events = RecordingFixture.events(records)
    #expect(RecordingFixture.errors(records).isEmpty)
    #expect(events.map(\.event.kind) == EventKind.allCases)
    for (line, (event, _)) in zip(sink.lines, events) {
      #expect(line == TraceWriter.line(for: event))
      #expect(event.id == id)
    }
  }

  @Test func theHeaderComesFirstAndCountsAsLineOne() {
    let sink = MemoryTraceSink()
    let live = LiveAuditor()
    let recorder = TraceRecorder(
      sink: sink, clock: VirtualTraceClock(start: 1),
      header: TraceHeader(metadata: [("app", .string("Cards"))]),
      liveAuditor: live)
    recorder.record(.dismiss, id: "ghost")
    #expect(sink.lines.first == #"{"format":"presentation-trace","version":1,"app":"Cards"}"#)
    #expect(live.findings.map(\.line) == [2])
    #expect(live.findings.map(\.rule) == [.dismissNotPresented])
  }

  @Test func invalidEventsAreRefusedAndReportedWhileRecordingGoesOn() {
    let sink = MemoryTraceSink()
    let log = ErrorLog()
    let recorder = TraceRecorder(sink: sink, clock: VirtualTraceClock()) { log.append($0) }
    recorder.record(.present, id: "")
    recorder.record(.animateTransition, id: "card")  // needs a duration
    recorder.record(.updateInteractiveTransition, id: "card", Payload(percent: .nan))
    recorder.record(.viewWillTransitionToSize, id: "card", Payload(width: .infinity, height: 390))
    recorder.record(.present, id: "card")
    #expect(log.errors.map(\.kind) == [.invalidEvent, .invalidEvent, .invalidEvent, .invalidEvent])
    #expect(log.errors.allSatisfy { !$0.isPermanent })
    #expect(log.errors[1].message.contains("\"duration\""))
    #expect(sink.lines.count == 1)
    #expect(recorder.failure == nil)
    let records = TraceReader(bytes: Array(sink.text.utf8)).map { $0 }
    #expect(RecordingFixture.errors(records).isEmpty)
  }

  @Test func aSinkFailureIsReportedOnceAndStopsTheRecording() {
    let sink = BrokenSink(failAfter: 2)
    let log = ErrorLog()
    let recorder = TraceRecorder(sink: sink, clock: VirtualTraceClock()) { log.append($0) }
    for _ in 0..<5 { recorder.mark("tick", id: "p1") }
    #expect(recorder.recordedEvents == 2)
    #expect(recorder.droppedEvents == 3)
    #expect(log.errors.map(\.kind) == [.writeFailed])
    #expect(recorder.failure?.code == ENOSPC)
    #expect(throws: RecordingError.self) { try recorder.flush() }
    #expect(throws: RecordingError.self) { try recorder.close() }
  }

  @Test func closingEndsTheRecordingAndLaterEventsAreDropped() throws {
    let sink = MemoryTraceSink()
    let recorder = TraceRecorder(sink: sink, clock: VirtualTraceClock())
    recorder.mark("before", id: "p1")
    try recorder.close()
    try recorder.close()
    recorder.mark("after", id: "p1")
    #expect(sink.lines.count == 1)
    #expect(recorder.droppedEvents == 1)
    #expect(throws: RecordingError.self) { try sink.write("{}") }
  }

  @Test func handlersMayRecordAgainWithoutDeadlock() {
    let sink = MemoryTraceSink()
    let box = RecorderBox()
    let live = LiveAuditor { finding in box.recorder?.mark("saw \(finding.rule.rawValue)", id: finding.id) }
    let recorder = TraceRecorder(sink: sink, clock: VirtualTraceClock(), liveAuditor: live) { error in
      box.recorder?.mark("error \(error.kind.rawValue)", id: "p1")
    }
    box.recorder = recorder
    recorder.record(.dismiss, id: "p1")  // dismiss-not-presented: the handler records a mark
    recorder.record(.present, id: "")  // invalid: the error handler records a mark
    #expect(sink.lines.count == 3)
    #expect(sink.lines[1].contains("saw dismiss-not-presented"))
    #expect(sink.lines[2].contains("error invalidEvent"))
  }

  @Test(arguments: RecordingFixture.traces(in: "valid"))
  func roundTripOfEachCanonicalScenario(_ relativePath: String) throws {
    let (header, events) = try RecordingFixture.script(of: relativePath)
    let sink = MemoryTraceSink()
    let recorder = RecordingFixture.rerecord(events, header: header, to: sink)
    try recorder.close()
    #expect(recorder.recordedEvents == events.count)
    let records = TraceReader(bytes: Array(sink.text.utf8)).map { $0 }
    #expect(RecordingFixture.errors(records).isEmpty)
    let read = RecordingFixture.events(records).map(\.event)
    #expect(read.count == events.count)
    for (got, original) in zip(read, events) {
      #expect(got.t == original.t && got.id == original.id && got.kind == original.kind)
      #expect(got.payload == original.payload)
    }
    var report = FileReport(path: relativePath)
    report.consume(TraceReader(bytes: Array(sink.text.utf8)))
    #expect(report.findings.isEmpty, "\(report.findings.map(\.message))")
    #expect(report.expect == header?.expect)
  }

  @Test func roundTripThroughTheFileSinkKeepsEveryScenarioClean() throws {
    for relativePath in RecordingFixture.traces(in: "valid") {
      let (header, events) = try RecordingFixture.script(of: relativePath)
      let path = try RecordingFixture.temporaryTracePath()
      let recorder = RecordingFixture.rerecord(
        events, header: header, to: try FileTraceSink(path: path, bufferCapacity: 512, flushInterval: nil))
      try recorder.close()
      let report = FileReport.audit(path: path)
      #expect(report.events == events.count, "\(relativePath)")
      #expect(report.inputErrors.isEmpty && report.findings.isEmpty, "\(relativePath)")
    }
  }

  @Test func rerecordedRuleTracesReportTheSameRules() throws {
    for relativePath in RecordingFixture.traces(in: "rules") + RecordingFixture.traces(in: "mixed") {
      let original = FileReport.audit(
        path: RecordingFixture.tracesDirectory.appendingPathComponent(relativePath).path)
      // Unknown events cannot be recorded (the recorder takes an EventKind): such traces are left out.
      guard original.notes.isEmpty, original.inputErrors.isEmpty else { continue }
      let (header, events) = try RecordingFixture.script(of: relativePath)
      let sink = MemoryTraceSink()
      try RecordingFixture.rerecord(events, header: header, to: sink).close()
      var report = FileReport(path: relativePath)
      report.consume(TraceReader(bytes: Array(sink.text.utf8)))
      #expect(report.ruleIDs == original.ruleIDs, "\(relativePath)")
    }
  }
}

/// Lets a handler reach the recorder it was created before.
final class RecorderBox: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: TraceRecorder?

  var recorder: TraceRecorder? {
    get {
      lock.lock()
      defer { lock.unlock() }
      return stored
    }
    set {
      lock.lock()
      stored = newValue
      lock.unlock()
    }
  }
}

/// A sink that accepts `failAfter` lines, then fails like a full disk.
final class BrokenSink: TraceSink, @unchecked Sendable {
  private let lock = NSLock()
  private var remaining: Int

  init(failAfter: Int) { remaining = failAfter }

  func write(_ line: String) throws(RecordingError) {
    lock.lock()
    defer { lock.unlock() }
    guard remaining > 0 else {
      throw RecordingError(kind: .writeFailed, code: ENOSPC, message: "disk full (test)")
    }
    remaining -= 1
  }

  func flush() throws(RecordingError) {}
  func close() throws(RecordingError) {}
}
