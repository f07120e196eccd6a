/// Replays one trace and hands over each transition and each finding as soon as nothing later in the trace
/// can change it, so that a replay holds the presentations in flight, not the trace.
///
/// ```swift
/// let summary = ReplayStream.run(path: "traces/valid/card-present-dismiss.jsonl") { transition in
///   print(transition.id, transition.kind, transition.outcome)  // in the order they started
/// } finding: { finding in
///   print(finding.line, finding.rule.rawValue)  // in the order of their lines
/// }
/// summary.transitions  // 2
/// ```
///
/// It hands over what ``TraceReplay`` lists, in the same order: transitions in the order they started,
/// findings by line (then in the order they were settled). A transition is handed over once it ended and
/// no finding can join it any more (nothing the machine still holds names one of its lines, and a late
/// callback of its forgotten presentation is ``lateFindingWindow`` transitions behind); a finding once no
/// later finding can name an earlier line (<doc:Performance#Replaying-in-bounded-memory>). While one
/// transition cannot be settled (a presentation shown for the whole trace takes the findings of its later
/// lines), the ones that started after it wait, up to ``window``; past that, the settled ones are handed
/// over at once, and ``Summary/inOrder`` is false. Findings wait the same way.
package struct ReplayStream {
  /// How many transitions (or findings) may wait behind one that cannot be handed over yet, before those
  /// that can are handed over out of order: what a stream holds at most besides what is in flight.
  ///
  /// ```swift
  /// ReplayStream.window  // 10000
  /// ```
  package static let window = 10_000

  /// How many transitions may begin after the last transition of a presentation the machine forgot (its
  /// tail window closed) while a finding about the same id still belongs to that transition: a late
  /// callback the machine takes for a presentation it never saw (`unknown-presentation`,
  /// `traces/rules/unknown-presentation-tail-after-grace.jsonl`) is shown with the transition it came
  /// after. Past it, such a finding belongs to no transition, so that a trace of any length holds no
  /// more than this many ended transitions.
  ///
  /// ```swift
  /// ReplayStream.lateFindingWindow  // 1000
  /// ```
  package static let lateFindingWindow = 1_000

  /// What a stream read, besides the transitions and findings it handed over.
  package struct Summary: Sendable {
    /// The path as the command line or directory listing gave it.
    package var path: String
    /// The header line, when the trace starts with one that could be read.
    package var header: TraceHeader?
    /// Event lines read (header, blank, bad and unknown-event lines not counted).
    package var events = 0
    /// Transitions handed over.
    package var transitions = 0
    /// Findings handed over, of severity error, of severity warning, and by rule.
    package var findings = 0
    package var errors = 0
    package var warnings = 0
    package var rules: [Rule: Int] = [:]
    package var inputErrors: [InputError] = []
    package var notes: [TraceNote] = []
    /// The header's `expect`, when the trace states one.
    package var expect: [String]?
    /// The file could not be opened or read at all.
    package var readFailure: String?
    /// The first and last `t` of the trace's events.
    package var startT: Double?
    package var endT: Double?
    /// Every transition came in the order it started and every finding in the order of its line: nothing
    /// waited past `ReplayStream.window`.
    package var inOrder = true
    /// The stream stopped at its limit before the end of the trace (`TraceReplay.run(path:limit:…)`).
    package var stoppedAtLimit = false
    /// Findings whose transition had been let go of before they were settled: none, unless the rules
    /// that let a transition go are wrong (the tests check).
    var missedAttributions = 0

    init(path: String) { self.path = path }

    /// Whether the trace broke the audit's input contract (exit status 2).
    package var hasInputProblems: Bool { !inputErrors.isEmpty || readFailure != nil }
  }

  /// Reads and replays the trace at `path`, handing over its transitions and findings as they settle.
  package static func run(
    path: String, configuration: AuditConfiguration = AuditConfiguration(),
    transition: (ReconstructedTransition) -> Void, finding: (Finding) -> Void
  ) -> Summary {
    run(
      path: path, configuration: configuration,
      opening: { () throws(ReadFailure) in try TraceReader(path: path) }, transition: transition,
      finding: finding)
  }

  /// Replays the trace that `open` opens, named `path` in the summary; a failure to open it is the
  /// summary's `readFailure`.
  ///
  /// ```swift
  /// let summary = ReplayStream.run(path: "session.jsonl", opening: { () throws(ReadFailure) in
  ///   TraceReader(source: try mySource())
  /// }, transition: { print($0.id) }, finding: { print($0.message) })
  /// ```
  package static func run(
    path: String, configuration: AuditConfiguration = AuditConfiguration(),
    opening open: () throws(ReadFailure) -> TraceReader,
    transition: (ReconstructedTransition) -> Void, finding: (Finding) -> Void
  ) -> Summary {
    stream(
      path: path, configuration: configuration, opening: open,
      transition: { handed, _, _ in transition(handed) },
      finding: { found, _ in finding(found) })
  }

  /// The stream behind every `run`: each transition with its track (its presentation's row on a
  /// timeline, numbered as presentations first appear among the transitions kept) and whether it is the
  /// track's first, each finding with its transition's track (`nil` when it belongs to none), and the
  /// trace's first `t` as soon as it is read. `window` is how many may wait behind one not settled
  /// (`.max` keeps the order whatever it costs); past `limit` transitions or findings the stream stops
  /// reading. It lets go of what settled every `interval` records (by default every 256, or every so many
  /// as it keeps presentations, so that a pass costs a constant per record; the tests pass after every
  /// record).
  static func stream(
    path: String, configuration: AuditConfiguration, window: Int = Self.window, limit: Int? = nil,
    passEvery interval: Int? = nil, opening open: () throws(ReadFailure) -> TraceReader,
    started: (Double) -> Void = { _ in },
    transition: TransitionSink, finding: FindingSink
  ) -> Summary {
    do {
      return stream(
        reader: try open(), path: path, configuration: configuration, window: window, limit: limit,
        passEvery: interval, started: started, transition: transition, finding: finding)
    } catch {
      var summary = Summary(path: path)
      summary.readFailure = error.message
      return summary
    }
  }

  /// A finding settled and not handed over yet: it waits until no later finding can name an earlier line.
  private struct Waiting {
    var finding: Finding
    /// Its place in the order findings were settled.
    var settled: Int
    var track: Int?
  }

  /// What a transition or a finding is handed to.
  typealias TransitionSink = (ReconstructedTransition, _ track: Int, _ opensTrack: Bool) -> Void
  typealias FindingSink = (Finding, _ track: Int?) -> Void

  static func stream(
    reader: consuming TraceReader, path: String, configuration: AuditConfiguration, window: Int,
    limit: Int?, passEvery interval: Int? = nil, started: (Double) -> Void = { _ in },
    transition: TransitionSink, finding: FindingSink
  ) -> Summary {
    // One value the reader's callbacks change, rather than a local per field: each local a closure
    // changes is checked for exclusive access on every use, which cost more than the stream's work.
    var engine = Engine(path: path, configuration: configuration, window: window, interval: interval)
    // Its own events, not `readAll`'s: through that form the replay took about 15 instructions an event more.
    var event = Event(t: 0, id: "", kind: .mark)
    var compact = CompactEvent(event)
    reader.readAll(
      into: &compact, through: &event,
      onEvent: { event, line in engine.observe(event, line: line, started: started, transition, finding) },
      onRecord: { record in engine.consume(record, started: started, transition, finding) },
      while: { engine.keepsReading(limit: limit) })
    engine.audit.lines = max(engine.audit.lines, reader.currentLine)
    return engine.finish(stoppedAtLimit: !engine.keepsReading(limit: limit), transition, finding)
  }

  /// The stream's state: the audit, the reconstruction, the findings waiting for their turn, and what the
  /// summary counts.
  private struct Engine {
    var summary: Summary
    var audit: TraceAudit
    var reconstructor = TransitionReconstructor()
    let window: Int
    /// Records between passes; `nil` adapts it to the presentations kept.
    let interval: Int?
    var waiting: [Waiting] = []
    var settled = 0
    var lastHandedLine = Int.min
    var recordsSincePass = 0
    /// Records from one pass to the next.
    var nextPass = 1024

    init(path: String, configuration: AuditConfiguration, window: Int, interval: Int?) {
      summary = Summary(path: path)
      audit = TraceAudit(path: path, configuration: configuration)
      audit.driver.keepForgotten()
      reconstructor.horizon = ReplayStream.lateFindingWindow
      self.window = window
      self.interval = interval
    }

    func keepsReading(limit: Int?) -> Bool {
      guard let limit else { return true }
      return reconstructor.started <= limit && settled <= limit
    }

    mutating func observe(
      _ event: borrowing CompactEvent, line: Int, started: (Double) -> Void, _ transition: TransitionSink,
      _ finding: FindingSink
    ) {
      // Past the audit's presentation limit nothing more is audited or rebuilt (the driver said why).
      guard !audit.driver.stoppedAtPresentationLimit else { return }
      if summary.startT == nil {
        summary.startT = event.t
        started(event.t)
      }
      summary.endT = max(summary.endT ?? event.t, event.t)
      guard let step = audit.feed(event, line: line) else { return }
      noteForgotten(line: line)
      reconstructor.observe(event, line: line, step: step)
      settle(line: line, transition, finding)
    }

    mutating func consume(
      _ record: TraceRecord, started: (Double) -> Void, _ transition: TransitionSink, _ finding: FindingSink
    ) {
      switch record {
      // A line the fast scanner left to the reference decoder comes back as a record.
      case .event(let event, let line):
        observe(CompactEvent(event), line: line, started: started, transition, finding)
      case .skippedEvent(_, let t, _, let line, _):
        summary.endT = max(summary.endT ?? t, t)
        audit.feed(record)
        noteForgotten(line: line)
        settle(line: line, transition, finding)
      case .header, .inputError, .note:
        audit.feed(record)
      }
    }

    /// The presentations the record at `line` forgot are noted before the event's own transition is
    /// rebuilt (a presentation forgotten and presented again in one record begins anew).
    mutating func noteForgotten(line: Int) {
      for id in audit.driver.takeForgotten() { reconstructor.forgot(id, atLine: line) }
    }

    /// Gives the findings the audit settled since the last call to their transitions; they wait to be
    /// handed over by line.
    mutating func takeFindings() {
      for found in audit.takeFindings() {
        waiting.append(Waiting(finding: found, settled: settled, track: reconstructor.attribute(found)))
        settled += 1
      }
    }

    /// Takes what the record at `line` settled and lets go, now and then, of what nothing can change any
    /// more.
    mutating func settle(line: Int, _ transition: TransitionSink, _ finding: FindingSink) {
      takeFindings()
      recordsSincePass += 1
      guard recordsSincePass >= interval ?? nextPass else { return }
      recordsSincePass = 0
      reconstructor.release { audit.driver.earliestPendingLine(of: $0) }
      // A pass walks every presentation with transitions kept and, with findings waiting, every slot of
      // the machine. The next one comes after twice as many records as presentations are still kept, so
      // a pass costs a constant per record, and what it lets go of is at most that many records old. (Counted
      // from what the pass kept, not from what is kept by then: that grows with the records, and a trace
      // whose every line begins a transition would never reach it.)
      nextPass = max(1024, 2 * reconstructor.keptPresentations)
      handOverTransitions(window: window, transition)
      guard !waiting.isEmpty else { return }
      let watermark = min(line + 1, audit.driver.earliestPendingLine() ?? .max)
      handOverFindings(upTo: waiting.count > window ? .max : watermark, finding)
    }

    mutating func handOverTransitions(window: Int, _ transition: TransitionSink) {
      var handed = 0
      reconstructor.handOver(window: window) { settled, track, opensTrack in
        handed += 1
        transition(settled, track, opensTrack)
      }
      summary.transitions += handed
    }

    /// Hands over the waiting findings whose line no later finding can precede (`upTo`), or every one.
    mutating func handOverFindings(upTo watermark: Int, _ finding: FindingSink) {
      if waiting.indices.dropFirst().contains(where: {
        (waiting[$0 - 1].finding.line, waiting[$0 - 1].settled) > (
          waiting[$0].finding.line, waiting[$0].settled
        )
      }) {
        waiting.sort { ($0.finding.line, $0.settled) < ($1.finding.line, $1.settled) }
      }
      let ready = waiting.prefix { $0.finding.line <= watermark }.count
      guard ready > 0 else { return }
      for item in waiting[..<ready] {
        if item.finding.line < lastHandedLine { summary.inOrder = false }
        lastHandedLine = item.finding.line
        summary.findings += 1
        switch item.finding.severity {
        case .error: summary.errors += 1
        case .warning: summary.warnings += 1
        }
        summary.rules[item.finding.rule, default: 0] += 1
        finding(item.finding, item.track)
      }
      waiting.removeFirst(ready)
    }

    /// The end of the trace: what only the end settles, then everything still waiting, in order.
    mutating func finish(stoppedAtLimit: Bool, _ transition: TransitionSink, _ finding: FindingSink)
      -> Summary
    {
      summary.stoppedAtLimit = stoppedAtLimit
      let report = audit.finish()
      takeFindings()
      var handed = 0
      reconstructor.finishStream { settled, track, opensTrack in
        handed += 1
        transition(settled, track, opensTrack)
      }
      summary.transitions += handed
      handOverFindings(upTo: .max, finding)
      if reconstructor.handedOverOutOfOrder { summary.inOrder = false }
      summary.missedAttributions = reconstructor.missedAttributions
      summary.header = audit.header
      summary.events = report.events
      summary.inputErrors = report.inputErrors
      summary.notes = report.notes
      summary.expect = report.expect
      return summary
    }
  }
}
