/// The audit of many trace files, with the exit status CI acts on and the two ways to print it.
///
/// ```swift
/// let report = AuditReport(files: paths.map { FileReport.audit(path: $0) }, strict: true)
/// print(report.text(color: false))
/// exit(report.exitStatus.rawValue)
/// ```
package struct AuditReport: Sendable, Hashable {
  package var files: [FileReport]
  /// Whether warnings fail the run as errors do (`--strict`): the exit status, the text summary's verdict
  /// and the JSON report's `exitStatus` all follow it.
  package var strict: Bool

  package init(files: [FileReport], strict: Bool = false) {
    self.files = files
    self.strict = strict
  }

  /// The run's exit status, by the one policy (`AuditExitStatus`): 0 clean (warnings allowed unless
  /// `strict`), 1 a finding that fails the run, 2 input errors or an unreadable file (2 wins over 1).
  /// <doc:Rules#Reports-and-exit-status>.
  package var exitStatus: AuditExitStatus {
    let totals = totals
    return AuditExitStatus(
      errors: totals.errors, warnings: totals.warnings, inputErrors: totals.inputErrors, strict: strict)
  }

  /// Counts for the summary line.
  package struct Totals: Sendable, Hashable {
    package var files = 0
    package var events = 0
    package var errors = 0
    package var warnings = 0
    package var inputErrors = 0
    package var filesWithFindings = 0

    /// Counts one more file.
    mutating func add(_ file: FileReport) {
      files += 1
      events += file.events
      errors += file.findings.count { $0.severity == .error }
      warnings += file.findings.count { $0.severity == .warning }
      inputErrors += file.inputErrors.count + (file.readFailure == nil ? 0 : 1)
      if !file.findings.isEmpty || file.hasInputProblems { filesWithFindings += 1 }
    }
  }

  package var totals: Totals {
    var totals = Totals()
    for file in files { totals.add(file) }
    return totals
  }

  /// Compiler-style lines (`path:line:col: error: [rule-id] message`), then a summary line; paths and
  /// messages are escaped for the terminal (`TerminalText`).
  package func text(color: Bool) -> String {
    var out = ""
    writeText(color: color, to: &out)
    return out
  }

  /// `text(color:)` written a line at a time to `target`, so that a report of many findings is never held
  /// whole in memory beside the findings themselves (`replay audit` writes it to standard output this way).
  ///
  /// ```swift
  /// var out = ""
  /// report.writeText(color: false, to: &out)
  /// ```
  package func writeText<Target: TextOutputStream>(color: Bool, to target: inout Target) {
    var writer = Writer(json: false, color: color, strict: strict)
    for file in files { writer.write(file, to: &target) }
    writer.finish(to: &target)
  }

  /// One file's lines of the text report: its path unreadable, then its input errors, findings and notes
  /// by line.
  fileprivate static func writeText<Target: TextOutputStream>(
    of file: FileReport, style: TextStyle, to target: inout Target
  ) {
    // The path and the messages (which quote the trace's ids and text) come from outside: escaped.
    let path = TerminalText.escaped(file.path)
    if let failure = file.readFailure {
      target.write("\(path): \(style.error("error:")) [unreadable] \(TerminalText.escaped(failure))\n")
    }
    // Input errors, findings and notes merged by line, each kind in its own order within a line: sorted
    // as positions, and each line built only when it is written.
    var entries: [TextEntry] = []
    entries.reserveCapacity(file.inputErrors.count + file.findings.count + file.notes.count)
    for (index, error) in file.inputErrors.enumerated() {
      entries.append(TextEntry(line: error.line, kind: .inputError, index: index))
    }
    for (index, finding) in file.findings.enumerated() {
      entries.append(TextEntry(line: finding.line, kind: .finding, index: index))
    }
    for (index, note) in file.notes.enumerated() {
      entries.append(TextEntry(line: note.line, kind: .note, index: index))
    }
    entries.sort()
    for entry in entries {
      switch entry.kind {
      case .inputError:
        let error = file.inputErrors[entry.index]
        target.write(
          "\(path):\(error.line):\(error.column): \(style.error("error:")) [input] "
            + "\(TerminalText.escaped(error.message))\n")
      case .finding:
        let finding = file.findings[entry.index]
        let label = finding.severity == .error ? style.error("error:") : style.warning("warning:")
        target.write(
          "\(path):\(finding.line):1: \(label) [\(finding.rule.rawValue)] "
            + "\(TerminalText.escaped(finding.message))\n")
      case .note:
        let note = file.notes[entry.index]
        target.write(
          "\(path):\(note.line):1: \(style.note("note:")) \(TerminalText.escaped(note.message))\n")
      }
    }
  }

  /// Where a line of the text report comes from: sorted by line, then input errors, findings and notes,
  /// each in its own order, as the lines were always merged.
  private struct TextEntry: Comparable {
    enum Kind: Int { case inputError, finding, note }
    var line: Int
    var kind: Kind
    var index: Int

    static func < (lhs: Self, rhs: Self) -> Bool {
      (lhs.line, lhs.kind.rawValue, lhs.index) < (rhs.line, rhs.kind.rawValue, rhs.index)
    }
  }

  fileprivate static func summary(_ totals: Totals, status: AuditExitStatus, style: TextStyle) -> String {
    func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
    var parts = [plural(totals.errors, "error"), plural(totals.warnings, "warning")]
    if totals.inputErrors > 0 { parts.append(plural(totals.inputErrors, "input error")) }
    let verdict = status.verdict(errors: totals.errors)
    let word = verdict == .clean ? style.success(verdict.text) : style.error(verdict.text)
    return "audited \(plural(totals.files, "file")), \(plural(totals.events, "event")): "
      + parts.joined(separator: ", ") + " in \(plural(totals.filesWithFindings, "file")) (\(word))"
  }

  /// The report document (<doc:Rules#Reports-and-exit-status>): `{"files":[{"path","events","violations","errors","notes"}],"summary":{…}}`.
  package func json() -> String {
    var out = ""
    writeJSON(to: &out)
    return out
  }

  /// `json()` written a finding at a time to `target` (without the final newline), so that the document
  /// of many findings is never held whole in memory.
  ///
  /// ```swift
  /// var out = ""
  /// report.writeJSON(to: &out)
  /// ```
  package func writeJSON<Target: TextOutputStream>(to target: inout Target) {
    var writer = Writer(json: true, color: false, strict: strict)
    for file in files { writer.write(file, to: &target) }
    writer.finish(to: &target)
  }

  /// One file's object of the JSON report, written a finding at a time.
  fileprivate static func writeJSON<Target: TextOutputStream>(
    of file: FileReport, first: Bool, to target: inout Target
  ) {
    var out = first ? "{\"path\":" : ",{\"path\":"
    JSONText.appendString(file.path, to: &out)
    out += ",\"events\":\(file.events),\"violations\":["
    for (offset, finding) in file.findings.enumerated() {
      if offset > 0 { out += "," }
      out += "{\"rule\":"
      JSONText.appendString(finding.rule.rawValue, to: &out)
      out += ",\"severity\":"
      JSONText.appendString(finding.severity.rawValue, to: &out)
      out += ",\"line\":\(finding.line),\"t\":\(JSONText.number(finding.t)),\"id\":"
      JSONText.appendString(finding.id, to: &out)
      out += ",\"message\":"
      JSONText.appendString(finding.message, to: &out)
      out += "}"
      target.write(out)
      out.removeAll(keepingCapacity: true)
    }
    out += "],\"errors\":["
    var errors = file.inputErrors
    if let failure = file.readFailure {
      errors.insert(InputError(line: 0, column: 0, message: failure), at: 0)
    }
    for (offset, error) in errors.enumerated() {
      if offset > 0 { out += "," }
      out += "{\"line\":\(error.line),\"column\":\(error.column),\"message\":"
      JSONText.appendString(error.message, to: &out)
      out += "}"
    }
    out += "],\"notes\":["
    for (offset, note) in file.notes.enumerated() {
      if offset > 0 { out += "," }
      out += "{\"line\":\(note.line),\"message\":"
      JSONText.appendString(note.message, to: &out)
      out += "}"
    }
    out += "]"
    if let expect = file.expect {
      out += ",\"expect\":"
      JSONText.appendValue(.array(expect.map(JSONValue.string)), to: &out)
    }
    out += "}"
    target.write(out)
  }

  /// Writes a report a file at a time, as each file is audited, and its summary at the end: a fleet's
  /// report holds one file's findings at a time, never the fleet's (`replay audit` of many files).
  ///
  /// ```swift
  /// var writer = AuditReport.Writer(json: false, color: false, strict: false)
  /// var out = ""
  /// for path in paths { writer.write(FileReport.audit(path: path), to: &out) }
  /// let status = writer.finish(to: &out)
  /// ```
  ///
  /// What it writes is byte for byte ``writeText(color:to:)`` or ``writeJSON(to:)`` of a report of the
  /// same files.
  package struct Writer {
    let json: Bool
    let style: TextStyle
    let strict: Bool
    /// The counts so far, for the summary and the exit status.
    package private(set) var totals = Totals()

    package init(json: Bool, color: Bool, strict: Bool) {
      self.json = json
      self.style = TextStyle(enabled: color && !json)
      self.strict = strict
    }

    /// Writes one file's part of the report (the document's opening before the first).
    package mutating func write<Target: TextOutputStream>(_ file: FileReport, to target: inout Target) {
      if json {
        if totals.files == 0 { target.write("{\"files\":[") }
        AuditReport.writeJSON(of: file, first: totals.files == 0, to: &target)
      } else {
        AuditReport.writeText(of: file, style: style, to: &target)
      }
      totals.add(file)
    }

    /// The exit status of the files written so far, by the one policy (`AuditExitStatus`).
    package var exitStatus: AuditExitStatus {
      AuditExitStatus(
        errors: totals.errors, warnings: totals.warnings, inputErrors: totals.inputErrors, strict: strict)
    }

    /// Writes the summary (text: its line; JSON: the document's end, without a final newline) and returns
    /// the run's exit status.
    @discardableResult
    package mutating func finish<Target: TextOutputStream>(to target: inout Target) -> AuditExitStatus {
      let status = exitStatus
      if json {
        var out = totals.files == 0 ? "{\"files\":[" : ""
        out += "],\"summary\":{\"files\":\(totals.files),\"events\":\(totals.events),"
        out += "\"errors\":\(totals.errors),\"warnings\":\(totals.warnings),"
        out += "\"inputErrors\":\(totals.inputErrors),\"exitStatus\":\(status.rawValue)}}"
        target.write(out)
      } else {
        target.write(AuditReport.summary(totals, status: status, style: style) + "\n")
      }
      return status
    }
  }
}
