extension ExportTable {
  /// The columns of `traces`, one row per trace file (<doc:ExportTables#traces>).
  static let traceFields: [ExportField<ReplayStream.Summary>] = [
    .schemaVersion,
    .trace { $0.path },
    ExportField(
      ExportColumn(
        "header_version", .bigint, nullable: true, "The header's format version; null without a header.")
    ) {
      $0.header.map { .bigint($0.version) } ?? .null
    },
    ExportField(ExportColumn("app", .varchar, nullable: true, "The header's `app`, when it is a string.")) {
      .text($0.metadata("app"))
    },
    ExportField(
      ExportColumn("device", .varchar, nullable: true, "The header's `device`, when it is a string.")
    ) {
      .text($0.metadata("device"))
    },
    ExportField(ExportColumn("os", .varchar, nullable: true, "The header's `os`, when it is a string.")) {
      .text($0.metadata("os"))
    },
    ExportField(
      ExportColumn(
        "metadata", .varchar, nullable: true,
        "Every other header key (all but `format`, `version`, `expect`, `ignore`) as one canonical JSON object; null without a header."
      )
    ) { trace in
      trace.header.map { header in
        var out = ""
        JSONText.appendValue(.object(header.metadata), to: &out)
        return .varchar(out)
      } ?? .null
    },
    ExportField(ExportColumn("events", .bigint, "Event lines read.")) { .bigint($0.events) },
    ExportField(ExportColumn("transitions", .bigint, "Transitions reconstructed (rows in `transitions`).")) {
      .bigint($0.transitions)
    },
    ExportField(ExportColumn("findings", .bigint, "Findings (rows in `findings`).")) {
      .bigint($0.findings)
    },
    ExportField(ExportColumn("errors", .bigint, "Findings of severity error.")) {
      .bigint($0.errors)
    },
    ExportField(ExportColumn("warnings", .bigint, "Findings of severity warning.")) {
      .bigint($0.warnings)
    },
    ExportField(
      ExportColumn(
        "input_errors", .bigint, "Lines that could not be used (the rows of the good ones are exported).")
    ) { .bigint($0.inputErrors.count) },
    ExportField(
      ExportColumn(
        "verdict", .varchar,
        "`unreadable`, `input-errors`, `errors`, `warnings` or `clean`: the first that applies, as the exit status decides."
      )
    ) { .varchar(ExportedTrace.Verdict($0).rawValue) },
    ExportField(
      ExportColumn(
        "read_failure", .varchar, nullable: true,
        "Why the file could not be read at all; null when it was read.")
    ) { .text($0.readFailure) },
    ExportField(ExportColumn("start_t", .double, nullable: true, unit: "seconds", "The first event's time."))
    {
      .seconds($0.startT)
    },
    ExportField(ExportColumn("end_t", .double, nullable: true, unit: "seconds", "The last event's time.")) {
      .seconds($0.endT)
    },
  ]
}

extension ReplayStream.Summary {
  /// The header's `key`, when it holds a string.
  fileprivate func metadata(_ key: String) -> String? {
    header?.metadata.first { $0.key == key }?.value.stringValue
  }
}
