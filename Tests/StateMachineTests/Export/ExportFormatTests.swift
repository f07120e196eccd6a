import Foundation
import Testing

@testable import PresentationStateMachine

/// Rows spelt as JSON Lines and CSV keep each column's name, order and type, quote what CSV must quote,
/// and a trace with input errors still gives the rows of its good lines.
@Suite struct ExportFormatTests {
  /// The rows of every bundled trace for `table`, with the trace they came from.
  static func rows(_ table: ExportTable) -> [(path: String, row: [ExportValue])] {
    ExportTableSchemaTests.traces.flatMap { trace in table.rows(of: trace).map { (trace.path, $0) } }
  }

  @Test(arguments: ExportTable.allCases)
  func jsonLinesHoldEveryColumnInOrderSpeltByItsType(_ table: ExportTable) throws {
    let columns = table.columns
    for (path, row) in Self.rows(table) {
      let line = ExportFormat.jsonl.line(row, of: table)
      #expect(line.hasSuffix("}\n") && line.dropLast().allSatisfy { $0 != "\n" }, "\(path): \(line)")
      let bytes = Array(line.dropLast().utf8)
      let object = try bytes.withUnsafeBufferPointer { try JSONLineParser.parseObject($0) }
      #expect(object.members.map(\.key) == columns.map(\.name), "\(path)")
      for (member, column) in zip(object.members, columns) {
        // The value's text as written: up to the next top-level comma or the closing brace.
        let token = Self.numberToken(in: bytes, from: member.valueColumn - 1)
        let spelt = Self.spelling(member.value, token: token)
        let allowed = column.nullable ? [column.type.rawValue, "null"] : [column.type.rawValue]
        #expect(allowed.contains(spelt), "\(path): \(column.name) spelt as \(spelt) (\(token)) in \(line)")
      }
    }
  }

  @Test(arguments: ExportTable.allCases)
  func csvHasTheHeaderAndEveryColumnSpeltByItsType(_ table: ExportTable) throws {
    let columns = table.columns
    let rows = Self.rows(table)
    let text =
      ExportFormat.csv.header(of: table) + rows.map { ExportFormat.csv.line($0.row, of: table) }.joined()
    let records = try CSVRecords.parse(text)
    #expect(records.first?.map(\.text) == columns.map(\.name))
    #expect(records.count == rows.count + 1)
    for (record, (path, _)) in zip(records.dropFirst(), rows) {
      #expect(record.count == columns.count, "\(path)")
      for (field, column) in zip(record, columns) {
        let spelt = Self.spelling(field)
        let allowed = column.nullable ? [column.type.rawValue, "null"] : [column.type.rawValue]
        // Any text is a VARCHAR; a number or a boolean in a text column is still text.
        let fits = allowed.contains(spelt) || (column.type == .varchar && spelt != "null")
        #expect(fits, "\(path): \(column.name) spelt as \(spelt): '\(field.text)'")
      }
    }
  }

  @Test func csvQuotesCommasQuotesLineBreaksAndEmptyTextAndNothingElse() throws {
    let texts = ["a,b", #"say "hi""#, "two\nlines", "cr\r\nlf", "", "plain", "x\"", "é,ü"]
    let line = ExportFormat.csv.line(
      texts.map(ExportValue.varchar) + [.null, .bigint(3), .double(2), .boolean(true)])
    #expect(line.hasPrefix(#""a,b","say ""hi""","two"#))
    #expect(line.hasSuffix(#","",plain,"x""","é,ü",,3,2.0,true"# + "\r\n"))
    let records = try CSVRecords.parse(line)
    #expect(records.count == 1)
    #expect(records.first.map { Array($0.prefix(texts.count).map(\.text)) } == texts)
    #expect(records.first?[texts.count] == CSVRecords.Field(text: "", quoted: false))
  }

  /// A text cell a spreadsheet would run as a formula gets a leading `'` in CSV (OWASP); numbers, other
  /// text and the JSON Lines rows are left alone.
  @Test func csvTextThatStartsAFormulaGetsALeadingQuoteAndNumbersDoNot() throws {
    let texts = ["=1+2", "+cmd", "-card", "@SUM(A1)", "\tx", "\rx", "a=b", "'", "plain", " =x", ""]
    let line = ExportFormat.csv.line(texts.map(ExportValue.varchar) + [.double(-0.5), .bigint(-3), .null])
    let records = try CSVRecords.parse(line)
    let fields = try #require(records.first).map(\.text)
    #expect(
      fields == [
        "'=1+2", "'+cmd", "'-card", "'@SUM(A1)", "'\tx", "'\rx", "a=b", "'", "plain", " =x", "", "-0.5", "-3",
        "",
      ])
    #expect(line.hasSuffix(",-0.5,-3,\r\n"))
    // The header's names are not text cells of a row.
    #expect(ExportFormat.csv.header(of: .findings).hasPrefix("schema_version,trace,"))
  }

  /// An id written as a formula travels through a real trace: CSV shows it with the `'`, JSON Lines as it is.
  @Test func aFormulaIdIsNeutralizedInCSVOnly() throws {
    let id = #"=HYPERLINK("http://example.com","x")"#
    let trace = try Self.temporaryTrace(Self.presentDismiss(id, at: 0))
    defer { try? FileManager.default.removeItem(atPath: trace) }
    let rows = ExportTable.transitions.rows(of: ExportedTrace.read(path: trace))
    let idColumn = try #require(ExportTable.transitions.columns.firstIndex { $0.name == "presentation_id" })
    let csv = rows.map { ExportFormat.csv.line($0, of: .transitions) }.joined()
    let records = try CSVRecords.parse(ExportFormat.csv.header(of: .transitions) + csv)
    #expect(records.dropFirst().map { $0[idColumn].text } == ["'" + id, "'" + id])
    let line = ExportFormat.jsonl.line(try #require(rows.first), of: .transitions)
    let object = try Array(line.dropLast().utf8).withUnsafeBufferPointer {
      try JSONLineParser.parseObject($0)
    }
    #expect(object["presentation_id"]?.value.stringValue == id)
  }

  @Test func doublesAlwaysHaveAFractionOrAnExponent() {
    #expect(ExportFormat.double(2) == "2.0")
    #expect(ExportFormat.double(1843) == "1843.0")
    #expect(ExportFormat.double(0.45) == "0.45")
    #expect(ExportFormat.double(0.00001) == "1e-05")
    #expect(ExportValue.seconds(.infinity) == .null)
    #expect(ExportValue.seconds(.nan) == .null)
    #expect(ExportValue.seconds(nil) == .null)
  }

  /// Ids with a comma, a quote and a line break travel through a real trace and back out of both formats.
  @Test func idsWithCommasQuotesAndLineBreaksComeBackWhole() throws {
    let ids = ["a,b", #"say "hi""#, "two\nlines"]
    let trace = try Self.temporaryTrace(
      ids.enumerated().map { Self.presentDismiss($1, at: 2.0 * Double($0)) }.joined())
    defer { try? FileManager.default.removeItem(atPath: trace) }
    let exported = ExportedTrace.read(path: trace)
    #expect(exported.verdict == .clean)
    let rows = ExportTable.transitions.rows(of: exported)
    #expect(rows.count == 6)
    let csv = rows.map { ExportFormat.csv.line($0, of: .transitions) }.joined()
    let records = try CSVRecords.parse(ExportFormat.csv.header(of: .transitions) + csv)
    let idColumn = try #require(ExportTable.transitions.columns.firstIndex { $0.name == "presentation_id" })
    #expect(records.dropFirst().map { $0[idColumn].text } == ids.flatMap { [$0, $0] })
    for row in rows {
      let line = ExportFormat.jsonl.line(row, of: .transitions)
      let bytes = Array(line.dropLast().utf8)
      let object = try bytes.withUnsafeBufferPointer { try JSONLineParser.parseObject($0) }
      #expect(ids.contains(object["presentation_id"]?.value.stringValue ?? ""))
    }
  }

  @Test func aTraceWithInputErrorsStillGivesTheRowsOfItsGoodLines() throws {
    let text =
      Self.presentDismiss("good", at: 0) + "{\"t\":9,\"id\":\n" + "not json at all\n"
      + Self.presentDismiss("later", at: 10)
    let trace = try Self.temporaryTrace(text)
    defer { try? FileManager.default.removeItem(atPath: trace) }
    let exported = ExportedTrace.read(path: trace)
    #expect(exported.verdict == .inputErrors)
    let ids = ExportTable.transitions.rows(of: exported).map { $0[2] }
    #expect(ids == [.varchar("good"), .varchar("good"), .varchar("later"), .varchar("later")])
    let traceRow = try #require(ExportTable.traces.rows(of: exported).first)
    let columns = ExportTable.traces.columns.map(\.name)
    let inputErrors = try #require(columns.firstIndex(of: "input_errors"))
    let verdict = try #require(columns.firstIndex(of: "verdict"))
    #expect(traceRow[inputErrors] == .bigint(2))
    #expect(traceRow[verdict] == .varchar("input-errors"))
  }

  @Test func anUnreadableFileHasATraceRowAndNoOther() throws {
    let exported = ExportedTrace.read(path: "/no/such/trace.jsonl")
    #expect(exported.verdict == .unreadable)
    #expect(ExportTable.transitions.rows(of: exported).isEmpty)
    #expect(ExportTable.findings.rows(of: exported).isEmpty)
    let row = try #require(ExportTable.traces.rows(of: exported).first)
    let failure = try #require(ExportTable.traces.columns.firstIndex { $0.name == "read_failure" })
    #expect(row[failure] != .null)
  }

  // MARK: - Helpers

  /// A presentation of `id` and its dismissal from `start` on, each a clean animated custom transition, `id` JSON-escaped.
  static func presentDismiss(_ id: String, at start: Double) -> String {
    var quoted = ""
    JSONText.appendString(id, to: &quoted)
    let events = [
      #""event":"present","presenter":"root","animated":true,"style":"custom""#,
      #""event":"presentationTransitionWillBegin""#, #""event":"animateTransition","duration":0.3"#,
      #""event":"completeTransition","didComplete":true"#,
      #""event":"presentationTransitionDidEnd","completed":true"#,
      #""event":"dismiss","animated":true"#, #""event":"dismissalTransitionWillBegin""#,
      #""event":"animateTransition","duration":0.3"#, #""event":"completeTransition","didComplete":true"#,
      #""event":"dismissalTransitionDidEnd","completed":true"#,
    ]
    let times = [0.0, 0.001, 0.002, 0.302, 0.303, 1.0, 1.001, 1.002, 1.302, 1.303]
    return zip(times, events).map { "{\"t\":\(start + $0),\"id\":\(quoted),\($1)}\n" }.joined()
  }

  static func temporaryTrace(_ text: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "export-\(UUID().uuidString).jsonl"
    ).path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// The text from `start` to the next comma or closing brace: a number's, a literal's or a string's
  /// opening (enough to tell `2` from `2.0`).
  static func numberToken(in bytes: [UInt8], from start: Int) -> String {
    var end = start
    while end < bytes.count, bytes[end] != UInt8(ascii: ","), bytes[end] != UInt8(ascii: "}") { end += 1 }
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }

  /// The SQL type a JSON value's spelling gives, as a type-inferring reader sees it.
  static func spelling(_ value: JSONValue, token: String) -> String {
    switch value {
    case .null: "null"
    case .bool: "BOOLEAN"
    case .string: "VARCHAR"
    case .number: token.allSatisfy { $0.isNumber || $0 == "-" } ? "BIGINT" : "DOUBLE"
    case .array, .object: "nested"
    }
  }

  /// The SQL type a CSV field's spelling gives.
  static func spelling(_ field: CSVRecords.Field) -> String {
    if field.quoted { return "VARCHAR" }
    if field.text.isEmpty { return "null" }
    if field.text == "true" || field.text == "false" { return "BOOLEAN" }
    if Int(field.text) != nil { return "BIGINT" }
    if Double(field.text) != nil, field.text.contains(where: { $0 == "." || $0 == "e" }) { return "DOUBLE" }
    return "VARCHAR"
  }
}
