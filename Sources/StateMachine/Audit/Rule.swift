/// A rule of the audit, by its stable id (the JSON report and the docs use exactly these ids).
///
/// ```swift
/// Rule.completeTwice.rawValue     // "complete-twice"
/// Rule.completeTwice.severity     // .error
/// ```
///
/// The catalog (`Rule.allCases` with `severity`, `summary` and `uikitMessage`) is data: `replay rules`,
/// the docs and the tests all read it from here.
public enum Rule: String, CaseIterable, Sendable, Hashable, Comparable, Codable {
  case presentWhileTransitioning = "present-while-transitioning"
  case presenterBusy = "presenter-busy"
  case presenterUnknown = "presenter-unknown"
  case idInUse = "id-in-use"
  case dismissWhileTransitioning = "dismiss-while-transitioning"
  case dismissNotPresented = "dismiss-not-presented"
  case eventOutOfPhase = "event-out-of-phase"
  case unknownPresentation = "unknown-presentation"
  case completeTwice = "complete-twice"
  case completeWithoutCancel = "complete-without-cancel"
  case completeContradictsCancel = "complete-contradicts-cancel"
  case didEndMismatch = "did-end-mismatch"
  case didEndBeforeComplete = "did-end-before-complete"
  case interactionBeforeStart = "interaction-before-start"
  case interactionAfterEnd = "interaction-after-end"
  case percentOutOfRange = "percent-out-of-range"
  case layoutUnbalanced = "layout-unbalanced"
  case layoutWithoutContainer = "layout-without-container"
  case appearanceUnbalanced = "appearance-unbalanced"
  case gestureAfterCommit = "gesture-after-commit"
  case transitionAborted = "transition-aborted"
  case didDismissWithoutDismissal = "did-dismiss-without-dismissal"
  case transitionNeverCompleted = "transition-never-completed"
  case timeWentBackwards = "time-went-backwards"
  case durationMismatch = "duration-mismatch"
  case completionLate = "completion-late"
  case interactionUndriven = "interaction-undriven"
  case completionEarly = "completion-early"
  case layoutHitch = "layout-hitch"
  case sizeChangeDuringTransition = "size-change-during-transition"

  /// Which table of the rule catalog (<doc:Rules>) a rule belongs to.
  public enum Kind: String, Sendable { case ordering, timing }

  /// Everything the catalog says about one rule.
  public struct Entry: Sendable, Hashable {
    /// Ordering rules judge the order of callbacks; timing rules judge their times against thresholds.
    public var kind: Kind
    /// How bad a finding is by default: errors fail an audit, warnings do not.
    public var severity: Severity
    /// A driver tends to repeat it (a pan handler that keeps sending updates): reported once per
    /// transition, since every repeat has the same root cause.
    public var isReportedOncePerTransition: Bool
    /// One line on what the rule catches.
    public var summary: String
    /// What UIKit prints or shows when an app hits this, where it says anything.
    public var uikitMessage: String?

    init(_ kind: Kind, _ severity: Severity, once: Bool, _ summary: String, uikit: String? = nil) {
      self.kind = kind
      self.severity = severity
      isReportedOncePerTransition = once
      self.summary = summary
      uikitMessage = uikit
    }
  }

  /// The rule's row of the catalog: one switch, so a new rule does not compile until every fact of it is
  /// decided.
  public var entry: Entry {
    switch self {
    case .presentWhileTransitioning:
      Entry(
        .ordering, .error, once: false,
        "present while the presenter, or the presentation it would stack on, has a transition in flight",
        uikit: "Attempt to present … while a presentation is in progress")
    case .presenterBusy:
      Entry(
        .ordering, .error, once: false,
        "present on a presenter that already presents another live presentation",
        uikit: "Attempt to present … which is already presenting …")
    case .presenterUnknown:
      Entry(
        .ordering, .error, once: false,
        "present from a presenter that is neither a root nor presented, or a present that never began by its "
          + "deadline (UIKit dropped it)",
        uikit: "Attempt to present … whose view is not in the window hierarchy")
    case .idInUse:
      Entry(
        .ordering, .error, once: false,
        "present of an id that is still live")
    case .dismissWhileTransitioning:
      Entry(
        .ordering, .error, once: false,
        "dismiss while this presentation (or one above it) is presenting or dismissing",
        uikit: "Attempt to dismiss from view controller … while a presentation or dismiss is in progress")
    case .dismissNotPresented:
      Entry(
        .ordering, .error, once: false,
        "dismiss of an id that is not presented (double dismiss)")
    case .eventOutOfPhase:
      Entry(
        .ordering, .error, once: false,
        "a lifecycle event the current phase does not allow")
    case .unknownPresentation:
      Entry(
        .ordering, .error, once: false,
        "a lifecycle event for an id that is not live")
    case .completeTwice:
      Entry(
        .ordering, .error, once: false,
        "completeTransition more than once in one transition")
    case .completeWithoutCancel:
      Entry(
        .ordering, .error, once: false,
        "completeTransition(false) in an interactive transition with no prior cancelInteractiveTransition")
    case .completeContradictsCancel:
      Entry(
        .ordering, .error, once: false,
        "completeTransition(true) after cancelInteractiveTransition")
    case .didEndMismatch:
      Entry(
        .ordering, .error, once: false,
        "*DidEnd(completed:) disagrees with completeTransition(didComplete:)")
    case .didEndBeforeComplete:
      Entry(
        .ordering, .error, once: false,
        "*DidEnd before completeTransition once an animator started")
    case .interactionBeforeStart:
      Entry(
        .ordering, .warning, once: true,
        "update/finish/cancel/pause before startInteractiveTransition (dropped or deferred by UIKit)")
    case .interactionAfterEnd:
      Entry(
        .ordering, .error, once: true,
        "update/finish/cancel/pause after the interaction was finished or cancelled")
    case .percentOutOfRange:
      Entry(
        .ordering, .error, once: true,
        "updateInteractiveTransition percent outside 0...1")
    case .layoutUnbalanced:
      Entry(
        .ordering, .error, once: false,
        "containerViewDidLayoutSubviews without Will (outside a dismissal), or Will twice")
    case .layoutWithoutContainer:
      Entry(
        .ordering, .error, once: true,
        "container layout while the presentation has no container")
    case .appearanceUnbalanced:
      Entry(
        .ordering, .error, once: false,
        "viewDid* without its viewWill*, or a viewWill* never resolved",
        uikit: "Unbalanced calls to begin/end appearance transitions")
    case .gestureAfterCommit:
      Entry(
        .ordering, .warning, once: true,
        "panBegan/panChanged after the interactive transition was finished or cancelled")
    case .transitionAborted:
      Entry(
        .ordering, .warning, once: false,
        "an animator ended a transition that never went interactive with completeTransition(false): UIKit "
          + "reverts it, so the user's tap did nothing",
        uikit: "a frozen screen after a dismissal that \"did nothing\"")
    case .didDismissWithoutDismissal:
      Entry(
        .ordering, .error, once: false,
        "presentationControllerDidDismiss without a completed dismissal")
    case .transitionNeverCompleted:
      Entry(
        .ordering, .error, once: false,
        "a begun transition with no completeTransition/*DidEnd within its expected time plus grace",
        uikit: "the UI freezes")
    case .timeWentBackwards:
      Entry(
        .ordering, .error, once: false,
        "t smaller than the previous line's")
    case .durationMismatch:
      Entry(
        .timing, .warning, once: false,
        "non-interactive: completeTransition − animateTransition differs from the declared duration beyond tolerance"
      )
    case .completionLate:
      Entry(
        .timing, .warning, once: false,
        "completeTransition later than UIKit's remaining time after finish/cancel ((1−p)·d÷speed, p·d÷speed)")
    case .interactionUndriven:
      Entry(
        .timing, .warning, once: false,
        "startInteractiveTransition with no update/finish/cancel and no pan event for over 1 s")
    case .completionEarly:
      Entry(
        .timing, .warning, once: false,
        "completeTransition far sooner than the remaining animation after finish/cancel")
    case .layoutHitch:
      Entry(
        .timing, .warning, once: false,
        "a container layout pass longer than one frame (60 Hz by default)")
    case .sizeChangeDuringTransition:
      Entry(
        .timing, .warning, once: false,
        "viewWillTransitionToSize while a transition is in flight")
    }
  }

  public var kind: Kind { entry.kind }
  public var isReportedOncePerTransition: Bool { entry.isReportedOncePerTransition }
  public var severity: Severity { entry.severity }
  public var summary: String { entry.summary }
  public var uikitMessage: String? { entry.uikitMessage }

  public static func < (lhs: Rule, rhs: Rule) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension Rule {
  /// How bad a finding is: an error fails the audit (exit 1), a warning is reported and tolerated.
  ///
  /// ```swift
  /// Rule.gestureAfterCommit.severity == .warning // true
  /// ```
  public enum Severity: String, Sendable, Hashable, Comparable, Codable {
    case warning
    case error

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .warning && rhs == .error }
  }
}

/// `Rule.Severity` as the package's own code names it; users write `Rule.Severity`.
package typealias Severity = Rule.Severity
