/// The SQL type of an export column, named as DuckDB names what it infers from the rows.
///
/// ```swift
/// ExportColumnType.double.rawValue  // "DOUBLE"
/// ```
package enum ExportColumnType: String, Sendable, Hashable, CaseIterable {
  /// Text, JSON-escaped in JSON Lines and quoted per RFC 4180 in CSV when it needs to be; in CSV, a text
  /// starting with `=`, `+`, `-`, `@`, a tab or a carriage return has a `'` before it (not a formula).
  case varchar = "VARCHAR"
  /// A whole number: a count or a line number.
  case bigint = "BIGINT"
  /// A number that is always written with a fraction or an exponent (`2.0`, `1e-05`), so an engine that
  /// infers types from the text never takes a column of whole seconds for integers.
  case double = "DOUBLE"
  /// `true` or `false`.
  case boolean = "BOOLEAN"
}
