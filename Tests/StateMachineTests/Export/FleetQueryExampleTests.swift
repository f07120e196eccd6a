import Foundation
import Testing

@testable import PresentationStateMachine

/// ExportTables.md's fleet query ("which styles hang most") shows what DuckDB answers over the bundled
/// traces' transitions: this computes the same answer from the rows the export writes and holds the
/// article's result table and its row count to it, so the example follows the traces when one is added.
/// (It once went stale: 401 rows shown, 411 exported.)
@Suite struct FleetQueryExampleTests {
  /// One row of the query's result.
  struct StyleRow: Equatable, CustomStringConvertible {
    var style: String
    var hangs: Int
    var transitions: Int
    var hangPercent: Double
    var description: String { "\(style) \(hangs)/\(transitions) (\(hangPercent))" }
  }

  /// The query, in Swift: `coalesce(resolved_style, style, '(none named)')`, the `never-completed` count,
  /// the total and the rounded percentage, ordered by hangs, then the percentage (both descending), then
  /// the style.
  static func answer(_ rows: [[ExportValue]], columns: [ExportColumn]) throws -> [StyleRow] {
    func index(_ name: String) throws -> Int {
      try #require(columns.firstIndex { $0.name == name }, "no column \(name)")
    }
    let (resolved, style, outcome) = (try index("resolved_style"), try index("style"), try index("outcome"))
    var groups: [String: (hangs: Int, transitions: Int)] = [:]
    for row in rows {
      var name = "(none named)"
      if case .varchar(let text) = row[style] { name = text }
      if case .varchar(let text) = row[resolved] { name = text }
      let hang = row[outcome] == .varchar("never-completed") ? 1 : 0
      groups[name, default: (0, 0)].hangs += hang
      groups[name, default: (0, 0)].transitions += 1
    }
    return groups.map { name, counts in
      let percent = (1000.0 * Double(counts.hangs) / Double(counts.transitions)).rounded() / 10
      return StyleRow(style: name, hangs: counts.hangs, transitions: counts.transitions, hangPercent: percent)
    }.sorted {
      ($0.hangs, $0.hangPercent) != ($1.hangs, $1.hangPercent)
        ? ($0.hangs, $0.hangPercent) > ($1.hangs, $1.hangPercent) : $0.style < $1.style
    }
  }

  /// The result table the article prints under "From a fleet to one query": its `│`-framed data rows.
  static func documentedRows(in article: String) throws -> [StyleRow] {
    let section = try #require(article.range(of: "## From a fleet to one query"), "no fleet section")
    let header = try #require(
      article.range(of: "├", range: section.upperBound..<article.endIndex), "no result table")
    let end = try #require(article.range(of: "└", range: header.upperBound..<article.endIndex))
    return try article[header.upperBound..<end.lowerBound].split(separator: "\n").dropFirst().map { line in
      let cells = line.split(separator: "│").map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { !$0.isEmpty }
      try #require(cells.count == 4, "\(line)")
      return StyleRow(
        style: cells[0], hangs: Int(cells[1]) ?? -1, transitions: Int(cells[2]) ?? -1,
        hangPercent: Double(cells[3]) ?? -1)
    }
  }

  @Test func theArticlesAnswerIsTheBundledTracesAnswer() throws {
    let article = try String(contentsOf: ExportTableSchemaTests.articlePath, encoding: .utf8)
    let rows = ExportTableSchemaTests.traces.flatMap { ExportTable.transitions.rows(of: $0) }
    let expected = try Self.answer(rows, columns: ExportTable.transitions.columns)
    #expect(try Self.documentedRows(in: article) == expected)
    #expect(
      article.contains("The \(rows.count) rows are the transition total"),
      "ExportTables.md should say the query reads \(rows.count) rows")
  }
}
