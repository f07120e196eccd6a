#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A sink that appends whole lines to a file, buffered, flushed on demand and on an interval.
///
/// ```swift
/// let path = NSTemporaryDirectory() + "session.jsonl"
/// let sink = try FileTraceSink(path: path, flushInterval: 0.5) { error in
///   print("trace recording stopped: \(error)")  // a flush on the timer failed
/// }
/// let recorder = TraceRecorder(sink: sink)
/// ```
///
/// Lines are gathered in a buffer and handed to the file with POSIX `write(2)` as whole buffers of whole
/// lines: when the buffer is full, on `flush()`, every `flushInterval` seconds on a background timer, and
/// on `close()`. Short writes are continued and `EINTR` retried. So after a crash (or `SIGKILL`) the file
/// holds every line up to the last flush, and at most its final line is cut, which `TraceReader` reports
/// as a truncated line.
///
/// A failed write (disk full, a descriptor closed behind the sink's back, an I/O error) removes the
/// partly written line again where it can, and stops the sink for good: it is thrown to the caller (the
/// recorder reports it through its error handler), handed to `onError` when the timer hit it, and thrown
/// again by every later call. So a half line is never followed by more lines. After each flush the sink
/// also checks that its path still names the file it writes (`fileRemoved`, `fileReplaced`).
public final class FileTraceSink: TraceSink {
  /// What to do with a file that already exists.
  public enum Mode: Sendable, Hashable {
    /// Start an empty trace (the default).
    case truncate
    /// Append to it: a cut last line is ended first, so it stays one bad line, and no header is written
    /// into a file that already has content. The file is opened for reading too (where permitted), so
    /// that a recorder's live auditor reads what it already holds first (`existingTrace()`).
    case append
  }

  private struct State {
    var descriptor: Int32
    var buffer: [UInt8]
    /// The file's size after the last successful write: where a cut line is truncated back to.
    var committedSize: Int64
    var failure: RecordingError?
    var closed = false
    /// The file's size when the sink opened it: the trace it appends to.
    var initialSize: Int64
    /// Whether the descriptor reads too (append mode, where permitted).
    var readable: Bool
    /// Whether the buffer starts with the `\n` that ends a line an earlier crash cut.
    var endsCutLine: Bool
    /// The lines in the buffer (the `\n` of `endsCutLine` is none).
    var bufferedLines = 0
    var device: UInt64
    var inode: UInt64
    /// The background flush, while there is one.
    var timer: RepeatingTimer?
  }

  /// The file the sink writes.
  public let path: String
  /// The buffer size that triggers a write (1 byte to `largestBufferCapacity`; a size outside is taken as
  /// the nearest of the two).
  public let bufferCapacity: Int
  /// The largest buffer a file sink keeps, 64 MiB: a larger one (`Int.max`) overflowed or failed to allocate,
  /// since the buffer is reserved at once.
  public static let largestBufferCapacity = 64 << 20
  /// Seconds between background flushes; `nil` means only on demand and when the buffer fills.
  public let flushInterval: Double?
  private let onError: (@Sendable (RecordingError) -> Void)?
  private let state: LockedState<State>

  /// Opens (creating it with mode 0644 if needed) the trace file at `path`.
  ///
  /// `onError` hears about failures of background flushes as they happen; failures of calls the app
  /// makes are thrown to it instead. Throws `cannotOpen` with the POSIX error (`EACCES`, `ENOENT`,
  /// `EROFS`, `EISDIR`, …).
  public init(
    path: String, mode: Mode = .truncate, bufferCapacity: Int = 64 << 10, flushInterval: Double? = 0.5,
    onError: (@Sendable (RecordingError) -> Void)? = nil
  ) throws(RecordingError) {
    // Appending opens for reading too where it may, to read back the trace it appends to.
    var descriptor: Int32 = -1
    var readable = false
    if mode == .append {
      descriptor = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
      readable = descriptor >= 0
    }
    if descriptor < 0 {
      descriptor = open(
        path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | (mode == .truncate ? O_TRUNC : 0), 0o644)
    }
    guard descriptor >= 0 else {
      let code = errno
      throw RecordingError(
        kind: .cannotOpen, code: code, path: path,
        message: "cannot open \(path) for recording: \(RecordingError.describe(code))")
    }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      let code = errno
      _ = Self.systemClose(descriptor)
      throw RecordingError(
        kind: .cannotOpen, code: code, path: path,
        message: "cannot inspect \(path): \(RecordingError.describe(code))")
    }
    let bufferCapacity = min(max(bufferCapacity, 1), Self.largestBufferCapacity)
    var buffer: [UInt8] = []
    buffer.reserveCapacity(max(bufferCapacity, 256) + 256)
    let size = Int64(info.st_size)
    if size > 0, readable, Self.lastByte(of: descriptor, size: size) != 0x0A {
      buffer.append(0x0A)  // end a line cut by an earlier crash, so it stays one bad line
    }
    self.path = path
    self.bufferCapacity = bufferCapacity
    self.flushInterval = flushInterval.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
    self.onError = onError
    state = LockedState(
      State(
        descriptor: descriptor, buffer: buffer, committedSize: size, initialSize: size, readable: readable,
        endsCutLine: !buffer.isEmpty,
        device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino)))
    if let interval = self.flushInterval {
      let timer = RepeatingTimer(interval: interval, label: "FileTraceSink.flush") { [weak self] in
        self?.flushFromTimer()
      }
      state.withLock { $0.timer = timer }
    }
  }

  deinit {
    let failure = state.withLock { (state: inout State) -> RecordingError? in
      state.timer?.cancel()
      guard !state.closed else { return nil }
      defer {
        _ = Self.systemClose(state.descriptor)
        state.closed = true
      }
      do throws(RecordingError) {
        try Self.flushLocked(&state, path: path)
        return nil
      } catch {
        return error
      }
    }
    if let failure { onError?(failure) }
  }

  /// The descriptor written to (tests use it to break the file behind the sink's back).
  var descriptor: Int32 { state.withLock { $0.descriptor } }

  /// Whether the background flush is running (it stops at `close()` and after a failure).
  public var isFlushingOnInterval: Bool { state.withLock { $0.timer.map { !$0.isCancelled } ?? false } }

  /// The failure that stopped the sink, if one did.
  public var failure: RecordingError? { state.withLock { $0.failure } }

  public func write(_ line: String) throws(RecordingError) {
    var line = line
    let result = line.withUTF8 { bytes -> Result<Void, RecordingError> in
      do throws(RecordingError) {
        try writeLine(UnsafeRawBufferPointer(bytes))
        return .success(())
      } catch {
        return .failure(error)
      }
    }
    try result.get()
  }

  public func writeLine(_ bytes: UnsafeRawBufferPointer) throws(RecordingError) {
    try state.withLock { state throws(RecordingError) in
      try Self.checkOpen(state, path: path)
      state.buffer.append(contentsOf: bytes)
      state.buffer.append(0x0A)
      state.bufferedLines += 1
      if state.buffer.count >= bufferCapacity { try Self.flushLocked(&state, path: path, unaccepted: 1) }
    }
  }

  public func writeHeader(_ line: String) throws(RecordingError) {
    let skip = state.withLock { $0.initialSize > 0 }
    if !skip { try write(line) }
  }

  /// The bytes the file held when the sink opened it (empty with `.truncate`); `nil` when the sink may
  /// not read the file.
  public func existingTrace() -> [UInt8]? {
    state.withLock { state in
      guard state.initialSize > 0 else { return [] }
      guard state.readable, state.initialSize <= Int64(Int.max) else { return nil }
      let descriptor = state.descriptor
      var bytes = [UInt8](repeating: 0, count: Int(state.initialSize))
      var offset = 0
      while offset < bytes.count {
        let count = bytes.withUnsafeMutableBytes { buffer in
          pread(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset, off_t(offset))
        }
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return nil }
        offset += count
      }
      return bytes
    }
  }

  public func flush() throws(RecordingError) {
    try state.withLock { state throws(RecordingError) in
      try Self.checkOpen(state, path: path)
      try Self.flushLocked(&state, path: path)
    }
  }

  /// Flushes, closes the file and stops the timer. Closing twice is allowed; a failure that stopped the
  /// sink earlier is thrown again, so a caller that only closes still learns of it.
  public func close() throws(RecordingError) {
    try state.withLock { state throws(RecordingError) in
      state.timer?.cancel()
      state.timer = nil
      guard !state.closed else {
        if let failure = state.failure { throw failure }
        return
      }
      state.closed = true
      var firstError: RecordingError? = state.failure
      if firstError == nil {
        do throws(RecordingError) { try Self.flushLocked(&state, path: path) } catch { firstError = error }
      }
      if Self.systemClose(state.descriptor) != 0, firstError == nil {
        let code = errno
        let error = RecordingError(
          kind: .writeFailed, code: code, path: path,
          message: "closing \(path) failed: \(RecordingError.describe(code)); the last lines may be lost")
        state.failure = error
        firstError = error
      }
      if let firstError { throw firstError }
    }
  }

  private func flushFromTimer() {
    let failure = state.withLock { (state: inout State) -> RecordingError? in
      guard !state.closed, state.failure == nil else { return nil }
      do throws(RecordingError) {
        try Self.flushLocked(&state, path: path)
        return nil
      } catch {
        return error
      }
    }
    if let failure {
      state.withLock { $0.timer?.cancel() }
      onError?(failure)
    }
  }

  private static func checkOpen(_ state: State, path: String) throws(RecordingError) {
    if let failure = state.failure { throw failure }
    if state.closed {
      throw RecordingError(kind: .closed, path: path, message: "the trace file \(path) is already closed")
    }
  }

  /// Writes the whole buffer, then checks the path still names the file. On a failed write, truncates a
  /// partly written line away (when the file holds exactly what this sink wrote) and records the failure.
  /// `unaccepted` is how many lines at the end of the buffer the caller has not yet been told were
  /// accepted (the line `write` just added): they are not counted in `RecordingError.lostLines`.
  private static func flushLocked(
    _ state: inout State, path: String, unaccepted: Int = 0
  ) throws(RecordingError) {
    var flushedLines = 0
    if !state.buffer.isEmpty {
      let descriptor = state.descriptor
      let (written, code) = state.buffer.withUnsafeBytes { bytes in writeAll(descriptor, bytes) }
      // A buffer that starts by ending a line cut by an earlier crash holds one terminator that is no line.
      let terminator = state.endsCutLine ? 1 : 0
      if let code {
        let keep = state.buffer[..<written].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        var info = stat()
        var note = ""
        if written > keep {
          if fstat(descriptor, &info) == 0, Int64(info.st_size) == state.committedSize + Int64(written),
            ftruncate(descriptor, off_t(state.committedSize + Int64(keep))) == 0
          {
            note = "; the partly written line was removed"
          } else {
            note = "; the file may end with a partly written line"
          }
        }
        let unwritten = state.buffer[keep...].count { $0 == 0x0A } - (keep == 0 ? terminator : 0)
        let lost = max(0, unwritten - unaccepted)
        var what = "\(lost) recorded line\(lost == 1 ? "" : "s") not written"
        if unaccepted > 0 { what += ", nor the line being written" }
        let error = RecordingError(
          kind: .writeFailed, code: code, path: path,
          message:
            "cannot write \(path): \(RecordingError.describe(code)); recording stopped, \(what)\(note)",
          lostLines: lost)
        state.failure = error
        state.buffer.removeAll()
        state.bufferedLines = 0
        throw error
      }
      flushedLines = state.bufferedLines - unaccepted
      state.bufferedLines = 0
      state.endsCutLine = false
      state.committedSize += Int64(written)
      state.buffer.removeAll(keepingCapacity: true)
    }
    try checkIdentity(&state, path: path, flushedLines: max(0, flushedLines))
  }

  /// `fileRemoved` or `fileReplaced` when `path` no longer names the file being written; the lines of
  /// the flush that noticed it went to that other file and count as lost.
  private static func checkIdentity(
    _ state: inout State, path: String, flushedLines: Int
  ) throws(RecordingError) {
    var info = stat()
    let since = "lines written since (at least the last \(flushedLines) recorded) went to the"
    if stat(path, &info) != 0 {
      let code = errno
      guard code == ENOENT || code == ENOTDIR else { return }
      let error = RecordingError(
        kind: .fileRemoved, code: code, path: path,
        message: "the trace file \(path) was deleted while recording; \(since) deleted file; recording "
          + "stopped",
        lostLines: flushedLines)
      state.failure = error
      throw error
    }
    if UInt64(truncatingIfNeeded: info.st_dev) != state.device
      || UInt64(truncatingIfNeeded: info.st_ino) != state.inode
    {
      let error = RecordingError(
        kind: .fileReplaced, path: path,
        message: "another file took the path \(path) while recording; \(since) replaced file; recording "
          + "stopped",
        lostLines: flushedLines)
      state.failure = error
      throw error
    }
  }

  /// Writes every byte, continuing short writes and retrying `EINTR`; returns the bytes written and the
  /// error that stopped it, if any. `BackgroundFileTraceSink`'s writer shares it.
  static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> (Int, Int32?) {
    guard let base = bytes.baseAddress else { return (0, nil) }
    var offset = 0
    while offset < bytes.count {
      let count = systemWrite(descriptor, base + offset, bytes.count - offset)
      if count > 0 {
        offset += count
      } else if count < 0, errno == EINTR {
        continue
      } else {
        return (offset, count < 0 ? errno : EIO)
      }
    }
    return (offset, nil)
  }

  /// The last byte of the file; `0x0A` when it cannot be read, so a file the sink may not read is
  /// appended to as it is.
  private static func lastByte(of descriptor: Int32, size: Int64) -> UInt8 {
    var byte: UInt8 = 0
    return pread(descriptor, &byte, 1, off_t(size - 1)) == 1 ? byte : 0x0A
  }

  private static func systemWrite(_ descriptor: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Darwin)
      Darwin.write(descriptor, pointer, count)
    #elseif canImport(Musl)
      Musl.write(descriptor, pointer, count)
    #else
      Glibc.write(descriptor, pointer, count)
    #endif
  }

  static func systemClose(_ descriptor: Int32) -> Int32 {
    #if canImport(Darwin)
      Darwin.close(descriptor)
    #elseif canImport(Musl)
      Musl.close(descriptor)
    #else
      Glibc.close(descriptor)
    #endif
  }
}
