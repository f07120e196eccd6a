/// Rebuilds every transition of a trace from the audit's steps, one event at a time.
///
/// ```swift
/// var reconstructor = TransitionReconstructor()
/// reconstructor.observe(event, line: line, step: step, session: auditor.session)
/// let transitions = reconstructor.finish(findings: findings, session: auditor.session)
/// ```
///
/// It follows the machine: a transition starts where the session's phase enters a new direction and ends
/// where it leaves flight, so what it rebuilds is exactly what the auditor judged.
public struct TransitionReconstructor: Sendable {
  private var open: [String: Int] = [:]
  /// Members of a dismissal group that ended with another member, by id: the dismissal their own late
  /// `dismissalTransitionWillBegin`/`DidEnd` pair belongs to, if they log one (SPEC section 2).
  private var settledMembers: [String: Int] = [:]
  /// Every transition seen, in the order they started.
  public private(set) var transitions: [ReconstructedTransition] = []

  public init() {}

  /// Records what `event` (accepted or recovered by the session as `step`) tells about its transition.
  public mutating func observe(_ event: Event, line: Int, step: SessionStep, session: PresentationSession) {
    let id = step.id
    if let direction = step.to.direction, step.from.direction != direction {
      if let settled = settledMembers.removeValue(forKey: id), step.trigger == .dismissalWillBegin,
        step.from == .dismissed
      {
        // A member's late pair: the rest of the dismissal it was settled in, not a second dismissal.
        open[id] = settled
        transitions[settled].outcome = .unfinished
      } else {
        let kind: ReconstructedTransition.Kind = direction == .presenting ? .presentation : .dismissal
        let animated = session.lifecycle(of: id)?.transition?.animated ?? true
        transitions.append(ReconstructedTransition(id: id, kind: kind, animated: animated, line: line))
        open[id] = transitions.count - 1
        for member in session.lifecycle(of: id)?.dismissalGroup ?? []
        where member != id && open[member] == nil {
          if session.phase(of: member).direction == .dismissing {
            transitions.append(
              ReconstructedTransition(id: member, kind: .dismissal, animated: animated, line: line))
            open[member] = transitions.count - 1
            transitions[transitions.count - 1].requestedT = event.t
            settledMembers[member] = nil  // a new dismissal: an earlier settled one is over
          }
        }
      }
    }
    guard let index = open[id] else { return }
    let refused = step.rule != nil && TransitionTable.entry(step.from, step.trigger).isRejection
    record(event, line: line, step: step, refused: refused, into: &transitions[index])
    if step.from.isInFlight, !step.to.isInFlight {
      let outcome: ReconstructedTransition.Outcome =
        step.to == .presented || step.to == .dismissed ? .completed : .cancelled
      transitions[index].outcome = outcome
      open[id] = nil
      // The members of its dismissal group still waiting (they logged no callbacks of their own) end with
      // it: the session moves them without a step, and by the end of the trace it may have forgotten them,
      // which `finish` would read as a cancelled dismissal.
      for member in session.lifecycle(of: id)?.dismissalGroup ?? [] where member != id {
        guard let memberIndex = open[member], !session.phase(of: member).isInFlight else { continue }
        transitions[memberIndex].outcome = outcome
        transitions[memberIndex].lastLine = line
        open[member] = nil
        // Only a completed dismissal settles a member (the session lets only its late pair follow).
        if outcome == .completed { settledMembers[member] = memberIndex }
      }
    }
  }

  private func record(
    _ event: Event, line: Int, step: SessionStep, refused: Bool,
    into transition: inout ReconstructedTransition
  ) {
    transition.lastLine = line
    guard !refused else { return }
    let t = event.t
    switch step.trigger {
    case .present, .dismiss, .controllerWillDismiss:
      transition.requestedT = transition.requestedT ?? t
    case .presentationWillBegin, .dismissalWillBegin:
      transition.willBeginT = transition.willBeginT ?? t
    case .animate, .startInteractive:
      transition.animationStartT = min(transition.animationStartT ?? t, t)
      if step.trigger == .startInteractive { transition.interactive = true }
      if let duration = event.payload.duration { transition.declaredDuration = duration }
    case .update:
      if let percent = event.payload.percent { transition.progress.append(.init(t: t, percent: percent)) }
    case .finish, .cancel:
      guard transition.commit == nil else { return }
      transition.commit = .init(
        kind: step.trigger == .finish ? .finish : .cancel, t: t,
        progress: transition.progress.last.map { min(max($0.percent, 0), 1) } ?? 0,
        completionSpeed: event.payload.completionSpeed ?? 1)
    case .completeTrue, .completeFalse:
      if transition.completeT == nil {
        transition.completeT = t
        transition.didComplete = step.trigger == .completeTrue
      }
    case .presentationDidEndTrue, .presentationDidEndFalse, .dismissalDidEndTrue, .dismissalDidEndFalse:
      transition.didEndT = transition.didEndT ?? t
    case .layoutWill:
      transition.layoutPasses.append(.init(willT: t, didT: t, line: line))
    case .layoutDid:
      if let last = transition.layoutPasses.last, last.willT == last.didT, last.willT != nil {
        transition.layoutPasses[transition.layoutPasses.count - 1].didT = t
      } else {
        transition.layoutPasses.append(.init(willT: nil, didT: t, line: line))
      }
    default:
      break
    }
  }

  /// Closes the reconstruction: settles what is still open and gives each finding to its transition.
  public mutating func finish(findings: [Finding], session: PresentationSession) -> [ReconstructedTransition]
  {
    for (id, index) in open {
      let phase = session.phase(of: id)
      if !phase.isInFlight {
        transitions[index].outcome = phase == .dismissed || phase == .presented ? .completed : .cancelled
      }
    }
    open = [:]
    settledMembers = [:]
    var byID: [String: [Int]] = [:]
    for (index, transition) in transitions.enumerated() { byID[transition.id, default: []].append(index) }
    for finding in findings {
      guard let candidates = byID[finding.id],
        let index = candidates.last(where: { transitions[$0].firstLine <= finding.line })
      else { continue }
      transitions[index].findings.append(finding)
      if finding.rule == .transitionNeverCompleted { transitions[index].outcome = .neverCompleted }
    }
    return transitions
  }
}
