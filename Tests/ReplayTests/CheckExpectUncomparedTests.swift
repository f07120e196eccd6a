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
      text.stdout.hasSuffix("checked 1 file against their expect: 1 could not be compared\n"),
      "\(text.stdout)"
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

  /// A file read with an input error past its header was compared but does not agree, as JSON's `agrees`
  /// says: the text summary once counted it among "all agree".
  @Test func aFileWithAnInputErrorIsNotCountedAsAgreeing() throws {
    let good = ReplayCLITests.tracesDirectory + "/valid/card-present-dismiss.jsonl"
    var lines = try String(contentsOfFile: good, encoding: .utf8).split(separator: "\n").map(String.init)
    lines.insert("{not json", at: 3)
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "input-error-\(UUID().uuidString).jsonl"
    ).path
    try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let text = run(["audit", "--check-expect", good, path])
    #expect(text.status == .inputError)
    #expect(
      text.stdout.hasSuffix("checked 2 files against their expect: 1 agrees, 1 with input errors\n"),
      "\(text.stdout)")
  }

  @Test func theSummaryCountsEachOutcome() {
    typealias Tally = AuditCommand.CheckExpectTally
    #expect(Tally(agreeing: 3).summary == "checked 3 files against their expect: all agree\n")
    #expect(
      Tally(agreeing: 2, differing: 1).summary == "checked 3 files against their expect: 2 agree, 1 differs\n"
    )
    #expect(
      Tally(differing: 2, withInputErrors: 1, notCompared: 1).summary
        == "checked 4 files against their expect: 2 differ, 1 with input errors, 1 could not be compared\n")
  }
}
