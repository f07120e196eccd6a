#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Enumerates every event sequence up to a depth over the abstract alphabet (every trigger for each of a
/// few presentation ids) and checks properties of the machine on each, exploring each distinct state of
/// the auditor once.
///
/// ```swift
/// let report = BoundedExplorer(depth: 6, presentations: 1).run()
/// report.violations.isEmpty      // nothing trapped, clean is prefix-closed, no dead end, deterministic
/// report.presentThenDismiss      // the shortest clean sequence that presents p1 and dismisses it
/// ```
///
/// The properties: nothing traps (the run finishes); clean sequences (no ordering finding, end of trace
/// included) are prefix-closed; from every clean state a few more events reach quiescence (nothing in
/// flight) and stay clean; applying the same event to the same state twice gives the same step, findings
/// and state.
///
/// The search is breadth-first and keeps only clean sequences: an unclean sequence already broke a rule,
/// so its extensions say nothing new about the clean language (findings are never withdrawn, which is
/// what makes clean prefix-closed); the step into it is still checked for traps and determinism. States
/// are memoised on a digest of the auditor's whole `Codable` state (the one `AuditSnapshot` resumes
/// from), so two sequences that reach the same state (`present p1, present p2` and the other order) are
/// explored once, at the smallest depth. For that, every event is audited at t = 0 and line 1 (equal
/// times are legal): the state then holds no growing clock or line number, only what the events did. At
/// these depths no deadline or tail window (2 s) could expire anyway.
package struct BoundedExplorer: Sendable {
  /// What an exploration checked and what it found.
  package struct Report: Sendable {
    /// Sequences audited: every one-event extension of an explored clean sequence (and the empty one).
    package var sequences = 0
    /// Clean sequences among them.
    package var clean = 0
    /// Distinct clean states of the auditor reached, each explored once.
    package var states = 0
    /// The longest clean sequence explored (the depth actually reached).
    package var deepest = 0
    /// Clean states in which a presentation went the whole way: presented, then dismissed.
    package var presentedThenDismissed = 0
    /// The shortest such clean sequence: four events, a transition each way begun and ended by two (a
    /// request and the `completeTransition` that ends a transition with no `*WillBegin` logged,
    /// <doc:Rules#Optional-request-events> and <doc:Rules#Transitions-recorded-from-the-animator-alone>, or
    /// the callbacks-only `*WillBegin` and `*DidEnd`); which of these equally short ones comes
    /// first follows the alphabet's order.
    package var presentThenDismiss: [Event]?
    /// Property violations, each with the sequence that shows it (at most a few kept).
    package var violations: [String] = []
  }

  package let depth: Int
  package let ids: [String]
  /// How many extra events the search for quiescence may add.
  package let quiescenceBound: Int
  /// The alphabet: one representative event per (trigger, id, presenter), at t = 0, with both values of
  /// `completed`, `didComplete` and `wantsInteractiveStart`, and `present` in a custom and a system style.
  package let alphabet: [Event]
  /// The events the search for quiescence tries, those that end a transition first.
  private let progressOrder: [Event]

  /// An explorer over `presentations` ids (`p1`, `p2`, …) and sequences up to `depth` events.
  package init(depth: Int, presentations: Int, quiescenceBound: Int = 8) {
    self.depth = max(depth, 0)
    self.ids = (1...max(presentations, 1)).map { "p\($0)" }
    self.quiescenceBound = quiescenceBound
    var alphabet: [Event] = []
    for id in ids {
      for kind in EventKind.allCases
      where kind != .mark && kind != .panChanged && kind != .panEnded && kind != .panCancelled {
        switch kind {
        case .present:
          // A custom presentation, and one in a system style, observed from outside unless it logs
          // controller or animator events (<doc:Rules#Presentations-observed-from-outside>).
          for presenter in [PresentationSession.defaultRoot] + ids where presenter != id {
            alphabet.append(
              Event(t: 0, id: id, kind: kind, payload: Payload(presenter: presenter, animated: true)))
            alphabet.append(
              Event(
                t: 0, id: id, kind: kind,
                payload: Payload(presenter: presenter, animated: true, style: "pageSheet")))
          }
        case .presentationTransitionDidEnd, .dismissalTransitionDidEnd, .animationEnded:
          alphabet.append(Event(t: 0, id: id, kind: kind, payload: Payload(completed: true)))
          alphabet.append(Event(t: 0, id: id, kind: kind, payload: Payload(completed: false)))
        case .completeTransition:
          alphabet.append(Event(t: 0, id: id, kind: kind, payload: Payload(didComplete: true)))
          alphabet.append(Event(t: 0, id: id, kind: kind, payload: Payload(didComplete: false)))
        case .animateTransition, .interruptibleAnimator:
          alphabet.append(Event(t: 0, id: id, kind: kind, payload: Payload(duration: 0.3)))
        case .startInteractiveTransition:
          // Both values of wantsInteractiveStart: false starts an interruptible transition running
          // (<doc:Rules#Interruptible-transitions>).
          alphabet.append(Event(t: 0, id: id, kind: kind, payload: Payload(duration: 0.3)))
          alphabet.append(
            Event(t: 0, id: id, kind: kind, payload: Payload(duration: 0.3, wantsInteractiveStart: false)))
        case .updateInteractiveTransition:
          alphabet.append(Event(t: 0, id: id, kind: kind, payload: Payload(percent: 0.5)))
        case .viewWillTransitionToSize, .containerViewWillLayoutSubviews, .containerViewDidLayoutSubviews:
          alphabet.append(Event(t: 0, id: id, kind: kind, payload: Payload(width: 390, height: 844)))
        case .presentationTransitionWillBegin, .dismiss, .dismissalTransitionWillBegin,
          .pauseInteractiveTransition, .finishInteractiveTransition, .cancelInteractiveTransition,
          .viewWillAppear, .viewIsAppearing, .viewDidAppear, .viewWillDisappear, .viewDidDisappear, .panBegan,
          .panChanged,
          .panEnded, .panCancelled, .presentationControllerWillDismiss, .presentationControllerDidDismiss,
          .presentationControllerDidAttemptToDismiss, .completion, .mark:
          alphabet.append(Event(t: 0, id: id, kind: kind))
        }
      }
    }
    self.alphabet = alphabet
    progressOrder = Self.progressOrder(alphabet)
  }

  private struct Node {
    var auditor: Auditor
    var findings: [Finding]
    var events: [Event]
  }

  /// Runs the exploration.
  package func run() -> Report {
    var report = Report()
    var digests = StateDigests()
    let start = Node(auditor: Auditor(), findings: [], events: [])
    report.sequences = 1
    guard Self.isClean(start) else {
      record("the empty sequence is not clean", [], into: &report)
      return report
    }
    report.clean = 1
    _ = digests.insert(start.auditor)
    visit(start, report: &report)
    var frontier = [start]
    while !frontier.isEmpty, let length = frontier.first?.events.count, length < depth {
      var next: [Node] = []
      for node in frontier {
        for template in alphabet {
          guard let child = expand(node, template, digests: &digests, report: &report) else { continue }
          visit(child, report: &report)
          next.append(child)
        }
      }
      frontier = next
    }
    report.states = digests.count
    return report
  }

  /// Steps `template` on `node` twice (determinism), counts the sequence, and returns the child when it
  /// is clean and its state is new.
  private func expand(_ node: Node, _ template: Event, digests: inout StateDigests, report: inout Report)
    -> Node?
  {
    let (first, firstStep) = step(node, template)
    let (second, secondStep) = step(node, template)
    report.sequences += 1
    let clean = Self.isClean(first)
    var same = firstStep == secondStep && first.findings == second.findings
    if same, clean {
      // The whole state, not only the phases, must come out the same.
      same = StateDigests.digest(first.auditor) == StateDigests.digest(second.auditor)
    } else if same {
      same = ids.allSatisfy { first.auditor.session.phase(of: $0) == second.auditor.session.phase(of: $0) }
    }
    if !same { record("the same event on the same state gave two results", first.events, into: &report) }
    guard clean else { return nil }
    report.clean += 1
    return digests.insert(first.auditor) ? first : nil
  }

  /// The checks on a newly reached clean state.
  private func visit(_ node: Node, report: inout Report) {
    report.deepest = max(report.deepest, node.events.count)
    if !canReachQuiescence(node) {
      record("a clean sequence that cannot reach quiescence", node.events, into: &report)
    }
    if completesACycle(node) {
      report.presentedThenDismissed += 1
      if report.presentThenDismiss == nil { report.presentThenDismiss = node.events }
    }
  }

  /// Some id was presented and then dismissed (a clean sequence reaches `dismissed` no other way).
  private func completesACycle(_ node: Node) -> Bool {
    ids.contains { node.auditor.session.phase(of: $0) == .dismissed }
  }

  private static func isClean(_ node: Node) -> Bool {
    guard !node.findings.contains(where: { $0.rule.kind == .ordering }) else { return false }
    var auditor = node.auditor
    var findings: [Finding] = []
    auditor.finish(into: &findings)
    return !findings.contains { $0.rule.kind == .ordering }
  }

  private func step(_ node: Node, _ event: Event) -> (Node, SessionStep) {
    var next = node
    let step = next.auditor.auditStep(event, line: 1, into: &next.findings)
    next.events.append(event)
    return (next, step)
  }

  private func record(_ message: String, _ events: [Event], into report: inout Report) {
    guard report.violations.count < 5 else { return }
    report.violations.append(
      message + ":\n" + events.map { TraceWriter.line(for: $0) }.joined(separator: "\n"))
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

  /// The alphabet's events that move a transition towards its end, in the order they are tried.
  private static func progressOrder(_ alphabet: [Event]) -> [Event] {
    let order: [EventKind] = [
      .presentationTransitionWillBegin, .dismissalTransitionWillBegin, .finishInteractiveTransition,
      .completeTransition, .presentationTransitionDidEnd, .dismissalTransitionDidEnd,
    ]
    return order.flatMap { kind in alphabet.filter { $0.kind == kind } }
  }
}
