/// What the machine does with one event in one phase: the outcome a row of `TransitionTable` (or one of
/// its guards) names.
///
/// ```swift
/// TableDecision.move(.presentingCompleted).target(from: .presentingAnimating) // .presentingCompleted
/// TableDecision.reject(.completeTwice).isRejection                            // true
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
    case .move, .stay, .resume, .aside: nil
    case .reject(let rule), .recover(let rule, _): rule
    }
  }

  /// The event is refused and changes nothing.
  package var isRejection: Bool {
    switch self {
    case .reject: true
    case .move, .stay, .recover, .resume, .aside: false
    }
  }

  /// The event is followed as legal (a move, a stay, a resume or an aside): its side tracks count.
  package var isLegal: Bool {
    switch self {
    case .move, .stay, .resume, .aside: true
    case .reject, .recover: false
    }
  }

  /// The phase after the event, given the phase before it.
  package func target(from phase: Phase) -> Phase {
    switch self {
    case .move(let next), .recover(_, let next), .resume(let next): next
    case .stay, .reject, .aside: phase
    }
  }
}
