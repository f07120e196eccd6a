import Foundation
import Testing

@testable import PresentationStateMachine
@testable import Replay

/// `replay state`: input errors up to the point are reported (exit 2, as `audit`), and the point is the
/// line asked for, a header line included.
@Suite struct StateCommandTests {
  let cli = ReplayCLITests()

  @Test func inputErrorsBeforeThePointAreReportedAndExitTwo() throws {
    var lines = Array(ReplayCLITests.cleanTrace.prefix(3))
    lines.append("{\"t\":1.1,\"id\":")  // line 4: broken JSON
    lines += ReplayCLITests.cleanTrace.suffix(2)
    let path = try cli.temporaryTrace(lines)
    let result = cli.run(["state", "--at", "5", path])
    #expect(result.status == .inputError)
    #expect(result.stdout.contains("\(path):4:"), "\(result.stdout)")
    #expect(result.stdout.contains("input errors so far: 1"))
    let json = cli.run(["state", "--at", "5", "--format", "json", path])
    #expect(json.status == .inputError)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let errors = try #require(document["inputErrors"] as? [[String: Any]])
    #expect(errors.map { $0["line"] as? Int } == [4])
  }

  @Test func inputErrorsAfterThePointDoNotCount() throws {
    var lines = Array(ReplayCLITests.cleanTrace.prefix(3))
    lines.append("{oops")
    let path = try cli.temporaryTrace(lines)
    let result = cli.run(["state", "--at", "3", path])
    #expect(result.status == .clean)
    #expect(!result.stdout.contains("input error"))
  }

  @Test func atTheHeaderLineSaysAfterLineOne() throws {
    let path = try cli.temporaryTrace(
      [#"{"format":"presentation-trace","version":1}"#] + ReplayCLITests.cleanTrace)
    let result = cli.run(["state", "--at", "1", path])
    #expect(result.status == .clean)
    #expect(result.stdout.hasPrefix("after line 1:"), "\(result.stdout)")
    #expect(cli.run(["state", "--at", "3", path]).stdout.hasPrefix("after line 3 (t=1.001):"))
  }
}
