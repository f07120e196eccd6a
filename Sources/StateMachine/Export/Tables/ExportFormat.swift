/// How export rows are spelt: JSON Lines (one object per line, keys in column order) or CSV (RFC 4180,
/// with a header line).
///
/// ```swift
/// ExportFormat.csv.header(of: .findings)        // "schema_version,trace,line,…\r\n"
/// ExportFormat.csv.line([.varchar("a,\"b\""), .null, .double(2)])  // "\"a,\"\"b\"\"\",,2.0\r\n"
/// ExportFormat.csv.line([.varchar("=1+2"), .double(-0.5)])          // "'=1+2,-0.5\r\n"
/// ```
///
/// Each row is one whole line, built before it is written, so an export cut short leaves whole lines.
package enum ExportFormat: String, Sendable, Hashable, CaseIterable {
  case jsonl, csv

  /// The part file's extension.
  package var fileExtension: String { rawValue }

  /// What comes before the rows: the CSV header line, or nothing for JSON Lines.
  package func header(of table: ExportTable) -> String {
    switch self {
    case .jsonl: ""
    case .csv: table.columns.map { Self.csvField($0.name) }.joined(separator: ",") + "\r\n"
    }
  }

  /// One row as one line, its end of line included; `row` holds a value per column of `table`.
  package func line(_ row: [ExportValue], of table: ExportTable) -> String {
    switch self {
    case .jsonl:
      var out = "{"
      for (index, (column, value)) in zip(table.columns, row).enumerated() {
        if index > 0 { out += "," }
        JSONText.appendString(column.name, to: &out)
        out += ":"
        switch value {
        case .null: out += "null"
        case .varchar(let text): JSONText.appendString(text, to: &out)
        case .bigint(let number): out += String(number)
        case .double(let number): out += Self.double(number)
        case .boolean(let flag): out += flag ? "true" : "false"
        }
      }
      return out + "}\n"
    case .csv:
      return line(row)
    }
  }

  /// One row as a CSV line (RFC 4180): a null is an empty field, a text is quoted when it holds a comma,
  /// a quote, a line break or nothing (so an empty text is not read as null), quotes doubled; a text that
  /// a spreadsheet would run as a formula starts with `'` (``csvText(_:)``).
  package func line(_ row: [ExportValue]) -> String {
    row.map { value in
      switch value {
      case .null: ""
      case .varchar(let text): Self.csvField(Self.csvText(text))
      case .bigint(let number): String(number)
      case .double(let number): number.isFinite ? Self.double(number) : ""
      case .boolean(let flag): flag ? "true" : "false"
      }
    }.joined(separator: ",") + "\r\n"
  }

  /// A double always with a fraction or an exponent (`2.0`, `0.45`, `1e-05`), Swift's shortest
  /// round-trip form: an engine inferring types never reads a column of whole seconds as integers.
  static func double(_ value: Double) -> String { value.isFinite ? "\(value)" : "null" }

  /// A text cell as CSV holds it: one that starts with `=`, `+`, `-`, `@`, a tab or a carriage return
  /// gets a leading `'`, so that a spreadsheet opening the file shows it instead of running it as a
  /// formula (OWASP's CSV injection advice; an id such as `=HYPERLINK(…)` comes from whoever wrote the
  /// trace). Only text cells: a number column's `-0.5` stays a number. Engines reading the CSV see the
  /// `'`; the JSON Lines rows have none.
  static func csvText(_ text: String) -> String {
    switch text.utf8.first {
    case UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D: "'" + text
    default: text
    }
  }

  static func csvField(_ text: String) -> String {
    let needsQuotes =
      text.isEmpty
      || text.utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 10 || $0 == 13 }
    guard needsQuotes else { return text }
    var out = "\""
    for character in text {
      if character == "\"" { out += "\"" }
      out.append(character)
    }
    return out + "\""
  }
}
