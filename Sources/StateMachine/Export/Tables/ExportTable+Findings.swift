extension ExportTable {
  /// A finding and the path of the trace it was found in.
  typealias FindingRow = (path: String, finding: Finding)

  /// The columns of `findings`, one row per finding (<doc:ExportTables#findings>).
  static let findingFields: [ExportField<FindingRow>] = [
    .schemaVersion,
    .trace { $0.path },
    ExportField(
      ExportColumn("line", .bigint, "The trace line of the event that shows the violation (1-based).")
    ) {
      .bigint($0.finding.line)
    },
    ExportField(ExportColumn("t", .double, unit: "seconds", "That event's time (trace time).")) {
      .seconds($0.finding.t)
    },
    ExportField(ExportColumn("presentation_id", .varchar, "The presentation it concerns.")) {
      .varchar($0.finding.id)
    },
    ExportField(ExportColumn("rule", .varchar, "The rule's id (`replay rules`).")) {
      .varchar($0.finding.rule.rawValue)
    },
    ExportField(ExportColumn("severity", .varchar, "`error` or `warning`, after the run's settings.")) {
      .varchar($0.finding.severity.rawValue)
    },
    ExportField(ExportColumn("message", .varchar, "What happened, as `replay audit` prints it.")) {
      .varchar($0.finding.message)
    },
  ]
}
