/// Statistics over many replayed traces: transitions by kind and outcome, measured against declared
/// durations, where users let go of interactive transitions, layout pass durations, findings by rule.
///
/// ```swift
/// var statistics = TraceStatistics()
/// for path in paths { statistics.add(TraceReplay.run(path: path)) }
/// statistics.durations[.presentation]?.measured.percentile(0.9)
/// ```
///
/// Everything is counts and mergeable histograms, so statistics of shards merge exactly (`merge(_:)`).
/// Counts saturate instead of overflowing, and absurd values are clamped (`Histogram`), so neither a
/// trace nor a statistics file can make them trap.
public struct TraceStatistics: Sendable, Hashable {
  /// Durations of one kind of transition.
  public struct Durations: Sendable, Hashable {
    /// From animation start to `completeTransition`.
    public var measured = Histogram()
    /// The animator's declared duration, what `measured` is held to.
    public var declared = Histogram()
    /// measured ÷ declared, for transitions that have both.
    public var ratio = Histogram()

    mutating func add(_ transition: ReconstructedTransition) {
      if let measured = transition.measuredDuration { self.measured.add(measured) }
      if let declared = transition.declaredDuration { self.declared.add(declared) }
      if let measured = transition.measuredDuration, let declared = transition.declaredDuration, declared > 0
      {
        ratio.add(measured / declared)
      }
    }
  }

  /// Traces added, to weigh every other count.
  public var files = 0
  /// Event lines read, over every trace.
  public var events = 0
  /// Lines that could not be read, over every trace: a fleet's recording problems.
  public var inputErrors = 0
  /// "kind outcome" (e.g. "dismissal cancelled") → count.
  public var transitions: [String: Int] = [:]
  /// Measured and declared durations, by presentation and dismissal, whose ratio shows slow animators.
  public var durations: [ReconstructedTransition.Kind: Durations] = [:]
  /// Interactions the user finished.
  public var finished = 0
  /// Interactions the user cancelled, against `finished`: how often users change their mind.
  public var cancelled = 0
  /// The progress (0...1) at which users let go, by finish or cancel.
  public var finishProgress = Histogram()
  /// The progress at which users let go by cancelling.
  public var cancelProgress = Histogram()
  /// How the app saw each transition (``ReconstructedTransition/Source`` raw value → count): with its own
  /// presentation controller, from its animator alone, or observed from outside.
  public var sources: [String: Int] = [:]
  /// Transitions by the style they were shown in, `"kind style"` (e.g. "presentation pageSheet") → count:
  /// the style UIKit resolved where the trace recorded it, else the one `present` named
  /// (``ReconstructedTransition/presentedStyle``). A dismissal counts under its presentation's style.
  public var styles: [String: Int] = [:]
  /// Transitions whose animator vended an interruptible animator.
  public var interruptible = 0
  /// Transitions the user caught again at least once, and all the catches together: how often users
  /// interrupt.
  public var interrupted = 0
  /// Every catch of every transition, against `interrupted`.
  public var interruptions = 0
  /// Container layout passes (Will to Did).
  public var layoutPasses = Histogram()
  /// Rule id → count.
  public var findings: [String: Int] = [:]

  /// Empty statistics, to add replays to or merge others into.
  public init() {}

  /// Adds one replayed trace.
  public mutating func add(_ replay: TraceReplay) {
    addTrace(
      events: replay.report.events, inputErrors: replay.report.inputErrors.count,
      unreadable: replay.report.readFailure != nil)
    for finding in replay.report.findings { findings[finding.rule.rawValue, default: 0].addSaturating(1) }
    for transition in replay.transitions { add(transition) }
  }

  /// Adds what a `ReplayStream` says of one trace besides its transitions: its events, input errors and
  /// findings (add each transition as the stream hands it over, in order).
  ///
  /// ```swift
  /// var statistics = TraceStatistics()
  /// let summary = ReplayStream.run(path: path, transition: { statistics.add($0) }, finding: { _ in })
  /// statistics.add(summary)
  /// ```
  package mutating func add(_ summary: ReplayStream.Summary) {
    addTrace(
      events: summary.events, inputErrors: summary.inputErrors.count, unreadable: summary.readFailure != nil)
    // By rule id, as `add(_: TraceReplay)` counts them (the counts are the same in any order).
    for (rule, count) in summary.rules { findings[rule.rawValue, default: 0].addSaturating(count) }
  }

  private mutating func addTrace(events: Int, inputErrors: Int, unreadable: Bool) {
    files.addSaturating(1)
    self.events.addSaturating(events)
    self.inputErrors.addSaturating(inputErrors + (unreadable ? 1 : 0))
  }

  /// Adds one transition of a trace. The durations' sums are added up in the order transitions are
  /// added, so statistics are the same only when the transitions come in the same order (as a stream
  /// hands them over: the order they started).
  ///
  /// ```swift
  /// statistics.add(replay.transitions[0])
  /// ```
  public mutating func add(_ transition: ReconstructedTransition) {
    transitions[Self.transitionKey(transition.kind, transition.outcome), default: 0].addSaturating(1)
    sources[transition.source.rawValue, default: 0].addSaturating(1)
    styles[Self.styleKey(transition.kind, transition.presentedStyle), default: 0].addSaturating(1)
    if transition.interruptible { interruptible.addSaturating(1) }
    if !transition.interruptions.isEmpty {
      interrupted.addSaturating(1)
      interruptions.addSaturating(transition.interruptions.count)
    }
    // Changed in place: a copy taken out of the dictionary and put back copied its histograms' buckets.
    durations[transition.kind, default: Durations()].add(transition)
    if let commit = transition.commit {
      if commit.kind == .finish {
        finished.addSaturating(1)
        finishProgress.add(commit.progress)
      } else {
        cancelled.addSaturating(1)
        cancelProgress.add(commit.progress)
      }
    }
    for pass in transition.layoutPasses { if let duration = pass.duration { layoutPasses.add(duration) } }
  }

  /// `"kind outcome"`, the key of `transitions` (a literal: it is looked up for every transition).
  static func transitionKey(_ kind: ReconstructedTransition.Kind, _ outcome: ReconstructedTransition.Outcome)
    -> String
  {
    switch (kind, outcome) {
    case (.presentation, .completed): "presentation completed"
    case (.presentation, .cancelled): "presentation cancelled"
    case (.presentation, .neverCompleted): "presentation never-completed"
    case (.presentation, .unfinished): "presentation unfinished"
    case (.dismissal, .completed): "dismissal completed"
    case (.dismissal, .cancelled): "dismissal cancelled"
    case (.dismissal, .neverCompleted): "dismissal never-completed"
    case (.dismissal, .unfinished): "dismissal unfinished"
    }
  }

  /// `"kind style"`, the key of `styles`.
  static func styleKey(_ kind: ReconstructedTransition.Kind, _ style: String) -> String {
    switch kind {
    case .presentation: "presentation " + style
    case .dismissal: "dismissal " + style
    }
  }

  /// Adds statistics gathered elsewhere (another shard of the same fleet).
  public mutating func merge(_ other: TraceStatistics) {
    files.addSaturating(other.files)
    events.addSaturating(other.events)
    inputErrors.addSaturating(other.inputErrors)
    transitions.merge(other.transitions) { $0.addingSaturating($1) }
    for (kind, theirs) in other.durations {
      var ours = durations[kind] ?? Durations()
      ours.measured.merge(theirs.measured)
      ours.declared.merge(theirs.declared)
      ours.ratio.merge(theirs.ratio)
      durations[kind] = ours
    }
    finished.addSaturating(other.finished)
    cancelled.addSaturating(other.cancelled)
    finishProgress.merge(other.finishProgress)
    cancelProgress.merge(other.cancelProgress)
    sources.merge(other.sources) { $0.addingSaturating($1) }
    styles.merge(other.styles) { $0.addingSaturating($1) }
    interruptible.addSaturating(other.interruptible)
    interrupted.addSaturating(other.interrupted)
    interruptions.addSaturating(other.interruptions)
    layoutPasses.merge(other.layoutPasses)
    findings.merge(other.findings) { $0.addingSaturating($1) }
  }
}
