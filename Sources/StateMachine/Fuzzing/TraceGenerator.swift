/// Generates valid presentation traces from a seed: several window scenes presenting at the same time, stacks
/// several deep, animated, interactive (finished and cancelled) and non-animated transitions, presentations
/// and dismissals recorded from callbacks only, sheets swiped away (and swipes cancelled or refused),
/// presenters that disappear under full-screen presentations, dismissals from below, rotation and id reuse;
/// and the transitions the contract reads beyond the app's own presentation controller: system-style
/// presentations observed from outside and their swipes (with or without an adaptive delegate, reverted,
/// refused), transitions recorded from the animator alone, aborted transitions, interruptible transitions
/// caught and reversed, self-running interactions (`wantsInteractiveStart` false), `viewIsAppearing`, and
/// completion blocks after cancelled transitions; all with the timing UIKit produces, so that an audit with
/// the default configuration reports nothing but the `transition-aborted` warning of each abort
/// (`TraceCensus` says where, from the events).
///
/// ```swift
/// var generator = TraceGenerator(seed: 42)
/// let events = generator.events()                // one whole trace
/// generator.generate { event in handle(event) }  // the next trace, one event at a time
/// var stream = generator.stream()                // the next trace, pulled: stream.next()
/// ```
///
/// The same seed and configuration give the same events, and so the same bytes through `TraceWriter`.
/// Times are whole microseconds from an uptime-like origin; declared durations are 0.25–0.6 s,
/// `completeTransition` lands a few milliseconds after the animation's end (after finish or cancel, after
/// UIKit's remaining time), and a layout pass lasts about a millisecond. Unknown event names cannot be
/// represented as an `Event`, so the generator never writes one; a benchmark that wants them writes its
/// own lines beside these.
public struct TraceGenerator: Sendable {
  /// What the generator draws from; the same configuration and seed give the same bytes.
  public let configuration: GeneratorConfiguration
  /// The random source; its state advances with every trace.
  package private(set) var random: SeededRandom
  /// The seed the generator started from.
  public let seed: UInt64

  /// A generator whose traces follow from `seed` alone.
  public init(seed: UInt64, configuration: GeneratorConfiguration = GeneratorConfiguration()) {
    self.seed = seed
    self.configuration = configuration
    self.random = SeededRandom(seed: seed)
  }

  /// The roots of the generated traces: `root`, `root:s1`, …
  public var roots: [String] {
    (0..<max(configuration.roots, 1)).map { $0 == 0 ? PresentationSession.defaultRoot : "root:s\($0)" }
  }

  /// The next trace as a stream of events in time order (unbounded when `configuration.episodes` is
  /// `Int.max`).
  public mutating func stream() -> Stream {
    let origin = 1_000_000_000 + Int64(random.below(1_000_000_000))
    return Stream(seed: random.next(), originMicros: origin, configuration: configuration)
  }

  /// Generates the next trace and hands its events, in order, to `emit`.
  public mutating func generate(_ emit: (Event) -> Void) {
    var stream = stream()
    while let event = stream.next() { emit(event) }
  }

  /// The next trace as events.
  public mutating func events() -> [Event] {
    var events: [Event] = []
    generate { events.append($0) }
    return events
  }

  /// The next trace as canonical text: a header naming the seed and what its audit must report
  /// (`header(for:)`), then its events.
  public mutating func text() -> String {
    let events = events()
    return TraceWriter.trace(header: header(for: events), events: events)
  }

  /// A header naming the generator's seed, with no expected findings (right for a trace with no abort;
  /// `header(for:)` lists the aborts' warnings).
  public func header() -> TraceHeader {
    TraceHeader(
      expect: [],
      metadata: [("generator", .string("TraceGenerator")), ("seed", .string(String(seed)))])
  }

  /// The header of a file holding `events` after it: `header()` whose `expect` lists a
  /// `transition-aborted@LINE` for each abort the events show (the first event on line 2).
  ///
  /// ```swift
  /// let events = generator.events()
  /// generator.header(for: events).expect  // ["transition-aborted@214"]
  /// ```
  public func header(for events: [Event]) -> TraceHeader {
    var header = header()
    header.expect = TraceCensus(events: events).expectedFindings(firstLine: 2).map(\.description)
    return header
  }
}
