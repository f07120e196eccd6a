/// A sink that keeps every line in memory: what tests and the live auditor's checks read back.
///
/// ```swift
/// let sink = MemoryTraceSink()
/// let recorder = TraceRecorder(sink: sink, clock: VirtualTraceClock())
/// recorder.record(.present, id: "card")
/// sink.lines // [#"{"t":0,"id":"card","event":"present"}"#]
/// ```
public final class MemoryTraceSink: TraceSink {
  private struct State {
    var lines: [String] = []
    var closed = false
  }

  private let state = LockedState(State())

  /// An empty sink; a test reads the trace back from `lines` or `text`.
  public init() {}

  /// Every line written so far, without terminators.
  public var lines: [String] { state.withLock { $0.lines } }

  /// The trace as a file would hold it: every line followed by `\n`.
  public var text: String { state.withLock { $0.lines.map { $0 + "\n" }.joined() } }

  public func write(_ line: String) throws(RecordingError) {
    try state.withLock { state throws(RecordingError) in
      guard !state.closed else {
        throw RecordingError(kind: .closed, message: "the memory sink is closed")
      }
      state.lines.append(line)
    }
  }

  public func flush() throws(RecordingError) {}

  public func close() throws(RecordingError) { state.withLock { $0.closed = true } }
}
