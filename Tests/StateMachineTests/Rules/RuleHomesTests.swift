import Foundation
import Testing

@testable import PresentationStateMachine

extension Rules {
  /// Every rule of the catalog has exactly one home for its unit tests: a file of this folder named after
  /// the rule (`complete-twice` in `CompleteTwiceTests.swift`, suite `@Suite("complete-twice")`). A new
  /// rule fails here until its tests have a place, and a renamed one until its home follows.
  @Suite struct RuleHomesTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    /// The type of a rule's home: `complete-twice` → `CompleteTwiceTests`.
    static func homeType(of rule: Rule) -> String {
      rule.rawValue.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        + "Tests"
    }

    /// The rule ids that the suites declared in `source` are named after, one per `@Suite("…") struct`.
    static func suiteNames(in source: String) -> [String] {
      source.split(separator: "\n").compactMap { line in
        let declaration = line.drop { $0 == " " }
        guard declaration.hasPrefix("@Suite(\""), declaration.contains("\") struct ") else { return nil }
        return String(declaration.dropFirst("@Suite(\"".count).prefix { $0 != "\"" })
      }
    }

    @Test(arguments: Rule.allCases)
    func everyRuleHasAHomeNamedAfterIt(_ rule: Rule) throws {
      let file = Self.homeType(of: rule) + ".swift"
      let source = try #require(
        try? String(contentsOf: Self.folder.appendingPathComponent(file), encoding: .utf8),
        "\(rule.rawValue) has no home: \(file) is missing from \(Self.folder.path)")
      #expect(
        source.contains("@Suite(\"\(rule.rawValue)\") struct \(Self.homeType(of: rule)) {"),
        "\(file) does not declare @Suite(\"\(rule.rawValue)\") struct \(Self.homeType(of: rule))")
      // A trigger and a near miss at the least.
      #expect(
        source.components(separatedBy: "@Test").count - 1 >= 2, "\(file) has fewer than two tests")
    }

    @Test func everyHomeIsTheOnlyHomeOfARuleOfTheCatalog() throws {
      let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
        .filter { $0.hasSuffix(".swift") }.sorted()
      var homes: [String: [String]] = [:]
      for file in files {
        let source = try String(contentsOf: Self.folder.appendingPathComponent(file), encoding: .utf8)
        for name in Self.suiteNames(in: source) { homes[name, default: []].append(file) }
      }
      // Read the folder at all, or the checks below would pass on nothing.
      #expect(
        homes.count >= Rule.allCases.count, "found the homes \(homes.keys.sorted()) in \(Self.folder.path)")
      for (name, files) in homes.sorted(by: { $0.key < $1.key }) {
        #expect(Rule(rawValue: name) != nil, "\(files) declare a home of \"\(name)\", which is no rule")
        #expect(files.count == 1, "\(name) has more than one home: \(files)")
      }
    }
  }
}
