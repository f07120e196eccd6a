/// Audits a trace from where an earlier audit stopped: the bytes after a snapshot's offset, with the state
/// the snapshot carries, so an ever-growing log is audited once, piece by piece, and each run reads only
/// what was appended.
///
/// ```swift
/// let result = try IncrementalAudit.run(path: "ci.jsonl", resumingFrom: snapshot)
/// result.report.findings // only what the new lines settled
/// result.snapshot        // to resume from next time
/// ```
///
/// Before resuming, the snapshot is checked for consistency (as `AuditSnapshot(json:)` checks it), and the
/// log against the snapshot's `LogFingerprint`: a log shorter than the snapshot's offset, or whose bytes
/// before it differ, is not the log the snapshot was taken from, and is refused. Bytes further back than
/// the fingerprint are not read: a log rewritten there is resumed with the state its old bytes left. A run folds complete lines only: a last line with no `\n` yet (being written) is left for the
/// next run, with a note.
package enum IncrementalAudit {
  /// What one incremental run found, and where to resume next time.
  package struct Result: Sendable {
    package var report: FileReport
    package var snapshot: AuditSnapshot
  }

  /// The line a resumed reader reads first and the audit skips (see `LinePositionSource`).
  static let primer = Array(#"{"t":0,"id":"resume","event":"mark","name":"resume"}"#.utf8) + [0x0A]

  /// Audits `path` after `snapshot`'s offset (from the start without a snapshot). The end of the trace is
  /// not treated as final (the log may grow), so nothing that only the end settles is reported.
  package static func run(
    path: String, resumingFrom snapshot: AuditSnapshot? = nil,
    configuration: AuditConfiguration = AuditConfiguration()
  ) throws(AuditSnapshotError) -> Result {
    try check(snapshot, configuration: configuration)
    let file: FileByteSource
    let tail: [UInt8]
    do {
      file = try FileByteSource(path: path)
      if let snapshot {
        let size = try file.size()
        try check(snapshot, size: size)
        tail = try file.bytes(
          at: snapshot.log.length - snapshot.log.tailLength, count: snapshot.log.tailLength)
        try file.seek(to: snapshot.log.length)
      } else {
        tail = []
      }
    } catch let error as AuditSnapshotError {
      throw error
    } catch {
      var report = FileReport(path: path)
      report.readFailure = (error as? ReadFailure)?.message ?? "\(error)"
      let unchanged =
        snapshot
        ?? AuditSnapshot(
          line: 0, log: LogFingerprint(length: 0, tail: []), events: 0,
          auditor: Auditor(configuration: configuration))
      return Result(report: report, snapshot: unchanged)
    }
    if let snapshot { try check(snapshot, tail: tail) }
    return run(source: file, path: path, resumingFrom: snapshot, configuration: configuration) {
      offset, count in (try? file.bytes(at: offset, count: count)) ?? []
    }
  }

  /// Audits a trace held in memory after `snapshot`'s offset, as `run(path:)` audits a file.
  package static func run(
    bytes: [UInt8], path: String, resumingFrom snapshot: AuditSnapshot? = nil,
    configuration: AuditConfiguration = AuditConfiguration()
  ) throws(AuditSnapshotError) -> Result {
    try check(snapshot, configuration: configuration)
    var start = 0
    if let snapshot {
      try check(snapshot, size: bytes.count)
      try check(snapshot, tail: bytes[(snapshot.log.length - snapshot.log.tailLength)..<snapshot.log.length])
      start = snapshot.log.length
    }
    return run(
      source: MemoryByteSource(Array(bytes[start...])), path: path, resumingFrom: snapshot,
      configuration: configuration
    ) { offset, count in Array(bytes[offset..<(offset + count)]) }
  }

  private static func check(_ snapshot: AuditSnapshot?, configuration: AuditConfiguration)
    throws(AuditSnapshotError)
  {
    guard let snapshot else { return }
    // A snapshot built in code never went through `init(json:)`'s checks; the offsets and counts below
    // are only safe to use once they hold.
    if let inconsistency = snapshot.inconsistency { throw AuditSnapshot.edited(inconsistency) }
    // The auditor also disables what the trace header ignores; the caller's settings must be the rest.
    guard snapshot.auditor.configuration != configuration.ignoring(snapshot.ignore) else {
      return
    }
    throw AuditSnapshotError(
      message:
        "the snapshot was taken with other audit settings; use the same thresholds and rule settings, "
        + "or audit the whole trace again without --resume")
  }

  private static func check(_ snapshot: AuditSnapshot, size: Int) throws(AuditSnapshotError) {
    guard size < snapshot.log.length else { return }
    throw AuditSnapshotError(
      message:
        "the trace is \(size) bytes long, shorter than where the snapshot stopped (byte \(snapshot.log.length), "
        + "after line \(snapshot.line)): it was truncated or rotated, or it is another file; audit it whole "
        + "again without --resume (and write a new --snapshot-out)")
  }

  private static func check(_ snapshot: AuditSnapshot, tail: some Collection<UInt8>)
    throws(AuditSnapshotError)
  {
    guard !snapshot.log.matches(tail: tail) else { return }
    throw AuditSnapshotError(
      message:
        "the trace's bytes before byte \(snapshot.log.length) (line \(snapshot.line)) are not those the snapshot "
        + "saw: it was rewritten, or it is another file; audit it whole again without --resume (and write a "
        + "new --snapshot-out)")
  }

  /// Audits `source`, which starts at the snapshot's offset (at the trace's start without one); `bytes`
  /// gives `count` bytes of the trace from an offset, for the new snapshot's fingerprint.
  static func run(
    source: any ByteSource, path: String, resumingFrom snapshot: AuditSnapshot?,
    configuration: AuditConfiguration, bytes: (_ offset: Int, _ count: Int) -> [UInt8]
  ) -> Result {
    var audit = TraceAudit(path: path, configuration: configuration, resumingFrom: snapshot)
    let startLine = snapshot?.line ?? 0
    let startOffset = snapshot?.log.length ?? 0
    // Mid-file, the primer stands for the lines before the offset (relative line 1, skipped).
    let primed = startOffset > 0
    let counted = LinePositionSource(source, primer: primed ? primer : [])
    let shift = primed ? startLine - 1 : 0
    var unfinishedLine: Int?
    // Whether the line `relative` (of the reader's count) is one to fold: not the primer's, and complete.
    func folds(_ relative: Int) -> Bool {
      if primed, relative == 1 { return false }
      guard relative - (primed ? 1 : 0) <= counted.lineEnds else {
        // The last line has no "\n" yet: it may still be being written.
        unfinishedLine = relative + shift
        return false
      }
      return true
    }
    // Each event in the form the machine reads, as the audit reads them (`TraceReader.readAll`).
    var reader = TraceReader(source: counted)
    reader.readAll(
      onEvent: { event, relative in
        if folds(relative) { audit.feed(event, line: relative + shift) }
      },
      onRecord: { record in
        if folds(record.line) { audit.feed(record.shifted(by: shift)) }
      })
    if let unfinishedLine {
      audit.note(
        TraceNote(
          line: unfinishedLine,
          message: "line \(unfinishedLine) has no line end yet (still being written?); the next run audits it"
        ))
    }
    // Not finished: the trace may grow, so what only its end settles is not reported (nor "no events").
    let report = audit.report
    let end = startOffset + counted.lastLineEnd
    let tailLength = min(LogFingerprint.tailSize, end)
    let log =
      end == startOffset
      ? snapshot?.log ?? LogFingerprint(length: 0, tail: [])
      : LogFingerprint(length: end, tail: bytes(end - tailLength, tailLength))
    var next = AuditSnapshot(
      line: startLine + counted.lineEnds, log: log, events: (snapshot?.events ?? 0) + report.events,
      auditor: audit.auditor)
    next.reportedUnknownEvents = audit.driver.notedUnknownEvents.sorted()
    next.ignore = audit.driver.ignore
    return Result(report: report, snapshot: next)
  }
}

extension TraceRecord {
  /// The line the record is about.
  var line: Int {
    switch self {
    case .header(_, let line), .event(_, let line), .skippedEvent(_, _, _, let line, _): line
    case .inputError(let error): error.line
    case .note(let note): note.line
    }
  }

  /// The record with its line numbers moved by `shift`.
  func shifted(by shift: Int) -> TraceRecord {
    guard shift != 0 else { return self }
    switch self {
    case .header(let header, let line): return .header(header, line: line + shift)
    case .event(let event, let line): return .event(event, line: line + shift)
    case .skippedEvent(let name, let t, let id, let line, let note):
      let moved = note.map { TraceNote(line: $0.line + shift, message: $0.message) }
      return .skippedEvent(name: name, t: t, id: id, line: line + shift, note: moved)
    case .inputError(var error):
      error.line += shift
      return .inputError(error)
    case .note(var note):
      note.line += shift
      return .note(note)
    }
  }
}
