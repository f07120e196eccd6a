#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a recording could not be written, with the POSIX error behind it where there is one.
///
/// ```swift
/// do {
///   try recorder.flush()
/// } catch {
///   print(error) // "cannot write session.jsonl: No space left on device (ENOSPC); recording stopped"
///   if error.code == ENOSPC { /* free space, start a new recording */ }
/// }
/// ```
///
/// A failure while writing stops the sink for good (`isPermanent`), so that nothing is ever appended
/// after a line that may have been cut; an invalid event is refused alone and recording goes on.
public struct RecordingError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: String, Sendable, Hashable {
    /// The trace file could not be opened or created (permission, missing directory, read-only volume).
    case cannotOpen
    /// `write(2)` failed: disk full (`ENOSPC`), a closed or read-only descriptor (`EBADF`), an I/O error.
    case writeFailed
    /// The trace file was deleted while recording: the lines went to a file no one can open.
    case fileRemoved
    /// Another file took the trace file's path while recording (its inode changed).
    case fileReplaced
    /// The sink or recorder was already closed, or stopped after an earlier failure.
    case closed
    /// The event would not make a valid trace line (an empty id, a missing required payload key, a
    /// number that is NaN or infinite); it was not written.
    case invalidEvent
    /// The trace a recording appends to could not be read back for the live auditor: its line numbers
    /// count from the first line recorded now. Recording goes on.
    case existingTraceUnreadable
  }

  /// What went wrong, to decide in code whether to retry, alert or go on.
  public var kind: Kind
  /// The POSIX error number (`ENOSPC`, `EBADF`, `EACCES`, …), when the failure came from the system.
  public var code: Int32?
  /// The file involved, when there is one.
  public var path: String?
  /// A sentence a person can act on.
  public var message: String
  /// Lines the sink had accepted (their `write` returned) that did not reach the file: buffered when a
  /// write failed, or written to a file that was deleted or replaced. A recorder takes them back out of
  /// its `recordedEvents`.
  public var lostLines: Int

  /// An error as a sink or a recorder reports it; a custom sink throws these too.
  public init(kind: Kind, code: Int32? = nil, path: String? = nil, message: String, lostLines: Int = 0) {
    self.kind = kind
    self.code = code
    self.path = path
    self.message = message
    self.lostLines = lostLines
  }

  /// Whether recording stopped because of it (everything but `invalidEvent` and
  /// `existingTraceUnreadable`).
  public var isPermanent: Bool { kind != .invalidEvent && kind != .existingTraceUnreadable }

  public var description: String { message }

  /// The text of a POSIX error number, with its symbolic name where the tests and users look for one.
  static func describe(_ code: Int32) -> String {
    let text = String(cString: strerror(code))
    let name: String? =
      switch code {
      case ENOSPC: "ENOSPC"
      case EBADF: "EBADF"
      case EACCES: "EACCES"
      case EPERM: "EPERM"
      case ENOENT: "ENOENT"
      case EROFS: "EROFS"
      case EIO: "EIO"
      case EDQUOT: "EDQUOT"
      case EFBIG: "EFBIG"
      case EPIPE: "EPIPE"
      default: nil
      }
    return name.map { "\(text) (\($0))" } ?? "\(text) (errno \(code))"
  }
}
