/// Records an app's presentation callbacks as a trace: stamps each event with a monotonic clock and
/// writes it as one canonical line to a sink, from any thread.
///
/// ```swift
/// let sink = try FileTraceSink(path: NSTemporaryDirectory() + "session.jsonl")
/// let recorder = TraceRecorder(sink: sink, header: TraceHeader(metadata: [("app", .string("Cards"))])) {
///   error in print("trace recording stopped: \(error)")
/// }
/// // in a UIPresentationController subclass:
/// recorder.record(.presentationTransitionWillBegin, id: "card")
/// recorder.record(.presentationTransitionDidEnd, id: "card", Payload(completed: true))
/// ```
///
/// Every event of the trace format is recorded the same way, with the payload keys its `EventKind` lists
/// (`payloadKeys`): a system sheet's request with its style and its appearance callbacks, an interruptible
/// animator, an interaction controller's `wantsInteractiveStart` (the glue's Recording from UIKit by hand):
///
/// ```swift
/// recorder.record(.present, id: "settings", Payload(presenter: "root", animated: true, style: "pageSheet"))
/// recorder.record(.viewIsAppearing, id: "settings", Payload(animated: true))
/// recorder.record(.interruptibleAnimator, id: "photo", Payload(duration: 0.4))
/// recorder.record(.startInteractiveTransition, id: "menu", Payload(duration: 0.25, wantsInteractiveStart: false))
/// ```
///
/// Stamping and writing happen under one lock, so lines appear in the order of their `t` and are never
/// interleaved, whatever thread calls. `record` never throws and never traps: an event that would not
/// make a valid line (an empty id, a missing required payload key, NaN) is refused and reported to
/// `onError` (`RecordingError.Kind.invalidEvent`); a sink failure (disk full, file deleted) is reported
/// to `onError` once and stops the recording, later events are counted in `droppedEvents`, and so are
/// the buffered lines the failure lost (`RecordingError.lostLines`), which leave `recordedEvents`: after
/// `close()` it counts exactly the events in the file. `flush()` and `close()` throw. Errors and findings are delivered on the recording thread after the lock is
/// released, so a handler may itself record, flush or trap (`assertionFailure`).
///
/// With a `LiveAuditor` every event is audited as it is written, with the line number it has in the
/// file, and findings reach the live auditor's handler as they happen: when its line is handed to the
/// sink, which may be before it is durable. A line the sink loses later (the disk fills up before the
/// buffer is written) was audited all the same, so a live finding can name a line the file does not
/// hold; the error then counts those lines. A sink that appends to an
/// existing trace (`FileTraceSink.Mode.append`) hands it to the live auditor first
/// (`TraceSink.existingTrace()`), so its line numbers and verdicts are those of `replay audit` of the
/// whole file.
public final class TraceRecorder: Sendable {
  private struct State {
    var nextLine = 1
    var failure: RecordingError?
    var closed = false
    var recorded = 0
    var dropped = 0
  }

  private enum Outcome {
    case written([Finding])
    case failed(RecordingError)
    case dropped
  }

  private let sink: any TraceSink
  private let clock: any TraceClock
  private let liveAuditor: LiveAuditor?
  private let onError: (@Sendable (RecordingError) -> Void)?
  private let state = LockedState(State())

  /// A recorder writing to `sink`, stamping with `clock`; `header`, when given, is written first (and
  /// the rules it ignores are not reported by `liveAuditor`, as an audit of the file would not).
  ///
  /// A failure to write the header is reported to `onError` like any other.
  public init(
    sink: any TraceSink, clock: any TraceClock = SystemTraceClock(), header: TraceHeader? = nil,
    liveAuditor: LiveAuditor? = nil, onError: (@Sendable (RecordingError) -> Void)? = nil
  ) {
    self.sink = sink
    self.clock = clock
    self.liveAuditor = liveAuditor
    self.onError = onError
    // Appending to a trace: the live auditor reads it first, so lines are numbered after it and its
    // state is the one the old lines leave (and no header goes after them).
    var existingLines = 0
    if let liveAuditor {
      if let existing = sink.existingTrace() {
        existingLines = liveAuditor.catchUp(on: existing)
      } else {
        onError?(
          RecordingError(
            kind: .existingTraceUnreadable,
            message: "cannot read back the trace this recording appends to: live findings count lines "
              + "from the first line recorded now, and an offline audit of the file may differ"))
      }
    }
    state.withLock { $0.nextLine = existingLines + 1 }
    guard let header else { return }
    liveAuditor?.applyHeader(header)
    let failure: RecordingError? = state.withLock { state in
      do throws(RecordingError) {
        try sink.writeHeader(TraceWriter.line(for: header))
        if existingLines == 0 { state.nextLine = 2 }
        return nil
      } catch {
        Self.absorb(error, into: &state)
        return error
      }
    }
    if let failure { onError?(failure) }
  }

  /// Records one callback of presentation `id`, stamped now.
  ///
  /// ```swift
  /// recorder.record(.updateInteractiveTransition, id: "card", Payload(percent: 0.42))
  /// ```
  public func record(_ kind: EventKind, id: String, _ payload: Payload = Payload()) {
    let format = TraceLineFormatter.format(of: kind)
    if let problem = Self.problem(kind, format, id: id, payload) {
      onError?(problem)
      return
    }
    // The line is built in a buffer on the stack: everything but `t` before taking the lock, so only the
    // clock, `t` and the copy into the sink are serial.
    let capacity = TraceLineFormatter.capacity(format, id: id, payload)
    let outcome = withUnsafeTemporaryAllocation(byteCount: capacity, alignment: 1) { buffer -> Outcome in
      let bodyStart = TraceLineFormatter.prefixCapacity
      var writer = ByteWriter(buffer, at: bodyStart)
      TraceLineFormatter.writeBody(format, id: id, payload, to: &writer)
      let end = writer.count
      return state.withLock { state in
        guard state.failure == nil, !state.closed else {
          state.dropped += 1
          return .dropped
        }
        let t = clock.now()
        // A time the reader refuses (`"t":null`) would make a line the trace cannot be read past, and the
        // live auditor would judge an event the offline audit never sees: refused as an invalid event.
        guard t.isFinite else {
          return .failed(
            RecordingError(
              kind: .invalidEvent,
              message: "\(kind.rawValue) not recorded: the clock gave t = \(t), which a trace cannot hold"))
        }
        let start = TraceLineFormatter.writePrefix(t: t, endingAt: bodyStart, in: buffer)
        do throws(RecordingError) {
          try sink.writeLine(UnsafeRawBufferPointer(rebasing: buffer[start..<end]))
        } catch {
          state.dropped += 1
          Self.absorb(error, into: &state)
          return .failed(error)
        }
        let line = state.nextLine
        state.nextLine += 1
        state.recorded += 1
        guard let liveAuditor else { return .written([]) }
        return .written(liveAuditor.settle(Event(t: t, id: id, kind: kind, payload: payload), line: line))
      }
    }
    switch outcome {
    case .written(let findings): if !findings.isEmpty { liveAuditor?.deliver(findings) }
    case .failed(let error): onError?(error)
    case .dropped: break
    }
  }

  /// Records a free annotation (`mark` with `name`), never a finding: an app's own milestones.
  ///
  /// ```swift
  /// recorder.mark("didTapCard", id: "card")
  /// ```
  public func mark(_ name: String, id: String) { record(.mark, id: id, Payload(name: name)) }

  /// Hands the lines recorded so far to the sink's destination; throws the failure that stopped the
  /// recording, if one did.
  public func flush() throws(RecordingError) {
    if let failure = state.withLock({ $0.failure }) { throw failure }
    do throws(RecordingError) {
      try sink.flush()
    } catch {
      state.withLock { Self.absorb(error, into: &$0) }
      throw error
    }
  }

  /// Ends the recording: closes the sink, and lets the live auditor settle what only the end of a trace
  /// settles. Later events are dropped; closing twice does nothing more.
  public func close() throws(RecordingError) {
    let first: (alreadyClosed: Bool, failure: RecordingError?) = state.withLock { state in
      defer { state.closed = true }
      return (state.closed, state.failure)
    }
    if first.alreadyClosed {
      if let failure = first.failure { throw failure }
      return
    }
    liveAuditor?.finish()
    do throws(RecordingError) {
      try sink.close()
    } catch {
      state.withLock { Self.absorb(error, into: &$0) }
      throw error
    }
    if let failure = first.failure { throw failure }
  }

  /// Events the sink accepted and has not reported lost since: once `close()` has returned (with or
  /// without an error), exactly the events the file holds.
  public var recordedEvents: Int { state.withLock { $0.recorded } }

  /// Events that did not reach the sink's destination: refused because the recording had stopped (after
  /// a failure or `close()`), whose write failed, or accepted and then lost by the sink
  /// (`RecordingError.lostLines`: buffered when the disk filled up).
  public var droppedEvents: Int { state.withLock { $0.dropped } }

  /// The failure that stopped the recording, if one did.
  public var failure: RecordingError? { state.withLock { $0.failure } }

  /// Takes in the first permanent failure: lines the sink had accepted and then lost move from recorded
  /// to dropped (the header, when it is among them, is no event).
  private static func absorb(_ error: RecordingError, into state: inout State) {
    guard error.isPermanent, state.failure == nil else { return }
    state.failure = error
    let lost = min(max(error.lostLines, 0), state.recorded)
    state.recorded -= lost
    state.dropped += lost
  }

  /// Why `event` would not make a line the reader accepts, if it would not.
  private static func problem(
    _ kind: EventKind, _ format: TraceLineFormatter.KindFormat, id: String, _ payload: Payload
  ) -> RecordingError? {
    func invalid(_ message: String) -> RecordingError {
      RecordingError(kind: .invalidEvent, message: "\(kind.rawValue) not recorded: \(message)")
    }
    if id.isEmpty { return invalid("the presentation id is empty") }
    for key in format.required where !payload.holds(key) {
      return invalid("it needs \"\(key.rawValue)\" in its payload (id \(id))")
    }
    for (key, _) in format.keys where key.valueType == .number {
      if let value = payload.number(key), !value.isFinite {
        return invalid("\"\(key.rawValue)\" is \(value), which JSON cannot hold (id \(id))")
      }
    }
    return nil
  }
}
