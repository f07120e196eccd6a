/// A second, independent judge of callback order, written as a hand-made list of the events each stage of
/// a presentation allows (the contract's lifecycle, <doc:Lifecycle#Legal-orderings>, and the decisions of
/// <doc:Rules#Where-UIKit-leaves-room>),
/// for differential testing against `PresentationSession`.
///
/// ```swift
/// let events = OrderingAcceptor.projection(of: trace)
/// OrderingAcceptor.verdict(events)  // .clean, .violation(at: 7) or .undefined(at: 3, "why")
/// ```
///
/// It answers, for the ordering rules in `OrderingAcceptor.judgedRules`, "clean" or "the first violation
/// is event N", and only on its subset: lifecycle and appearance events of presentations
/// (`projection(of:)` drops layout, size, gesture, mark and `presentationControllerDidDismiss` events and
/// every event of a root's own appearance, and re-times events 1 µs apart so no deadline, tail window or
/// timing rule can matter); any number of roots (`root`, `root:NAME`), but no other event of a root
/// itself; no dismissal of a presentation with others above it, no `animationEnded` after a transition
/// without animator events, an appearance callback in a direction the contract's windows do not name, and
/// a few other corners where UIKit leaves room. Outside the subset it says `.undefined` instead of
/// guessing. It shares no code with the machine: it reads neither `TransitionTable` nor `Phase`.
/// `compare(_:configuration:)` runs both.
///
/// It reads transitions observed from outside (<doc:Rules#Presentations-observed-from-outside>: appearance
/// callbacks begin and end them), recorded from the animator alone
/// (<doc:Rules#Transitions-recorded-from-the-animator-alone>: the first animator event or `viewWill*`
/// begins them, `completeTransition` ends them), aborted (<doc:Rules#An-animator-may-abort-a-transition>:
/// a legal cancel; its `transition-aborted` is a warning about a legal ordering, so it is not judged here,
/// and `replay fuzz` checks its place against `TraceCensus`), and interruptible
/// (<doc:Rules#Interruptible-transitions>: catches and running starts).
package enum OrderingAcceptor {
  /// What the acceptor says about a trace.
  package enum Verdict: Sendable, Hashable {
    case clean
    /// The first event (0-based index) no legal ordering allows.
    case violation(at: Int)
    /// The trace leaves the subset at this event; the acceptor has no opinion.
    case undefined(at: Int, String)
  }

  /// The rules whose absence `.clean` claims: the ordering rules about lifecycle events, less
  /// `transition-aborted`, a warning on an ordering that is legal.
  package static let judgedRules: Set<Rule> = Set(Rule.allCases).subtracting([
    .transitionNeverCompleted, .timeWentBackwards, .appearanceUnbalanced, .layoutUnbalanced,
    .layoutWithoutContainer, .gestureAfterCommit, .didDismissWithoutDismissal, .durationMismatch,
    .completionLate, .interactionUndriven, .completionEarly, .layoutHitch, .sizeChangeDuringTransition,
    .transitionAborted,
  ])

  /// The event kinds the acceptor judges; `projection(of:)` keeps only these (appearance callbacks only of
  /// presentations, not of roots).
  package static let kinds: Set<EventKind> = Set<EventKind>([
    .present, .presentationTransitionWillBegin, .presentationTransitionDidEnd, .dismiss,
    .dismissalTransitionWillBegin, .dismissalTransitionDidEnd, .animateTransition,
    .startInteractiveTransition, .interruptibleAnimator, .updateInteractiveTransition,
    .pauseInteractiveTransition, .finishInteractiveTransition, .cancelInteractiveTransition,
    .completeTransition, .animationEnded, .completion, .presentationControllerWillDismiss,
    .presentationControllerDidAttemptToDismiss,
  ]).union(appearanceKinds)

  /// The appearance callbacks of a presented view controller.
  static let appearanceKinds: Set<EventKind> = [
    .viewWillAppear, .viewIsAppearing, .viewDidAppear, .viewWillDisappear, .viewDidDisappear,
  ]

  /// `events` restricted to `kinds` (a root's own appearance callbacks left out: they are always legal and
  /// change nothing), re-timed 1 µs apart from t = 0 (a million events stay inside the 2 s grace and tail
  /// window, so no deadline can matter).
  package static func projection(of events: [Event]) -> [Event] {
    events.filter { kinds.contains($0.kind) && !(appearanceKinds.contains($0.kind) && isRoot($0.id)) }
      .enumerated().map { index, event in
        var event = event
        event.t = Double(index) / 1_000_000
        return event
      }
  }

  /// Whether `id` names a root (`root` or `root:NAME`), spelled out here so the acceptor reads nothing of
  /// the machine's.
  static func isRoot(_ id: String) -> Bool { id == "root" || id.hasPrefix("root:") }

  /// The verdict on `events` (already projected; an event of another kind is `.undefined`).
  package static func verdict(_ events: [Event]) -> Verdict {
    var run = AcceptorRun()
    for (index, event) in events.enumerated() {
      switch run.step(event, at: index) {
      case .legal: continue
      case .violation: return .violation(at: index)
      case .undefined(let why): return .undefined(at: index, why)
      }
    }
    return .clean
  }
}
