/// A clock that moves only when told to: deterministic times for tests and scripted sessions.
///
/// ```swift
/// let clock = VirtualTraceClock(start: 12.0)
/// let recorder = TraceRecorder(sink: MemoryTraceSink(), clock: clock)
/// recorder.record(.present, id: "card")        // t = 12.0
/// clock.advance(by: 0.35)
/// recorder.record(.completeTransition, id: "card", Payload(didComplete: true)) // t = 12.35
/// ```
///
/// `step` adds a fixed amount after every reading, so that a burst of events gets distinct, increasing
/// times without a call to `advance` between them. Safe to use from any thread.
public final class VirtualTraceClock: TraceClock {
  private struct State {
    var time: Double
    var step: Double
  }

  private let state: LockedState<State>

  /// A clock that reads `start`, and `step` seconds more after every reading.
  public init(start: Double = 0, step: Double = 0) {
    state = LockedState(State(time: start, step: step))
  }

  public func now() -> Double {
    state.withLock { state in
      defer { state.time += state.step }
      return state.time
    }
  }

  /// The time the next reading returns, without reading it.
  public var time: Double { state.withLock { $0.time } }

  /// Moves the clock forward (or back, to test `time-went-backwards`) by `seconds`.
  public func advance(by seconds: Double) { state.withLock { $0.time += seconds } }

  /// Sets the time the next reading returns.
  public func set(_ time: Double) { state.withLock { $0.time = time } }
}
