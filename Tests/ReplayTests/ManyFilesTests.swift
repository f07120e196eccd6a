import Foundation
import Testing

@testable import Replay

/// Many files: `--jobs` keeps the report identical, `-` reads paths from standard input, `--shard I/N`
/// splits the files so that the shards cover each file exactly once.
@Suite struct ManyFilesTests {
  func run(_ arguments: [String], standardInput: String = "") -> ReplayCLI.Result {
    ReplayCLI.run(
      arguments,
      context: ReplayCLI.Context(environment: [:], stdoutIsTerminal: false, standardInput: { standardInput }))
  }

  static let traces = ReplayCLITests.tracesDirectory

  @Test func theReportIsTheSameWhateverTheNumberOfJobs() {
    let serial = run(["audit", "--format", "json", "--jobs", "1", Self.traces])
    for jobs in ["2", "3", "8"] {
      let parallel = run(["audit", "--format", "json", "--jobs", jobs, Self.traces])
      #expect(parallel.stdout == serial.stdout, "--jobs \(jobs)")
      #expect(parallel.status == serial.status, "--jobs \(jobs)")
    }
    let serialStats = run(["stats", "--format", "json", "--jobs", "1", Self.traces])
    #expect(run(["stats", "--format", "json", "--jobs", "4", Self.traces]).stdout == serialStats.stdout)
  }

  @Test func aDashReadsThePathsFromStandardInput() {
    let files = ["\(Self.traces)/rules/complete-twice.jsonl", "\(Self.traces)/valid/id-reuse.jsonl"]
    let piped = run(["audit", "-"], standardInput: files.joined(separator: "\n") + "\n\n")
    let direct = run(["audit"] + files)
    #expect(piped.stdout == direct.stdout)
    #expect(piped.status == .findings)
  }

  @Test func shardsCoverEveryFileExactlyOnce() throws {
    func paths(_ result: ReplayCLI.Result) throws -> [String] {
      let document = try #require(
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
      return (document["files"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
    }
    let all = try paths(run(["audit", "--format", "json", Self.traces]))
    var seen: [String] = []
    for index in 0..<3 {
      let shard = try paths(run(["audit", "--format", "json", "--shard", "\(index)/3", Self.traces]))
      #expect(!shard.isEmpty, "shard \(index)/3 of \(all.count) files")
      seen += shard
    }
    #expect(seen.sorted() == all.sorted())
    #expect(Set(seen).count == seen.count)
  }

  @Test(arguments: ["3/3", "-1/2", "1", "a/b", "0/0"])
  func aBadShardIsAUsageError(_ shard: String) {
    let result = run(["audit", "--shard", shard, Self.traces])
    #expect(result.status == .usage)
    #expect(result.stderr.contains("--shard takes I/N"))
  }

  @Test func jobsMustBePositive() {
    #expect(run(["audit", "--jobs", "0", Self.traces]).status == .usage)
  }
}
