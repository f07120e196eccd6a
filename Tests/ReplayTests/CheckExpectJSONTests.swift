import Foundation
import Testing

@testable import Replay

/// `replay audit --check-expect --format json`: the comparison with each header's `expect`, for machines.
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
    #expect(files.first?["reported"] as? [String] == ["complete-twice"])
    #expect((document["summary"] as? [String: Any])?["differing"] as? Int == 0)
  }

  @Test func aDifferenceIsSpelledOutAndFailsTheRun() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "check-expect-\(UUID().uuidString).jsonl"
    ).path
    let trace = """
      {"format":"presentation-trace","version":1,"expect":["id-in-use"]}
      {"t":1,"id":"a","event":"present"}
      {"t":1.1,"id":"a","event":"completeTransition","didComplete":true}
      {"t":1.2,"id":"a","event":"completeTransition","didComplete":true}
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
}
