import Foundation
import Testing

@testable import PresentationStateMachine

/// A live auditor in an app that runs for hours and breaks a rule on every tap keeps the first
/// `findingLimit` findings and counts every one, while its handler sees them all.
@Suite struct LiveAuditorFindingLimitTests {
  /// Records `taps` taps that each break two rules, through a recorder with `live` auditing it: a dismiss
  /// of a card never presented (an error) and an interaction update before any start (a warning).
  static func recordBrokenTaps(_ taps: Int, with live: LiveAuditor) throws -> MemoryTraceSink {
    let sink = MemoryTraceSink()
    let recorder = TraceRecorder(
      sink: sink, clock: VirtualTraceClock(start: 1, step: 0.001), liveAuditor: live)
    for _ in 0..<taps {
      recorder.record(.dismiss, id: "card")
      recorder.record(.updateInteractiveTransition, id: "card", Payload(percent: 0.5))
    }
    try recorder.close()
    return sink
  }

  /// The offline audit of what the sink holds: what `replay audit` reports for the recorded file.
  static func offlineReport(of sink: MemoryTraceSink) -> FileReport {
    var report = FileReport(path: "memory")
    report.consume(TraceReader(bytes: Array(sink.text.utf8)))
    return report
  }

  /// `taps` broken taps recorded with a live auditor keeping at most `limit` findings: the auditor, what its
  /// handler collected, and the offline report of the same trace.
  static func brokenTaps(_ taps: Int, limit: Int) throws -> (
    live: LiveAuditor, collected: LiveAuditorTests.Collected, offline: FileReport
  ) {
    let collected = LiveAuditorTests.Collected()
    let live = LiveAuditor(findingLimit: limit) { collected.append($0) }
    let sink = try recordBrokenTaps(taps, with: live)
    return (live, collected, offlineReport(of: sink))
  }

  @Test func aLongSessionKeepsTheFirstFindingsAndCountsEveryOne() throws {
    let (live, collected, offline) = try Self.brokenTaps(5_000, limit: 100)
    #expect(offline.findings.count == 10_000)
    // Compared whole, not expanded: a failure would print ten thousand findings.
    let handlerSawEveryFinding = collected.findings == offline.findings
    #expect(handlerSawEveryFinding)
    #expect(live.findings.count == 100)
    let keptTheFirst = live.findings == Array(offline.findings.prefix(100))
    #expect(keptTheFirst)
    let byLineIsTheReportsTop = live.findingsByLine == Array(offline.findings.prefix(100))
    #expect(byLineIsTheReportsTop)
    #expect(live.settledFindings == 10_000)
    #expect(live.errors == 5_000)
    #expect(live.warnings == 5_000)
    #expect(live.events == 10_000)
  }

  /// The same past the default limit, fed as a reader's records: the return values get every finding.
  @Test func theDefaultLimitHoldsWhenConsumingALongTrace() throws {
    let live = LiveAuditor()
    #expect(live.findingLimit == LiveAuditor.defaultFindingLimit)
    let sink = try Self.recordBrokenTaps(LiveAuditor.defaultFindingLimit, with: LiveAuditor(findingLimit: 0))
    var returned = 0
    for record in TraceReader(bytes: Array(sink.text.utf8)) { returned += live.consume(record).count }
    returned += live.finish().count
    #expect(returned == 2 * LiveAuditor.defaultFindingLimit)
    #expect(live.findings.count == LiveAuditor.defaultFindingLimit)
    #expect(live.settledFindings == 2 * LiveAuditor.defaultFindingLimit)
    #expect(live.errors == LiveAuditor.defaultFindingLimit)
    #expect(live.warnings == LiveAuditor.defaultFindingLimit)
    #expect(live.findings.last?.line == LiveAuditor.defaultFindingLimit)
  }

  /// A near miss: exactly as many findings as the limit are all kept, as without one.
  @Test func findingsUpToTheLimitAreAllKept() throws {
    let (live, collected, offline) = try Self.brokenTaps(50, limit: 100)
    #expect(offline.findings.count == 100)
    #expect(live.findings == collected.findings)
    #expect(live.findingsByLine == offline.findings)
    #expect(live.settledFindings == 100)
    #expect(live.errors == 50)
    #expect(live.warnings == 50)
  }

  /// A limit of 0 or less keeps nothing and still counts and hands over every finding.
  @Test func aLimitOfZeroKeepsNothing() throws {
    let collected = LiveAuditorTests.Collected()
    let live = LiveAuditor(findingLimit: -1) { collected.append($0) }
    _ = try Self.recordBrokenTaps(3, with: live)
    #expect(live.findingLimit == 0)
    #expect(live.findings.isEmpty)
    #expect(collected.findings.count == 6)
    #expect(live.settledFindings == 6)
  }

  /// The findings of the trace a recording appends to are counted and kept like the others.
  @Test func catchingUpCountsTheOldRecordingsFindings() throws {
    let old = try Self.recordBrokenTaps(3, with: LiveAuditor(findingLimit: 0))
    let collected = LiveAuditorTests.Collected()
    let live = LiveAuditor(findingLimit: 4) { collected.append($0) }
    #expect(live.catchUp(on: Array(old.text.utf8)) == 6)
    #expect(collected.findings.isEmpty)
    #expect(live.findings.map(\.line) == [1, 2, 3, 4])
    #expect(live.settledFindings == 6)
    live.audit(Event(t: 10, id: "card", kind: .dismiss), line: 7)
    #expect(collected.findings.map(\.line) == [7])
    #expect(live.findings.map(\.line) == [1, 2, 3, 4])
    #expect(live.settledFindings == 7)
    #expect(live.errors == 4)
  }
}
