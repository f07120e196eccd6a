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
/// Stamping and writing happen under one lock, so lines appear in the order of their `t` and are never
/// interleaved, whatever thread calls. `record` never throws and never traps: an event that would not
/// make a valid line (an empty id, a missing required payload key, NaN) is refused and reported to
/// `onError` (`RecordingError.Kind.invalidEvent`); a sink failure (disk full, file deleted) is reported
/// to `onError` once and stops the recording, later events are counted in `droppedEvents`. `flush()`
/// and `close()` throw. Errors and findings are delivered on the recording thread after the lock is
/// released, so a handler may itself record, flush or trap (`assertionFailure`).
///
/// With a `LiveAuditor` every event is audited as it is written, with the line number it has in the
/// file, and findings reach the live auditor's handler as they happen.
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
    guard let header else { return }
    liveAuditor?.applyHeader(header)
    let failure: RecordingError? = state.withLock { state in
      do throws(RecordingError) {
        try sink.writeHeader(TraceWriter.line(for: header))
        state.nextLine = 2
        return nil
      } catch {
        if error.isPermanent { state.failure = error }
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
    var event = Event(t: 0, id: id, kind: kind, payload: payload)
    if let problem = Self.problem(with: event) {
      onError?(problem)
      return
    }
    // Everything but `t` is formatted before taking the lock: only the clock and the write are serial.
    let body = TraceLineFormatter.body(for: event)
    let outcome: Outcome = state.withLock { state in
      guard state.failure == nil, !state.closed else {
        state.dropped += 1
        return .dropped
      }
      event.t = clock.now()
      do throws(RecordingError) {
        try sink.write(TraceLineFormatter.line(t: event.t, body: body))
      } catch {
        state.dropped += 1
        if error.isPermanent { state.failure = error }
        return .failed(error)
      }
      let line = state.nextLine
      state.nextLine += 1
      state.recorded += 1
      return .written(liveAuditor?.settle(event, line: line) ?? [])
    }
    switch outcome {
    case .written(let findings): liveAuditor?.deliver(findings)
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
      if error.isPermanent { state.withLock { $0.failure = $0.failure ?? error } }
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
      if error.isPermanent { state.withLock { $0.failure = $0.failure ?? error } }
      throw error
    }
    if let failure = first.failure { throw failure }
  }

  /// Events written to the sink.
  public var recordedEvents: Int { state.withLock { $0.recorded } }

  /// Events lost because the recording had stopped (after a failure or `close()`), or whose write failed.
  public var droppedEvents: Int { state.withLock { $0.dropped } }

  /// The failure that stopped the recording, if one did.
  public var failure: RecordingError? { state.withLock { $0.failure } }

  /// Why `event` would not make a line the reader accepts, if it would not.
  private static func problem(with event: Event) -> RecordingError? {
    func invalid(_ message: String) -> RecordingError {
      RecordingError(kind: .invalidEvent, message: "\(event.kind.rawValue) not recorded: \(message)")
    }
    if event.id.isEmpty { return invalid("the presentation id is empty") }
    for key in event.kind.requiredPayloadKeys where event.payload[key] == nil {
      return invalid("it needs \"\(key.rawValue)\" in its payload (id \(event.id))")
    }
    for key in event.kind.payloadKeys where key.valueType == .number {
      if let value = event.payload[key]?.numberValue, !value.isFinite {
        return invalid("\"\(key.rawValue)\" is \(value), which JSON cannot hold (id \(event.id))")
      }
    }
    return nil
  }
}
