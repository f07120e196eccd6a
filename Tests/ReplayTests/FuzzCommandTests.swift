import Foundation
import Testing

@testable import PresentationStateMachine
@testable import Replay

/// `replay shrink`, `replay fuzz` and `replay explore` from the command line.
@Suite struct FuzzCommandTests {
  static let tracesDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("traces").path

  func run(_ arguments: [String]) -> ReplayCLI.Result {
    ReplayCLI.run(arguments, context: ReplayCLI.Context())
  }

  func temporaryPath(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("replay-fuzz-\(UUID().uuidString)-\(name)")
      .path
  }

  @Test func shrinkWritesAMinimalTraceThatStillReportsTheRule() throws {
    let out = temporaryPath("min.jsonl")
    let result = run([
      "shrink", "\(Self.tracesDirectory)/rules/complete-twice.jsonl", "--rule", "complete-twice", "--out",
      out,
    ])
    #expect(result.status == .clean, "\(result.stderr)")
    let text = try String(contentsOfFile: out, encoding: .utf8)
    #expect(text.split(separator: "\n").count == 3, "\(text)")
    // Every finding the three events still show, at its line in the written file, so the file passes
    // the suite's audit as it is.
    #expect(text.contains(#""expect":["unknown-presentation@2","complete-twice@3"]"#), "\(text)")
    #expect(run(["audit", out]).status == .findings)
    #expect(run(["audit", "--check-expect", out]).status == .clean)
  }

  @Test func shrinkUsageErrors() {
    #expect(
      run(["shrink", "x.jsonl", "--rule", "complete-twise", "--out", "y"]).stderr.contains("complete-twice"))
    #expect(run(["shrink", "x.jsonl", "--rule", "complete-twice", "--out", "y"]).status == .inputError)
    #expect(run(["shrink", "--rule", "complete-twice"]).status == .usage)
    #expect(run(["shrink", "--help"]).status == .clean)
    let valid = "\(Self.tracesDirectory)/valid/card-present-dismiss.jsonl"
    #expect(
      run(["shrink", valid, "--rule", "complete-twice", "--out", temporaryPath("none")]).status == .findings)
  }

  @Test func fuzzIsCleanAndDeterministic() throws {
    let first = temporaryPath("a")
    let second = temporaryPath("b")
    let regressions = temporaryPath("regressions")
    for out in [first, second] {
      let result = run(["fuzz", "--seed", "7", "--count", "3", "--out", out, "--regressions", regressions])
      #expect(result.status == .clean, "seed 7: \(result.stderr)")
      #expect(result.stdout.contains("0 failing"))
    }
    let a = try String(contentsOfFile: "\(first)/fuzz-7-2.jsonl", encoding: .utf8)
    let b = try String(contentsOfFile: "\(second)/fuzz-7-2.jsonl", encoding: .utf8)
    #expect(a == b, "seed 7")
    // A valid trace's header expects the transition-aborted warning of each abort, so the files are
    // fixtures as they are.
    #expect(run(["audit", "--check-expect", first]).status == .clean, "seed 7")
    let invalid = run(["fuzz", "--seed", "7", "--count", "20", "--invalid", "--regressions", regressions])
    #expect(invalid.status == .clean, "seed 7 --invalid: \(invalid.stderr)")
    #expect(run(["fuzz", "--seed", "-1", "--count", "1"]).status == .usage)
    #expect(run(["fuzz", "--help"]).status == .clean)
  }

  /// The counts of `kinds counted from the events: observed presentation 12, observed swipe 5
  /// (dismissed 3, reverted 1, refused 1), …` in `stdout`, by kind.
  static func kindCounts(_ stdout: String) -> [String: Int] {
    let prefix = "kinds counted from the events: "
    guard let line = stdout.split(separator: "\n").first(where: { $0.hasPrefix(prefix) }) else { return [:] }
    // Leave out the parenthesised breakdown of the swipes, then read "name N" pairs.
    var text = String(line.dropFirst(prefix.count))
    while let open = text.firstIndex(of: "("), let close = text[open...].firstIndex(of: ")") {
      text.removeSubrange(open...close)
    }
    var counts: [String: Int] = [:]
    for item in text.split(separator: ",") {
      let words = item.split(separator: " ")
      guard let last = words.last, let count = Int(last) else { continue }
      counts[words.dropLast().joined(separator: " ")] = count
    }
    return counts
  }

  /// Each run prints how often each census kind (`TraceCensus.Kind`) occurred, counted from the events
  /// audited: the figures are those of `TraceCensus` over the same traces, and a small seeded run has every
  /// kind, in both modes.
  @Test func fuzzCountsEachNewKindFromTheEvents() throws {
    let regressions = temporaryPath("regressions")
    let valid = run(["fuzz", "--seed", "11", "--count", "12", "--regressions", regressions])
    #expect(valid.status == .clean, "seed 11: \(valid.stderr)")
    var generator = TraceGenerator(seed: 11)
    var census = TraceCensus()
    for _ in 0..<12 { census.add(TraceCensus(events: generator.events())) }
    let counts = Self.kindCounts(valid.stdout)
    for kind in TraceCensus.Kind.allCases {
      #expect(counts[kind.rawValue] == census[kind], "seed 11, \(kind.rawValue): \(valid.stdout)")
      #expect(census[kind] > 0, "seed 11: no \(kind.rawValue) in 12 traces")
    }
    #expect(
      valid.stdout.contains(
        "(dismissed \(census.swipes.dismissed), reverted \(census.swipes.reverted), refused \(census.swipes.refused))"
      ),
      "\(valid.stdout)")
    let invalid = run(["fuzz", "--seed", "11", "--count", "12", "--invalid", "--regressions", regressions])
    #expect(invalid.status == .clean, "seed 11 --invalid: \(invalid.stderr)")
    let mutatedCounts = Self.kindCounts(invalid.stdout)
    for kind in TraceCensus.Kind.allCases {
      #expect(
        (mutatedCounts[kind.rawValue] ?? 0) > 0, "seed 11 --invalid, \(kind.rawValue): \(invalid.stdout)")
    }
  }

  @Test func invalidModeWritesTheWholeMutatedTraceLabelledWithItsFindings() throws {
    let out = temporaryPath("invalid")
    let regressions = temporaryPath("regressions")
    let result = run([
      "fuzz", "--seed", "3", "--count", "8", "--invalid", "--out", out, "--regressions", regressions,
    ])
    #expect(result.status == .clean, "seed 3 --invalid: \(result.stderr)")
    #expect(result.stdout.contains("machine and acceptor agreed on"), "\(result.stdout)")
    let text = try String(contentsOfFile: "\(out)/fuzz-3-0.jsonl", encoding: .utf8)
    // The whole trace as generated (appearance and layout included), not the acceptor's projection.
    #expect(text.contains("viewWillAppear") && text.contains("containerView"), "seed 3")
    #expect(text.contains(#""mutation":"#), "seed 3")
    // Each file's expect is what its audit reports, so the files can serve as fixtures as they are.
    #expect(run(["audit", "--check-expect", out]).status == .clean, "seed 3")
  }

  @Test func exploreReportsEveryPropertyHolding() {
    let result = run(["explore", "--depth", "1", "--presentations", "2"])
    #expect(result.status == .clean, "\(result.stderr)")
    #expect(result.stdout.contains("every property holds"))
    let deeper = run(["explore", "--depth", "4"])
    #expect(deeper.stdout.contains("states/s") && deeper.stdout.contains("sequences/s"), "\(deeper.stdout)")
    #expect(
      deeper.stdout.contains(
        "shortest present-then-dismiss: present p1, completeTransition(true) p1, dismiss p1, "
          + "completeTransition(true) p1"), "\(deeper.stdout)")
    #expect(run(["explore", "--depth", "99"]).status == .usage)
    #expect(run(["explore", "--help"]).status == .clean)
  }
}
