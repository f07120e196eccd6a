/// Why a step reported its rule, as data: the facts a finding's message is worded from.
///
/// ```swift
/// StepDetail.percentOutOfRange(1.2).text // "percent 1.2 is outside 0...1"
/// ```
///
/// The machine records what it saw; ``FindingMessage`` (through `text`) turns it into words only when a
/// finding is reported.
package indirect enum StepDetail: Sendable, Hashable {
  /// A once-per-transition callback came again.
  case alreadyDelivered(Trigger)
  /// `containerViewWillLayoutSubviews` while the pass that began at `openLine` is open.
  case layoutWillAgain(openLine: Int)
  /// `containerViewDidLayoutSubviews` with no open pass, outside a dismissal.
  case layoutDidWithoutWill
  case percentOutOfRange(Double)
  /// A `viewWill*` again while the one at `pendingLine` waits for its `viewDid*`.
  case appearanceAgain(Trigger, pendingLine: Int)
  /// A `viewIsAppearing` with no `viewWillAppear` waiting for it, or a second one.
  case appearingWithoutWill
  /// A `viewDid*` with no `viewWill*` waiting.
  case appearanceWithoutWill(Trigger, will: Trigger)
  /// The presenter has a transition in flight.
  case presenterInFlight(presenter: String, phase: Phase)
  /// The presenter is neither a root nor presented.
  case presenterNotPresented(presenter: String, phase: Phase)
  /// The presenter presents `child`, which has a transition in flight.
  case presenterTransitioning(presenter: String, child: String, phase: Phase)
  /// The presenter already presents `child`.
  case presenterBusy(presenter: String, child: String)
  /// A `presentationTransitionWillBegin` with no `present`: an implicit present on `presenter`, which
  /// broke a stack rule.
  case implicitPresent(presenter: String, StepDetail)
  /// The presentation `above` this one is in flight.
  case aboveInFlight(above: String, phase: Phase)
  /// A `present` of a root's own id.
  case rootAlwaysPresent(root: String)
  /// A `dismiss` of a root that presents nothing.
  case rootPresentsNothing(root: String)
  /// A lifecycle callback under a root's id.
  case rootIsNoPresentation(root: String)
  /// `panBegan`/`panChanged` after the interaction was committed at `t`.
  case gestureAfterCommit(EventKind, TransitionRecord.CommitKind, t: Double)

  /// The detail in words, as a finding's message gives it.
  package var text: String {
    switch self {
    case .alreadyDelivered(let trigger): "\(trigger.label) was already delivered in this transition"
    case .layoutWillAgain(let line):
      "containerViewWillLayoutSubviews again while the pass from line \(line) is open"
    case .layoutDidWithoutWill:
      "containerViewDidLayoutSubviews with no containerViewWillLayoutSubviews before it"
    case .percentOutOfRange(let percent): "percent \(percent) is outside 0...1"
    case .appearanceAgain(let trigger, let line):
      "\(trigger.label) again; the one at line \(line) was never resolved"
    case .appearanceWithoutWill(let trigger, let will): "\(trigger.label) with no \(will.label) before it"
    case .appearingWithoutWill:
      "viewIsAppearing with no viewWillAppear waiting for its viewDidAppear (UIKit sends it once between them)"
    case .presenterInFlight(let presenter, let phase): "its presenter \(presenter) is \(phase.name)"
    case .presenterNotPresented(let presenter, let phase):
      "its presenter \(presenter) is \(phase.name), not presented"
    case .presenterTransitioning(let presenter, let child, let phase):
      "\(presenter) is still transitioning \(child) (\(phase.name))"
    case .presenterBusy(let presenter, let child): "\(presenter) already presents \(child)"
    case .implicitPresent(let presenter, let problem):
      "no present was recorded, so this is an implicit present on \(presenter); \(problem.text)"
    case .aboveInFlight(let above, let phase): "\(above) above it is \(phase.name)"
    case .rootAlwaysPresent(let root): "\(root) is a window scene's root, always present"
    case .rootPresentsNothing(let root): "\(root) presents nothing"
    case .rootIsNoPresentation(let root): "\(root) is a window scene's root, not a presentation"
    case .gestureAfterCommit(let kind, let commit, let t):
      "\(kind.rawValue) after \(commit.rawValue)InteractiveTransition at t=\(t)"
    }
  }
}
