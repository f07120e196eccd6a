import Foundation
import Testing

@testable import PresentationStateMachine

/// The docs are checked against the data they describe, so they cannot drift from the code.
@Suite struct DocumentationTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static func read(_ relative: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
  }

  @Test func rulesArticleListsEveryRuleWithItsSeverity() throws {
    let article = try Self.read("Sources/StateMachine/PresentationStateMachine.docc/Rules.md")
    let rows = article.split(separator: "\n").filter { $0.hasPrefix("| `") }
    #expect(rows.count == Rule.allCases.count)
    for rule in Rule.allCases {
      #expect(
        rows.contains { $0.hasPrefix("| `\(rule.rawValue)` | \(rule.severity.rawValue) |") },
        "Rules.md has no row for \(rule.rawValue) with severity \(rule.severity.rawValue)")
    }
  }

  @Test func lifecycleArticleNamesEveryPhase() throws {
    let article = try Self.read("Sources/StateMachine/PresentationStateMachine.docc/Lifecycle.md")
    for phase in Phase.allCases {
      #expect(article.contains(phase.name), "Lifecycle.md never names \(phase.name)")
    }
  }

  static let catalog = "Sources/StateMachine/PresentationStateMachine.docc"
  static let glueCatalog = "Sources/PresentationRecordingUIKit/PresentationRecordingUIKit.docc"

  /// The anchors of an article's headings, as DocC forms them: the heading's text with its spaces as `-`.
  static func anchors(ofArticle name: String, in catalog: String = catalog) throws -> Set<String> {
    let article = try read("\(catalog)/\(name).md")
    return Set(
      article.split(separator: "\n").filter { $0.hasPrefix("#") }.map { line in
        line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: " ", with: "-")
      })
  }

  /// The text of every file under `folder` whose name ends in one of `extensions`.
  static func texts(under folder: String, extensions: [String]) throws -> [(path: String, text: String)] {
    let base = root.appendingPathComponent(folder)
    guard let enumerator = FileManager.default.enumerator(atPath: base.path) else { return [] }
    return try enumerator.compactMap { $0 as? String }.filter { path in
      extensions.contains { path.hasSuffix($0) }
    }
    .sorted().map { ("\(folder)/\($0)", try read("\(folder)/\($0)")) }
  }

  /// Every DocC link that code or docs write (`doc:` with an article's name, and a heading's anchor after
  /// `#`) names an article of the catalog and one of its headings, so a renamed heading cannot leave a
  /// citation dangling.
  @Test func everyCitedHeadingExists() throws {
    let citing =
      try Self.texts(under: "Sources", extensions: [".swift", ".md"])
      + Self.texts(under: "Tests", extensions: [".swift"]) + [("README.md", Self.read("README.md"))]
    let link = /<doc:([A-Za-z]+)(?:#([A-Za-z0-9-]+))?>/
    var anchors: [String: Set<String>] = [:]
    var cited = 0
    for (path, text) in citing {
      for match in text.matches(of: link) {
        // DocC resolves an article link within the module whose catalog (or source) holds it; a test's
        // comment may cite either catalog.
        let article = String(match.output.1)
        let candidates =
          path.hasPrefix("Sources/PresentationRecordingUIKit")
          ? [Self.glueCatalog]
          : path.hasPrefix("Tests/") ? [Self.catalog, Self.glueCatalog] : [Self.catalog]
        let catalog =
          candidates.first { candidate in
            FileManager.default.fileExists(
              atPath: Self.root.appendingPathComponent("\(candidate)/\(article).md").path)
          }
        #expect(catalog != nil, "\(path) cites <doc:\(article)>, which is no article of \(candidates)")
        guard let catalog else { continue }
        let key = "\(catalog)/\(article)"
        if anchors[key] == nil { anchors[key] = try Self.anchors(ofArticle: article, in: catalog) }
        guard let heading = match.output.2.map(String.init) else { continue }
        cited += 1
        #expect(
          anchors[key]?.contains(heading) == true,
          "\(path) cites <doc:\(article)#\(heading)>, which is no heading of \(key).md")
      }
    }
    #expect(cited > 100)
  }

  /// Comments, help texts, tests and docs cite the contract by its headings (`<doc:Rules#Completion>`, or
  /// the heading's words), never by a number kept outside the repository: a decision's or an issue's
  /// number means nothing to someone reading this tree.
  @Test func nothingCitesNumberingFromOutsideTheRepository() throws {
    let texts =
      try Self.texts(under: "Sources", extensions: [".swift", ".md"])
      + Self.texts(under: "Tests", extensions: [".swift", ".md", ".sh"])
      + Self.texts(under: "Docs", extensions: [".md"]) + [("README.md", Self.read("README.md"))]
    // "decision", "issue" or their plurals, then a number: with or without a space or a '#'.
    let citation = /(?i)(decision|issue)s?\s*#?[0-9]/
    var read = 0
    for (path, text) in texts {
      read += 1
      for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
      where line.contains(citation) {
        let message =
          "\(path):\(index + 1) cites a number kept outside the repository; cite the DocC heading instead: "
          + line.trimmingCharacters(in: .whitespaces)
        Issue.record(Comment(rawValue: message))
      }
    }
    // Read the tree at all, or the check would pass on nothing.
    #expect(read > 100)
  }

  /// The decisions that the machine's code cites by heading are written down in the rules article.
  @Test(arguments: [
    "Interruptible-transitions", "Presentations-observed-from-outside",
    "Transitions-recorded-from-the-animator-alone", "An-animator-may-abort-a-transition", "Completion",
    "Recovery-follows-the-evidence",
  ])
  func rulesArticleHasTheDecision(_ anchor: String) throws {
    #expect(try Self.anchors(ofArticle: "Rules").contains(anchor))
  }

  /// Every sample trace the articles and the README point to is bundled.
  @Test func everySampleTraceTheDocsNameExists() throws {
    let docs =
      try Self.texts(under: Self.catalog, extensions: [".md"]) + [("README.md", Self.read("README.md"))]
    let sample = /traces\/[A-Za-z0-9_\/.-]+\.jsonl/
    var named = 0
    for (path, text) in docs {
      for match in text.matches(of: sample) {
        named += 1
        let relative = String(match.output)
        #expect(
          FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(relative).path),
          "\(path) names \(relative), which is not bundled")
      }
    }
    #expect(named > 50)
  }

  /// The trace format article lists every event with every payload key the reader understands for it.
  @Test func traceFormatArticleListsEveryEventWithItsPayloadKeys() throws {
    let article = try Self.read("\(Self.catalog)/TraceFormat.md")
    let rows = article.split(separator: "\n").filter { $0.hasPrefix("| `") }
    for kind in EventKind.allCases {
      let row = rows.first { row in
        row.split(separator: "|").first.map { $0.contains("`\(kind.rawValue)`") } ?? false
      }
      #expect(row != nil, "TraceFormat.md has no row for \(kind.rawValue)")
      for key in kind.payloadKeys {
        #expect(
          row?.contains("`\(key.rawValue)`") == true,
          "TraceFormat.md's row for \(kind.rawValue) does not name its payload key \(key.rawValue)")
      }
    }
  }

  /// The lifecycle article's guard table names every guard of the transition table.
  @Test func lifecycleArticleNamesEveryGuard() throws {
    let article = try Self.read("\(Self.catalog)/Lifecycle.md")
    for tableGuard in TableGuard.allCases {
      #expect(
        article.contains("`\(tableGuard.rawValue)`"),
        "Lifecycle.md never names the guard \(tableGuard.rawValue)")
    }
  }

  @Test func readmeShowsTheTwoSetUpCommands() throws {
    let readme = try Self.read("README.md")
    #expect(readme.contains("swift run replay audit traces"))
    #expect(readme.contains("swift test"))
  }

  /// The commands of the README's first shell block, without their comments: what a newcomer runs.
  static func readmeSetUpCommands() throws -> [String] {
    let readme = try read("README.md")
    guard let start = readme.range(of: "```sh\n") else { return [] }
    let end = readme[start.upperBound...].range(of: "```")?.lowerBound ?? readme.endIndex
    return readme[start.upperBound..<end].split(separator: "\n").map { line in
      (line.split(separator: "#", maxSplits: 1).first ?? "").trimmingCharacters(in: .whitespaces)
    }
  }

  /// CI runs exactly the test command the README's set-up block gives a newcomer.
  @Test func ciRunsTheReadmesTestCommand() throws {
    let script = try Self.read(".ci/run").split(separator: "\n").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    let ciTests = script.filter { $0.hasPrefix("swift test") }
    #expect(ciTests.count == 1, "\(ciTests)")
    let readmeTests = try Self.readmeSetUpCommands().filter { $0.hasPrefix("swift test") }
    #expect(readmeTests.count == 1, "\(readmeTests)")
    #expect(ciTests == readmeTests)
    #expect(try Self.readmeSetUpCommands().contains("swift run replay audit traces"))
  }

  /// The README stays a front page: what it is, install, three quick starts, exit codes and links, the
  /// rest in the catalogs.
  @Test func readmeIsAtMost150Lines() throws {
    let lines = try Self.read("README.md").split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count - 1 <= 150, "README.md has \(lines.count - 1) lines")
  }

  /// The anchor GitHub gives a heading: lowercased, punctuation other than `-` and `_` dropped, spaces as
  /// `-`.
  static func gitHubAnchor(_ heading: Substring) -> String {
    String(
      heading.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
        .filter { $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" || $0 == "_" }
        .map { $0 == " " ? "-" : $0 })
  }

  /// Every relative link of the README (read on GitHub) names a file of the repository, and its anchor a
  /// heading of that file.
  @Test func everyReadmeLinkResolves() throws {
    let readme = try Self.read("README.md")
    let link = /\]\(([^)#:]+)(?:#([^)]+))?\)/
    var checked = 0
    for match in readme.matches(of: link) {
      let path = String(match.output.1)
      checked += 1
      guard FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(path).path) else {
        Issue.record("README.md links \(path), which does not exist")
        continue
      }
      guard let anchor = match.output.2.map(String.init) else { continue }
      let anchors = try Self.read(path).split(separator: "\n").filter { $0.hasPrefix("#") }.map(
        Self.gitHubAnchor)
      #expect(anchors.contains(anchor), "README.md links \(path)#\(anchor), which is no heading there")
    }
    #expect(checked >= 10)
  }

  /// The README links every article of the library's catalog and the glue's two guides.
  @Test func readmeLinksEveryArticle() throws {
    let readme = try Self.read("README.md")
    for (path, _) in try Self.texts(under: Self.catalog, extensions: [".md"])
    where !path.hasSuffix("/PresentationStateMachine.md") {
      #expect(readme.contains("](\(path))") || readme.contains("](\(path)#"), "README.md never links \(path)")
    }
    for guide in ["RecordingAnApp", "RecordingFromUIKit"] {
      #expect(readme.contains("](\(Self.glueCatalog)/\(guide).md)"), "README.md never links \(guide)")
    }
  }
}
