import Foundation
import PresentationStateMachine
import Testing

@testable import Replay

/// The commands that read a trace's every presentation hold what is in flight, not the trace: each runs
/// as its own process (``ReplayPeak``) on a generated trace and on one four times as long, and its peak
/// resident memory may differ by at most 5 MB.
///
/// The traces are those `ReplayBenchmark --memory` measures (each presentation presented and dismissed, a
/// second apart, every id new), 12,000 and 48,000 presentations long rather than 100,000 and 1,000,000:
/// the tests run the debug `replay`, about ten times slower than the release one. The pair still
/// tells growth from noise: before streaming, the 36,000 presentations between them took 23 MB
/// (`stats`, 650 bytes a presentation) to 108 MB (`export --table transitions`), and both traces are
/// past every window a stream holds (10,000 transitions, the Chrome document's 10,000 events), so what is
/// bounded is at its bound in both.
@Suite struct BoundedMemoryTests {
  static let small = 12_000
  static let large = 48_000
  /// The most two peaks may differ by, in kilobytes.
  static let tolerance = 5 * 1024

  /// Generated once, in a directory of the temporary directory that later runs reuse (the traces never
  /// change; a run that finds them all reads them as they are).
  static let traces: Traces? = try? Traces()

  struct Traces: Sendable {
    let directory: String
    let small: String
    let large: String
    let fewFindings: String
    let manyFindings: String
    let smallFleet: String
    let largeFleet: String
    let fewLeaked: String
    let manyLeaked: String

    init() throws {
      directory =
        FileManager.default.temporaryDirectory.appendingPathComponent("replay-bounded-memory-traces-4").path
      small = directory + "/presentations-small.jsonl"
      large = directory + "/presentations-large.jsonl"
      fewFindings = directory + "/findings-small.jsonl"
      manyFindings = directory + "/findings-large.jsonl"
      smallFleet = directory + "/fleet-small"
      largeFleet = directory + "/fleet-large"
      fewLeaked = directory + "/never-dismissed-small.jsonl"
      manyLeaked = directory + "/never-dismissed-large.jsonl"
      let complete = directory + "/complete"
      if FileManager.default.fileExists(atPath: complete) { return }
      try FileManager.default.createDirectory(atPath: smallFleet, withIntermediateDirectories: true)
      try FileManager.default.createDirectory(atPath: largeFleet, withIntermediateDirectories: true)
      try Self.presentations(BoundedMemoryTests.small).write(
        toFile: small, atomically: false, encoding: .utf8)
      try Self.presentations(BoundedMemoryTests.large).write(
        toFile: large, atomically: false, encoding: .utf8)
      try Self.neverDismissed(BoundedMemoryTests.small).write(
        toFile: fewLeaked, atomically: false, encoding: .utf8)
      try Self.neverDismissed(BoundedMemoryTests.large).write(
        toFile: manyLeaked, atomically: false, encoding: .utf8)
      try Self.clockGoingBack(10_000).write(toFile: fewFindings, atomically: false, encoding: .utf8)
      try Self.clockGoingBack(100_000).write(toFile: manyFindings, atomically: false, encoding: .utf8)
      for file in 0..<100 {
        let trace = Self.findings(1000, file: file)
        let name = "/trace-\(1000 + file).jsonl"
        if file < 10 { try trace.write(toFile: smallFleet + name, atomically: false, encoding: .utf8) }
        try trace.write(toFile: largeFleet + name, atomically: false, encoding: .utf8)
      }
      try "".write(toFile: complete, atomically: true, encoding: .utf8)
    }

    /// `count` presentations, each presented and dismissed, a second apart, each id new.
    static func presentations(_ count: Int) -> String {
      var text = TraceWriter.line(for: TraceHeader(expect: [], metadata: [])) + "\n"
      for index in 0..<count {
        let (id, t) = ("p\(index)", Double(4 * index))
        text += TraceWriter.line(
          for: Event(t: t + 1, id: id, kind: .present, payload: Payload(presenter: "root", style: "alert")))
        text += "\n" + TraceWriter.line(for: Event(t: t + 2, id: id, kind: .completion))
        text += "\n" + TraceWriter.line(for: Event(t: t + 3, id: id, kind: .dismiss))
        text += "\n" + TraceWriter.line(for: Event(t: t + 4, id: id, kind: .completion)) + "\n"
      }
      return text
    }

    /// `count` findings that leave nothing behind in the machine: the root's `viewWillAppear` with its
    /// time going back every other line (`time-went-backwards`). (A `dismiss` of an id never presented
    /// leaves the machine a slot awaiting its completion, for the rest of the trace: see `Performance.md`.)
    static func clockGoingBack(_ count: Int) -> String {
      var text = TraceWriter.line(for: TraceHeader(expect: [], metadata: [])) + "\n"
      for index in 0..<2 * count {
        text +=
          TraceWriter.line(for: Event(t: index % 2 == 0 ? 2 : 1, id: "root", kind: .viewWillAppear)) + "\n"
      }
      return text
    }

    /// `count` findings: a `dismiss` of an id never presented, a second apart.
    /// `count` presentations, each from its own root, presented and never dismissed: an app that leaks
    /// its view controllers.
    static func neverDismissed(_ count: Int) -> String {
      var text = TraceWriter.line(for: TraceHeader(expect: [], metadata: [])) + "\n"
      for index in 0..<count {
        let (id, t) = ("p\(index)", Double(2 * index))
        text += TraceWriter.line(
          for: Event(
            t: t + 1, id: id, kind: .present, payload: Payload(presenter: "root:\(index)", style: "alert")))
        text += "\n" + TraceWriter.line(for: Event(t: t + 2, id: id, kind: .completion)) + "\n"
      }
      return text
    }

    static func findings(_ count: Int, file: Int) -> String {
      var text = TraceWriter.line(for: TraceHeader(expect: [], metadata: [])) + "\n"
      for index in 0..<count {
        text +=
          TraceWriter.line(for: Event(t: Double(index + 1), id: "f\(file)-\(index)", kind: .dismiss)) + "\n"
      }
      return text
    }
  }

  /// The peaks of `arguments` on the smaller and the larger input, in kilobytes, after checking that
  /// both runs ended with `status`.
  func peaks(_ arguments: [String], small: String, large: String, status: Int32 = 0) throws -> (Int, Int) {
    let first = try ReplayPeak.run(arguments + [small])
    let second = try ReplayPeak.run(arguments + [large])
    for run in [first, second] {
      #expect(!run.signalled, "\(arguments) ended by signal \(run.status)")
      #expect(run.status == status, "\(arguments): exit \(run.status), \(run.stderr)")
    }
    return (first.kilobytes, second.kilobytes)
  }

  static let presentationCommands: [[String]] = [
    ["stats"],
    ["stats", "--format", "json"],
    ["export", "--table", "transitions"],
    ["export", "--table", "transitions", "--format", "csv"],
    ["export", "--table", "findings"],
    ["export", "--table", "traces"],
    ["export", "--table", "traces", "--format", "csv"],
    ["export", "--format", "chrome"],
  ]

  @Test(arguments: presentationCommands)
  func memoryDoesNotGrowWithTheNumberOfPresentations(_ command: [String]) throws {
    let traces = try #require(Self.traces)
    let (small, large) = try peaks(command, small: traces.small, large: traces.large)
    #expect(
      large - small <= Self.tolerance,
      "\(command): \(small) KB for \(Self.small) presentations, \(large) KB for \(Self.large)")
  }

  /// `show` and the SVG timeline hold one trace whole, up to their limit: both traces are past it, so
  /// both stop there (exit status 2) in the same memory.
  @Test(arguments: [["show"], ["export", "--format", "svg"]])
  func aDrawingStopsAtItsLimitInsteadOfGrowing(_ command: [String]) throws {
    let traces = try #require(Self.traces)
    let (small, large) = try peaks(command, small: traces.small, large: traces.large, status: 2)
    #expect(
      large - small <= Self.tolerance,
      "\(command): \(small) KB for \(Self.small) presentations, \(large) KB for \(Self.large)")
  }

  /// Past the limit, `show` and the SVG timeline say so, name the limit and what streams instead, and
  /// write nothing; at the limit they draw the trace as before.
  @Test(arguments: [["show"], ["export", "--format", "svg"]])
  func aDrawingPastItsLimitSaysSoAndNamesWhatStreams(_ command: [String]) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "replay-drawing-limit-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    // Two transitions a presentation: 10,000 transitions, then 10,002.
    let atLimit = directory.appendingPathComponent("at-limit.jsonl").path
    let pastLimit = directory.appendingPathComponent("past-limit.jsonl").path
    try Traces.presentations(ShowRenderer.limit / 2).write(
      toFile: atLimit, atomically: false, encoding: .utf8)
    try Traces.presentations(ShowRenderer.limit / 2 + 1).write(
      toFile: pastLimit, atomically: false, encoding: .utf8)
    let context = ReplayCLI.Context(environment: [:], stdoutIsTerminal: false)
    let drawn = ReplayCLI.run(command + [atLimit], context: context)
    #expect(drawn.status == .clean && !drawn.stdout.isEmpty, "\(drawn.stderr)")
    let refused = ReplayCLI.run(command + [pastLimit], context: context)
    #expect(refused.status == .inputError)
    #expect(refused.stdout.isEmpty)
    #expect(refused.stderr.contains("has more than 10000 transitions or findings"), "\(refused.stderr)")
    #expect(refused.stderr.contains("replay export --table transitions|findings"))
    #expect(refused.stderr.contains("replay export --format chrome"))
    #expect(SVGTimelineExporter.limit == ShowRenderer.limit)
  }

  /// A trace's findings stream too: ten times as many cost no more memory.
  @Test(arguments: [
    ["export", "--table", "findings"], ["export", "--table", "findings", "--format", "csv"],
    ["export", "--format", "chrome"], ["stats"],
  ])
  func memoryDoesNotGrowWithATracesFindings(_ command: [String]) throws {
    let traces = try #require(Self.traces)
    let (small, large) = try peaks(command, small: traces.fewFindings, large: traces.manyFindings)
    #expect(
      large - small <= Self.tolerance, "\(command): \(small) KB for 10,000 findings, \(large) KB for 100,000")
  }

  /// Statistics of a fleet add each trace up as it streams, instead of holding every trace's replay.
  @Test(arguments: [["stats"], ["stats", "--jobs", "2"], ["export", "--table", "findings", "--jobs", "2"]])
  func memoryDoesNotGrowWithTheFleet(_ command: [String]) throws {
    let traces = try #require(Self.traces)
    let (small, large) = try peaks(command, small: traces.smallFleet, large: traces.largeFleet)
    #expect(large - small <= Self.tolerance, "\(command): \(small) KB for 10 files, \(large) KB for 100")
  }

  /// A fleet's audit writes each file's report as soon as it and the files before it are done: a hundred
  /// files of a thousand findings cost no more than ten (it held every file's findings, about 18 MB more
  /// for the hundred, until the last file was audited).
  @Test(arguments: [["audit"], ["audit", "--jobs", "2"], ["audit", "--format", "json", "--jobs", "2"]])
  func anAuditOfAFleetDoesNotGrowWithTheFleet(_ command: [String]) throws {
    let traces = try #require(Self.traces)
    let (small, large) = try peaks(command, small: traces.smallFleet, large: traces.largeFleet, status: 1)
    #expect(large - small <= Self.tolerance, "\(command): \(small) KB for 10 files, \(large) KB for 100")
  }

  /// A trace that keeps presentations alive stops at the presentation limit with an input error (exit
  /// status 2) instead of growing: 12,000 and 48,000 presentations never dismissed, past a limit of
  /// 10,000, take the same memory in every command that audits.
  @Test(arguments: [
    ["audit"], ["stats"], ["export", "--table", "transitions"], ["export", "--format", "chrome"],
  ])
  func presentationsNeverDismissedStopAtTheLimit(_ command: [String]) throws {
    let traces = try #require(Self.traces)
    let (small, large) = try peaks(
      command + ["--max-presentations", "10000"], small: traces.fewLeaked, large: traces.manyLeaked, status: 2
    )
    #expect(
      large - small <= Self.tolerance,
      "\(command): \(small) KB for \(Self.small) presentations never dismissed, \(large) KB for \(Self.large)"
    )
  }
}
