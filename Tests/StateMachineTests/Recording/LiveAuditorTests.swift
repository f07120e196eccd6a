import Foundation
import Testing

@testable import PresentationStateMachine

@Suite struct LiveAuditorTests {
  static let traces =
    RecordingFixture.traces(in: "rules") + RecordingFixture.traces(in: "mixed")
    + RecordingFixture.traces(in: "near-miss") + RecordingFixture.traces(in: "valid")

  /// Findings collected by a live auditor's handler as they happen.
  final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Finding] = []
    var findings: [Finding] {
      lock.lock()
      defer { lock.unlock() }
      return stored
    }
    func append(_ finding: Finding) {
      lock.lock()
      stored.append(finding)
      lock.unlock()
    }
  }

  /// Records each bundled trace through the file sink with a live auditor, then audits the file offline:
  /// the same findings (rule, severity, line, id, message), in the same order once sorted by line.
  @Test(arguments: traces)
  func liveFindingsEqualAnOfflineAuditOfTheRecordedFile(_ relativePath: String) throws {
    let (header, events) = try RecordingFixture.script(of: relativePath)
    let collected = Collected()
    let live = LiveAuditor { collected.append($0) }
    let path = try RecordingFixture.temporaryTracePath()
    let recorder = RecordingFixture.rerecord(
      events, header: header, to: try FileTraceSink(path: path, flushInterval: nil), liveAuditor: live)
    try recorder.close()
    let offline = FileReport.audit(path: path)
    #expect(offline.inputErrors.isEmpty)
    #expect(collected.findings == live.findings)
    #expect(live.findingsByLine == offline.findings)
    #expect(Set(live.findings.map(\.rule.rawValue)) == Set(offline.ruleIDs))
  }

  /// The live auditor fed a reader's records (unknown events included) reports what `FileReport` does.
  @Test(arguments: traces)
  func consumingARecordedFileEqualsTheReport(_ relativePath: String) throws {
    let path = RecordingFixture.tracesDirectory.appendingPathComponent(relativePath).path
    let live = LiveAuditor()
    for record in try TraceReader(path: path) { live.consume(record) }
    live.finish()
    #expect(live.findingsByLine == FileReport.audit(path: path).findings)
  }

  @Test func findingsArriveWithTheEventThatShowsThem() {
    let collected = Collected()
    let live = LiveAuditor { collected.append($0) }
    let clock = VirtualTraceClock(start: 1)
    let recorder = TraceRecorder(sink: MemoryTraceSink(), clock: clock, liveAuditor: live)
    recorder.record(.present, id: "card")
    recorder.record(.presentationTransitionWillBegin, id: "card")
    recorder.record(.animateTransition, id: "card", Payload(duration: 0.3))
    #expect(collected.findings.isEmpty)
    clock.advance(by: 0.3)
    recorder.record(.completeTransition, id: "card", Payload(didComplete: true))
    recorder.record(.completeTransition, id: "card", Payload(didComplete: true))
    #expect(collected.findings.map(\.rule) == [.completeTwice])
    #expect(collected.findings.map(\.line) == [5])
  }

  @Test func aHangIsReportedWhenALaterEventProvesItAndTheEndSettlesTheRest() throws {
    let collected = Collected()
    let live = LiveAuditor { collected.append($0) }
    let clock = VirtualTraceClock(start: 1)
    let sink = MemoryTraceSink()
    let recorder = TraceRecorder(sink: sink, clock: clock, liveAuditor: live)
    recorder.record(.present, id: "card")
    recorder.record(.presentationTransitionWillBegin, id: "card")
    recorder.record(.viewWillAppear, id: "card")
    recorder.record(.animateTransition, id: "card", Payload(duration: 0.3))
    clock.advance(by: 10)
    #expect(collected.findings.isEmpty)
    recorder.mark("later", id: "feed")  // time evidence: the deadline passed
    #expect(collected.findings.map(\.rule) == [.transitionNeverCompleted])
    #expect(collected.findings.first?.line == 4)
    try recorder.close()
    var offline = FileReport(path: "memory")
    offline.consume(TraceReader(bytes: Array(sink.text.utf8)))
    #expect(live.findingsByLine == offline.findings)
    #expect(collected.findings == live.findings)
  }
}

@Suite struct AppendedLiveAuditTests {
  static let oldTrace = [
    #"{"format":"presentation-trace","version":1}"#,
    #"{"t":1,"id":"card","event":"present"}"#,
    #"{"t":1.001,"id":"card","event":"presentationTransitionWillBegin"}"#,
    #"{"t":1.002,"id":"card","event":"animateTransition","duration":0.3}"#,
    #"{"t":1.302,"id":"card","event":"completeTransition","didComplete":true}"#,
    #"{"t":1.302,"id":"card","event":"presentationTransitionDidEnd","completed":true}"#,
  ]

  /// Records into a file that already holds `existing`, with a header and a live auditor: a dismiss of
  /// the card the old lines presented (legal) and of an id never presented (a finding).
  static func appendAndAudit(existing: String) throws -> (live: LiveAuditor, offline: FileReport) {
    let path = try RecordingFixture.temporaryTracePath()
    try existing.write(toFile: path, atomically: false, encoding: .utf8)
    let live = LiveAuditor()
    let sink = try FileTraceSink(path: path, mode: .append, flushInterval: nil)
    let recorder = TraceRecorder(
      sink: sink, clock: VirtualTraceClock(start: 2), header: TraceHeader(), liveAuditor: live)
    recorder.record(.dismiss, id: "card")
    recorder.record(.dismiss, id: "ghost")
    try recorder.close()
    return (live, FileReport.audit(path: path))
  }

  @Test func appendingNumbersLinesAfterTheOldOnesAndStartsFromTheirState() throws {
    let (live, offline) = try Self.appendAndAudit(existing: Self.oldTrace.joined(separator: "\n") + "\n")
    #expect(offline.findings.map(\.line) == [8])
    #expect(offline.findings.map(\.rule) == [.dismissNotPresented])
    #expect(live.findingsByLine == offline.findings)
  }

  @Test func aCutLastLineCountsAsALine() throws {
    let cut = Self.oldTrace.joined(separator: "\n") + "\n" + #"{"t":1.4,"id":"card","ev"#
    let (live, offline) = try Self.appendAndAudit(existing: cut)
    #expect(offline.inputErrors.map(\.line) == [7])
    #expect(offline.findings.map(\.line) == [9])
    #expect(live.findingsByLine == offline.findings)
  }

  @Test func anUnreadableExistingTraceIsReportedAndRecordingGoesOn() {
    final class WriteOnlySink: TraceSink {
      let memory = MemoryTraceSink()
      func write(_ line: String) throws(RecordingError) { try memory.write(line) }
      func existingTrace() -> [UInt8]? { nil }
      func flush() throws(RecordingError) {}
      func close() throws(RecordingError) {}
    }
    let log = ErrorLog()
    let sink = WriteOnlySink()
    let recorder = TraceRecorder(sink: sink, clock: VirtualTraceClock(), liveAuditor: LiveAuditor()) {
      log.append($0)
    }
    recorder.mark("still recording", id: "p1")
    #expect(log.errors.map(\.kind) == [.existingTraceUnreadable])
    #expect(log.errors.allSatisfy { !$0.isPermanent })
    #expect(sink.memory.lines.count == 1)
    #expect(recorder.failure == nil)
  }
}
