/// A second, independent judge of callback order, written as a hand-made list of the events each phase
/// allows (<doc:Lifecycle#Legal-orderings>), for differential testing against `PresentationSession`.
///
/// ```swift
/// let events = OrderingAcceptor.projection(of: trace)
/// OrderingAcceptor.verdict(events)  // .clean, .violation(at: 7) or .undefined(at: 3, "why")
/// ```
///
/// It answers, for the ordering rules in `OrderingAcceptor.judgedRules`, "clean" or "the first violation
/// is event N", and only on its subset: lifecycle events of presentations (`projection(of:)` drops
/// layout, appearance, size, gesture, pause, mark and `presentationControllerDidDismiss` events, and
/// re-times events 1 µs apart so no deadline, tail window or timing rule can matter); any number of roots
/// (`root`, `root:NAME`), but no event of a root itself; no dismissal of a presentation with others above
/// it, no `animationEnded` after a transition without animator events, and a few other corners where
/// UIKit leaves room. Outside the subset it says `.undefined` instead of guessing. It shares no code with
/// the machine: it reads neither `TransitionTable` nor `Phase`. `compare(_:configuration:)` runs both.
public enum OrderingAcceptor {
  /// What the acceptor says about a trace.
  public enum Verdict: Sendable, Hashable {
    case clean
    /// The first event (0-based index) no legal ordering allows.
    case violation(at: Int)
    /// The trace leaves the subset at this event; the acceptor has no opinion.
    case undefined(at: Int, String)
  }

  /// The rules whose absence `.clean` claims: the ordering rules about lifecycle events.
  public static let judgedRules: Set<Rule> = Set(Rule.allCases).subtracting([
    .transitionNeverCompleted, .timeWentBackwards, .appearanceUnbalanced, .layoutUnbalanced,
    .layoutWithoutContainer, .gestureAfterCommit, .didDismissWithoutDismissal, .durationMismatch,
    .completionLate, .interactionUndriven, .completionEarly, .layoutHitch, .sizeChangeDuringTransition,
  ])

  /// The event kinds the acceptor judges; `projection(of:)` keeps only these.
  public static let kinds: Set<EventKind> = [
    .present, .presentationTransitionWillBegin, .presentationTransitionDidEnd, .dismiss,
    .dismissalTransitionWillBegin, .dismissalTransitionDidEnd, .animateTransition,
    .startInteractiveTransition,
    .updateInteractiveTransition, .finishInteractiveTransition, .cancelInteractiveTransition,
    .completeTransition, .animationEnded, .completion, .presentationControllerWillDismiss,
    .presentationControllerDidAttemptToDismiss,
  ]

  /// `events` restricted to `kinds`, re-timed 1 µs apart from t = 0 (a million events stay inside the
  /// 2 s grace and tail window, so no deadline can matter).
  public static func projection(of events: [Event]) -> [Event] {
    events.filter { kinds.contains($0.kind) }.enumerated().map { index, event in
      var event = event
      event.t = Double(index) / 1_000_000
      return event
    }
  }

  /// Whether `id` names a root (`root` or `root:NAME`), spelled out here so the acceptor reads nothing of
  /// the machine's.
  private static func isRoot(_ id: String) -> Bool { id == "root" || id.hasPrefix("root:") }

  // MARK: The hand-written language

  /// Where one presentation is, in the acceptor's own words.
  private enum Stage: Equatable {
    case gone  // never presented, or dismissed / withdrawn with its tail closed by a new request elsewhere
    case requested, began, animating, interactive, finishing, cancelling, completed, cancelled
    case shown  // presented (or restored after a cancelled dismissal)
    case over  // dismissed or withdrawn, tail still open
  }

  private struct Presentation {
    var stage: Stage = .gone
    var dismissing = false
    var presenter = ""
    var animator = false
    var started = false
    var complete: Bool?
    var tail: Set<EventKind> = []
    /// The last transition completed (true) or was cancelled (false); nil before any ended.
    var lastCompleted: Bool?
    var lastHadAnimator = false
    /// `presentationControllerWillDismiss` was delivered in this dismissal (UIKit sends it once).
    var willDismissSeen = false

    var isLive: Bool { stage != .gone && stage != .over }
    var isIdle: Bool { stage == .shown }
    var inFlight: Bool { isLive && stage != .shown }

    mutating func begin(dismissing: Bool) {
      self.dismissing = dismissing
      animator = false
      started = false
      complete = nil
      tail = []
      willDismissSeen = false
    }
  }

  /// The verdict on `events` (already projected; an event of another kind is `.undefined`).
  public static func verdict(_ events: [Event]) -> Verdict {
    var table: [String: Presentation] = [:]
    var child: [String: String] = [:]  // presenter -> presented
    let root = "root"

    func live(_ id: String) -> Bool { table[id]?.isLive ?? false }
    func liveChild(of presenter: String) -> String? {
      guard let id = child[presenter], live(id), table[id]?.presenter == presenter else { return nil }
      return id
    }
    func topOfRoot() -> String {
      var top = root
      while let next = liveChild(of: top) { top = next }
      return top
    }

    for (index, event) in events.enumerated() {
      let id = event.id
      guard kinds.contains(event.kind) else {
        return .undefined(at: index, "\(event.kind.rawValue) not judged")
      }
      guard !isRoot(id) else { return .undefined(at: index, "event of a root") }
      var p = table[id] ?? Presentation()
      let bad = Verdict.violation(at: index)

      switch event.kind {
      case .present:
        let presenter = event.payload.presenter ?? root
        if p.isLive || presenter == id { return bad }
        if !isRoot(presenter) {
          guard let q = table[presenter], q.isIdle else { return bad }
        }
        if liveChild(of: presenter) != nil { return bad }
        p.begin(dismissing: false)
        p.stage = .requested
        p.presenter = presenter
        child[presenter] = id
        child[id] = nil

      case .dismiss:
        guard p.isIdle else { return bad }
        if liveChild(of: id) != nil { return .undefined(at: index, "dismissal of a stack") }
        p.begin(dismissing: true)
        p.stage = .requested

      case .presentationTransitionWillBegin:
        if p.stage == .requested, !p.dismissing {
          p.stage = .began
        } else if !p.isLive {
          let top = topOfRoot()
          if top != root, !(table[top]?.isIdle ?? false) {
            return .undefined(at: index, "implicit present on busy")
          }
          p.begin(dismissing: false)
          p.stage = .began
          p.presenter = top
          child[top] = id
          child[id] = nil
        } else {
          return bad
        }

      case .presentationControllerWillDismiss:
        // A sheet swipe: a system dismissal request from idle, or news of the swipe during a dismissal.
        if p.isIdle {
          if liveChild(of: id) != nil { return .undefined(at: index, "system dismissal of a stack") }
          p.begin(dismissing: true)
          p.stage = .requested
        } else {
          let open: [Stage] = [.requested, .began, .animating, .interactive, .finishing, .cancelling]
          guard p.dismissing, open.contains(p.stage), !p.willDismissSeen else { return bad }
        }
        p.willDismissSeen = true

      case .presentationControllerDidAttemptToDismiss:
        // isModalInPresentation refused a swipe: only while presented and idle.
        guard p.isIdle else { return bad }

      case .dismissalTransitionWillBegin:
        if p.stage == .requested, p.dismissing {
          p.stage = .began
        } else if p.isIdle {
          if liveChild(of: id) != nil { return .undefined(at: index, "system dismissal of a stack") }
          p.begin(dismissing: true)
          p.stage = .began
        } else {
          return bad
        }

      case .animateTransition:
        guard [.began, .interactive].contains(p.stage),
          !p.animator || (p.stage == .interactive && !p.tail.contains(.animateTransition))
        else {
          return p.stage == .finishing || p.stage == .cancelling ? .undefined(at: index, "late animate") : bad
        }
        if p.tail.contains(.animateTransition) { return bad }
        p.tail.insert(.animateTransition)
        p.animator = true
        if p.stage == .began { p.stage = .animating }

      case .startInteractiveTransition:
        guard [.began, .animating].contains(p.stage), !p.started else { return bad }
        p.started = true
        p.animator = true
        p.stage = .interactive

      case .updateInteractiveTransition:
        guard let percent = event.payload.percent else {
          return .undefined(at: index, "update without percent")
        }
        guard p.stage == .interactive, (0...1).contains(percent) else { return bad }

      case .finishInteractiveTransition, .cancelInteractiveTransition:
        guard p.stage == .interactive else { return bad }
        p.stage = event.kind == .finishInteractiveTransition ? .finishing : .cancelling

      case .completeTransition:
        let value = event.payload.didComplete != false
        switch (p.stage, value) {
        case (.animating, true), (.finishing, true): p.stage = .completed
        case (.cancelling, false): p.stage = .cancelled
        case (.began, true) where !p.animator: p.stage = .completed
        case (.interactive, _): return .undefined(at: index, "complete while interacting")
        default: return bad
        }
        p.complete = value

      case .presentationTransitionDidEnd, .dismissalTransitionDidEnd:
        guard (event.kind == .dismissalTransitionDidEnd) == p.dismissing, p.isLive, !p.isIdle else {
          return bad
        }
        let value = event.payload.completed != false
        switch p.stage {
        case .completed, .cancelled:
          guard p.complete == value else { return bad }
        case .began where !p.animator:
          break  // a system-driven transition: no completeTransition (a cancelled swipe ends false)
        default: return bad
        }
        p.lastCompleted = value
        p.lastHadAnimator = p.animator
        p.tail.insert(event.kind)
        p.stage = p.dismissing == value ? .over : .shown

      case .animationEnded, .completion:
        if p.tail.contains(event.kind) { return bad }
        let inTail: Bool
        switch p.stage {
        case .completed, .cancelled:
          inTail = true
          if event.kind == .completion, p.stage == .cancelled { return bad }  // <doc:Rules#Completion>
        case .shown, .over:
          guard p.lastCompleted != nil, !p.tail.isEmpty else { return bad }
          inTail = true
          if event.kind == .completion, p.lastCompleted == false { return bad }  // <doc:Rules#Completion>
          if event.kind == .animationEnded, !p.lastHadAnimator {
            return .undefined(at: index, "animationEnded, no animator")
          }
        case .began where event.kind == .animationEnded:
          return .undefined(at: index, "animationEnded before complete")
        default: inTail = false
        }
        guard inTail else { return bad }
        p.tail.insert(event.kind)

      default:
        return .undefined(at: index, "\(event.kind.rawValue) not judged")
      }
      table[id] = p
    }
    return .clean
  }
}
