/// Rebuilds every transition of a trace from the machine's steps, one event at a time.
///
/// ```swift
/// var reconstructor = TransitionReconstructor()
/// let step = auditor.auditStep(event, line: line, into: &findings)
/// reconstructor.observe(event, line: line, step: step)
/// let transitions = reconstructor.finish(findings: findings)
/// ```
///
/// It folds the steps and asks the machine nothing: a transition starts where a step enters a new
/// direction and ends where a step leaves flight, and the members of a stack's dismissal come and go with
/// the step that carries them (``StepEffects/group``), so what it rebuilds is exactly what the auditor
/// judged.
public struct TransitionReconstructor: Sendable {
  private var open: [String: Int] = [:]
  /// The phase each id with an open transition is in, as the steps left it.
  private var phases: [String: Phase] = [:]
  /// Members of a dismissal group that ended with another member, by id: the dismissal their own late
  /// `dismissalTransitionWillBegin`/`DidEnd` pair belongs to, if they log one.
  private var settledMembers: [String: Int] = [:]
  /// The style each id's latest `present` named, which its dismissal carries.
  private var styles: [String: String] = [:]
  /// The style UIKit resolved for each id's latest presentation, which its dismissal carries.
  private var resolvedStyles: [String: String] = [:]
  /// Every transition seen, in the order they started.
  public private(set) var transitions: [ReconstructedTransition] = []

  public init() {}

  /// Records what `event` (decided by the machine as `step`) tells about its transition.
  public mutating func observe(_ event: borrowing Event, line: Int, step: SessionStep) {
    let id = step.id
    if step.beginsTransition {
      if let settled = settledMembers.removeValue(forKey: id), step.trigger == .dismissalWillBegin,
        step.from == .dismissed
      {
        // A member's late pair: the rest of the dismissal it was settled in, not a second dismissal.
        open[id] = settled
        transitions[settled].outcome = .unfinished
      } else {
        let kind: ReconstructedTransition.Kind = step.to.direction == .presenting ? .presentation : .dismissal
        let animated = step.effects.beganAnimated ?? true
        var transition = ReconstructedTransition(id: id, kind: kind, animated: animated, line: line)
        if kind == .presentation {
          styles[id] = step.trigger == .present ? event.payload.style : nil
          resolvedStyles[id] = nil
        }
        transition.style = styles[id]
        transition.resolvedStyle = resolvedStyles[id]
        transitions.append(transition)
        open[id] = transitions.count - 1
        for member in step.effects.group where open[member.id] == nil && member.phase.direction == .dismissing
        {
          transitions.append(
            ReconstructedTransition(id: member.id, kind: .dismissal, animated: animated, line: line))
          open[member.id] = transitions.count - 1
          transitions[transitions.count - 1].requestedT = event.t
          settledMembers[member.id] = nil  // a new dismissal: an earlier settled one is over
        }
      }
    }
    for member in step.effects.group where open[member.id] != nil { phases[member.id] = member.phase }
    guard let index = open[id] else { return }
    phases[id] = step.to
    // The first resolved style of a presentation is the one UIKit showed (a recorder writes only that one,
    // TraceFormat.md). Kept even when the machine refused the callback: what UIKit resolved is not the
    // audit's to judge.
    if event.kind == .viewWillAppear, let resolved = event.payload.resolvedStyle,
      transitions[index].kind == .presentation, transitions[index].resolvedStyle == nil
    {
      transitions[index].resolvedStyle = resolved
      resolvedStyles[id] = resolved
    }
    Self.record(event, line: line, step: step, into: &transitions[index])
    if step.endsTransition {
      let outcome: ReconstructedTransition.Outcome =
        step.to == .presented || step.to == .dismissed ? .completed : .cancelled
      transitions[index].outcome = outcome
      close(id)
      // The members of its dismissal group still waiting (they logged no callbacks of their own) end with
      // it: the machine moves them within this step.
      for member in step.effects.group {
        guard let memberIndex = open[member.id], !member.phase.isInFlight else { continue }
        transitions[memberIndex].outcome = outcome
        transitions[memberIndex].lastLine = line
        transitions[memberIndex].endedT = event.t
        close(member.id)
        // Only a completed dismissal settles a member (the machine lets only its late pair follow).
        if outcome == .completed { settledMembers[member.id] = memberIndex }
      }
    }
  }

  private mutating func close(_ id: String) {
    open[id] = nil
    phases[id] = nil
  }

  // Static: an instance method would read `self` while `transitions[index]` is written, and Swift then
  // copies `self` first, so the write found the array shared and copied all of it, on every event (a
  // `replay stats` of 200,000 events took 65 s).
  private static func record(
    _ event: borrowing Event, line: Int, step: SessionStep, into transition: inout ReconstructedTransition
  ) {
    transition.lastLine = line
    guard !step.effects.refused else { return }
    let t = event.t
    if step.from != step.to, step.to == .presentingBegan || step.to == .dismissingBegan,
      step.trigger != .presentationWillBegin, step.trigger != .dismissalWillBegin,
      transition.willBeginT == nil
    {
      // Begun by the callback that stands for the *WillBegin the app could not log.
      transition.willBeginT = t
      transition.begunBy = step.trigger
    }
    if step.to.isRunning { transition.startedRunning = true }
    switch step.trigger {
    case .present, .dismiss:
      transition.requestedT = transition.requestedT ?? t
    case .controllerWillDismiss:
      if transition.requestedT == nil {
        transition.requestedT = t
        transition.swipe = true
      }
    case .presentationWillBegin, .dismissalWillBegin:
      transition.willBeginT = transition.willBeginT ?? t
      transition.controllerLogged = true
    case .animate, .startInteractive, .interruptibleAnimator:
      transition.animatorLogged = true
      transition.animationStartT = min(transition.animationStartT ?? t, t)
      if step.trigger == .startInteractive { transition.interactive = true }
      if step.trigger == .interruptibleAnimator { transition.interruptible = true }
      // UIKit asks for the interruptible animator again and again: its duration is the animator's only
      // when nothing declared one.
      if let duration = event.payload.duration,
        step.trigger != .interruptibleAnimator || transition.declaredDuration == nil
      {
        transition.declaredDuration = duration
      }
    case .update:
      if let percent = event.payload.percent { transition.progress.append(.init(t: t, percent: percent)) }
    case .pause:
      if step.from.isCommitted || step.from.isRunning {
        transition.interruptions.append(.init(t: t, line: line, caught: transition.commit))
        transition.commit = nil
      }
    case .finish, .cancel:
      guard transition.commit == nil else { return }
      transition.commit = .init(
        kind: step.trigger == .finish ? .finish : .cancel, t: t,
        progress: transition.progress.last.map { min(max($0.percent, 0), 1) } ?? 0,
        completionSpeed: event.payload.completionSpeed ?? 1)
    case .completeTrue, .completeFalse:
      transition.animatorLogged = true
      if transition.completeT == nil {
        transition.completeT = t
        transition.didComplete = step.trigger == .completeTrue
      }
    case .presentationDidEndTrue, .presentationDidEndFalse, .dismissalDidEndTrue, .dismissalDidEndFalse:
      transition.didEndT = transition.didEndT ?? t
      transition.controllerLogged = true
    case .layoutWill:
      transition.layoutPasses.append(.init(willT: t, didT: t, line: line))
    case .layoutDid:
      if let last = transition.layoutPasses.last, last.willT == last.didT, last.willT != nil {
        transition.layoutPasses[transition.layoutPasses.count - 1].didT = t
      } else {
        transition.layoutPasses.append(.init(willT: nil, didT: t, line: line))
      }
    case .animationEnded, .completion, .viewWillAppear, .viewIsAppearing, .viewDidAppear, .viewWillDisappear,
      .viewDidDisappear, .sizeChange, .controllerDidDismiss, .controllerDidAttemptToDismiss, .gesture, .mark:
      break
    }
    if step.endsTransition {
      transition.endedT = t
      // A *DidEnd is the end every transition has: only what stood for it is named.
      transition.endedBy = step.trigger.traits.contains(.didEnd) ? nil : step.trigger
    }
  }

  /// Closes the reconstruction: settles what is still open and gives each finding to its transition.
  public mutating func finish(findings: [Finding]) -> [ReconstructedTransition] {
    for (id, index) in open {
      let phase = phases[id] ?? .absent
      if !phase.isInFlight {
        transitions[index].outcome = phase == .dismissed || phase == .presented ? .completed : .cancelled
      }
    }
    open = [:]
    phases = [:]
    settledMembers = [:]
    styles = [:]
    resolvedStyles = [:]
    var byID: [String: [Int]] = [:]
    for (index, transition) in transitions.enumerated() { byID[transition.id, default: []].append(index) }
    for finding in findings {
      guard let candidates = byID[finding.id],
        let index = candidates.last(where: { transitions[$0].firstLine <= finding.line })
      else { continue }
      transitions[index].findings.append(finding)
      if finding.rule == .transitionNeverCompleted { transitions[index].outcome = .neverCompleted }
      // A presentation whose own request drew `presenter-unknown` and that never began was a request UIKit
      // dropped once its deadline passed (a refused request begins no transition, and an implicit present
      // judged by the stack rules begins at its finding): it never completed either.
      if finding.rule == .presenterUnknown, transitions[index].kind == .presentation,
        transitions[index].firstLine == finding.line, transitions[index].willBeginT == nil,
        transitions[index].animationStartT == nil, transitions[index].endedT == nil
      {
        transitions[index].outcome = .neverCompleted
      }
    }
    return transitions
  }
}
