/// Enumerates every event sequence up to a depth over the abstract alphabet (every trigger for each of a
/// few presentation ids, a fixed time step) and checks properties of the machine on each.
///
/// ```swift
/// let report = BoundedExplorer(depth: 3, presentations: 2).run()
/// report.violations.isEmpty  // nothing trapped, clean is prefix-closed, no dead end, deterministic
/// ```
///
/// The properties: nothing traps (the run finishes); clean sequences (no ordering finding, end of trace
/// included) are prefix-closed; from every clean sequence a few more events reach quiescence (nothing in
/// flight) and stay clean; applying the same event to the same state twice gives the same step, findings
/// and phases. Sequences are walked depth-first, copying the auditor (a value) at each node.
public struct BoundedExplorer: Sendable {
  /// What an exploration checked and what it found.
  public struct Report: Sendable {
    /// Sequences audited (every prefix counts once).
    public var sequences = 0
    /// Clean sequences among them.
    public var clean = 0
    /// Distinct abstract states (the phases of every id) reached.
    public var states = 0
    /// Property violations, each with the sequence that shows it (at most a few kept).
    public var violations: [String] = []
  }

  public let depth: Int
  public let ids: [String]
  /// Seconds between two events of a sequence.
  public let timeStep: Double
  /// How many extra events the search for quiescence may add.
  public let quiescenceBound: Int
  /// The alphabet: one representative event per (trigger, id, presenter).
  public let alphabet: [Event]

  /// An explorer over `presentations` ids (`p1`, `p2`, …) and sequences up to `depth` events.
  public init(depth: Int, presentations: Int, timeStep: Double = 0.01, quiescenceBound: Int = 8) {
    self.depth = max(depth, 0)
    self.ids = (1...max(presentations, 1)).map { "p\($0)" }
    self.timeStep = timeStep
    self.quiescenceBound = quiescenceBound
    var alphabet: [Event] = []
    for id in ids {
      for kind in EventKind.allCases
      where kind != .mark && kind != .panChanged && kind != .panEnded && kind != .panCancelled {
        switch kind {
        case .present:
          for presenter in [PresentationSession.defaultRoot] + ids where presenter != id {
            alphabet.append(
              Event(t: 0, id: id, kind: kind, payload: Payload(presenter: presenter, animated: true)))
          }
        case .presentationTransitionDidEnd, .dismissalTransitionDidEnd, .animationEnded:
          alphabet.append(Event(t: 0, id: id, kind: kind, payload: Payload(completed: true)))
          alphabet.append(Event(t: 0, id: id, kind: kind, payload: Payload(completed: false)))
        case .completeTransition:
          alphabet.append(Event(t: 0, id: id, kind: kind, payload: Payload(didComplete: true)))
          alphabet.append(Event(t: 0, id: id, kind: kind, payload: Payload(didComplete: false)))
        case .animateTransition, .startInteractiveTransition:
          alphabet.append(Event(t: 0, id: id, kind: kind, payload: Payload(duration: 0.3)))
        case .updateInteractiveTransition:
          alphabet.append(Event(t: 0, id: id, kind: kind, payload: Payload(percent: 0.5)))
        case .viewWillTransitionToSize, .containerViewWillLayoutSubviews, .containerViewDidLayoutSubviews:
          alphabet.append(Event(t: 0, id: id, kind: kind, payload: Payload(width: 390, height: 844)))
        default:
          alphabet.append(Event(t: 0, id: id, kind: kind))
        }
      }
    }
    self.alphabet = alphabet
  }

  private struct Node {
    var auditor: Auditor
    var findings: [Finding]
    var events: [Event]
  }

  /// Runs the exploration.
  public func run() -> Report {
    var report = Report()
    var seen: Set<[Int]> = []
    let root = Node(auditor: Auditor(), findings: [], events: [])
    explore(root, parentClean: true, report: &report, seen: &seen)
    report.states = seen.count
    return report
  }

  private func phases(_ auditor: Auditor) -> [Int] { ids.map { auditor.session.phase(of: $0).rawValue } }

  private static func isClean(_ node: Node) -> Bool {
    var auditor = node.auditor
    var findings = node.findings
    auditor.finish(into: &findings)
    return !findings.contains { $0.rule.kind == .ordering }
  }

  private func step(_ node: Node, _ template: Event) -> (Node, SessionStep) {
    var next = node
    var event = template
    event.t = Double(node.events.count + 1) * timeStep
    let step = next.auditor.auditStep(event, line: node.events.count + 1, into: &next.findings)
    next.events.append(event)
    return (next, step)
  }

  private func record(_ message: String, _ events: [Event], into report: inout Report) {
    guard report.violations.count < 5 else { return }
    report.violations.append(
      message + ":\n" + events.map { TraceWriter.line(for: $0) }.joined(separator: "\n"))
  }

  private func explore(_ node: Node, parentClean: Bool, report: inout Report, seen: inout Set<[Int]>) {
    report.sequences += 1
    seen.insert(phases(node.auditor))
    let clean = Self.isClean(node)
    if clean {
      report.clean += 1
      if !parentClean {
        record("a clean sequence with a prefix that is not clean", node.events, into: &report)
      }
      if !canReachQuiescence(node) {
        record("a clean sequence that cannot reach quiescence", node.events, into: &report)
      }
    }
    guard node.events.count < depth else { return }
    for template in alphabet {
      let (first, firstStep) = step(node, template)
      let (second, secondStep) = step(node, template)
      if firstStep != secondStep || first.findings != second.findings
        || phases(first.auditor) != phases(second.auditor)
      {
        record("the same event on the same state gave two results", first.events, into: &report)
      }
      explore(first, parentClean: clean, report: &report, seen: &seen)
    }
  }

  /// Greedy: at each step, the first alphabet event that keeps the sequence clean and changes some phase,
  /// preferring events that end a transition; quiescent when nothing is in flight.
  private func canReachQuiescence(_ start: Node) -> Bool {
    var node = start
    for _ in 0...quiescenceBound {
      if !node.auditor.session.hasTransitionsInFlight,
        ids.allSatisfy({ !node.auditor.session.phase(of: $0).isInFlight })
      {
        return true
      }
      var moved = false
      for template in progressOrder where node.auditor.session.phase(of: template.id).isInFlight {
        let (next, step) = self.step(node, template)
        guard step.from != step.to, Self.isClean(next) else { continue }
        node = next
        moved = true
        break
      }
      if !moved { return false }
    }
    return false
  }

  /// The alphabet with the events that move a transition towards its end first.
  private var progressOrder: [Event] {
    let order: [EventKind] = [
      .presentationTransitionWillBegin, .dismissalTransitionWillBegin, .finishInteractiveTransition,
      .completeTransition, .presentationTransitionDidEnd, .dismissalTransitionDidEnd,
    ]
    return order.flatMap { kind in alphabet.filter { $0.kind == kind } }
  }
}
