/// Where a recorder's lines go: memory for tests, a file in an app.
///
/// ```swift
/// let sink = try FileTraceSink(path: NSTemporaryDirectory() + "session.jsonl", flushInterval: 0.5)
/// let recorder = TraceRecorder(sink: sink)
/// ```
///
/// A sink receives whole lines (without the `\n`) in the order they must appear, one call at a time per
/// recorder; implementations are thread-safe on their own, so a test may read one while threads record.
/// Errors are thrown, never swallowed; after a permanent failure (`RecordingError.isPermanent`) every
/// later call throws too.
public protocol TraceSink: AnyObject, Sendable {
  /// Appends one line; the sink adds the `\n`.
  func write(_ line: String) throws(RecordingError)
  /// Appends one line given as its UTF-8 bytes (valid only during the call); the sink adds the `\n`.
  /// This is what the recorder calls, once per event: the default makes a `String` and calls
  /// `write(_:)`; a sink on the hot path copies the bytes instead.
  func writeLine(_ bytes: UnsafeRawBufferPointer) throws(RecordingError)
  /// Appends the trace's header line. The default writes it like any line; a sink that appends to an
  /// existing trace leaves it out, since a header is only valid as the first line.
  func writeHeader(_ line: String) throws(RecordingError)
  /// The trace the destination already held when the sink opened it, which its lines follow: empty for
  /// a new trace (the default), the file's bytes for a file sink appending to one, `nil` when they exist
  /// but cannot be read back. A sink leaves the header out exactly when this is not empty. A recorder's
  /// live auditor reads it first, so that its line numbers and state are those of an offline audit of
  /// the whole file.
  func existingTrace() -> [UInt8]?
  /// Hands everything written so far to its destination (for a file: to the operating system, which
  /// keeps it when the app crashes).
  func flush() throws(RecordingError)
  /// Flushes and releases the destination; later writes throw `RecordingError.Kind.closed`.
  func close() throws(RecordingError)
}

extension TraceSink {
  public func writeLine(_ bytes: UnsafeRawBufferPointer) throws(RecordingError) {
    try write(String(decoding: bytes, as: UTF8.self))
  }
  public func writeHeader(_ line: String) throws(RecordingError) { try write(line) }
  public func existingTrace() -> [UInt8]? { [] }
}
