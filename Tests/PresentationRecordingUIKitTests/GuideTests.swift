import Foundation
import Testing

/// Every Swift block of the recording guide is a file of this test target (`Guide/`), so the build
/// compiles it against the glue and the UIKit surface; this test keeps the article and the files equal.
@Suite struct GuideTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let article = "Sources/StateMachine/StateMachine.docc/RecordingAnApp.md"
  static let files = ["QuickStart.swift", "CustomTransition.swift", "ManualCalls.swift"]

  static func read(_ relative: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
  }

  /// The fenced Swift blocks of `markdown`, in order.
  static func swiftBlocks(_ markdown: String) -> [String] {
    var blocks: [String] = []
    var current: [Substring]?
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      if current == nil, line == "```swift" {
        current = []
      } else if let lines = current, line == "```" {
        blocks.append(lines.joined(separator: "\n"))
        current = nil
      } else {
        current?.append(line)
      }
    }
    return blocks
  }

  @Test func everySwiftBlockOfTheGuideIsACompiledFile() throws {
    let blocks = Self.swiftBlocks(try Self.read(Self.article))
    let files = try Self.files.map { try Self.read("Tests/PresentationRecordingUIKitTests/Guide/\($0)") }
    #expect(blocks.count == files.count)
    for (index, (block, file)) in zip(blocks, files).enumerated() {
      #expect(
        block == file.trimmingCharacters(in: .newlines),
        "block \(index + 1) of the guide differs from Guide/\(Self.files[index])")
    }
  }

  @Test func theQuickStartIsAtMostFifteenLines() throws {
    let quickStart = try Self.read("Tests/PresentationRecordingUIKitTests/Guide/QuickStart.swift")
    #expect(
      quickStart.trimmingCharacters(in: .newlines).split(separator: "\n", omittingEmptySubsequences: false)
        .count <= 15)
  }

  @Test func theFrameworkArticleLinksTheGuide() throws {
    #expect(
      try Self.read("Sources/StateMachine/StateMachine.docc/StateMachine.md").contains("<doc:RecordingAnApp>")
    )
  }
}
