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
/// Its last member, `checksum`, is a 64-bit FNV-1a hash of its bytes without that member, and what it
/// holds is checked for ranges and for consistency (lines, counts, offsets, lengths, each presentation's
/// phase against its own transition): a snapshot edited by hand, or damaged, is refused instead of
/// trapping on an overflow or reporting findings at lines that are not theirs.
///
/// Version 3 added `log`, `reportedUnknownEvents` and `ignore`, and `line` counts every line folded in (blank and
/// bad lines too), not only event lines. Version 5 added `checksum`. Version 6 encodes the auditor of a machine that reports its
/// timers: the auditor keeps only the earliest timer, each transition which of its timers expired, and the
/// session its grace and undriven thresholds.
package struct AuditSnapshot: Sendable, Codable {
  package static let formatName = "presentation-audit-snapshot"
  package static let supportedVersion = 6

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

  /// The snapshot as JSON (infinities spelled as strings, since JSON has none), its checksum last.
  package func json() throws(AuditSnapshotError) -> Data {
    let body: Data
    do {
      body = try Self.encoder().encode(self)
    } catch {
      throw AuditSnapshotError(message: "cannot encode the snapshot: \(error)")
    }
    guard body.last == UInt8(ascii: "}") else {
      throw AuditSnapshotError(message: "cannot encode the snapshot: it is not a JSON object")
    }
    return Self.signed(body)
  }

  /// Reads a snapshot, refusing another format, version or model, a checksum that does not match, and
  /// a state that is out of range or inconsistent, with a message that says what to do.
  package init(json data: Data) throws(AuditSnapshotError) {
    let decoder = Self.decoder()
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
    // The bytes are checked before anything but the envelope is decoded from them.
    guard let body = Self.body(ofSigned: data) else {
      throw Self.edited("its checksum does not match its content")
    }
    do {
      self = try decoder.decode(AuditSnapshot.self, from: body)
    } catch let error as SessionDocumentError {
      throw Self.edited(error.reason)
    } catch {
      throw AuditSnapshotError(message: "the snapshot is damaged: \(error)")
    }
    if let inconsistency {
      throw Self.edited(inconsistency)
    }
  }

  /// The refusal of a snapshot that was edited or damaged, saying why.
  static func edited(_ why: String) -> AuditSnapshotError {
    AuditSnapshotError(
      message: "the snapshot was edited by hand or damaged (\(why)); audit the whole trace again without "
        + "--resume (and write a new --snapshot-out)")
  }

  // MARK: - The checksum

  /// What comes between a snapshot's body and its checksum; the checksum's 16 hex digits and `"}` follow.
  private static let checksumKey = Array(#","checksum":""#.utf8)
  private static let checksumLength = checksumKey.count + 16 + 2

  /// `body`, a JSON object, with `"checksum"` added as its last member: the FNV-1a hash of `body`.
  static func signed(_ body: Data) -> Data {
    var signed = Data(body.dropLast())
    signed.append(contentsOf: checksumKey)
    signed.append(contentsOf: ModelFingerprint.fnv1a(bytes: body).utf8)
    signed.append(contentsOf: Array(#""}"#.utf8))
    return signed
  }

  /// The body `signed` was made from, or `nil` when its last member is not a checksum of that body
  /// (edited, reformatted, cut, or no checksum at all).
  static func body(ofSigned signed: Data) -> Data? {
    let bytes = Array(signed)
    guard bytes.count > checksumLength else { return nil }
    let start = bytes.count - checksumLength
    let digits = bytes[(start + checksumKey.count)..<(bytes.count - 2)]
    guard bytes[start..<(start + checksumKey.count)].elementsEqual(checksumKey),
      bytes.suffix(2).elementsEqual(Array(#""}"#.utf8))
    else { return nil }
    let body = Data(bytes[..<start] + [UInt8(ascii: "}")])
    guard digits.elementsEqual(ModelFingerprint.fnv1a(bytes: body).utf8) else { return nil }
    return body
  }

  static func encoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
    return encoder
  }

  static func decoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(
      positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
    return decoder
  }
}

/// A snapshot that cannot be written or read back.
package struct AuditSnapshotError: Error, Sendable, Equatable {
  package var message: String
  package init(message: String) { self.message = message }
}
