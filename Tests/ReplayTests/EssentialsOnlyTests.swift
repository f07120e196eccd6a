import Foundation
import Testing

@testable import Replay

/// The pieces `replay` writes itself because FoundationEssentials, all it links on Linux, lacks them.
@Suite struct EssentialsOnlyTests {
  @Test(arguments: [
    (24.8371, "24.84"), (0.005, "0.01"), (0.004, "0.00"), (3, "3.00"), (-1.5, "-1.50"), (-0.001, "-0.00"),
    (1234.999, "1235.00"),
  ])
  func twoDecimalsPrintAsPercentPointTwoF(value: Double, text: String) {
    #expect(TwoDecimals.text(value) == text)
    #expect(TwoDecimals.text(value) == String(format: "%.2f", value))
  }

  @Test func whiteSpaceIsTrimmedAtBothEndsOnly() {
    #expect("  traces/a b.jsonl\t\n".trimmingWhitespace() == "traces/a b.jsonl")
    #expect(" \t ".trimmingWhitespace() == "")
    #expect("x".trimmingWhitespace() == "x")
  }

  @Test func aCreatedFileHoldsWhatWasWrittenInOrder() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("fd-\(UUID().uuidString).txt")
      .path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let file = try #require(FileDescriptorOutput(creatingAt: path))
    try file.write("schema_version,id\n")
    try file.write("1,\"a, \"\"b\"\"\"\n")
    try file.close()
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "schema_version,id\n1,\"a, \"\"b\"\"\"\n")
  }

  @Test func aFileThatCannotBeCreatedIsNilAndAFailureSaysWhy() throws {
    #expect(FileDescriptorOutput(creatingAt: "/nonexistent-directory/part-0-of-1.csv") == nil)
    do {
      _ = try Data(contentsOf: URL(fileURLWithPath: "/nonexistent-directory/stats.json"))
      Issue.record("reading a missing file succeeded")
    } catch {
      #expect(ErrorText.describe(error) == "No such file or directory")
    }
  }
}

/// Keeps the 7 MB: one `import Foundation` outside its `#else` would load the whole of Foundation into
/// every `replay` run on Linux.
@Suite struct FoundationImportTests {
  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  @Test(arguments: ["Sources/StateMachine", "Sources/Replay"])
  func everyFoundationImportIsTheFallbackForFoundationEssentials(folder: String) throws {
    let root = Self.repository.appendingPathComponent(folder).path
    let files = try FileManager.default.subpathsOfDirectory(atPath: root).filter { $0.hasSuffix(".swift") }
    #expect(files.count > 10)
    for file in files {
      let lines = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
        .split(separator: "\n", omittingEmptySubsequences: false)
      for (index, line) in lines.enumerated()
      where line.trimmingCharacters(in: .whitespaces) == "import Foundation" {
        let guarded =
          index >= 3 && lines[index - 1].trimmingCharacters(in: .whitespaces) == "#else"
          && lines[index - 2].trimmingCharacters(in: .whitespaces) == "import FoundationEssentials"
          && lines[index - 3].trimmingCharacters(in: .whitespaces) == "#if canImport(FoundationEssentials)"
        #expect(guarded, "\(folder)/\(file):\(index + 1): import FoundationEssentials where it exists")
      }
    }
  }
}
