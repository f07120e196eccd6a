/// A column and how a row's value for it is read: the one declaration a table's schema, its CSV header,
/// its JSON keys and its rows all come from.
///
/// ```swift
/// let id = ExportField<Finding>(ExportColumn("rule", .varchar, "The rule's id.")) { .varchar($0.rule.rawValue) }
/// id.value(finding)  // .varchar("complete-twice")
/// ```
struct ExportField<Row>: Sendable {
  let column: ExportColumn
  let value: @Sendable (Row) -> ExportValue

  init(_ column: ExportColumn, _ value: @escaping @Sendable (Row) -> ExportValue) {
    self.column = column
    self.value = value
  }

  /// The version of the tables' schema, first in every row so that a row read alone says what it means.
  static var schemaVersion: ExportField {
    ExportField(
      ExportColumn(
        "schema_version", .bigint,
        "The version of these tables' columns (see Versions); every row of one export has the same.")
    ) { _ in .bigint(ExportTable.schemaVersion) }
  }

  /// The trace's path, which joins the three tables.
  static func trace(_ path: @escaping @Sendable (Row) -> String) -> ExportField {
    ExportField(
      ExportColumn(
        "trace", .varchar, "The trace file's path, as given on the command line or found in a directory.")
    ) { .varchar(path($0)) }
  }
}
