import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A sink that writes a new trace file on a background queue, so the thread that records (UIKit's main
/// thread) never waits for the disk.
///
/// ```swift
/// let sink = try BackgroundFileTraceSink(creatingNew: folder + "/session.jsonl", header: TraceHeader()) {
///   error in log("trace recording stopped: \(error)")  // on a background queue, once
/// }
/// let recorder = TraceRecorder(sink: sink)
/// recorder.record(.present, id: "card", Payload(presenter: "root", animated: true, style: "custom"))
/// sink.requestFlush()  // end of a transition: returns at once
/// try sink.flush()     // app termination: returns once the lines are in the file
/// ```
///
/// The file is created (`O_CREAT | O_EXCL`, mode 0644): an existing file is refused (`cannotOpen`,
/// `EEXIST`), never truncated or appended to. The header, when given, is written before the initializer
/// returns, so even a launch that crashes at once leaves a file that says what it is.
///
/// Recording a line copies it into a memory buffer under a lock held for that copy alone: no system
/// call, and no allocation unless the buffer must grow (the bigger buffer is allocated, and the old one
/// freed, outside the lock). A serial writer queue takes the whole buffer (a swap under the lock) and
/// hands it to `write(2)` outside the lock. The writer runs `flushDelay` seconds (default 0.5) after a
/// line arrives in an empty buffer, at once when the buffer reaches `bufferCapacity` bytes (default
/// 64 KiB), on `requestFlush()`, and on `flush()` and `close()`, which wait for it. So after a crash the
/// file lacks at most the lines of the last `flushDelay` seconds, and at most its last line is cut.
/// Nothing wakes the writer while nothing is recorded.
///
/// A slow disk delays only the writer: lines collect in memory meanwhile. More than `backlogLimit` bytes
/// (default 4 MiB) waiting behind a `write(2)` that has not returned stops the recording rather than
/// using more memory, as a failed write does.
///
/// Every failure of a write, of the writer's check that the path still names the file (`fileRemoved`,
/// `fileReplaced`), of `close(2)` and the backlog limit reaches `onError` exactly once, on a background
/// queue (never the recording thread, never the writer queue, so the handler may call `flush()`), and
/// stops the sink for good: `writeLine`, `flush()` and `close()` throw it from then on (a
/// `TraceRecorder` reports it to its own handler at its next event). What a failure loses, counted in
/// `RecordingError.lostLines` and named in its message: the lines the failed batch did not get into the
/// file whole (a line the failed `write(2)` cut is cut off again when the file holds exactly what the sink
/// wrote), plus every line recorded after that batch was taken and before the failure; lines written
/// before stay in the file. A write into a deleted or replaced file loses that batch. A backlog overflow
/// loses the lines waiting and the batch being written, which is cut off the file again if it gets there.
/// The line whose recording meets a failure is not accepted (it throws) and is not counted.
public final class BackgroundFileTraceSink: TraceSink {
  private struct State {
    /// Lines waiting for the writer, each ending in `\n`.
    var pending: [UInt8] = []
    var pendingLines = 0
    /// The buffer the writer gave back, emptied, for the next swap: recording rarely allocates.
    var spare: [UInt8] = []
    /// Lines of the batch the writer is writing now.
    var inFlightLines = 0
    /// An immediate write is queued and has not taken the buffer yet.
    var writeQueued = false
    /// A delayed write is scheduled and has not run yet.
    var delayedWriteQueued = false
    var closed = false
    var failure: RecordingError?
    /// The backlog overflowed while the writer held a batch: that batch was counted lost, so it is cut
    /// off the file again.
    var discardInFlight = false
  }

  private enum Wake {
    case none
    case now
    case later
  }

  private enum Step {
    case accepted(Wake)
    case refused(RecordingError)
    case overflowed(RecordingError)
    case grow(Int)
  }

  /// What started a drain: each kind of scheduled write clears its own flag.
  private enum Origin {
    case queued
    case delayed
    case waiting
  }

  /// The file the sink writes.
  public let path: String
  /// The bytes waiting that wake the writer without waiting for `flushDelay` (1 to
  /// ``FileTraceSink/largestBufferCapacity``; a size outside is taken as the nearest of the two).
  public let bufferCapacity: Int
  /// Seconds a line may wait for the writer; `nil` waits for a full buffer or a flush.
  public let flushDelay: Double?
  /// The bytes that may wait behind a write in progress before the recording stops.
  public let backlogLimit: Int
  private let header: [UInt8]
  private let onError: (@Sendable (RecordingError) -> Void)?
  /// Runs on the writer queue before each `write(2)` of a batch (tests hold the writer with it).
  private let beforeWrite: (@Sendable () -> Void)?
  private let state: LockedState<State>
  /// Locked by the writer queue alone (and by `deinit`, when no queue block holds the sink): never
  /// contended, it only makes the descriptor's confinement to that queue checkable.
  private let writer: LockedState<TraceFileWriter>
  private let queue = DispatchQueue(label: "BackgroundFileTraceSink.writer", qos: .utility)

  /// Creates the trace file at `path`, writes `header` into it, and starts recording into memory.
  ///
  /// ```swift
  /// let sink = try BackgroundFileTraceSink(creatingNew: path, flushDelay: 1) { print($0) }
  /// ```
  ///
  /// Throws `cannotOpen` with the POSIX error when the file exists (`EEXIST`) or cannot be created
  /// (`EACCES`, `ENOENT`, `EROFS`, …), and `writeFailed` when the header cannot be written (the new
  /// file is removed again). `onError` hears of every later failure, once, on a background queue.
  public convenience init(
    creatingNew path: String, header: TraceHeader? = nil, bufferCapacity: Int = 64 << 10,
    flushDelay: Double? = 0.5, backlogLimit: Int = 4 << 20,
    onError: (@Sendable (RecordingError) -> Void)? = nil
  ) throws(RecordingError) {
    try self.init(
      creatingNew: path, header: header, bufferCapacity: bufferCapacity, flushDelay: flushDelay,
      backlogLimit: backlogLimit, onError: onError, beforeWrite: nil)
  }

  init(
    creatingNew path: String, header: TraceHeader?, bufferCapacity: Int, flushDelay: Double?,
    backlogLimit: Int, onError: (@Sendable (RecordingError) -> Void)?, beforeWrite: (@Sendable () -> Void)?
  ) throws(RecordingError) {
    var writer = try TraceFileWriter(creating: path)
    var headerBytes: [UInt8] = []
    if let header {
      headerBytes = Array((TraceWriter.line(for: header) + "\n").utf8)
      if let failure = writer.write(headerBytes, lines: 1) {
        _ = writer.close()
        unlink(path)
        throw RecordingError(
          kind: .writeFailed, code: failure.code, path: path,
          message: "cannot write the header of \(path): "
            + "\(failure.code.map(RecordingError.describe) ?? "the file is gone"); the new file was removed")
      }
    }
    self.path = path
    self.bufferCapacity = min(max(bufferCapacity, 1), FileTraceSink.largestBufferCapacity)
    self.flushDelay = flushDelay.flatMap { $0 >= 0 && $0.isFinite ? $0 : nil }
    // Room for two full buffers at least, or a full buffer would stop the recording at once.
    self.backlogLimit = max(backlogLimit, 2 * self.bufferCapacity)
    self.header = headerBytes
    self.onError = onError
    self.beforeWrite = beforeWrite
    var initial = State()
    initial.pending.reserveCapacity(self.bufferCapacity + 4_096)
    initial.spare.reserveCapacity(self.bufferCapacity + 4_096)
    state = LockedState(initial)
    self.writer = LockedState(writer)
  }

  deinit {
    // Every queue block holds the sink while it runs, so none runs now: the writer is this thread's.
    let wasClosed = state.withLock { state in
      defer { state.closed = true }
      return state.closed
    }
    guard !wasClosed else { return }
    drain(.waiting)
    if let code = writer.withLock({ $0.close() }) { deliver(closeFailure(code)) }
  }

  /// The failure that stopped the sink, if one did.
  public var failure: RecordingError? { state.withLock { $0.failure } }

  /// The bytes recorded and not yet taken by the writer.
  var waitingBytes: Int { state.withLock { $0.pending.count } }

  /// The descriptor written to (tests break the file behind the sink's back with it). Waits for a write
  /// in progress.
  var descriptor: Int32 { writer.withLock { $0.descriptor } }

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

  /// Copies the line into the buffer and returns; the writer queue writes it later.
  public func writeLine(_ bytes: UnsafeRawBufferPointer) throws(RecordingError) {
    let needed = bytes.count + 1
    while true {
      var dropped: [UInt8] = []  // freed after the lock is released
      let step = state.withLock { state -> Step in
        if let refusal = refusal(state) { return .refused(refusal) }
        if state.pending.count + needed > backlogLimit {
          swap(&dropped, &state.pending)
          return .overflowed(overflow(&state))
        }
        if state.pending.capacity - state.pending.count < needed {
          return .grow(min(max(2 * state.pending.capacity, state.pending.count + needed), backlogLimit))
        }
        state.pending.append(contentsOf: bytes)
        state.pending.append(0x0A)
        state.pendingLines += 1
        if state.writeQueued { return .accepted(.none) }
        if state.pending.count >= bufferCapacity {
          state.writeQueued = true
          return .accepted(.now)
        }
        guard flushDelay != nil, !state.delayedWriteQueued else { return .accepted(.none) }
        state.delayedWriteQueued = true
        return .accepted(.later)
      }
      switch step {
      case .accepted(let wake):
        schedule(wake)
        return
      case .refused(let error):
        throw error
      case .overflowed(let error):
        deliver(error)
        throw error
      case .grow(let capacity):
        grow(to: capacity)
      }
    }
  }

  /// Writes the header like any line, unless the sink wrote one when it created the file.
  public func writeHeader(_ line: String) throws(RecordingError) {
    if header.isEmpty { try write(line) }
  }

  /// The header the sink wrote when it created the file (empty without one), so that a recorder's live
  /// auditor reads it first and numbers its lines after it.
  public func existingTrace() -> [UInt8]? { header }

  /// Asks the writer to write what is waiting, and returns at once: for the end of every transition.
  ///
  /// ```swift
  /// recorder.presentationTransitionDidEnd(card, completed: true)
  /// sink.requestFlush()
  /// ```
  public func requestFlush() {
    let wake = state.withLock { state in
      guard refusal(state) == nil, state.pendingLines > 0, !state.writeQueued else { return false }
      state.writeQueued = true
      return true
    }
    if wake { schedule(.now) }
  }

  /// Writes what is waiting and returns once it is in the file (or failed): for app termination. It
  /// waits behind a write in progress, however slow.
  ///
  /// ```swift
  /// func applicationWillTerminate(_ application: UIApplication) { try? sink.flush() }
  /// ```
  public func flush() throws(RecordingError) {
    if let refusal = state.withLock({ refusal($0) }) { throw refusal }
    queue.sync { drain(.waiting) }
    if let failure = state.withLock({ $0.failure }) { throw failure }
  }

  /// Writes what is waiting, closes the file and refuses later lines.
  ///
  /// ```swift
  /// try sink.close()  // later writes throw `RecordingError.Kind.closed`
  /// ```
  ///
  /// Closing twice is allowed; a failure that stopped the sink is thrown again, so a caller that only
  /// closes still learns of it.
  public func close() throws(RecordingError) {
    let first = state.withLock { state -> (closed: Bool, failure: RecordingError?) in
      defer { state.closed = true }
      return (state.closed, state.failure)
    }
    if first.closed {
      if let failure = first.failure { throw failure }
      return
    }
    let code = queue.sync { () -> Int32? in
      drain(.waiting)
      return writer.withLock { $0.close() }
    }
    if let code {
      let error = closeFailure(code)
      let isFirst = state.withLock { state in
        guard state.failure == nil else { return false }
        state.failure = error
        return true
      }
      if isFirst { deliver(error) }
    }
    if let failure = state.withLock({ $0.failure }) { throw failure }
  }

  private func refusal(_ state: State) -> RecordingError? {
    if let failure = state.failure { return failure }
    guard state.closed else { return nil }
    return RecordingError(kind: .closed, path: path, message: "the trace file \(path) is already closed")
  }

  private func schedule(_ wake: Wake) {
    switch wake {
    case .none:
      break
    case .now:
      queue.async { [weak self] in self?.drain(.queued) }
    case .later:
      queue.asyncAfter(deadline: DispatchTime.now() + (flushDelay ?? 0)) { [weak self] in
        self?.drain(.delayed)
      }
    }
  }

  /// Moves the waiting lines into a buffer of `capacity` bytes allocated outside the lock; the old
  /// buffer is freed outside it too.
  private func grow(to capacity: Int) {
    var room: [UInt8] = []
    room.reserveCapacity(capacity)
    state.withLock { state in
      // The writer may have swapped the buffer meanwhile; then the caller just tries again.
      guard room.capacity > state.pending.capacity else { return }
      room.append(contentsOf: state.pending)
      swap(&room, &state.pending)
    }
  }

  /// Stops the sink because the writer is too far behind: the waiting lines are dropped by the caller,
  /// and the batch being written is counted lost and cut off the file again.
  private func overflow(_ state: inout State) -> RecordingError {
    let lost = state.pendingLines + state.inFlightLines
    state.discardInFlight = state.inFlightLines > 0
    state.pendingLines = 0
    let error = RecordingError(
      kind: .writeFailed, path: path,
      message: "cannot write \(path) fast enough: more than \(backlogLimit) bytes wait behind a write that "
        + "has not returned; recording stopped, \(lost) recorded line\(lost == 1 ? "" : "s") not written, "
        + "nor the line being written",
      lostLines: lost)
    state.failure = error
    return error
  }

  /// Takes the waiting lines and writes them (on the writer queue, or in `deinit`).
  private func drain(_ origin: Origin) {
    var batch: [UInt8] = []
    let lines = state.withLock { state -> Int in
      switch origin {
      case .queued: state.writeQueued = false
      case .delayed: state.delayedWriteQueued = false
      case .waiting: break
      }
      guard state.failure == nil, state.pendingLines > 0 else { return 0 }
      swap(&batch, &state.pending)
      swap(&state.pending, &state.spare)
      defer { state.pendingLines = 0 }
      state.inFlightLines = state.pendingLines
      return state.pendingLines
    }
    guard lines > 0 else { return }
    beforeWrite?()
    let (failure, sizeBefore) = writer.withLock { writer in
      let before = writer.size
      return (writer.write(batch, lines: lines), before)
    }
    batch.removeAll(keepingCapacity: true)
    var dropped: [UInt8] = []  // freed after the lock is released
    let outcome = state.withLock { state -> (report: RecordingError?, discard: Bool) in
      state.inFlightLines = 0
      swap(&state.spare, &batch)
      if state.discardInFlight {
        state.discardInFlight = false
        return (nil, true)
      }
      guard let failure, state.failure == nil else { return (nil, false) }
      let lost = failure.lostLines + state.pendingLines
      let error = RecordingError(
        kind: failure.kind, code: failure.code, path: path, message: failure.message(lostLines: lost),
        lostLines: lost)
      state.failure = error
      state.pendingLines = 0
      swap(&dropped, &state.pending)
      return (error, false)
    }
    if outcome.discard { _ = writer.withLock { $0.discard(backTo: sizeBefore) } }
    if let report = outcome.report { deliver(report) }
  }

  private func closeFailure(_ code: Int32) -> RecordingError {
    RecordingError(
      kind: .writeFailed, code: code, path: path,
      message: "closing \(path) failed: \(RecordingError.describe(code)); the last lines may be lost")
  }

  /// Hands `error` to `onError` on a global queue: off the recording thread, and off the writer queue
  /// so that the handler may flush or close without waiting for itself.
  private func deliver(_ error: RecordingError) {
    guard let onError else { return }
    DispatchQueue.global(qos: .utility).async { onError(error) }
  }
}
