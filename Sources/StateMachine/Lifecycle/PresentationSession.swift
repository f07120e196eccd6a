/// Every presentation of a trace at once: the lifecycles by id, the presenter stack of each root, and the
/// gestures; one entry point takes an event and says what happened.
///
/// ```swift
/// var session = PresentationSession()
/// let step = session.handle(Event(t: 0, id: "p1", kind: .present), line: 1)
/// step.to   // .presentingRequested
/// step.rule // nil
/// ```
///
/// Roots (`"root"`, or `"root:NAME"` for one window scene of several) are always present and each has its
/// own stack. `handle` never traps: a refused request changes no state (decision 1) and is remembered, so
/// callbacks that show it happened anyway are followed without a second finding (decision 11).
public struct PresentationSession: Sendable, Codable {
  /// The root a `present` without `presenter`, and an implicit present, stack on.
  public static let defaultRoot = "root"

  /// The lifecycle of every id the session holds: live ones, and ended ones until their tail window closes.
  public private(set) var lifecycles: [String: PresentationLifecycle] = [:]
  /// The presentation each root currently presents.
  public private(set) var rootChildren: [String: String] = [:]
  /// The pan gesture of each id that has one.
  public private(set) var gestures: [String: GestureState] = [:]
  /// Ids with a transition in flight, for deadlines.
  public private(set) var inFlight: Set<String> = []
  private var refusedRequests: [String: RefusedRequest] = [:]
  private var reportedUnknown: Set<String> = []
  private var endedQueue: [EndedPresentation] = []
  /// A presentation that ended at `t`, forgotten once the tail window after it closes.
  private struct EndedPresentation: Sendable, Codable {
    var id: String
    var t: Double
  }
  private var endedQueueHead = 0
  private var lateViolations: [LateViolation] = []

  private struct RefusedRequest: Sendable, Codable {
    var trigger: Trigger
    var presenter: String?
  }

  public init() {}

  /// Whether `id` names a root (`"root"` or `"root:NAME"`).
  public static func isRoot(_ id: String) -> Bool { id == "root" || id.hasPrefix("root:") }

  /// The phase of `id` (`.absent` for an id the session does not hold).
  public func phase(of id: String) -> Phase { lifecycles[id]?.phase ?? .absent }

  /// Violations about earlier lines that later evidence settled; empties the list.
  public mutating func takeLateViolations() -> [LateViolation] {
    guard !lateViolations.isEmpty else { return [] }
    defer { lateViolations.removeAll(keepingCapacity: true) }
    return lateViolations
  }

  /// Applies one event and says what happened.
  public mutating func handle(_ event: Event, line: Int) -> SessionStep {
    let trigger = Trigger(event)
    switch trigger {
    case .gesture: return handleGesture(event, line: line)
    case .mark:
      return SessionStep(id: event.id, trigger: .mark, from: phase(of: event.id), to: phase(of: event.id))
    default: break
    }
    if Self.isRoot(event.id) { return handleRoot(trigger, event, line: line) }
    if trigger.isAppearance, var lifecycle = lifecycles[event.id], lifecycle.hasPresented,
      lifecycle.phase.isLive
    {
      // A presenter's own appearance callbacks are legal whenever it is live (decision 5), still balanced.
      let result = lifecycle.applyPresenterAppearance(trigger, event: event, line: line)
      lifecycles[event.id] = lifecycle
      return SessionStep(
        id: event.id, trigger: trigger, from: result.from, to: result.to, rule: result.rule,
        detail: result.detail)
    }
    switch trigger {
    case .present: return handlePresent(event, line: line)
    case .dismiss: return handleDismiss(event.id, event, line: line)
    case .completion: return handleCompletion(event, line: line)
    default: return apply(trigger, to: event.id, event, line: line)
    }
  }

  // MARK: Requests

  private mutating func handlePresent(_ event: Event, line: Int) -> SessionStep {
    let id = event.id
    let from = phase(of: id)
    let presenter = event.payload.presenter ?? Self.defaultRoot
    refusedRequests[id] = nil
    if !from.isLive, let (rule, detail) = presenterProblem(presenter, presenting: id) {
      refusedRequests[id] = RefusedRequest(trigger: .present, presenter: presenter)
      return SessionStep(id: id, trigger: .present, from: from, to: from, rule: rule, detail: detail)
    }
    let step = apply(.present, to: id, event, line: line, presenter: presenter)
    if step.rule != nil { refusedRequests[id] = RefusedRequest(trigger: .present, presenter: presenter) }
    return step
  }

  /// The first stack rule a `present` from `presenter` breaks, in the order of decision 2.
  private func presenterProblem(_ presenter: String, presenting id: String) -> (Rule, String)? {
    let child: String?
    if Self.isRoot(presenter) {
      child = rootChildren[presenter]
    } else {
      let presenterPhase = phase(of: presenter)
      if presenterPhase.isInFlight {
        return (.presentWhileTransitioning, "its presenter \(presenter) is \(presenterPhase.name)")
      }
      guard presenterPhase.isPresentedAndIdle else {
        return (.presenterUnknown, "its presenter \(presenter) is \(presenterPhase.name), not presented")
      }
      child = lifecycles[presenter]?.child
    }
    if let child, child != id {
      let childPhase = phase(of: child)
      if childPhase.isInFlight {
        return (
          .presentWhileTransitioning, "\(presenter) is still transitioning \(child) (\(childPhase.name))"
        )
      }
      if childPhase.isLive {
        return (.presenterBusy, "\(presenter) already presents \(child)")
      }
    }
    return nil
  }

  private mutating func handleDismiss(_ id: String, _ event: Event, line: Int) -> SessionStep {
    refusedRequests[id] = nil
    guard let lifecycle = lifecycles[id], lifecycle.phase.isPresentedAndIdle else {
      let step = apply(.dismiss, to: id, event, line: line)
      if step.rule != nil { refusedRequests[id] = RefusedRequest(trigger: .dismiss, presenter: nil) }
      return step
    }
    let above = stack(above: id)
    if let busy = above.first(where: { phase(of: $0).isInFlight }) {
      refusedRequests[id] = RefusedRequest(trigger: .dismiss, presenter: nil)
      return SessionStep(
        id: id, trigger: .dismiss, from: lifecycle.phase, to: lifecycle.phase,
        rule: .dismissWhileTransitioning,
        detail: "\(busy) above it is \(phase(of: busy).name)")
    }
    let step = apply(.dismiss, to: id, event, line: line)
    dismissTogether(id, above: above, event, line: line)
    return step
  }

  /// The live presentations stacked above `id`, nearest first.
  private func stack(above id: String) -> [String] {
    var above: [String] = []
    var current = lifecycles[id]?.child
    while let child = current, phase(of: child).isLive, child != id, !above.contains(child) {
      above.append(child)
      current = lifecycles[child]?.child
    }
    return above
  }

  /// Dismissing a presentation dismisses the whole stack above it (SPEC section 2): every member enters
  /// `dismissing.requested`, and whichever member logs the callbacks carries the dismissal.
  private mutating func dismissTogether(_ id: String, above: [String], _ event: Event, line: Int) {
    guard !above.isEmpty else { return }
    for member in above where phase(of: member).isPresentedAndIdle {
      _ = apply(.dismiss, to: member, event, line: line)
    }
    let group = [id] + above
    for member in group { lifecycles[member]?.dismissalGroup = group }
  }

  private mutating func handleCompletion(_ event: Event, line: Int) -> SessionStep {
    let id = event.id
    // A stacked member that logged nothing may carry the completion of `dismiss` once the member carrying
    // the dismissal has completed; UIKit does not order it against that member's *DidEnd.
    if let lifecycle = lifecycles[id], lifecycle.phase == .dismissingRequested,
      lifecycle.dismissalGroup.count > 1,
      lifecycle.transition?.hasSeen(.completion) == false,
      lifecycle.dismissalGroup.contains(where: { member in
        member != id
          && (lifecycles[member]?.transition?.completeValue != nil || phase(of: member) == .dismissed)
      })
    {
      markCompletionSeen(in: lifecycle.dismissalGroup)
      return SessionStep(id: id, trigger: .completion, from: lifecycle.phase, to: lifecycle.phase)
    }
    let step = apply(.completion, to: id, event, line: line)
    if step.rule == nil, let group = lifecycles[id]?.dismissalGroup, group.count > 1 {
      markCompletionSeen(in: group)
    }
    return step
  }

  private mutating func markCompletionSeen(in group: [String]) {
    for member in group { lifecycles[member]?.transition?.markSeen(.completion) }
  }

  // MARK: Roots and gestures

  private mutating func handleRoot(_ trigger: Trigger, _ event: Event, line: Int) -> SessionStep {
    let root = event.id
    switch trigger {
    case .viewWillAppear, .viewDidAppear, .viewWillDisappear, .viewDidDisappear, .sizeChange:
      return SessionStep(id: root, trigger: trigger, from: .presented, to: .presented)
    case .present:
      return SessionStep(
        id: root, trigger: trigger, from: .presented, to: .presented, rule: .idInUse,
        detail: "\(root) is a window scene's root, always present")
    case .dismiss:
      // UIKit: dismiss called on a presenter dismisses what it presents.
      if let child = rootChildren[root] { return handleDismiss(child, event, line: line) }
      return SessionStep(
        id: root, trigger: trigger, from: .presented, to: .presented, rule: .dismissNotPresented,
        detail: "\(root) presents nothing")
    default:
      return SessionStep(
        id: root, trigger: trigger, from: .presented, to: .presented, rule: .eventOutOfPhase,
        detail: "\(root) is a window scene's root, not a presentation")
    }
  }

  private mutating func handleGesture(_ event: Event, line: Int) -> SessionStep {
    var gesture = gestures[event.id] ?? GestureState()
    gesture.lastT = event.t
    let fingerDown = event.kind == .panBegan || event.kind == .panChanged
    gesture.isActive = fingerDown
    if !fingerDown { gesture.endedT = event.t }
    gestures[event.id] = gesture
    let current = phase(of: event.id)
    var step = SessionStep(id: event.id, trigger: .gesture, from: current, to: current)
    if fingerDown, current.isInFlight, let commit = lifecycles[event.id]?.transition?.commit,
      lifecycles[event.id]?.transition?.noteReported(.gestureAfterCommit) == false
    {
      step.rule = .gestureAfterCommit
      step.detail =
        "\(event.kind.rawValue) after \(commit.kind.rawValue)InteractiveTransition at t=\(commit.t)"
    }
    return step
  }

  // MARK: The table

  private mutating func apply(
    _ trigger: Trigger, to id: String, _ event: Event, line: Int, presenter: String? = nil
  ) -> SessionStep {
    var lifecycle = lifecycles[id] ?? PresentationLifecycle(id: id)
    let from = lifecycle.phase
    let refused = refusedRequests[id]
    if lifecycle.settledByGroup, from == .dismissed, trigger == .dismissalWillBegin {
      // A stacked member logging its own dismissal after another member's ended (SPEC: accept either).
      lifecycle.settledByGroup = false
      lifecycle.phase = .dismissingRequested
    }
    let startsRequest =
      (!from.isLive && (trigger == .present || trigger == .presentationWillBegin))
      || (from.isPresentedAndIdle
        && (trigger == .dismiss || trigger == .dismissalWillBegin || trigger == .controllerWillDismiss))
    if startsRequest { reportUnresolvedAppearance(of: &lifecycle) }
    let above = from.isPresentedAndIdle && trigger != .dismiss ? stack(above: id) : []

    let result = lifecycle.apply(trigger, event: event, line: line)
    var step = SessionStep(
      id: id, trigger: trigger, from: from, to: result.to, rule: result.rule, detail: result.detail)

    if !from.isLive, result.to.isLive, !(from == .dismissed && result.to.direction == .dismissing) {
      // A presentation began: by request, implicitly (decision 4), or by evidence (decision 11).
      link(&lifecycle, to: presenter ?? refused?.presenter ?? implicitPresenter())
      reportedUnknown.remove(id)
    }
    if let refused, step.rule != nil, Self.followsRefused(refused.trigger, trigger, step.rule) {
      step.rule = nil  // the refused request's consequence, already reported
      step.detail = nil
    }
    if let rule = step.rule, rule.isReportedOncePerTransition,
      lifecycle.transition?.noteReported(rule) == true
    {
      step.rule = nil
      step.detail = nil
    }
    if step.rule == .unknownPresentation {
      if reportedUnknown.contains(id) {
        step.rule = nil  // one root cause, one finding
      } else if reportedUnknown.count < 4096 {
        reportedUnknown.insert(id)
      }
    }
    if result.to.isInFlight { refusedRequests[id] = nil }
    lifecycles[id] = lifecycle
    if result.to.isInFlight { inFlight.insert(id) } else { inFlight.remove(id) }
    if !above.isEmpty, result.to.direction == .dismissing {
      dismissTogether(id, above: above, event, line: line)  // a system dismissal lower in the stack
    }
    if from != result.to, from.isLive, !result.to.isInFlight { transitionEnded(id, at: event.t) }
    return step
  }

  /// Whether a finding on `trigger` is the consequence of a refused request (decision 11): the callback
  /// that shows the refused transition happened anyway, or any event of an id a refused present left absent.
  private static func followsRefused(_ request: Trigger, _ trigger: Trigger, _ rule: Rule?) -> Bool {
    switch request {
    case .present:
      trigger == .presentationWillBegin || rule == .unknownPresentation || rule == .dismissNotPresented
    case .dismiss: trigger == .dismissalWillBegin || rule == .unknownPresentation
    default: false
    }
  }

  /// The presentation an implicit present stacks on: the default root's top-most live one.
  private func implicitPresenter() -> String {
    let top = rootChildren[Self.defaultRoot].map { child in stack(above: child).last ?? child }
    guard let top, phase(of: top).isLive else { return Self.defaultRoot }
    return top
  }

  /// Links `lifecycle` to the presenter it stacks on; a presenter that already presents a live one is
  /// never overwritten (the evidence then stacks it on the top of that stack).
  private mutating func link(_ lifecycle: inout PresentationLifecycle, to requested: String) {
    var presenter = Self.isRoot(requested) || phase(of: requested).isLive ? requested : Self.defaultRoot
    let existing = Self.isRoot(presenter) ? rootChildren[presenter] : lifecycles[presenter]?.child
    if let existing, existing != lifecycle.id, phase(of: existing).isLive {
      presenter = stack(above: existing).last ?? existing
    }
    lifecycle.presenter = presenter
    lifecycle.dismissalGroup = []
    lifecycle.settledByGroup = false
    if Self.isRoot(presenter) {
      rootChildren[presenter] = lifecycle.id
    } else {
      lifecycles[presenter]?.child = lifecycle.id
      lifecycles[presenter]?.hasPresented = true
    }
  }

  private mutating func unlink(_ id: String) {
    guard let presenter = lifecycles[id]?.presenter else { return }
    if Self.isRoot(presenter) {
      if rootChildren[presenter] == id { rootChildren[presenter] = nil }
    } else if lifecycles[presenter]?.child == id {
      lifecycles[presenter]?.child = nil
    }
  }

  /// A transition reached `*DidEnd`: settle the stack, the dismissal group, and the tail window.
  private mutating func transitionEnded(_ id: String, at t: Double) {
    guard let lifecycle = lifecycles[id] else { return }
    if lifecycle.phase == .dismissed || lifecycle.phase == .withdrawn {
      unlink(id)
      endedQueue.append(EndedPresentation(id: id, t: t))
    }
    let group = lifecycle.dismissalGroup
    guard group.count > 1 else { return }
    // The members that logged nothing follow the one that ended; they may still log a late pair.
    for member in group where member != id && phase(of: member) == .dismissingRequested {
      guard var other = lifecycles[member] else { continue }
      if lifecycle.phase == .dismissed {
        other.phase = .dismissed
        other.settledByGroup = true
      } else {
        other.phase = .presented
      }
      other.transition?.didEndT = t
      lifecycles[member] = other
      inFlight.remove(member)
      if other.phase == .dismissed {
        unlink(member)
        endedQueue.append(EndedPresentation(id: member, t: t))
      }
    }
  }

  private mutating func reportUnresolvedAppearance(of lifecycle: inout PresentationLifecycle) {
    guard let pending = lifecycle.pendingAppearance else { return }
    lifecycle.pendingAppearance = nil
    guard !lifecycle.hasPresented else { return }
    lateViolations.append(
      LateViolation(
        rule: .appearanceUnbalanced, id: lifecycle.id, line: pending.line, t: pending.t,
        phase: lifecycle.phase,
        detail: "\(pending.trigger.label) was never followed by its viewDid* before the transition ended"))
  }

  // MARK: Ending

  /// Forgets ended presentations whose tail window closed before `cutoff`, reporting unresolved appearance.
  ///
  /// Memory then grows with the presentations alive at once, not with the trace's length.
  public mutating func forgetEnded(before cutoff: Double) {
    while endedQueueHead < endedQueue.count, endedQueue[endedQueueHead].t < cutoff {
      let (id, t) = (endedQueue[endedQueueHead].id, endedQueue[endedQueueHead].t)
      endedQueueHead += 1
      guard var lifecycle = lifecycles[id], !lifecycle.phase.isLive, lifecycle.transition?.didEndT == t else {
        continue
      }
      reportUnresolvedAppearance(of: &lifecycle)
      lifecycles[id] = nil
      if gestures[id]?.isActive == false { gestures[id] = nil }
      refusedRequests[id] = nil
    }
    if endedQueueHead > 1024, endedQueueHead * 2 > endedQueue.count {
      endedQueue.removeFirst(endedQueueHead)
      endedQueueHead = 0
    }
  }

  /// The end of the trace at `clock`: reports every `viewWill*` left unresolved by a transition that ended
  /// more than `grace` before the end.
  ///
  /// Transitions still in flight, or ended just before the trace did, are not judged: the recording was cut
  /// (decision 3), or the hang is the finding.
  public mutating func finish(clock: Double, grace: Double) {
    for id in lifecycles.keys.sorted() {
      guard var lifecycle = lifecycles[id], !lifecycle.phase.isInFlight else { continue }
      if let ended = lifecycle.transition?.didEndT, clock - ended < grace { continue }
      reportUnresolvedAppearance(of: &lifecycle)
      lifecycles[id] = lifecycle
    }
  }
}

extension PresentationSession {
  /// The deadline of `id`'s transition in flight, if it can hang (decision 3).
  public func deadline(of id: String, grace: Double) -> TransitionDeadline? {
    guard let lifecycle = lifecycles[id] else { return nil }
    let carried = lifecycle.dismissalGroup.contains { member in
      guard member != id, phase(of: member).isInFlight, let record = lifecycles[member]?.transition else {
        return false
      }
      return record.hasAnimator || record.completeValue != nil
    }
    return TransitionDeadline(
      for: lifecycle, gesture: gestures[id], carriedByAnotherMember: carried, grace: grace)
  }

  /// Records that `id`'s interaction was reported as undriven, so it is reported once.
  public mutating func markUndrivenReported(_ id: String) {
    lifecycles[id]?.transition?.undrivenReported = true
  }

  /// Records that `id`'s transition was reported as a hang, so it is reported once; it stays in flight.
  public mutating func markHangReported(_ id: String) {
    lifecycles[id]?.transition?.hangReported = true
  }
}
