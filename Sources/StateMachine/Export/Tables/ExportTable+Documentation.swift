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
  public var documentation: String {
    var lines = ["| Column | Type | Null | Unit | Meaning |", "| --- | --- | --- | --- | --- |"]
    for column in columns {
      lines.append(
        "| `\(column.name)` | \(column.type.rawValue) | \(column.nullable ? "yes" : "no") | \(column.unit ?? "") | \(column.doc) |"
      )
    }
    return lines.joined(separator: "\n")
  }
}
