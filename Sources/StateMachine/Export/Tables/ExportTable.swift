/// The tables `replay export --table` writes, one row per transition, per finding or per trace, with
/// their columns declared once (<doc:ExportTables>).
///
/// ```swift
/// let trace = ExportedTrace.read(path: "traces/valid/card-present-dismiss.jsonl")
/// for row in ExportTable.transitions.rows(of: trace) {
///   print(ExportFormat.csv.line(row))
/// }
/// ExportTable.transitions.columns.map(\.name)  // ["schema_version", "trace", "presentation_id", …]
/// ```
public enum ExportTable: String, Sendable, Hashable, CaseIterable {
  case transitions, findings, traces

  /// The version of the columns, written in every row: it changes when a column is renamed, retyped or
  /// removed, or its meaning changes; a column added at the end keeps it (<doc:ExportTables#Versions>).
  public static let schemaVersion = 1

  /// The table's columns, in the order every row holds them.
  public var columns: [ExportColumn] {
    switch self {
    case .transitions: Self.transitionFields.map(\.column)
    case .findings: Self.findingFields.map(\.column)
    case .traces: Self.traceFields.map(\.column)
    }
  }

  /// The rows `trace` adds to this table, their values in the order of ``columns``.
  public func rows(of trace: ExportedTrace) -> [[ExportValue]] {
    switch self {
    case .transitions:
      trace.replay.transitions.map { transition in Self.transitionFields.map { $0.value((trace, transition)) }
      }
    case .findings:
      trace.replay.report.findings.map { finding in Self.findingFields.map { $0.value((trace, finding)) } }
    case .traces:
      [Self.traceFields.map { $0.value(trace) }]
    }
  }
}
