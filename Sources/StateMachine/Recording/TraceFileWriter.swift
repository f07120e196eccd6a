#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file end of a `BackgroundFileTraceSink`: the descriptor and how much of the file the sink wrote,
/// used by the sink's writer queue alone.
///
/// ```swift
/// var writer = try TraceFileWriter(creating: path)
/// if let failure = writer.write(batch, lines: 3) { print(failure.message(lostLines: failure.lostLines)) }
/// ```
///
/// Batches hold whole lines. A failed `write(2)` keeps the lines it completed and cuts the partly
/// written one off again when the file holds exactly what this writer put there, so the file ends in a
/// whole line. After each batch the writer checks that the path still names its file, as
/// `FileTraceSink` does.
struct TraceFileWriter {
  /// Why a batch did not reach the file intact.
  struct Failure {
    var kind: RecordingError.Kind
    var code: Int32?
    /// The batch's lines that are not in the file (whole), or that went to a file no one can open.
    var lostLines: Int
    var path: String
    /// What happened to a partly written line, as a clause starting with "; ", or empty.
    var note = ""

    /// The error's sentence, `lost` being every line the failure cost (this batch's and those queued
    /// behind it).
    func message(lostLines lost: Int) -> String {
      let lines = "\(lost) recorded line\(lost == 1 ? "" : "s")"
      switch kind {
      case .fileRemoved:
        return "the trace file \(path) was deleted while recording; recording stopped, \(lines) lost with it"
      case .fileReplaced:
        return "another file took the path \(path) while recording; recording stopped, \(lines) lost "
          + "(written to the replaced file or not written)"
      default:
        let reason = code.map(RecordingError.describe) ?? "the file is closed"
        return "cannot write \(path): \(reason); recording stopped, \(lines) not written\(note)"
      }
    }
  }

  let path: String
  private(set) var descriptor: Int32
  /// The file's size after the last whole line written: where a cut line or a discarded batch ends.
  private(set) var size: Int64 = 0
  private(set) var isOpen = true
  private let device: UInt64
  private let inode: UInt64

  /// Creates `path` (mode 0644) for appending; an existing file is refused with `EEXIST`, so no earlier
  /// trace is ever truncated or appended to.
  init(creating path: String) throws(RecordingError) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      let code = errno
      throw RecordingError(
        kind: .cannotOpen, code: code, path: path,
        message: "cannot create \(path) for recording: \(RecordingError.describe(code))")
    }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      let code = errno
      _ = FileTraceSink.systemClose(descriptor)
      unlink(path)
      throw RecordingError(
        kind: .cannotOpen, code: code, path: path,
        message: "cannot inspect \(path): \(RecordingError.describe(code))")
    }
    self.path = path
    self.descriptor = descriptor
    device = UInt64(truncatingIfNeeded: info.st_dev)
    inode = UInt64(truncatingIfNeeded: info.st_ino)
  }

  /// Writes `bytes` (`lines` whole lines); `nil` when they all reached the file this writer created.
  mutating func write(_ bytes: [UInt8], lines: Int) -> Failure? {
    guard isOpen else { return Failure(kind: .closed, lostLines: lines, path: path) }
    let descriptor = descriptor
    let (written, code) = bytes.withUnsafeBytes { FileTraceSink.writeAll(descriptor, $0) }
    guard let code else {
      size += Int64(written)
      return identityFailure(lines: lines)
    }
    let whole = bytes[..<written].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
    var note = ""
    if written > whole {
      note =
        cut(to: size + Int64(whole), expecting: size + Int64(written))
        ? "; the partly written line was removed" : "; the file may end with a partly written line"
    }
    size += Int64(whole)
    let lost = bytes[whole...].count { $0 == 0x0A }
    return Failure(kind: .writeFailed, code: code, lostLines: lost, path: path, note: note)
  }

  /// Cuts the file back to `size` bytes, when it holds exactly what this writer wrote; whether it did.
  mutating func discard(backTo size: Int64) -> Bool {
    guard isOpen, cut(to: size, expecting: self.size) else { return false }
    self.size = size
    return true
  }

  /// Closes the descriptor; the POSIX error when `close(2)` failed (the last write may be lost).
  mutating func close() -> Int32? {
    guard isOpen else { return nil }
    isOpen = false
    return FileTraceSink.systemClose(descriptor) == 0 ? nil : errno
  }

  /// Truncates to `size` if the file is `expected` bytes long, so bytes another writer appended are
  /// never cut.
  private func cut(to size: Int64, expecting expected: Int64) -> Bool {
    var info = stat()
    return fstat(descriptor, &info) == 0 && Int64(info.st_size) == expected
      && ftruncate(descriptor, off_t(size)) == 0
  }

  /// `fileRemoved` or `fileReplaced` when the path no longer names the file written: the batch's
  /// `lines` went where no one will read them.
  private func identityFailure(lines: Int) -> Failure? {
    var info = stat()
    guard stat(path, &info) == 0 else {
      let code = errno
      guard code == ENOENT || code == ENOTDIR else { return nil }
      return Failure(kind: .fileRemoved, code: code, lostLines: lines, path: path)
    }
    guard
      UInt64(truncatingIfNeeded: info.st_dev) == device && UInt64(truncatingIfNeeded: info.st_ino) == inode
    else { return Failure(kind: .fileReplaced, lostLines: lines, path: path) }
    return nil
  }
}
