import Foundation
import Testing

/// Every Swift block of the recording guides and the README is a file of this test target (`Guide/`), or
/// a run of consecutive lines of one (compared without their common indentation), so the build compiles
/// it against the glue and the UIKit surface; these tests keep the articles and the files equal.
@Suite struct GuideTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let guide = "Tests/PresentationRecordingUIKitTests/Guide"
  /// The documents whose every ```swift block must be compiled.
  static let documents = [
    "Sources/PresentationRecordingUIKit/PresentationRecordingUIKit.docc/RecordingAnApp.md",
    "Sources/PresentationRecordingUIKit/PresentationRecordingUIKit.docc/RecordingFromUIKit.md",
    "Sources/PresentationRecordingUIKit/PresentationRecordingUIKit.docc/PresentationRecordingUIKit.md",
    "README.md",
  ]
  /// The quick start's blocks, in the article's order: the quick start, the manual calls.
  static let quickStartFiles = ["QuickStart.swift", "ManualCalls.swift"]
  /// Guide files that no block shows: what the blocks assume the app has.
  static let support = ["GuideSupport.swift"]

  static func read(_ relative: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
  }

  /// The compiled files of `Guide/`, by name.
  static func guideFiles() throws -> [(name: String, text: String)] {
    let names = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(guide).path)
      .filter { $0.hasSuffix(".swift") }.sorted()
    return try names.map { ($0, try read("\(guide)/\($0)")) }
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

  /// `lines` without the indentation their non-empty lines share.
  static func dedented(_ lines: ArraySlice<Substring>) -> String {
    let indent =
      lines.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
    return lines.map { $0.isEmpty ? "" : String($0.dropFirst(indent)) }.joined(separator: "\n")
  }

  /// The name of the file `block` is a region of (a whole file, or consecutive lines of one without their
  /// common indentation), if any.
  static func region(of block: String, in files: [(name: String, text: String)]) -> String? {
    let count = block.split(separator: "\n", omittingEmptySubsequences: false).count
    for file in files {
      let lines = file.text.trimmingCharacters(in: .newlines)
        .split(separator: "\n", omittingEmptySubsequences: false)
      guard lines.count >= count else { continue }
      for start in 0...(lines.count - count) where dedented(lines[start..<start + count]) == block {
        return file.name
      }
    }
    return nil
  }

  @Test(arguments: documents)
  func everySwiftBlockIsACompiledFileOrARegionOfOne(_ document: String) throws {
    let blocks = Self.swiftBlocks(try Self.read(document))
    #expect(!blocks.isEmpty, "\(document) has no Swift block")
    let files = try Self.guideFiles()
    for (index, block) in blocks.enumerated() {
      #expect(
        Self.region(of: block, in: files) != nil,
        "block \(index + 1) of \(document) is no compiled file's region:\n\(block)")
    }
  }

  /// No compiled guide file is left that no block shows.
  @Test func everyGuideFileIsShown() throws {
    let blocks = try Self.documents.flatMap { Self.swiftBlocks(try Self.read($0)) }
    for file in try Self.guideFiles() where !Self.support.contains(file.name) {
      #expect(
        blocks.contains { Self.region(of: $0, in: [file]) != nil }, "Guide/\(file.name) is in no block")
    }
  }

  /// The quick-start article is the quick start, then the wrapper, then the manual calls, whole files.
  @Test func theQuickStartArticleShowsItsFilesWholeAndInOrder() throws {
    let blocks = Self.swiftBlocks(try Self.read(Self.documents[0]))
    let files = try Self.quickStartFiles.map { try Self.read("\(Self.guide)/\($0)") }
    #expect(blocks.count == files.count)
    for (index, (block, file)) in zip(blocks, files).enumerated() {
      #expect(
        block == file.trimmingCharacters(in: .newlines),
        "block \(index + 1) of the quick start differs from Guide/\(Self.quickStartFiles[index])")
    }
  }

  @Test func theGuidesSayNothingIsLeftUncompiled() throws {
    for document in Self.documents {
      #expect(!(try Self.read(document)).contains("cannot be compiled"), "\(document)")
    }
  }

  /// The region search finds a block and rejects one that is not in a file.
  @Test func theRegionSearchFindsIndentedRegionsAndRejectsOthers() {
    let files = [(name: "A.swift", text: "struct A {\n  func f() {\n    g()\n\n    h()\n  }\n}\n")]
    #expect(Self.region(of: "g()\n\nh()", in: files) == "A.swift")
    #expect(Self.region(of: "func f() {\n  g()", in: files) == "A.swift")
    #expect(Self.region(of: "g()\nh()", in: files) == nil)
    #expect(Self.region(of: "  g()", in: files) == nil)
  }

  @Test func theQuickStartIsAtMostFifteenLines() throws {
    let quickStart = try Self.read("\(Self.guide)/QuickStart.swift")
    #expect(
      quickStart.trimmingCharacters(in: .newlines).split(separator: "\n", omittingEmptySubsequences: false)
        .count <= 15)
  }

  @Test func theFrameworkArticleLinksTheGuide() throws {
    #expect(
      try Self.read(
        "Sources/PresentationRecordingUIKit/PresentationRecordingUIKit.docc/PresentationRecordingUIKit.md"
      ).contains("<doc:RecordingAnApp>")
    )
  }
}
