extension ExportTable {
  /// The table's columns as the Markdown table the DocC article shows: a test checks that the article
  /// holds exactly this text, so the article cannot drift from the columns the export writes.
  ///
  /// ```swift
  /// print(ExportTable.findings.documentation)
  /// // | Column | Type | Null | Unit | Meaning |
  /// // | --- | --- | --- | --- | --- |
  /// // | `schema_version` | BIGINT | no |  | The version of these tables' columns … |
  /// ```
  package var documentation: String {
    var lines = ["| Column | Type | Null | Unit | Meaning |", "| --- | --- | --- | --- | --- |"]
    for column in columns {
      lines.append(
        "| `\(column.name)` | \(column.type.rawValue) | \(column.nullable ? "yes" : "no") | \(column.unit ?? "") | \(column.doc) |"
      )
    }
    return lines.joined(separator: "\n")
  }

  /// The table's columns and types as a DuckDB struct literal, for `read_json(…, columns = …)` and
  /// `read_csv(…, columns = …)`: the documented types even where the rows read hold no value to infer one
  /// from (a column null in every row is inferred as `NULL` from JSON, `VARCHAR` from CSV).
  ///
  /// ```swift
  /// ExportTable.findings.sqlColumns  // "{'schema_version': 'BIGINT', 'trace': 'VARCHAR', …}"
  /// ```
  package var sqlColumns: String {
    "{" + columns.map { "'\($0.name)': '\($0.type.rawValue)'" }.joined(separator: ", ") + "}"
  }
}
