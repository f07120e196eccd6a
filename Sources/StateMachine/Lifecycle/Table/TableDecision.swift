/// What the machine does with one event in one phase: the outcome a row of `TransitionTable` (or one of
/// its guards) names.
///
/// ```swift
/// TableDecision.move(.presentingCompleted).target(from: .presentingAnimating) // .presentingCompleted
/// TableDecision.reject(.completeTwice).isRejection                            // true
/// TableDecision.rejectQuietly(.interactionAfterEnd).rule                      // nil: already reported
/// ```
package enum TableDecision: Sendable, Hashable {
  /// Legal; the presentation moves to this phase.
  case move(Phase)
  /// Legal; the phase does not change (side tracks such as layout balance still run).
  case stay
  /// A violation; the event changes nothing (UIKit refuses or ignores it).
  case reject(Rule)
  /// A violation, but the event shows the transition moved on: report it once and follow the evidence
  /// (<doc:Rules#Recovery-follows-the-evidence>).
  case recover(Rule, Phase)
  /// A violation whose root cause was already reported (a refused request's consequence, a rule a driver
  /// repeats, an id already reported unknown): as `.reject`, with no second finding
  /// (<doc:Rules#One-finding-per-event>).
  case rejectQuietly(Rule)
  /// A violation whose root cause was already reported: followed as `.recover`, with no second finding.
  case recoverQuietly(Rule, Phase)
  /// Legal; a stacked member whose dismissal another member carried logs its own late
  /// `dismissalTransitionWillBegin`: it moves to this phase and goes on with that same dismissal.
  case resume(Phase)
  /// Legal, and not this presentation's own transition's: a presenter's own appearance callbacks, or the
  /// completion of a stack's dismissal that another member carried. The phase and the transition's facts
  /// stay as they are; side tracks still run.
  case aside

  /// The rule this decision reports, if any.
  package var rule: Rule? {
    switch self {
    case .move, .stay, .resume, .aside, .rejectQuietly, .recoverQuietly: nil
    case .reject(let rule), .recover(let rule, _): rule
    }
  }

  /// The rule the event breaks, whether this decision reports it or its root cause was reported already.
  public var violation: Rule? {
    switch self {
    case .move, .stay, .resume, .aside: nil
    case .reject(let rule), .recover(let rule, _), .rejectQuietly(let rule), .recoverQuietly(let rule, _):
      rule
    }
  }

  /// The event is refused and changes nothing.
  package var isRejection: Bool {
    switch self {
    case .reject, .rejectQuietly: true
    case .move, .stay, .recover, .recoverQuietly, .resume, .aside: false
    }
  }

  /// The event breaks a rule and is followed all the same (`recover`, reported or not).
  public var isRecovery: Bool {
    switch self {
    case .recover, .recoverQuietly: true
    case .move, .stay, .reject, .rejectQuietly, .resume, .aside: false
    }
  }

  /// The event is followed as legal (a move, a stay, a resume or an aside): its side tracks count.
  package var isLegal: Bool {
    switch self {
    case .move, .stay, .resume, .aside: true
    case .reject, .recover, .rejectQuietly, .recoverQuietly: false
    }
  }

  /// The phase after the event, given the phase before it.
  package func target(from phase: Phase) -> Phase {
    switch self {
    case .move(let next), .recover(_, let next), .recoverQuietly(_, let next), .resume(let next): next
    case .stay, .reject, .rejectQuietly, .aside: phase
    }
  }

  /// The same decision, for an event whose root cause was already reported: no finding.
  public var quietly: TableDecision {
    switch self {
    case .reject(let rule): .rejectQuietly(rule)
    case .recover(let rule, let phase): .recoverQuietly(rule, phase)
    case .move, .stay, .resume, .aside, .rejectQuietly, .recoverQuietly: self
    }
  }
}
