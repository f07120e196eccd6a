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
  case didDismissWithoutDismissal = "did-dismiss-without-dismissal"
  case transitionNeverCompleted = "transition-never-completed"
  case timeWentBackwards = "time-went-backwards"
  case durationMismatch = "duration-mismatch"
  case completionLate = "completion-late"
  case interactionUndriven = "interaction-undriven"
  case completionEarly = "completion-early"
  case layoutHitch = "layout-hitch"
  case sizeChangeDuringTransition = "size-change-during-transition"

  /// Which table of SPEC section 3 a rule belongs to.
  public enum Kind: String, Sendable { case ordering, timing }

  /// Ordering rules judge the order of callbacks; timing rules judge their times against thresholds.
  public var kind: Kind {
    switch self {
    case .durationMismatch, .completionLate, .interactionUndriven, .completionEarly, .layoutHitch,
      .sizeChangeDuringTransition:
      .timing
    default: .ordering
    }
  }

  /// Rules a driver tends to repeat (a pan handler that keeps sending updates): reported once per
  /// transition, since every repeat has the same root cause.
  public var isReportedOncePerTransition: Bool {
    switch self {
    case .interactionBeforeStart, .interactionAfterEnd, .percentOutOfRange, .gestureAfterCommit,
      .layoutWithoutContainer:
      true
    default: false
    }
  }

  /// How bad a finding of this rule is: errors fail an audit, warnings do not.
  public var severity: Severity {
    switch self {
    case .interactionBeforeStart, .gestureAfterCommit: .warning
    default: kind == .timing ? .warning : .error
    }
  }

  /// One line on what the rule catches.
  public var summary: String {
    switch self {
    case .presentWhileTransitioning:
      "present while the presenter, or the presentation it would stack on, has a transition in flight"
    case .presenterBusy: "present on a presenter that already presents another live presentation"
    case .presenterUnknown: "present from a presenter that is neither a root nor presented"
    case .idInUse: "present of an id that is still live"
    case .dismissWhileTransitioning:
      "dismiss while this presentation (or one above it) is presenting or dismissing"
    case .dismissNotPresented: "dismiss of an id that is not presented (double dismiss)"
    case .eventOutOfPhase: "a lifecycle event the current phase does not allow"
    case .unknownPresentation: "a lifecycle event for an id that is not live"
    case .completeTwice: "completeTransition more than once in one transition"
    case .completeWithoutCancel: "completeTransition(false) with no prior cancelInteractiveTransition"
    case .completeContradictsCancel: "completeTransition(true) after cancelInteractiveTransition"
    case .didEndMismatch: "*DidEnd(completed:) disagrees with completeTransition(didComplete:)"
    case .didEndBeforeComplete: "*DidEnd before completeTransition once an animator started"
    case .interactionBeforeStart:
      "update/finish/cancel/pause before startInteractiveTransition (dropped or deferred by UIKit)"
    case .interactionAfterEnd: "update/finish/cancel/pause after the interaction was finished or cancelled"
    case .percentOutOfRange: "updateInteractiveTransition percent outside 0...1"
    case .layoutUnbalanced: "containerViewDidLayoutSubviews without Will (outside a dismissal), or Will twice"
    case .layoutWithoutContainer: "container layout while the presentation has no container"
    case .appearanceUnbalanced: "viewDid* without its viewWill*, or a viewWill* never resolved"
    case .gestureAfterCommit: "panBegan/panChanged after the interactive transition was finished or cancelled"
    case .didDismissWithoutDismissal: "presentationControllerDidDismiss without a completed dismissal"
    case .transitionNeverCompleted:
      "a begun transition with no completeTransition/*DidEnd within its expected time plus grace"
    case .timeWentBackwards: "t smaller than the previous line's"
    case .durationMismatch:
      "non-interactive: completeTransition − animateTransition differs from the declared duration beyond tolerance"
    case .completionLate:
      "completeTransition later than UIKit's remaining time after finish/cancel ((1−p)·d÷speed, p·d÷speed)"
    case .interactionUndriven: "startInteractiveTransition with no update/finish/cancel for over 1 s"
    case .completionEarly: "completeTransition far sooner than the remaining animation after finish/cancel"
    case .layoutHitch: "a container layout pass longer than one frame (60 Hz by default)"
    case .sizeChangeDuringTransition: "viewWillTransitionToSize while a transition is in flight"
    }
  }

  /// What UIKit prints or shows when an app hits this, where it says anything.
  public var uikitMessage: String? {
    switch self {
    case .presentWhileTransitioning: "Attempt to present … while a presentation is in progress"
    case .presenterBusy: "Attempt to present … which is already presenting …"
    case .presenterUnknown: "Attempt to present … whose view is not in the window hierarchy"
    case .dismissWhileTransitioning:
      "Attempt to dismiss from view controller … while a presentation or dismiss is in progress"
    case .appearanceUnbalanced: "Unbalanced calls to begin/end appearance transitions"
    case .transitionNeverCompleted: "the UI freezes"
    default: nil
    }
  }

  public static func < (lhs: Rule, rhs: Rule) -> Bool { lhs.rawValue < rhs.rawValue }
}

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
