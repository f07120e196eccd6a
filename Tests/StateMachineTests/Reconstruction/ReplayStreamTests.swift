import Foundation
import Testing

@testable import PresentationStateMachine

/// ``ReplayStream`` hands over, as they settle, exactly what a replay holding the whole trace rebuilds:
/// the same transitions with the same findings, in the same order while nothing waits past its window,
/// on every bundled trace and on generated and mutated ones.
@Suite struct ReplayStreamTests {
  /// What the reconstruction gave before it streamed: every transition kept to the end, every finding
  /// given to its transition at the end (`TransitionReconstructor.finish(findings:)`).
  static func heldWhole(_ text: String) -> (transitions: [ReconstructedTransition], findings: [Finding]) {
    let reader = TraceReader(source: MemoryByteSource(Array(text.utf8)))
    var audit = TraceAudit()
    var reconstructor = TransitionReconstructor()
    for record in reader {
      let step = audit.feed(record)
      if case .event(let event, let line) = record, let step {
        reconstructor.observe(CompactEvent(event), line: line, step: step)
      }
    }
    let findings = audit.finish().findings
    return (reconstructor.finish(findings: findings), findings)
  }

  struct Streamed {
    var transitions: [ReconstructedTransition] = []
    var findings: [Finding] = []
    var summary = ReplayStream.Summary(path: "")
  }

  /// The stream of `text`, letting go of what settled after every record (as a long trace does every
  /// 256): each transition is let go of at the first record where the stream may.
  static func streamed(_ text: String, window: Int = ReplayStream.window, passEvery: Int? = 1) -> Streamed {
    var streamed = Streamed()
    streamed.summary = ReplayStream.stream(
      path: "trace.jsonl", configuration: AuditConfiguration(), window: window, passEvery: passEvery,
      opening: { () throws(ReadFailure) in TraceReader(source: MemoryByteSource(Array(text.utf8))) },
      transition: { transition, _, _ in streamed.transitions.append(transition) },
      finding: { finding, _ in streamed.findings.append(finding) })
    return streamed
  }

  /// The stream and the whole replay agree, in order; with a tiny window the order may change, never
  /// what is handed over.
  func expectSameAsHeldWhole(_ text: String, _ label: String) {
    let whole = Self.heldWhole(text)
    let streamed = Self.streamed(text)
    #expect(streamed.transitions == whole.transitions, "\(label): transitions")
    #expect(streamed.findings == whole.findings, "\(label): findings")
    #expect(streamed.summary.inOrder, "\(label)")
    #expect(streamed.summary.missedAttributions == 0, "\(label)")
    #expect(streamed.summary.transitions == whole.transitions.count)
    #expect(streamed.summary.findings == whole.findings.count)
    #expect(Self.streamed(text, passEvery: nil).transitions == whole.transitions, "\(label): every 256")
    let tiny = Self.streamed(text, window: 2)
    #expect(Set(tiny.transitions) == Set(whole.transitions), "\(label): window 2")
    #expect(tiny.transitions.count == whole.transitions.count, "\(label): window 2")
    #expect(Set(tiny.findings.map(FindingKey.init)) == Set(whole.findings.map(FindingKey.init)), "\(label)")
    #expect(tiny.summary.missedAttributions == 0, "\(label): window 2")
  }

  @Test(arguments: BundledTracesTests.traceFiles)
  func aBundledTraceStreamsWhatItsWholeReplayHolds(_ relativePath: String) throws {
    let path = BundledTracesTests.tracesDirectory.appendingPathComponent(relativePath).path
    expectSameAsHeldWhole(try String(contentsOfFile: path, encoding: .utf8), relativePath)
  }

  /// Generated traces, whole and mutated (events dropped, repeated, swapped, their times moved): hangs
  /// reported lines after their last event, appearance callbacks left unresolved when a presentation is
  /// forgotten, time going back: findings settled out of the order of their lines.
  @Test(arguments: [11, 12, 13] as [UInt64])
  func generatedAndMutatedTracesStreamWhatTheirWholeReplayHolds(seed: UInt64) {
    var generator = TraceGenerator(seed: seed, configuration: GeneratorConfiguration(episodes: 40, roots: 3))
    var mutator = TraceMutator(seed: seed)
    for round in 0..<10 {
      let events = generator.events()
      let (mutated, _) = mutator.mutate(events)
      for (label, trace) in [("generated", events), ("mutated", mutated)] {
        expectSameAsHeldWhole(
          TraceWriter.trace(header: nil, events: trace), "seed \(seed), trace \(round), \(label)")
      }
    }
  }

  /// `count` presentations of their own ids after `prefix`, each presented and dismissed a second apart.
  static func presentations(_ count: Int, from first: Int = 0, startingAt t: Double = 0) -> [String] {
    (first..<first + count).flatMap { index -> [String] in
      let (id, start) = ("p\(index)", t + Double(4 * (index - first)))
      return [
        TraceWriter.line(
          for: Event(
            t: start + 1, id: id, kind: .present, payload: Payload(presenter: "root", style: "alert"))),
        TraceWriter.line(for: Event(t: start + 2, id: id, kind: .completion)),
        TraceWriter.line(for: Event(t: start + 3, id: id, kind: .dismiss)),
        TraceWriter.line(for: Event(t: start + 4, id: id, kind: .completion)),
      ]
    }
  }

  /// A presentation shown for the whole trace can take a finding until its dismissal begins, so the
  /// transitions after it wait for it, up to the window; past it they are handed over first, and the
  /// stream says so. Nothing is lost or changed.
  @Test func aPresentationShownThroughoutHoldsTheRestBackUpToTheWindow() {
    let base = [
      TraceWriter.line(
        for: Event(t: 0, id: "base", kind: .present, payload: Payload(presenter: "root", style: "alert"))),
      TraceWriter.line(for: Event(t: 0.5, id: "base", kind: .completion)),
    ]
    let text =
      (base
      + Self.presentations(300, startingAt: 1).map {
        $0.replacingOccurrences(of: "\"root\"", with: "\"base\"")
      })
      .joined(separator: "\n") + "\n"
    let whole = Self.heldWhole(text)
    #expect(whole.transitions.count == 601)
    let inOrder = Self.streamed(text)
    #expect(inOrder.transitions == whole.transitions && inOrder.summary.inOrder)
    let reordered = Self.streamed(text, window: 10)
    #expect(!reordered.summary.inOrder)
    #expect(Set(reordered.transitions) == Set(whole.transitions))
    #expect(reordered.transitions.count == whole.transitions.count)
    // The base presentation comes after transitions that started after it: it settles only at the end.
    #expect((reordered.transitions.firstIndex { $0.id == "base" } ?? 0) > 100)
  }

  /// A late callback of a presentation the machine already forgot is a finding of the transition it came
  /// after, while fewer than `lateFindingWindow` transitions began since; past that, of none, so that a
  /// stream holds no more than that many ended transitions.
  @Test func aLateCallbackBelongsToTheTransitionItCameAfterWithinTheWindow() {
    func trace(othersAfter count: Int) -> String {
      var lines = Self.presentations(1)  // p0, ended at t = 4
      lines += Self.presentations(count, from: 1, startingAt: 10)
      let t = 10 + Double(4 * count) + 1
      lines.append(
        TraceWriter.line(for: Event(t: t, id: "p0", kind: .animationEnded, payload: Payload(completed: true)))
      )
      return lines.joined(separator: "\n") + "\n"
    }
    let near = Self.streamed(trace(othersAfter: 10))
    #expect(near.findings.map(\.rule) == [.unknownPresentation])
    #expect(near.transitions.first { $0.id == "p0" && $0.kind == .dismissal }?.findings.count == 1)
    #expect(near.transitions == Self.heldWhole(trace(othersAfter: 10)).transitions)
    let count = ReplayStream.lateFindingWindow / 2 + 1  // two transitions each
    let far = Self.streamed(trace(othersAfter: count))
    #expect(far.findings.map(\.rule) == [.unknownPresentation])
    #expect(far.transitions.first { $0.id == "p0" && $0.kind == .dismissal }?.findings.isEmpty == true)
    #expect(far.summary.transitions == 2 + 2 * count)
  }

  /// Past its limit, a replay stops reading and says so, holding no more than the limit.
  @Test func aReplayStopsAtItsLimit() {
    let text = Self.presentations(20).joined(separator: "\n") + "\n"
    let open: () throws(ReadFailure) -> TraceReader = {
      TraceReader(source: MemoryByteSource(Array(text.utf8)))
    }
    let cut = TraceReplay.run(path: "t", limit: 10, opening: open)
    #expect(cut.stoppedAtLimit)
    #expect(cut.transitions.count <= 11)
    let whole = TraceReplay.run(path: "t", limit: 40, opening: open)
    #expect(!whole.stoppedAtLimit && whole.transitions.count == 40)
  }

  /// The streamed Chrome document: identical to the held one while the trace fits in the window; past
  /// it, every transition and finding is still there, in a document that parses.
  @Test func theChromeTimelineStreamsPastItsWindow() throws {
    let path = BundledTracesTests.tracesDirectory.appendingPathComponent("mixed/shopping-session.jsonl").path
    let open: () throws(ReadFailure) -> TraceReader = { try TraceReader(path: path) }
    let held = ChromeTraceExporter.export(TraceReplay.run(path: path))
    var pieces = ""
    let (_, document) = ChromeTraceExporter.export(path: path, opening: open) { pieces += $0 }
    #expect(document == held && pieces.isEmpty)
    let (summary, none) = ChromeTraceExporter.export(path: path, window: 3, opening: open) { pieces += $0 }
    #expect(none == nil)
    func events(_ text: String) throws -> [[String: Any]] {
      let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
      return try #require(object["traceEvents"] as? [[String: Any]])
    }
    let streamedEvents = try events(pieces)
    let heldEvents = try events(held)
    for category in ["transition", "finding", "presentation", "dismissal"] {
      #expect(
        streamedEvents.count { $0["cat"] as? String == category }
          == heldEvents.count { $0["cat"] as? String == category }, "\(category)")
    }
    #expect(summary.transitions > 3)
  }

  @Test func aBatchStreamKeepsTheOrderOfThePathsWhateverTheJobs() {
    let paths = Array(0..<12)
    for jobs in [1, 2, 5] {
      var seen: [Int] = []
      TraceBatch.stream(paths, jobs: jobs, buffer: 2) { path, emit in
        for item in 0..<(path * 7 % 10) { emit(path * 100 + item) }
      } consume: { index, item in
        #expect(item / 100 == paths[index])
        seen.append(item)
        return true
      }
      var expected: [Int] = []
      for path in paths {
        for item in 0..<(path * 7 % 10) { expected.append(path * 100 + item) }
      }
      #expect(seen == expected, "jobs \(jobs)")
      var taken = 0
      TraceBatch.stream(paths, jobs: jobs, buffer: 1) { path, emit in
        for item in 0..<5 { emit(path * 100 + item) }
      } consume: { _, _ in
        taken += 1
        return taken < 7
      }
      #expect(taken == 7, "jobs \(jobs): nothing is consumed after a stop")
    }
  }
}
