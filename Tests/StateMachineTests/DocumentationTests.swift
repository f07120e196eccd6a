import Foundation
import Testing

@testable import StateMachine

/// The docs are checked against the data they describe, so they cannot drift from the code.
@Suite struct DocumentationTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static func read(_ relative: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
  }

  @Test func rulesArticleListsEveryRuleWithItsSeverity() throws {
    let article = try Self.read("Sources/StateMachine/StateMachine.docc/Rules.md")
    let rows = article.split(separator: "\n").filter { $0.hasPrefix("| `") }
    #expect(rows.count == Rule.allCases.count)
    for rule in Rule.allCases {
      #expect(
        rows.contains { $0.hasPrefix("| `\(rule.rawValue)` | \(rule.severity.rawValue) |") },
        "Rules.md has no row for \(rule.rawValue) with severity \(rule.severity.rawValue)")
    }
  }

  @Test func lifecycleArticleNamesEveryPhase() throws {
    let article = try Self.read("Sources/StateMachine/StateMachine.docc/Lifecycle.md")
    for phase in Phase.allCases {
      #expect(article.contains(phase.name), "Lifecycle.md never names \(phase.name)")
    }
  }

  @Test func readmeShowsTheTwoSetUpCommands() throws {
    let readme = try Self.read("README.md")
    #expect(readme.contains("swift run replay audit traces"))
    #expect(readme.contains("swift test"))
  }
}
