import Foundation
import Testing

@testable import PresentationStateMachine

/// ``TraceAudit`` is the one loop every way of auditing a trace goes through: each gives the same report
/// for the same trace, whether it reads a file, streams it, steps it or is fed records one at a time.
@Suite struct TraceAuditTests {
  /// Traces at the edges of what a report says: nothing, blank lines, a header alone, an unknown event
  /// alone, a bad line alone, a cut last line.
  static let edgeTraces: [String] = [
    "",
    "\n\n\n",
    #"{"format":"presentation-trace","version":1}"# + "\n",
    #"{"t":1,"id":"p1","event":"appDidSomething"}"# + "\n",
    "{\"t\":1,\n",
    #"{"t":1,"id":"p1","event":"present","presenter":"root"}"# + "\n" + #"{"t":2,"id":"p1","#,
  ]

  static func bundled(_ relative: String) -> String {
    BundledTracesTests.tracesDirectory.appendingPathComponent(relative).path
  }

  /// The report of `text` fed to a `TraceAudit` record by record.
  static func fedRecordByRecord(_ text: String, path: String) -> FileReport {
    var audit = TraceAudit(path: path)
    for record in TraceReader(bytes: Array(text.utf8)) { audit.feed(record) }
    audit.lines = max(audit.lines, text.split(separator: "\n", omittingEmptySubsequences: false).count - 1)
    return audit.finish()
  }

  func expectOneReport(_ text: String, _ label: String) {
    let bytes = Array(text.utf8)
    let open = { () throws(ReadFailure) in TraceReader(bytes: bytes) }
    let file = FileReport.audit(path: "t", opening: open)
    #expect(TraceReplay.run(path: "t", opening: open).report == file, "\(label): TraceReplay")
    var read = TraceAudit(path: "t")
    read.read(TraceReader(bytes: bytes))
    #expect(read.finish() == file, "\(label): TraceAudit.read")
    let fed = Self.fedRecordByRecord(text, path: "t")
    #expect(fed.findings == file.findings, "\(label): fed record by record")
    #expect(fed.inputErrors == file.inputErrors && fed.events == file.events, "\(label)")
    let live = LiveAuditor()
    for record in TraceReader(bytes: bytes) { live.consume(record) }
    live.finish()
    #expect(live.findingsByLine == file.findings, "\(label): LiveAuditor")
    var replayer = TraceReplayer(reader: TraceReader(bytes: bytes))
    while replayer.step() != nil {}
    _ = replayer.finish()
    #expect(
      replayer.findings.sorted { $0.line < $1.line }.map(\.line) == file.findings.map(\.line),
      "\(label): TraceReplayer")
  }

  @Test(arguments: BundledTracesTests.traceFiles)
  func everyLoopGivesTheSameReportOfABundledTrace(_ relative: String) throws {
    expectOneReport(try String(contentsOfFile: Self.bundled(relative), encoding: .utf8), relative)
  }

  @Test func everyLoopGivesTheSameReportAtTheEdges() {
    for (index, text) in Self.edgeTraces.enumerated() { expectOneReport(text, "edge trace \(index + 1)") }
  }

  /// An empty trace is clean, but says so in a note, whichever loop read it (a replay once did not).
  @Test func aTraceWithNothingInItHasANoteInEveryReport() {
    let open = { () throws(ReadFailure) in TraceReader(bytes: Array("\n\n".utf8)) }
    for report in [
      FileReport.audit(path: "t", opening: open), TraceReplay.run(path: "t", opening: open).report,
    ] {
      #expect(report.notes.map(\.line) == [2])
      #expect(report.notes.first?.message.hasPrefix("no events: nothing to audit") == true)
      #expect(report.findings.isEmpty && report.inputErrors.isEmpty)
    }
  }

  /// The type's own example: each event record returns the machine's step, which names the rule it broke.
  @Test func feedingARecordReturnsItsStep() throws {
    var audit = TraceAudit(path: "complete-twice.jsonl")
    var rejected: [String] = []
    for record in try TraceReader(path: Self.bundled("rules/complete-twice.jsonl")) {
      let step = audit.feed(record)
      if case .event = record { #expect(step != nil) } else { #expect(step == nil) }
      if let step, let rule = step.rule { rejected.append("\(step.id) \(rule.rawValue)") }
    }
    let report = audit.finish()
    #expect(rejected == ["card complete-twice"])
    #expect(report.findings.map(\.rule) == [.completeTwice])
    #expect(report.events == FileReport.audit(path: Self.bundled("rules/complete-twice.jsonl")).events)
  }

  /// The driver's own example runs too: its record entry point returns the step of an event.
  @Test func theDriverReturnsTheStepOfAnEventRecord() {
    var driver = AuditDriver()
    let step = driver.consume(.event(Event(t: 1, id: "card", kind: .present), line: 1))
    #expect(step?.to == .presentingRequested)
    #expect(driver.consume(.note(TraceNote(line: 2, message: "n"))) == nil)
  }

  @Test func afterFinishNothingFedChangesTheAudit() {
    var audit = TraceAudit()
    audit.feed(Event(t: 1, id: "card", kind: .present, payload: Payload(presenter: "root")), line: 1)
    let report = audit.finish()
    #expect(audit.feed(Event(t: 2, id: "card", kind: .completeTransition), line: 2) == nil)
    #expect(audit.feed(.inputError(InputError(line: 3, column: 1, message: "bad"))) == nil)
    audit.read(TraceReader(bytes: Array(#"{"t":3,"id":"x","event":"dismiss"}"#.utf8)))
    #expect(audit.finish() == report)
    #expect(audit.events == 1)
  }

  /// Events in memory are lines 1 to n, or 2 to n + 1 after a header, whose `ignore` applies.
  @Test func findingsOfEventsNumberTheirLinesAsTheWrittenTraceWould() {
    let events = [
      Event(t: 1, id: "card", kind: .present, payload: Payload(presenter: "root")),
      Event(t: 1.001, id: "card", kind: .presentationTransitionWillBegin),
      Event(t: 1.002, id: "card", kind: .animateTransition, payload: Payload(duration: 0.3)),
      Event(t: 1.302, id: "card", kind: .completeTransition, payload: Payload(didComplete: true)),
      Event(t: 1.303, id: "card", kind: .completeTransition, payload: Payload(didComplete: true)),
      Event(t: 1.304, id: "card", kind: .presentationTransitionDidEnd, payload: Payload(completed: true)),
    ]
    let plain = TraceAudit.findings(of: events)
    #expect(plain.map(\.line) == [5])
    let afterHeader = TraceAudit.findings(of: events, header: TraceHeader())
    #expect(afterHeader.map(\.line) == [6])
    let written = FileReport.audit(path: "t") { () throws(ReadFailure) in
      TraceReader(bytes: Array(TraceWriter.trace(header: TraceHeader(), events: events).utf8))
    }
    #expect(written.findings == afterHeader)
    var ignoring = TraceHeader()
    ignoring.ignore = plain.map(\.rule)
    #expect(TraceAudit.findings(of: events, header: ignoring).isEmpty)
  }
}
