#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Feeds a recorded trace, event by event, into your own code, with the audit running alongside: step
/// through it, inspect the state between events, stop when you like.
///
/// ```swift
/// var replayer = TraceReplayer(reader: try TraceReader(path: "session.jsonl"))
/// var coordinator = MyPresentationCoordinator()      // your reducer under test
/// while let step = replayer.step() {
///   coordinator.handle(step.event)                   // drive your code with the recorded callbacks
///   if !step.findings.isEmpty { break }              // stop at the first violation and look around
/// }
/// print(replayer.state.text())                       // every presentation's phase, the stacks, deadlines
/// ```
///
/// With `.virtual` pacing (the default) events arrive at once and `step.virtualTime` carries the recorded
/// time; with `.scaled(speed:)` the replayer waits between events as the recording did, divided by `speed`.
public struct TraceReplayer {
  /// How fast events are delivered.
  public enum Pacing: Sendable, Hashable {
    /// Instantly; time is the recording's, carried in each step.
    case virtual
    /// In real time divided by `speed` (2 = twice as fast).
    case scaled(speed: Double)
  }

  /// One delivered event with what the audit made of it.
  public struct Step: Sendable {
    /// The event, as the trace recorded it.
    public var event: Event
    /// Its line in the file, which the findings cite.
    public var line: Int
    /// Seconds since the trace's first event, on the recording's clock.
    public var virtualTime: Double
    /// What this event settled: its own violation, a hang it proved, a timing warning.
    public var findings: [Finding]
  }

  private var reader: TraceReader
  private var audit: TraceAudit
  private let pacing: Pacing
  private let sleep: @Sendable (Double) -> Void
  private var startT: Double?
  private var previousT: Double?
  private var lastLine = 0
  /// Every finding so far.
  public var findings: [Finding] { audit.findings }
  /// Input errors met so far (bad lines are skipped, as the audit does).
  public var inputErrors: [InputError] { audit.inputErrors }

  /// A replayer over `reader`; `sleep` (seconds) is injectable so tests of scaled pacing need not wait.
  public init(
    reader: TraceReader, pacing: Pacing = .virtual, configuration: AuditConfiguration = AuditConfiguration(),
    sleep: @escaping @Sendable (Double) -> Void = TraceReplayer.sleepRealTime
  ) {
    self.reader = reader
    self.pacing = pacing
    self.sleep = sleep
    audit = TraceAudit(configuration: configuration)
  }

  /// Delivers the next event (waiting first under scaled pacing), or `nil` at the end of the trace.
  public mutating func step() -> Step? {
    while let record = reader.next() {
      guard case .event(let event, let line) = record else {
        audit.feed(record)
        continue
      }
      if case .scaled(let speed) = pacing, speed > 0, let previousT, event.t > previousT {
        sleep((event.t - previousT) / speed)
      }
      startT = startT ?? event.t
      previousT = max(previousT ?? event.t, event.t)
      lastLine = line
      let before = audit.findings.count
      audit.feed(event, line: line)
      return Step(
        event: event, line: line, virtualTime: event.t - (startT ?? event.t),
        findings: Array(audit.findings[before...]))
    }
    return nil
  }

  /// Runs to the end (or until `handler` returns `false`), calling `handler` after each event.
  public mutating func run(_ handler: (Step, TraceReplayer) throws -> Bool) rethrows {
    while let step = step() {
      guard try handler(step, self) else { return }
    }
  }

  /// Ends the audit: what only the end of the trace settles (unresolved appearance callbacks).
  public mutating func finish() -> [Finding] {
    let before = audit.findings.count
    audit.finish()
    return Array(audit.findings[before...])
  }

  /// The state after the last delivered event: phases, stacks, deadlines, findings.
  public var state: AuditState {
    AuditState(
      of: audit.auditor, line: lastLine, t: previousT, findings: audit.findings,
      inputErrors: audit.inputErrors)
  }

  /// Sleeps the calling thread for `seconds`, at most about 68 years (a trace's gap may be 1e300 seconds,
  /// or infinite at a tiny speed: converted whole, it trapped).
  public static let sleepRealTime: @Sendable (Double) -> Void = { requested in
    guard requested > 0 else { return }
    let seconds = min(requested, Double(Int32.max))
    var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
  }
}
