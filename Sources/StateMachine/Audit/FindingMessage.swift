/// Builds the words of a finding: the presentation, the event, the phase, why, and what was legal there.
///
/// ```swift
/// FindingMessage.make(for: step, event: event)
/// // "p1: dismissalTransitionWillBegin in presenting.animating is out of phase;
/// //  expected one of: startInteractiveTransition, completeTransition(true), …"
/// ```
enum FindingMessage {
  static func make(for step: SessionStep, event: borrowing CompactEvent) -> String {
    guard let rule = step.rule else { return "" }
    let what = eventLabel(step.trigger, event)
    var text = "\(step.id): \(what) in \(step.from.name): \(step.detail?.text ?? defaultReason(rule, step))"
    if showsExpected(rule) {
      // The event itself is never listed: the table may allow it in this phase, yet it is reported (it
      // was already delivered in this transition), and "expected one of" must not name what was refused.
      let table = TransitionTable.legalTriggers(in: step.from).filter(\.isLifecycle)
      let legal = table.filter { $0 != step.trigger }.map(\.label)
      if legal.isEmpty {
        text +=
          table.isEmpty ? "; no lifecycle event is legal there" : "; no other lifecycle event is legal there"
      } else {
        text += "; expected one of: " + legal.joined(separator: ", ")
      }
    }
    return text
  }

  private static func eventLabel(_ trigger: Trigger, _ event: borrowing CompactEvent) -> String {
    if trigger == .gesture { return event.kind.rawValue }
    if trigger == .update, let percent = event.payload.percent {
      return "updateInteractiveTransition(\(percent))"
    }
    return trigger.label
  }

  private static func showsExpected(_ rule: Rule) -> Bool {
    switch rule {
    case .eventOutOfPhase, .unknownPresentation, .completeTwice, .completeWithoutCancel,
      .completeContradictsCancel, .didEndMismatch, .didEndBeforeComplete, .interactionBeforeStart,
      .interactionAfterEnd, .layoutWithoutContainer, .didDismissWithoutDismissal:
      true
    case .presentWhileTransitioning, .presenterBusy, .presenterUnknown, .idInUse, .dismissWhileTransitioning,
      .dismissNotPresented, .percentOutOfRange, .layoutUnbalanced, .appearanceUnbalanced, .gestureAfterCommit,
      .transitionAborted,
      .transitionNeverCompleted, .timeWentBackwards, .durationMismatch, .completionLate, .interactionUndriven,
      .completionEarly, .layoutHitch, .sizeChangeDuringTransition:
      false
    }
  }

  private static func defaultReason(_ rule: Rule, _ step: SessionStep) -> String {
    switch rule {
    case .idInUse: "\(step.id) is still live; UIKit refuses to present it again"
    case .dismissWhileTransitioning: "UIKit refuses a dismiss while a transition is in flight"
    case .dismissNotPresented: "\(step.id) is not presented (double dismiss?)"
    case .eventOutOfPhase:
      TransitionTable.entry(step.from, step.trigger).otherwise.isRejection
        ? TransitionTable.row(step.from, step.trigger)?.reason ?? "not allowed here" : "not allowed here"
    case .unknownPresentation:
      "\(step.id) is not a live presentation (its present or WillBegin was not recorded?)"
    case .completeTwice: "completeTransition was already called in this transition"
    case .completeWithoutCancel: "there was no cancelInteractiveTransition before it"
    case .completeContradictsCancel: "the interaction was cancelled, yet the transition completes"
    case .didEndMismatch: "it disagrees with completeTransition(didComplete:)"
    case .didEndBeforeComplete: "an animator started, but completeTransition has not been called"
    case .interactionBeforeStart:
      "startInteractiveTransition has not been called; UIKit drops updates and defers finish/cancel"
    case .interactionAfterEnd: "the interaction was already finished or cancelled"
    case .layoutWithoutContainer: "the presentation has no container view here"
    case .didDismissWithoutDismissal: "no dismissal of \(step.id) completed"
    case .presentWhileTransitioning: "a transition is in flight"
    case .presenterBusy: "the presenter already presents another presentation"
    case .presenterUnknown: "the presenter is not presented"
    case .percentOutOfRange: "percent outside 0...1"
    case .layoutUnbalanced: "container layout callbacks are unbalanced"
    case .appearanceUnbalanced: "appearance callbacks are unbalanced"
    case .gestureAfterCommit: "the gesture goes on after the interaction was committed"
    case .transitionAborted:
      step.from.direction == .dismissing
        ? "the animator gave up on a dismissal that never went interactive: UIKit leaves the presentation in "
          + "place, and views the animator moved before giving up stay where they are (a guard on "
          + "view(forKey: .to)? It is nil when the presenter's view stayed on screen)"
        : "the animator gave up on a presentation that never went interactive: UIKit cancels it, so the tap "
          + "did nothing (a guard on view(forKey: .from)? It is nil when the presenter's view stays on screen)"
    case .transitionNeverCompleted: "the transition never completed"
    case .timeWentBackwards: "time went backwards"
    case .durationMismatch, .completionLate, .interactionUndriven, .completionEarly, .layoutHitch,
      .sizeChangeDuringTransition:
      rule.summary
    }
  }
}
