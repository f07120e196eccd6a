#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The whole state of an audit after some line of a trace, as versioned JSON: an audit can stop there and
/// resume later with exactly the findings one pass would have given.
///
/// ```swift
/// let first = try IncrementalAudit.run(path: "ci.jsonl")                // lines 1…N
/// try first.snapshot.json().write(to: snapshotURL)
/// // …the log grows…
/// let snapshot = try AuditSnapshot(json: Data(contentsOf: snapshotURL))
/// let next = try IncrementalAudit.run(path: "ci.jsonl", resumingFrom: snapshot)  // lines N+1…
/// ```
///
/// It carries the model's fingerprint (`ModelFingerprint`); resuming with another model is refused. It
/// also records where it stopped in the log's bytes, with a fingerprint of the bytes before that
/// (`LogFingerprint`); resuming on a log that does not hold them (truncated, rewritten, another file) is
/// refused too.
///
/// Version 3 added `log`, `reportedUnknownEvents` and `ignore`, and `line` counts every line folded in (blank and
/// bad lines too), not only event lines.
package struct AuditSnapshot: Sendable, Codable {
  package static let formatName = "presentation-audit-snapshot"
  package static let supportedVersion = 4

  package var format = AuditSnapshot.formatName
  package var version = AuditSnapshot.supportedVersion
  package var fingerprint = ModelFingerprint.current
  /// The lines folded into the state: the next run starts with line `line + 1`.
  package var line: Int
  /// Where line `line` ends in the log's bytes (the offset the next run reads from), and a fingerprint of
  /// the bytes before it.
  package var log: LogFingerprint
  /// Events audited so far, over every run.
  package var events: Int
  /// Unknown event names already noted (the note comes once per name and trace, over every run).
  package var reportedUnknownEvents: [String] = []
  /// The rules the trace's header ignores (`"ignore"`); the auditor's settings include them.
  package var ignore: [Rule] = []
  package var auditor: Auditor

  package init(line: Int, log: LogFingerprint, events: Int, auditor: Auditor) {
    self.line = line
    self.log = log
    self.events = events
    self.auditor = auditor
  }

  /// The snapshot as JSON (infinities spelled as strings, since JSON has none).
  package func json() throws(AuditSnapshotError) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
    do {
      return try encoder.encode(self)
    } catch {
      throw AuditSnapshotError(message: "cannot encode the snapshot: \(error)")
    }
  }

  /// Reads a snapshot, refusing another format, version or model with a message that says what to do.
  package init(json data: Data) throws(AuditSnapshotError) {
    let decoder = JSONDecoder()
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(
      positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
    struct Envelope: Decodable {
      var format: String?
      var version: Int?
      var fingerprint: String?
    }
    guard let envelope = try? decoder.decode(Envelope.self, from: data), envelope.format == Self.formatName
    else {
      throw AuditSnapshotError(message: "not an audit snapshot (written by 'replay audit --snapshot-out')")
    }
    guard envelope.version == Self.supportedVersion else {
      throw AuditSnapshotError(
        message: "snapshot version \(envelope.version ?? 0) is not supported (this build reads version "
          + "\(Self.supportedVersion)); audit the whole trace again without --resume")
    }
    guard envelope.fingerprint == ModelFingerprint.current else {
      throw AuditSnapshotError(
        message:
          "the snapshot was taken with another model (fingerprint \(envelope.fingerprint ?? "none"), this "
          + "build has \(ModelFingerprint.current)): its state would give wrong findings; audit the whole trace "
          + "again without --resume")
    }
    do {
      self = try decoder.decode(AuditSnapshot.self, from: data)
    } catch {
      throw AuditSnapshotError(message: "the snapshot is damaged: \(error)")
    }
  }
}

/// A snapshot that cannot be written or read back.
package struct AuditSnapshotError: Error, Sendable, Equatable {
  package var message: String
  package init(message: String) { self.message = message }
}
