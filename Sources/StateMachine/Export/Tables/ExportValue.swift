/// One cell of an export row, typed as its column is.
///
/// ```swift
/// ExportValue.seconds(0.45)   // .double(0.45)
/// ExportValue.seconds(nil)    // .null
/// ExportValue.text("card").conforms(to: ExportColumn("presentation_id", .varchar, "…"))  // true
/// ```
package enum ExportValue: Sendable, Hashable {
  case null
  case varchar(String)
  case bigint(Int)
  case double(Double)
  case boolean(Bool)

  /// Text, or null when there is none.
  package static func text(_ value: String?) -> ExportValue { value.map(ExportValue.varchar) ?? .null }

  /// A time or a duration in seconds; null when unknown or not finite (JSON cannot spell an infinity, and
  /// a hang's duration is not a number).
  package static func seconds(_ value: Double?) -> ExportValue {
    guard let value, value.isFinite else { return .null }
    return .double(value)
  }

  /// Whether this value may stand in `column`: the column's type, or null where the column allows it.
  package func conforms(to column: ExportColumn) -> Bool {
    switch (self, column.type) {
    case (.null, _): column.nullable
    case (.varchar, .varchar), (.bigint, .bigint), (.boolean, .boolean): true
    case (.double(let value), .double): value.isFinite
    case (.varchar, _), (.bigint, _), (.double, _), (.boolean, _): false
    }
  }
}
