import Foundation
import Testing

@testable import PresentationStateMachine

/// A trace header's `"ignore"` (rule ids) disables those rules for that file, in every way a file is
/// audited; an unknown id is an input error at the header that names the closest valid one.
@Suite struct HeaderIgnoreTests {
  static let sample = BundledTracesTests.tracesDirectory.appendingPathComponent(
    "mixed/ignored-layout-hitches.jsonl"
  ).path

  static var sampleBytes: [UInt8] { (try? Array(Data(contentsOf: URL(fileURLWithPath: sample)))) ?? [] }

  /// The sample without its `"ignore"`: the same events, the layout hitches reported.
  static var sampleWithoutIgnore: [UInt8] {
    let text = String(decoding: sampleBytes, as: UTF8.self)
    return Array(text.replacingOccurrences(of: #""ignore":["layout-hitch"],"#, with: "").utf8)
  }

  static let header = #"{"format":"presentation-trace","version":1,"ignore":["layout-hitch"]}"#

  // MARK: The header

  @Test func theHeaderCarriesTheIgnoredRules() throws {
    let records = Array(TraceReader(bytes: Array((Self.header + "\n").utf8)))
    guard case .header(let header, line: 1) = try #require(records.first) else {
      Issue.record("no header: \(records)")
      return
    }
    #expect(header.ignore == [.layoutHitch])
    #expect(header.metadata.isEmpty)
  }

  @Test func anUnknownRuleIdIsAnInputErrorAtItsColumnNamingTheClosest() throws {
    let line = #"{"format":"presentation-trace","version":1,"ignore":["layout-hitch","complete-twise"]}"#
    let records = Array(TraceReader(bytes: Array(line.utf8)))
    guard case .inputError(let error) = try #require(records.first) else {
      Issue.record("not an input error: \(records)")
      return
    }
    #expect(error.line == 1)
    #expect(error.column == 69, "the column of \"complete-twise\"")
    #expect(error.message.contains("unknown rule id 'complete-twise'"))
    #expect(error.message.contains("did you mean 'complete-twice'?"))
  }

  @Test func ignoreMustBeAnArrayOfStrings() throws {
    for bad in [#""ignore":"layout-hitch""#, #""ignore":[1]"#] {
      let records = Array(
        TraceReader(bytes: Array(#"{"format":"presentation-trace","version":1,\#(bad)}"#.utf8)))
      guard case .inputError(let error) = try #require(records.first) else {
        Issue.record("not an input error: \(records)")
        continue
      }
      #expect(error.column == 53 && error.message.contains("\"ignore\" must"), "\(error)")
    }
  }

  @Test func theWriterKeepsIgnoreAndSoDoesReplayExpect() throws {
    let header = TraceHeader(expect: ["dismiss-not-presented"], ignore: [.layoutHitch, .completionLate])
    let line = TraceWriter.line(for: header)
    #expect(
      line
        == #"{"format":"presentation-trace","version":1,"expect":["dismiss-not-presented"],"ignore":["layout-hitch","completion-late"]}"#
    )
    #expect(Array(TraceReader(bytes: Array(line.utf8))) == [.header(header, line: 1)])
    let rewritten = try ExpectHeader.rewrite(Self.sampleBytes, expect: ["x"])
    guard case .header(let kept, _) = TraceReader(bytes: rewritten).first(where: { _ in true }) else {
      Issue.record("the rewritten trace has no header")
      return
    }
    #expect(kept.ignore == [.layoutHitch] && kept.expect == ["x"])
  }

  // MARK: Every way a file is audited

  static let withIgnore = ["dismiss-not-presented"]
  static let withoutIgnore = ["dismiss-not-presented", "layout-hitch"]

  static func rules(_ findings: [Finding]) -> [String] { Array(Set(findings.map(\.rule.rawValue))).sorted() }

  @Test func fileReport() {
    var report = FileReport(path: "")
    report.consume(TraceReader(bytes: Self.sampleBytes))
    #expect(Self.rules(report.findings) == Self.withIgnore)
    var plain = FileReport(path: "")
    plain.consume(TraceReader(bytes: Self.sampleWithoutIgnore))
    #expect(Self.rules(plain.findings) == Self.withoutIgnore)
  }

  @Test func traceReplayForShowStatsAndExport() {
    let replay = TraceReplay.run(reader: TraceReader(bytes: Self.sampleBytes), path: "")
    #expect(Self.rules(replay.report.findings) == Self.withIgnore)
    #expect(replay.transitions.flatMap(\.findings).allSatisfy { $0.rule != .layoutHitch })
    let plain = TraceReplay.run(reader: TraceReader(bytes: Self.sampleWithoutIgnore), path: "")
    #expect(Self.rules(plain.report.findings) == Self.withoutIgnore)
  }

  @Test func timeTravel() {
    #expect(AuditState.at(.line(14), in: TraceReader(bytes: Self.sampleBytes)).findings.isEmpty)
    #expect(
      AuditState.at(.line(14), in: TraceReader(bytes: Self.sampleWithoutIgnore)).findings.map(\.rule) == [
        .layoutHitch, .layoutHitch,
      ])
  }

  @Test func traceReplayer() {
    var replayer = TraceReplayer(reader: TraceReader(bytes: Self.sampleBytes))
    while replayer.step() != nil {}
    _ = replayer.finish()
    #expect(Self.rules(replayer.findings) == Self.withIgnore)
  }

  @Test func liveAuditorConsumingRecords() {
    let live = LiveAuditor()
    for record in TraceReader(bytes: Self.sampleBytes) { live.consume(record) }
    live.finish()
    #expect(Self.rules(live.findings) == Self.withIgnore)
  }

  @Test func recorderWithAHeaderAppliesItToItsLiveAuditor() throws {
    let live = LiveAuditor()
    let sink = MemoryTraceSink()
    let recorder = TraceRecorder(
      sink: sink, clock: VirtualTraceClock(start: 1, step: 0.001),
      header: TraceHeader(ignore: [.dismissNotPresented]), liveAuditor: live)
    recorder.record(.dismiss, id: "ghost")
    #expect(live.findings.isEmpty)
    let plain = LiveAuditor()
    TraceRecorder(
      sink: MemoryTraceSink(), clock: VirtualTraceClock(start: 1, step: 0.001), liveAuditor: plain
    )
    .record(.dismiss, id: "ghost")
    #expect(plain.findings.map(\.rule) == [.dismissNotPresented])
  }

  @Test func incrementalAuditAndResume() throws {
    let bytes = Self.sampleBytes
    let onePass = try IncrementalAudit.run(bytes: bytes, path: "")
    #expect(Self.rules(onePass.report.findings) == Self.withIgnore)
    // Snapshot after line 10 (past the header), resume: the header's ignore still holds, and the snapshot
    // taken with it is not refused as "other settings".
    let tenth = bytes.indices.filter { bytes[$0] == 0x0A }[9] + 1
    let first = try IncrementalAudit.run(bytes: Array(bytes[..<tenth]), path: "")
    let second = try IncrementalAudit.run(bytes: bytes, path: "", resumingFrom: first.snapshot)
    #expect(Self.rules(first.report.findings + second.report.findings) == Self.withIgnore)
    #expect(second.snapshot.ignore == [.layoutHitch])
    // Other settings are still refused.
    #expect(throws: AuditSnapshotError.self) {
      try IncrementalAudit.run(
        bytes: bytes, path: "", resumingFrom: first.snapshot, configuration: AuditConfiguration(grace: 9))
    }
  }
}
