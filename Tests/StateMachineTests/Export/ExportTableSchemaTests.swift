import Foundation
import Testing

@testable import PresentationStateMachine

/// The export tables hold to their documented schema: every row of every bundled trace has a value of its
/// column's type in every column (null only where the column allows it), and the DocC article's tables
/// are exactly the declared columns.
@Suite struct ExportTableSchemaTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  static let articlePath = root.appendingPathComponent(
    "Sources/StateMachine/PresentationStateMachine.docc/ExportTables.md")

  /// Every bundled trace, read for export once.
  static let traces: [ExportedTrace] = {
    let directory = root.appendingPathComponent("traces").path
    let files = (FileManager.default.enumerator(atPath: directory)?.compactMap { $0 as? String } ?? [])
      .filter { $0.hasSuffix(".jsonl") }.sorted()
    return files.map { ExportedTrace.read(path: directory + "/" + $0) }
  }()

  @Test func thereAreTracesAndRowsToCheck() {
    #expect(Self.traces.count >= 100)
    for table in ExportTable.allCases {
      #expect(Self.traces.map { table.rows(of: $0).count }.reduce(0, +) >= 50, "\(table) has few rows")
    }
  }

  @Test(arguments: ExportTable.allCases)
  func everyRowOfTheBundledTracesHasItsColumnsTypes(_ table: ExportTable) {
    let columns = table.columns
    for trace in Self.traces {
      for (index, row) in table.rows(of: trace).enumerated() {
        #expect(row.count == columns.count, "\(trace.path) row \(index)")
        for (column, value) in zip(columns, row) where !value.conforms(to: column) {
          Issue.record(
            "\(table) row \(index) of \(trace.path): \(column.name) is \(column.type.rawValue)\(column.nullable ? "" : " NOT NULL"), not \(value)"
          )
        }
      }
    }
  }

  @Test(arguments: ExportTable.allCases)
  func everyColumnIsFilledSomewhereAndEveryNullableOneIsNullSomewhere(_ table: ExportTable) {
    // A column null in every row would be a value the rows never fill; a nullable column never null, a
    // column declared nullable for nothing. An unreadable file gives the traces' read_failure its value.
    let unreadable = ExportedTrace.read(path: Self.root.appendingPathComponent("traces/no-such.jsonl").path)
    let rows = (Self.traces + [unreadable]).flatMap { table.rows(of: $0) }
    for (index, column) in table.columns.enumerated() {
      let values = rows.map { $0[index] }
      #expect(values.contains { $0 != .null }, "\(table).\(column.name) is null in every row")
      if column.nullable {
        #expect(values.contains(.null), "\(table).\(column.name) is nullable but never null")
      }
    }
  }

  @Test func columnNamesAreUniqueSnakeCaseAndStartWithTheVersionAndTrace() {
    for table in ExportTable.allCases {
      let names = table.columns.map(\.name)
      #expect(Set(names).count == names.count, "\(table) repeats a column")
      #expect(Array(names.prefix(2)) == ["schema_version", "trace"])
      for name in names {
        #expect(name.allSatisfy { $0.isLowercase || $0 == "_" }, "\(table).\(name) is not snake case")
      }
    }
  }

  @Test func secondsColumnsAreDoubles() {
    for table in ExportTable.allCases {
      for column in table.columns where column.unit != nil {
        #expect(column.type == .double, "\(table).\(column.name) has a unit but is \(column.type.rawValue)")
      }
    }
  }

  /// Set `RECORD_EXPORT_TABLES=1` to write the declared columns into the article after changing them
  /// (one test for the three tables, so the recording writes the file once).
  @Test func theArticleDocumentsExactlyTheDeclaredColumns() throws {
    var article = try String(contentsOf: Self.articlePath, encoding: .utf8)
    let record = ProcessInfo.processInfo.environment["RECORD_EXPORT_TABLES"] == "1"
    for table in ExportTable.allCases {
      let block = try #require(
        Self.tableBlock(of: table, in: article), "ExportTables.md has no table under ## \(table)")
      let sql = try #require(
        Self.sqlLine(of: table, in: article), "ExportTables.md has no read_json line under ## \(table)")
      if record {
        article.replaceSubrange(block, with: table.documentation)
        if let line = Self.sqlLine(of: table, in: article) {
          article.replaceSubrange(line, with: Self.sql(table))
        }
        continue
      }
      #expect(String(article[sql]) == Self.sql(table), "ExportTables.md's \(table) read_json line")
      let documented = String(article[block])
      #expect(
        documented == table.documentation,
        "ExportTables.md's \(table) table differs from the columns; run with RECORD_EXPORT_TABLES=1:\n\(Self.diff(documented, table.documentation))"
      )
    }
    if record { try article.write(to: Self.articlePath, atomically: true, encoding: .utf8) }
  }

  /// How the article reads the table with its documented types.
  static func sql(_ table: ExportTable) -> String {
    "SELECT * FROM read_json('out/*.jsonl', columns = \(table.sqlColumns));"
  }

  /// The range of the line reading the table with its types, below the heading `## table`.
  static func sqlLine(of table: ExportTable, in article: String) -> Range<String.Index>? {
    guard let heading = article.range(of: "\n## \(table.rawValue)\n"),
      let start = article.range(
        of: "SELECT * FROM read_json('out/*.jsonl', columns = ", range: heading.upperBound..<article.endIndex),
      let end = article[start.lowerBound...].firstIndex(of: "\n")
    else { return nil }
    return start.lowerBound..<end
  }

  /// The range of the Markdown table below the heading `## table`: its lines starting with `|`.
  static func tableBlock(of table: ExportTable, in article: String) -> Range<String.Index>? {
    guard let heading = article.range(of: "\n## \(table.rawValue)\n"),
      let start = article.range(of: "\n| Column |", range: heading.upperBound..<article.endIndex)
    else { return nil }
    var end = article.index(after: start.lowerBound)
    while end < article.endIndex, article[end] == "|" {
      end = article[end...].firstIndex(of: "\n").map { article.index(after: $0) } ?? article.endIndex
    }
    // The block ends before its last line's line break.
    let last = end < article.endIndex || article.hasSuffix("\n") ? article.index(before: end) : end
    return article.index(after: start.lowerBound)..<last
  }

  static func diff(_ documented: String, _ declared: String) -> String {
    let old = documented.split(separator: "\n")
    let new = declared.split(separator: "\n")
    return old.filter { !new.contains($0) }.map { "- \($0)" }.joined(separator: "\n") + "\n"
      + new.filter { !old.contains($0) }.map { "+ \($0)" }.joined(separator: "\n")
  }
}
