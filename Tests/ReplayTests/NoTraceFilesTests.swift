import Foundation
import Testing

@testable import Replay

/// Paths that name no trace file end the run with "no *.jsonl files under …" and status 2 on every command
/// that takes many paths (<doc:OpenPoints#Paths-and-versions>); standard input that lists no path is
/// nothing to do (status 0). `stats` once printed "0 files" and exited 0 for an empty directory.
@Suite struct NoTraceFilesTests {
  static let commands: [[String]] = [
    ["audit"], ["audit", "--format", "json"], ["stats"], ["stats", "--format", "json"],
    ["export", "--table", "transitions"],
  ]

  func run(_ arguments: [String]) -> ReplayCLI.Result {
    ReplayCLI.run(arguments, context: ReplayCLI.Context(environment: [:], stdoutIsTerminal: false))
  }

  @Test(arguments: commands)
  func anEmptyDirectoryIsAnInputError(_ command: [String]) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "no-traces-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = run(command + [directory.path])
    #expect(result.status == .inputError, "\(result.stdout)")
    #expect(result.stderr.hasSuffix("error: no *.jsonl files under \(directory.path)\n"), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  @Test(arguments: commands)
  func standardInputThatListsNoPathIsNothingToDo(_ command: [String]) {
    let result = ReplayCLI.run(
      command + ["-"],
      context: ReplayCLI.Context(environment: [:], stdoutIsTerminal: false, standardInput: { "" }))
    #expect(result.status == .clean, "\(result.stderr)")
  }
}
