import Foundation
import Testing

@testable import PresentationStateMachine
@testable import Replay

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Golden output of `show`, `stats` and `export` on the bundled traces. Re-record after an intended change
/// with `REPLAY_RECORD_SNAPSHOTS=1 swift test --filter SnapshotTests`, and review the diff in git.
@Suite struct SnapshotTests {
  static let snapshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "Snapshots")
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Runs `replay` from the repository root, so the paths in the output are the relative ones a user sees.
  func run(_ arguments: [String]) -> ReplayCLI.Result {
    let previous = FileManager.default.currentDirectoryPath
    FileManager.default.changeCurrentDirectoryPath(Self.repository.path)
    defer { FileManager.default.changeCurrentDirectoryPath(previous) }
    return ReplayCLI.run(arguments, context: ReplayCLI.Context(environment: [:], stdoutIsTerminal: false))
  }

  func assertSnapshot(_ name: String, _ actual: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let url = Self.snapshots.appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["REPLAY_RECORD_SNAPSHOTS"] != nil {
      try? FileManager.default.createDirectory(at: Self.snapshots, withIntermediateDirectories: true)
      try? actual.write(to: url, atomically: true, encoding: .utf8)
      return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
      Issue.record(
        "no snapshot \(name); record it with REPLAY_RECORD_SNAPSHOTS=1", sourceLocation: sourceLocation)
      return
    }
    guard expected != actual else { return }
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let first =
      zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? min(expectedLines.count, actualLines.count)
    Issue.record(
      """
      \(name) differs from its snapshot at line \(first + 1):
      - \(first < expectedLines.count ? String(expectedLines[first]) : "<end>")
      + \(first < actualLines.count ? String(actualLines[first]) : "<end>")
      """, sourceLocation: sourceLocation)
  }

  @Test(arguments: [
    "valid/card-present-dismiss", "valid/interactive-dismiss-finished", "valid/dismiss-lower-in-stack",
    "mixed/shopping-session", "valid/system-sheet-swipe-dismissed",
    "valid/interruptible-dismiss-caught-and-reversed", "valid/animator-only-present-dismiss",
  ])
  func show(_ trace: String) {
    let result = run(["show", "--width", "100", "traces/\(trace).jsonl"])
    assertSnapshot("show-\(trace.replacingOccurrences(of: "/", with: "-")).txt", result.stdout)
  }

  @Test func statsOfAllBundledTraces() {
    let result = run(["stats", "traces"])
    #expect(result.status == .clean)
    assertSnapshot("stats-traces.txt", result.stdout)
  }

  @Test func statsOfShardsMergeToTheStatsOfTheWhole() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "stats-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let whole = run(["stats", "--format", "json", "traces"]).stdout
    var shards: [String] = []
    // One shard per folder of traces/, so a new folder (regressions/) cannot be left out of the whole.
    let traces = Self.repository.appendingPathComponent("traces").path
    let shardNames = try FileManager.default.contentsOfDirectory(atPath: traces).filter { name in
      var isDirectory: ObjCBool = false
      return FileManager.default.fileExists(atPath: "\(traces)/\(name)", isDirectory: &isDirectory)
        && isDirectory.boolValue
    }.sorted()
    #expect(shardNames.contains("regressions"))
    for shard in shardNames {
      let path = directory.appendingPathComponent("\(shard).json").path
      try run(["stats", "--format", "json", "traces/\(shard)"]).stdout.write(
        toFile: path, atomically: true, encoding: .utf8)
      shards.append(path)
    }
    let merged = run(["stats", "--merge", "--format", "json"] + shards)
    #expect(merged.status == .clean)
    // Counts and buckets add up exactly; only the sums' last bits depend on the order of addition.
    let fromShards = try TraceStatistics(json: merged.stdout.trimmingCharacters(in: .newlines))
    let fromWhole = try TraceStatistics(json: whole.trimmingCharacters(in: .newlines))
    #expect(fromShards.text() == fromWhole.text())
    #expect(fromShards.layoutPasses.buckets == fromWhole.layoutPasses.buckets)
    #expect(
      fromShards.durations[.dismissal]?.measured.buckets == fromWhole.durations[.dismissal]?.measured.buckets)
  }

  @Test func mergeRefusesSomethingElse() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "not-stats-\(UUID().uuidString).json")
    try #"{"files":[]}"#.write(to: path, atomically: true, encoding: .utf8)
    let result = run(["stats", "--merge", path.path])
    #expect(result.status == .inputError)
    #expect(result.stderr.contains("not the output of 'replay stats --format json'"))
  }

  @Test func chromeExportHasTheTraceEventFields() throws {
    let result = run(["export", "--format", "chrome", "traces/mixed/shopping-session.jsonl"])
    #expect(result.status == .clean)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let events = try #require(document["traceEvents"] as? [[String: Any]])
    #expect(document["displayTimeUnit"] as? String == "ms")
    let phases = Set(events.compactMap { $0["ph"] as? String })
    #expect(phases == ["M", "X", "i"])
    for event in events {
      #expect(event["name"] is String && event["pid"] is Int && event["tid"] is Int)
      switch event["ph"] as? String {
      case "X":
        #expect(((event["ts"] as? Double) ?? -1) >= 0 && ((event["dur"] as? Double) ?? -1) >= 0)
      case "i":
        #expect(event["ts"] is Double && event["s"] as? String == "t")
      default:
        #expect(event["args"] is [String: Any])
      }
    }
    let threadNames = events.filter { $0["name"] as? String == "thread_name" }.compactMap {
      ($0["args"] as? [String: Any])?["name"] as? String
    }
    #expect(threadNames == ["product", "sizeGuide", "paywall", "wishlist", "cart"])
    #expect(events.filter { $0["ph"] as? String == "i" }.count == 6)
  }

  @Test func svgExportIsWellFormedAndMatchesItsSnapshot() throws {
    let result = run(["export", "--format", "svg", "traces/mixed/shopping-session.jsonl"])
    #expect(result.status == .clean)
    #expect(result.stdout.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    let parser = XMLParser(data: Data(result.stdout.utf8))
    #expect(parser.parse(), "the SVG is not well-formed XML: \(String(describing: parser.parserError))")
    assertSnapshot("export-shopping-session.svg", result.stdout)
  }

  @Test func svgDrawsEveryFindingIncludingThoseOfNoTransition() throws {
    // pushAlert's present (line 98) is refused as presenter-busy: no transition, yet a finding.
    let result = run(["export", "--format", "svg", "traces/mixed/shopping-session.jsonl"])
    let markers = result.stdout.components(separatedBy: "<title>line ").count - 1
    #expect(markers == 6, "the trace has 6 findings; the SVG draws \(markers)")
    #expect(result.stdout.contains("<title>line 98 [presenter-busy] pushAlert"))
    #expect(result.stdout.contains(">pushAlert</text>"), "pushAlert gets a row")
  }
}
