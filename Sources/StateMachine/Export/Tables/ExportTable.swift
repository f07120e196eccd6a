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
package enum ExportTable: String, Sendable, Hashable, CaseIterable {
  case transitions, findings, traces

  /// The version of the columns, written in every row: it changes when a column is renamed, retyped or
  /// removed, or its meaning changes; a column added at the end keeps it (<doc:ExportTables#Versions>).
  package static let schemaVersion = 1

  /// The table's columns, in the order every row holds them.
  package var columns: [ExportColumn] {
    switch self {
    case .transitions: Self.transitionFields.map(\.column)
    case .findings: Self.findingFields.map(\.column)
    case .traces: Self.traceFields.map(\.column)
    }
  }

  /// The rows `trace` adds to this table, their values in the order of ``columns``.
  package func rows(of trace: ExportedTrace) -> [[ExportValue]] {
    switch self {
    case .transitions: trace.replay.transitions.map { Self.row(of: $0, in: trace.path) }
    case .findings: trace.replay.report.findings.map { Self.row(of: $0, in: trace.path) }
    case .traces: [Self.row(of: trace.summary)]
    }
  }

  /// The `transitions` row of one transition of the trace at `path`: what an export writes as a
  /// `ReplayStream` hands each transition over.
  ///
  /// ```swift
  /// ReplayStream.run(path: path, transition: { print(ExportFormat.csv.line(ExportTable.row(of: $0, in: path))) },
  ///   finding: { _ in })
  /// ```
  package static func row(of transition: ReconstructedTransition, in path: String) -> [ExportValue] {
    transitionFields.map { $0.value((path, transition)) }
  }

  /// The `findings` row of one finding of the trace at `path`.
  ///
  /// ```swift
  /// ExportTable.row(of: finding, in: "session.jsonl")[5]  // .varchar("complete-twice")
  /// ```
  package static func row(of finding: Finding, in path: String) -> [ExportValue] {
    findingFields.map { $0.value((path, finding)) }
  }

  /// The `traces` row of a trace, from what its stream read.
  ///
  /// ```swift
  /// let summary = ReplayStream.run(path: path, transition: { _ in }, finding: { _ in })
  /// ExportTable.row(of: summary)[7]  // .bigint(events)
  /// ```
  package static func row(of summary: ReplayStream.Summary) -> [ExportValue] {
    traceFields.map { $0.value(summary) }
  }
}
