import Foundation
import Testing

/// Every Swift block of the README and of both DocC catalogs is compiled. A block is a file, or a run of
/// consecutive lines of one (compared without their common indentation), of this test target (`Guide/`),
/// which the build compiles against the glue and the UIKit surface, or of `Tests/iOS/SwiftUIQuickStart`,
/// which needs SwiftUI and is compiled against an iPhoneOS SDK by `Tests/iOS/typecheck.sh`. The README's
/// install block, a fragment of a package manifest, is type-checked against the toolchain's
/// `PackageDescription`. These tests keep the text and the files equal.
@Suite struct GuideTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let guide = "Tests/PresentationRecordingUIKitTests/Guide"
  /// Compiled by `Tests/iOS/typecheck.sh`, not by the suite: SwiftUI exists only in Apple's SDKs.
  static let swiftUI = "Tests/iOS/SwiftUIQuickStart"
  static let catalogs = [
    "Sources/StateMachine/PresentationStateMachine.docc",
    "Sources/PresentationRecordingUIKit/PresentationRecordingUIKit.docc",
  ]
  /// The documents whose every ```swift block must be compiled: the README and every article of both
  /// catalogs.
  static let documents: [String] =
    ["README.md"]
    + catalogs.flatMap { catalog in
      ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(catalog).path)) ?? [])
        .filter { $0.hasSuffix(".md") }.sorted().map { "\(catalog)/\($0)" }
    }
  static let quickStartArticle =
    "Sources/PresentationRecordingUIKit/PresentationRecordingUIKit.docc/RecordingAnApp.md"
  /// The quick start's blocks, in the article's order: the app delegate, the SwiftUI app, the manual calls.
  static let quickStartFiles = [
    "\(guide)/QuickStart.swift", "\(swiftUI)/CardsApp.swift", "\(guide)/ManualCalls.swift",
  ]
  /// Guide files that no block shows: what the blocks assume the app has.
  static let support = ["GuideSupport.swift"]

  static func read(_ relative: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
  }

  /// The compiled files: `Guide/`'s and the SwiftUI quick start's, by path.
  static func compiledFiles() throws -> [(name: String, text: String)] {
    try [guide, swiftUI].flatMap { folder in
      try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
        .filter { $0.hasSuffix(".swift") }.sorted().map { ("\(folder)/\($0)", try read("\(folder)/\($0)")) }
    }
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

  /// Whether `block` is a fragment of a package manifest (the README's install block): it is type-checked
  /// as one, not looked for in the compiled files.
  static func isManifestFragment(_ block: String) -> Bool { block.contains(".package(url:") }

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
    let files = try Self.compiledFiles()
    for (index, block) in Self.swiftBlocks(try Self.read(document)).enumerated()
    where !Self.isManifestFragment(block) {
      #expect(
        Self.region(of: block, in: files) != nil,
        "block \(index + 1) of \(document) is no compiled file's region:\n\(block)")
    }
  }

  /// The check reads every document, and the ones that show code have their blocks.
  @Test func theDocumentsAndTheirBlocksAreFound() throws {
    #expect(Self.documents.count >= 15, "\(Self.documents)")
    for document in [
      "README.md", Self.quickStartArticle, "\(Self.catalogs[1])/RecordingFromUIKit.md",
      "\(Self.catalogs[1])/PresentationRecordingUIKit.md", "\(Self.catalogs[0])/Testing.md",
      "\(Self.catalogs[0])/PresentationStateMachine.md",
    ] {
      #expect(Self.documents.contains(document), "\(document) is not read")
      #expect(!Self.swiftBlocks(try Self.read(document)).isEmpty, "\(document) has no Swift block")
    }
    #expect(try Self.documents.flatMap { Self.swiftBlocks(try Self.read($0)) }.count >= 20)
  }

  /// No compiled guide file is left that no block shows.
  @Test func everyGuideFileIsShown() throws {
    let blocks = try Self.documents.flatMap { Self.swiftBlocks(try Self.read($0)) }
    for file in try Self.compiledFiles()
    where !Self.support.contains(where: { file.name.hasSuffix("/\($0)") }) {
      #expect(blocks.contains { Self.region(of: $0, in: [file]) != nil }, "\(file.name) is in no block")
    }
  }

  /// The quick-start article is the quick start, the SwiftUI app, then the manual calls, whole files.
  @Test func theQuickStartArticleShowsItsFilesWholeAndInOrder() throws {
    let blocks = Self.swiftBlocks(try Self.read(Self.quickStartArticle))
    let files = try Self.quickStartFiles.map { try Self.read($0) }
    #expect(blocks.count == files.count)
    for (index, (block, file)) in zip(blocks, files).enumerated() {
      #expect(
        block == file.trimmingCharacters(in: .newlines),
        "block \(index + 1) of the quick start differs from \(Self.quickStartFiles[index])")
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

  /// The README's install block, the only manifest fragment.
  static func installBlock() throws -> String? {
    let fragments = Self.swiftBlocks(try Self.read("README.md")).filter(Self.isManifestFragment)
    #expect(fragments.count == 1, "the README has \(fragments.count) install blocks")
    return fragments.first
  }

  /// The install block names every library product of the package, and nothing else, as the package's
  /// products: what `Package.swift` declares is what an app can add.
  @Test func theInstallBlockNamesTheLibraryProducts() throws {
    let block = try #require(try Self.installBlock())
    let manifest = try Self.read("Package.swift")
    let declared = Set(manifest.matches(of: /\.library\(name: "([A-Za-z]+)"/).map { String($0.output.1) })
    let named = Set(
      block.matches(of: /\.product\(name: "([A-Za-z]+)", package: "presentation-replay"\)/)
        .map { String($0.output.1) })
    #expect(declared.count == 2)
    #expect(named == declared)
    #expect(block.contains(#".package(url: "https://github.com/"#))
    #expect(block.contains(#"/presentation-replay.git", branch: "main")"#))
  }

  /// The install block is a manifest's `dependencies:` and `targets:` that the toolchain's
  /// `PackageDescription` type-checks (about a second; skipped, saying why, when no `swiftc` is found).
  @Test func theInstallBlockTypeChecksAsAManifest() throws {
    let block = try #require(try Self.installBlock())
    guard let compiler = Self.manifestCompiler() else {
      print("skipped: no swiftc with its PackageDescription on PATH, in SWIFTC or from xcrun")
      try Test.cancel("no swiftc with its PackageDescription on PATH, in SWIFTC or from xcrun")
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("install-block-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let indented = block.split(separator: "\n", omittingEmptySubsequences: false).map { "  \($0)" }
    let head =
      "// swift-tools-version: 6.0\nimport PackageDescription\n\nlet package = Package(\n"
      + "  name: \"MyApp\",\n"
    let path = folder.appendingPathComponent("Package.swift")
    try (head + indented.joined(separator: "\n") + "\n)\n").write(to: path, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: compiler.command[0])
    let flags = ["-typecheck", "-swift-version", "6", "-package-description-version", "6.0"]
    process.arguments = compiler.command.dropFirst() + flags + ["-I", compiler.manifestAPI, path.path]
    let errors = Pipe()
    process.standardOutput = errors
    process.standardError = errors
    try process.run()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "the install block is no manifest fragment:\n\(message)")
    #expect(!message.contains("warning:"), "\(message)")
  }

  /// How to run the `swiftc` of the toolchain running the tests, and the folder of its `PackageDescription`:
  /// `SWIFTC`, else the first `swiftc` on `PATH` with its links resolved, else (where `/usr/bin/swiftc` is
  /// a shim, on a Mac) `xcrun swiftc`, which also names the SDK.
  static func manifestCompiler() -> (command: [String], manifestAPI: String)? {
    let environment = ProcessInfo.processInfo.environment
    var candidates: [(path: String, command: [String]?)] =
      (environment["SWIFTC"].map { [($0, nil)] } ?? [])
      + (environment["PATH"] ?? "/usr/bin").split(separator: ":").map { ("\($0)/swiftc", nil) }
    if FileManager.default.isExecutableFile(atPath: "/usr/bin/xcrun") {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/xcrun")
      process.arguments = ["--find", "swiftc"]
      let output = Pipe()
      process.standardOutput = output
      if (try? process.run()) != nil {
        let path = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        candidates.append(
          (path.trimmingCharacters(in: .whitespacesAndNewlines), ["/usr/bin/xcrun", "swiftc"]))
      }
    }
    for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate.path) {
      let swiftc = URL(fileURLWithPath: candidate.path).resolvingSymlinksInPath()
      let manifestAPI = swiftc.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("lib/swift/pm/ManifestAPI").path
      if FileManager.default.fileExists(atPath: manifestAPI) {
        return (candidate.command ?? [candidate.path], manifestAPI)
      }
    }
    return nil
  }
}
