import Foundation
import Testing

@testable import PresentationStateMachine

/// Values a test author can pass to the public API, which once trapped: a NaN duration or tolerance in the
/// timing rules, a clock that gives an infinite time, a flush interval of 1e17 seconds, a buffer of
/// `Int.max` bytes, generator weights that add up past `Int.max`, negative counts in statistics. Each
/// now gives a defined answer (found by a sweep of the API; the traps are in its closing note).
@Suite struct OddValuesTests {
  @Test func aWindowWithNoBoundsTakesEveryTime() {
    #expect(AuditConfiguration().acceptableRange(around: .nan) == -Double.infinity...Double.infinity)
    var configuration = AuditConfiguration()
    configuration.toleranceRatio = .nan
    #expect(configuration.acceptableRange(around: 0.35) == -Double.infinity...Double.infinity)
    let events = [
      Event(t: 1, id: "card", kind: .present),
      Event(t: 1.01, id: "card", kind: .presentationTransitionWillBegin),
      Event(t: 1.02, id: "card", kind: .animateTransition, payload: Payload(duration: .nan)),
      Event(t: 1.4, id: "card", kind: .completeTransition, payload: Payload(didComplete: true)),
      Event(t: 1.4, id: "card", kind: .presentationTransitionDidEnd, payload: Payload(completed: true)),
    ]
    #expect(TraceAudit.findings(of: events, configuration: configuration).isEmpty)
    #expect(TraceAudit.findings(of: events).isEmpty)
  }

  @Test func aClockThatGivesAnInfiniteTimeRecordsNothingItCannotRead() {
    let sink = MemoryTraceSink()
    let errors = Errors()
    let recorder = TraceRecorder(
      sink: sink, clock: VirtualTraceClock(start: 1, step: .infinity), onError: { errors.append($0) })
    recorder.record(.present, id: "card")
    recorder.record(.presentationTransitionWillBegin, id: "card")
    #expect(sink.lines.count == 1)
    #expect(errors.all.map(\.kind) == [.invalidEvent])
    #expect(errors.all.first?.message.contains("t = inf") == true)
    #expect(
      FileReport.audit(path: "memory") { () throws(ReadFailure) in TraceReader(bytes: Array(sink.text.utf8)) }
        .inputErrors.isEmpty)
  }

  @Test func oddSinkSettingsAreTakenAsTheNearestThatWorks() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("odd-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let rarely = try FileTraceSink(
      path: directory.appendingPathComponent("a.jsonl").path, flushInterval: 1e17)
    try rarely.close()
    let huge = try FileTraceSink(path: directory.appendingPathComponent("b.jsonl").path, bufferCapacity: .max)
    #expect(huge.bufferCapacity == FileTraceSink.largestBufferCapacity)
    try huge.close()
    let background = try BackgroundFileTraceSink(
      creatingNew: directory.appendingPathComponent("c.jsonl").path, bufferCapacity: 1 << 62)
    #expect(background.bufferCapacity == FileTraceSink.largestBufferCapacity)
    try background.close()
  }

  @Test func weightsThatAddUpPastIntMaxStillGenerate() {
    var configuration = GeneratorConfiguration()
    configuration.weights.presentAnimated = .max
    configuration.weights.dismissAnimated = .max
    var generator = TraceGenerator(seed: 7, configuration: configuration)
    #expect(!generator.events().isEmpty)
  }

  @Test func negativeCountsPrintWithoutAShare() {
    var statistics = TraceStatistics()
    statistics.finished = 1
    statistics.cancelled = -1
    #expect(statistics.text().contains("interactive: 1 finished, -1 cancelled\n"))
  }

  /// The errors a recorder reported, from whichever thread it called.
  final class Errors: Sendable {
    private let state = LockedState([RecordingError]())
    func append(_ error: RecordingError) { state.withLock { $0.append(error) } }
    var all: [RecordingError] { state.withLock { $0 } }
  }
}
