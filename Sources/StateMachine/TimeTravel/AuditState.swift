/// The state of an audit at one point of a trace: every presentation the machine holds, the stack of every
/// root, the transitions in flight with their deadlines, and the findings so far.
///
/// ```swift
/// let state = AuditState.at(.line(40), in: try TraceReader(path: "trace.jsonl"))
/// state.presentations.first { $0.id == "card" }?.phase // .presentingAnimating
/// ```
///
/// The log is the source of truth and the state is a fold of it: this folds the trace up to the point.
public struct AuditState: Sendable, Hashable {
  /// Where to stop folding.
  public enum Point: Sendable, Hashable {
    /// After the event on this line (and every line before it).
    case line(Int)
    /// After every event with `t` at or before this time.
    case time(Double)
  }

  /// One presentation as the machine holds it.
  public struct Presentation: Sendable, Hashable {
    /// The presentation's id.
    public var id: String
    /// Where it is in its lifecycle.
    public var phase: Phase
    /// Who presents it, a root or another presentation, while it is on a stack.
    public var presenter: String?
    /// What it presents in turn, if anything: the next one up its stack.
    public var child: String?
    /// The last update's percent, while an interaction runs.
    public var progress: Double?
    /// The line of an open container layout pass.
    public var openLayoutLine: Int?
    /// A `viewWill*` waiting for its `viewDid*`, with its line.
    public var pendingAppearance: String?
    /// For a transition in flight: when it becomes a hang, and why.
    package var deadline: TransitionDeadline?
  }

  /// The last line folded in (for `.line(N)`, N itself when the trace has that many lines, whatever the
  /// line holds: a header, a blank or a bad line), and the time of the last event folded in.
  public var line: Int
  /// The time of the last event folded in; `nil` before the first.
  public var t: Double?
  /// Every live presentation at the point, by id: what a coordinator under test should agree with.
  public var presentations: [Presentation]
  /// Every root with a stack: the root first, then each presentation above it.
  public var stacks: [[String]]
  /// The findings settled up to the point, sorted by line.
  public var findings: [Finding]
  /// The lines up to the point that could not be read (skipped, as the audit skips them).
  public var inputErrors: [InputError] = []

  /// Folds `reader` up to `point` and describes the state there.
  public static func at(
    _ point: Point, in reader: TraceReader, configuration: AuditConfiguration = AuditConfiguration()
  ) -> AuditState {
    var audit = TraceAudit(configuration: configuration)
    var reader = reader
    // One value the reader's callbacks change (as `ReplayStream`'s engine is): as locals a nested function
    // changed, the fold took about 170 instructions a line more.
    var reach = Reach(point: point)
    // Each event in the form the machine reads, as the audit reads them (`TraceReader.readAll`); the first
    // record past the point ends the fold, unread. Its own events, not `readAll`'s: through that form this
    // fold took about 370 instructions a line more.
    var event = Event(t: 0, id: "", kind: .mark)
    var compact = CompactEvent(event)
    reader.readAll(
      into: &compact, through: &event,
      onEvent: { event, eventLine in
        if reach.reaches(eventLine, at: event.t) { audit.feed(event, line: eventLine) }
      },
      onRecord: { record in
        let within =
          switch record {
          case .event(let event, let eventLine): reach.reaches(eventLine, at: event.t)
          case .skippedEvent(_, let eventT, _, let eventLine, _): reach.reaches(eventLine, at: eventT)
          case .header(_, let headerLine): reach.reaches(headerLine, at: nil)
          case .inputError(let error): reach.reaches(error.line, at: nil)
          case .note: false
          }
        if within { audit.feed(record) }
      },
      while: { !reach.passed })
    if case .line(let last) = point { reach.line = max(reach.line, min(last, reader.currentLine)) }
    return AuditState(
      of: audit.auditor, line: reach.line, t: reach.t, findings: audit.findings,
      inputErrors: audit.inputErrors)
  }

  /// How far a fold reached: the last line and the last time folded in, and whether it passed the point.
  private struct Reach {
    let point: Point
    var line = 0
    var t: Double?
    var passed = false

    /// Whether the record on `recordLine` (at `recordT`, for an event) is within the point: then it is the
    /// last one folded in; else the fold has passed the point.
    mutating func reaches(_ recordLine: Int, at recordT: Double?) -> Bool {
      let within = recordT.map { point.includes(line: recordLine, t: $0) } ?? point.includes(line: recordLine)
      guard within else {
        passed = true
        return false
      }
      line = recordLine
      if let recordT { t = recordT }
      return true
    }
  }

  fileprivate static func describe(_ auditor: Auditor, _ line: Int, _ t: Double?, _ findings: [Finding])
    -> AuditState
  {
    let session = auditor.session
    let presentations = session.lifecycles.filter { $0.value.phase.isLive }.sorted { $0.key < $1.key }.map {
      id, lifecycle in
      let interactive = lifecycle.phase == .presentingInteractive || lifecycle.phase == .dismissingInteractive
      return Presentation(
        id: id, phase: lifecycle.phase, presenter: session.presenter(of: id),
        child: session.child(of: id),
        progress: interactive && lifecycle.transition?.hadUpdate == true
          ? lifecycle.transition?.progress : nil,
        openLayoutLine: lifecycle.openLayout?.line,
        pendingAppearance: lifecycle.pendingAppearance.map { "\($0.trigger.label) (line \($0.line))" },
        deadline: session.deadline(of: id))
    }
    // Built once: the session builds the map on each read, and a state may hold thousands of roots.
    let rootChildren = session.rootChildren
    var stacks: [[String]] = []
    for root in rootChildren.keys.sorted() {
      var stack = [root]
      var onStack: Set<String> = [root]
      var next = rootChildren[root]
      while let id = next, session.phase(of: id).isLive, onStack.insert(id).inserted {
        stack.append(id)
        next = session.child(of: id)
      }
      stacks.append(stack)
    }
    let sorted = findings.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }
    return AuditState(
      line: line, t: t, presentations: presentations, stacks: stacks, findings: sorted.map(\.element))
  }
}

extension AuditState.Point {
  func includes(line: Int, t: Double) -> Bool {
    switch self {
    case .line(let last): line <= last
    case .time(let last): t <= last
    }
  }

  /// Whether a line with no time of its own (a header, a bad line) is before the point: for a time, every
  /// such line before the first event past it is.
  func includes(line: Int) -> Bool {
    switch self {
    case .line(let last): line <= last
    case .time: true
    }
  }
}

extension AuditState {
  /// The state of `auditor` after `line` (at time `t`), with the findings it reported so far and the
  /// input errors met on the way.
  public init(
    of auditor: Auditor, line: Int, t: Double?, findings: [Finding], inputErrors: [InputError] = []
  ) {
    self = Self.describe(auditor, line, t, findings)
    self.inputErrors = inputErrors
  }
}
