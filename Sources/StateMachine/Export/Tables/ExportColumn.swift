/// One column of an export table, declared once: its name (the JSON key and the CSV header), its SQL type,
/// whether it may be null, its unit and what it holds (<doc:ExportTables>).
///
/// ```swift
/// let column = ExportTable.transitions.columns[0]
/// column.name  // "schema_version"
/// column.type  // .bigint
/// ```
///
/// The DocC article's tables, the CSV header and the JSON keys all come from these values, so a column
/// renamed here is renamed everywhere, and a test fails until the article says so too.
package struct ExportColumn: Sendable, Hashable {
  /// The column's name: a JSON Lines key and a CSV header field, in snake case for SQL.
  package var name: String
  package var type: ExportColumnType
  /// Whether a row may hold no value here (JSON `null`, an empty unquoted CSV field).
  package var nullable: Bool
  /// The unit of a number (`seconds`), or `nil` for a count, a line number or a text.
  package var unit: String?
  /// One sentence of what the column holds, as the article shows it.
  package var doc: String

  package init(
    _ name: String, _ type: ExportColumnType, nullable: Bool = false, unit: String? = nil, _ doc: String
  ) {
    self.name = name
    self.type = type
    self.nullable = nullable
    self.unit = unit
    self.doc = doc
  }
}
