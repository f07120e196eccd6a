import PresentationStateMachine

/// One trace file a command reads: named on the command line (anything readable: a FIFO, `/dev/stdin`,
/// a process substitution), or found in a directory (then only a regular file is read).
///
/// ```swift
/// let file = TraceFile(path: "traces/valid/card-present-dismiss.jsonl")
/// let report = file.audit(configuration: AuditConfiguration())
/// report.path  // "traces/valid/card-present-dismiss.jsonl"
/// ```
///
/// It is opened by its bytes (``SystemPath``), so a file whose name is not UTF-8 is read; the reports
/// name it by its ``path``, each invalid byte as U+FFFD.
struct TraceFile: Sendable, Hashable {
  var systemPath: SystemPath
  /// Found by listing a directory, not named: read only when it is a regular file.
  var foundInDirectory: Bool

  init(_ systemPath: SystemPath, foundInDirectory: Bool = false) {
    self.systemPath = systemPath
    self.foundInDirectory = foundInDirectory
  }

  /// A file named by a string.
  init(path: String) { self.init(SystemPath(path)) }

  /// The path as the reports print it.
  var path: String { systemPath.text }

  /// A reader over the file; throws what `TraceReader(path:)` would when it cannot be opened.
  func reader() throws(ReadFailure) -> TraceReader {
    TraceReader(source: try PathByteSource(file: self))
  }

  /// `FileReport.audit(path:configuration:)` of this file.
  func audit(configuration: AuditConfiguration) -> FileReport {
    FileReport.audit(path: path, configuration: configuration, opening: reader)
  }

  /// `TraceReplay.run(path:configuration:)` of this file.
  func replay(configuration: AuditConfiguration) -> TraceReplay {
    TraceReplay.run(path: path, configuration: configuration, opening: reader)
  }

  /// `ExportedTrace.read(path:configuration:)` of this file.
  func exported(configuration: AuditConfiguration) -> ExportedTrace {
    ExportedTrace.read(path: path, configuration: configuration, opening: reader)
  }
}
