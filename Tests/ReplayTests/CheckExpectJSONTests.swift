import Foundation
import Testing

@testable import Replay

/// `replay audit --check-expect`: the comparison with each header's `expect` (rule ids and `rule@line`
/// entries), as JSON for machines and as text.
@Suite struct CheckExpectJSONTests {
  func run(_ arguments: [String]) -> ReplayCLI.Result {
    ReplayCLI.run(arguments, context: ReplayCLI.Context(environment: [:], stdoutIsTerminal: false))
  }

  @Test func agreeingFilesAreReportedAsJSON() throws {
    let path = ReplayCLITests.tracesDirectory + "/rules/complete-twice.jsonl"
    let result = run(["audit", "--check-expect", "--format", "json", path])
    #expect(result.status == .clean)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let files = try #require(document["files"] as? [[String: Any]])
    #expect(files.count == 1)
    #expect(files.first?["agrees"] as? Bool == true)
    // The findings as the header's entries spell them: with lines.
    #expect(files.first?["reported"] as? [String] == ["complete-twice@10"])
    #expect((document["summary"] as? [String: Any])?["differing"] as? Int == 0)
  }

  @Test func aDifferenceIsSpelledOutAndFailsTheRun() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "check-expect-\(UUID().uuidString).jsonl"
    ).path
    let trace = """
      {"format":"presentation-trace","version":1,"expect":["id-in-use"]}
      {"t":1,"id":"a","event":"present"}
      {"t":1.1,"id":"a","event":"presentationTransitionDidEnd","completed":true}
      {"t":1.2,"id":"b","event":"dismiss"}
      """
    try trace.write(toFile: path, atomically: true, encoding: .utf8)
    let result = run(["audit", "--check-expect", "--format", "json", path])
    #expect(result.status == .findings)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let file = try #require((document["files"] as? [[String: Any]])?.first)
    #expect(file["agrees"] as? Bool == false)
    #expect(file["missing"] as? [String] == ["id-in-use"])
    #expect((file["unexpected"] as? [String])?.isEmpty == false)
    #expect((document["summary"] as? [String: Any])?["exitStatus"] as? Int == 1)
  }

  func temporaryTrace(expect: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "check-expect-\(UUID().uuidString).jsonl"
    ).path
    let trace = """
      {"format":"presentation-trace","version":1,"expect":\(expect)}
      {"t":1,"id":"a","event":"present"}
      {"t":1.1,"id":"a","event":"presentationTransitionDidEnd","completed":true}
      {"t":1.2,"id":"b","event":"dismiss"}
      """
    try trace.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// The trace above reports event-out-of-phase on line 3 (a DidEnd with the transition not begun; it is taken as
  /// presented) and dismiss-not-presented on line 4.
  @Test func lineEntriesAgreeAndAFindingOnAnotherLineIsSpelledOut() throws {
    let agreeing = try temporaryTrace(expect: #"["event-out-of-phase@3","dismiss-not-presented@4"]"#)
    let text = run(["audit", "--check-expect", agreeing])
    #expect(text.status == .clean, "\(text.stdout)")
    let json = run(["audit", "--check-expect", "--format", "json", agreeing])
    #expect(json.status == .clean)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let file = try #require((document["files"] as? [[String: Any]])?.first)
    #expect(file["agrees"] as? Bool == true)
    #expect(file["reported"] as? [String] == ["event-out-of-phase@3", "dismiss-not-presented@4"])

    let moved = try temporaryTrace(expect: #"["event-out-of-phase@3","dismiss-not-presented@3"]"#)
    let differs = run(["audit", "--check-expect", moved])
    #expect(differs.status == .findings)
    #expect(
      differs.stdout.contains("  - dismiss-not-presented@3 (expected, not reported)\n"), "\(differs.stdout)")
    #expect(
      differs.stdout.contains("  + dismiss-not-presented@4 (reported, not expected)\n"), "\(differs.stdout)")
    let differsJSON = run(["audit", "--check-expect", "--format", "json", moved])
    let movedFile = try #require(
      ((try JSONSerialization.jsonObject(with: Data(differsJSON.stdout.utf8)) as? [String: Any])?["files"]
        as? [[String: Any]])?.first)
    #expect(movedFile["missing"] as? [String] == ["dismiss-not-presented@3"])
    #expect(movedFile["unexpected"] as? [String] == ["dismiss-not-presented@4"])
  }

  @Test(arguments: [
    (#"["complete-twice@"]"#, "has no line after '@'"), (#"["@12"]"#, "names no rule before '@'"),
    (#"["nope@3"]"#, "unknown rule id 'nope'; did you mean"),
    (#"["complete-twice@0"]"#, "must be a number >= 1"),
    (#"["complete-twice@-2"]"#, "must be a number >= 1"),
    (#"["complete-twise"]"#, "did you mean 'complete-twice'?"),
  ])
  func aMalformedEntryIsAnInputErrorAtTheHeader(_ expect: String, _ message: String) throws {
    let path = try temporaryTrace(expect: expect)
    let column = #"{"format":"presentation-trace","version":1,"expect":["#.utf8.count + 1
    let text = run(["audit", "--check-expect", path])
    #expect(text.status == .inputError)
    #expect(text.stdout.hasPrefix("\(path):1:\(column): error: [input] \"expect\": "), "\(text.stdout)")
    #expect(text.stdout.contains(message), "\(text.stdout)")
    #expect(!text.stdout.contains("[expect]"), "a header that cannot be read is not compared")
    let json = run(["audit", "--check-expect", "--format", "json", path])
    #expect(json.status == .inputError)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let file = try #require((document["files"] as? [[String: Any]])?.first)
    #expect(file["agrees"] as? Bool == false)
    let error = try #require((file["errors"] as? [[String: Any]])?.first)
    #expect(error["line"] as? Int == 1 && error["column"] as? Int == column)
    #expect((error["message"] as? String)?.contains(message) == true)
    #expect((document["summary"] as? [String: Any])?["exitStatus"] as? Int == 2)
    // Only comparing reads the entries: a plain audit reports the findings as always.
    #expect(run(["audit", path]).status == .findings)
  }
}
