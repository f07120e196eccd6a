import Foundation
import Testing

@testable import PresentationStateMachine
@testable import Replay

/// Every command that audits a file honours its header's `"ignore"`; `replay rules` says it exists.
@Suite struct HeaderIgnoreCommandTests {
  let cli = ReplayCLITests()
  static let sample = ReplayCLITests.tracesDirectory + "/mixed/ignored-layout-hitches.jsonl"

  /// The sample without `"ignore"`, in a temporary file.
  func withoutIgnore() throws -> String {
    let text = try String(contentsOfFile: Self.sample, encoding: .utf8)
    return try cli.temporaryTrace(
      text.replacingOccurrences(of: #""ignore":["layout-hitch"],"#, with: "").split(separator: "\n").map(
        String.init))
  }

  @Test func audit() throws {
    let ignored = cli.run(["audit", Self.sample])
    #expect(ignored.status == .findings)
    #expect(!ignored.stdout.contains("[layout-hitch]"))
    #expect(ignored.stdout.contains("[dismiss-not-presented]"))
    #expect(cli.run(["audit", "--check-expect", Self.sample]).status == .clean)
    #expect(cli.run(["audit", try withoutIgnore()]).stdout.contains("[layout-hitch]"))
  }

  @Test func showStatsExportAndState() throws {
    let plain = try withoutIgnore()
    // A copy under a name that does not itself contain "layout-hitch".
    let sample = try cli.temporaryTrace(
      try String(contentsOfFile: Self.sample, encoding: .utf8).split(separator: "\n").map(String.init))
    for command in [
      ["show"], ["stats"], ["export", "--format", "svg"], ["export", "--format", "chrome"],
      ["state", "--at", "20"],
    ] {
      #expect(!cli.run(command + [sample]).stdout.contains("layout-hitch"), "\(command)")
      #expect(cli.run(command + [plain]).stdout.contains("layout-hitch"), "\(command) without ignore")
    }
  }

  @Test func expectWritesTheFindingsAfterTheIgnoreAndKeepsIt() throws {
    let copy = try cli.temporaryTrace(
      try String(contentsOfFile: Self.sample, encoding: .utf8).split(separator: "\n").map(String.init))
    #expect(cli.run(["expect", copy], environment: ExpectCommandTests.settled).status == .clean)
    let header = try #require(try String(contentsOfFile: copy, encoding: .utf8).split(separator: "\n").first)
    #expect(header.contains(#""expect":["dismiss-not-presented@25"],"ignore":["layout-hitch"]"#), "\(header)")
  }

  @Test func tail() throws {
    var follower = TraceFollower(path: Self.sample, fromStart: true)
    defer { follower.close() }
    let update = follower.poll()
    #expect(update.findings.map(\.rule) == [.dismissNotPresented])
  }

  @Test func anUnknownIdInTheHeaderIsAnInputErrorNamingTheClosest() throws {
    let path = try cli.temporaryTrace(
      [#"{"format":"presentation-trace","version":1,"ignore":["layout-hitc"]}"#] + ReplayCLITests.cleanTrace)
    let result = cli.run(["audit", path])
    #expect(result.status == .inputError)
    #expect(
      result.stdout.contains(
        "\(path):1:54: error: [input] \"ignore\": unknown rule id 'layout-hitc'; did you mean 'layout-hitch'?"
      ),
      "\(result.stdout)")
  }

  @Test func rulesMentionsTheHeaderKey() {
    #expect(cli.run(["rules"]).stdout.contains(#"a trace header's "ignore""#))
    #expect(cli.run(["rules", "--help"]).stdout.contains(#""ignore""#))
  }
}
