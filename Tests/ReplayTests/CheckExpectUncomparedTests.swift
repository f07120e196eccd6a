import Foundation
import Testing

@testable import Replay

/// A file whose findings could not be held to its `expect` (a malformed entry, a header that could not be
/// read) is counted as not compared, never as agreeing: the summary once said "all agree" beside the input
/// error, and a header refused for its `ignore` read as a file with no `expect` at all.
@Suite struct CheckExpectUncomparedTests {
  func run(_ arguments: [String]) -> ReplayCLI.Result {
    ReplayCLI.run(arguments, context: ReplayCLI.Context(environment: [:], stdoutIsTerminal: false))
  }

  func trace(_ header: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "uncompared-\(UUID().uuidString).jsonl"
    ).path
    try (header + "\n" + #"{"t":1,"id":"p","event":"present"}"# + "\n").write(
      toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  static let headers = [
    #"{"format":"presentation-trace","version":1,"expect":["nope@1"]}"#,
    #"{"format":"presentation-trace","version":1,"expect":["complete-twice"],"ignore":["nope"]}"#,
  ]

  @Test(arguments: headers)
  func aFileThatCouldNotBeComparedIsNotCountedAsAgreeing(_ header: String) throws {
    let path = try trace(header)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let text = run(["audit", "--check-expect", path])
    #expect(text.status == .inputError)
    #expect(
      text.stdout.hasSuffix("checked 1 file against their expect: none could be compared\n"), "\(text.stdout)"
    )
    #expect(!text.stdout.contains("has no \"expect\""), "\(text.stdout)")

    let agreeing = ReplayCLITests.tracesDirectory + "/rules/complete-twice.jsonl"
    let two = run(["audit", "--check-expect", path, agreeing])
    #expect(two.stdout.hasSuffix("checked 2 files against their expect: 1 agrees, 1 could not be compared\n"))

    let json = run(["audit", "--check-expect", "--format", "json", path])
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let file = try #require((document["files"] as? [[String: Any]])?.first)
    #expect(file["compared"] as? Bool == false)
    #expect(file["agrees"] as? Bool == false)
    #expect((document["summary"] as? [String: Any])?["notCompared"] as? Int == 1)
  }

  @Test func theSummaryCountsWhatWasCompared() {
    #expect(
      AuditCommand.checkExpectSummary(files: 3, differing: 0, notCompared: 0)
        == "checked 3 files against their expect: all agree\n")
    #expect(
      AuditCommand.checkExpectSummary(files: 3, differing: 1, notCompared: 0)
        == "checked 3 files against their expect: 1 differs\n")
    #expect(
      AuditCommand.checkExpectSummary(files: 3, differing: 2, notCompared: 1)
        == "checked 3 files against their expect: 2 differ, 1 could not be compared\n")
  }
}
