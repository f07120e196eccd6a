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
  /// A `present` while the presenter, or what it would stack on, is mid-transition: UIKit refuses it, so the
  /// screen never shows what the app believes it presented.
  case presentWhileTransitioning = "present-while-transitioning"
  /// A `present` on a view controller that already presents another: UIKit refuses it, as one presenter shows
  /// one presentation at a time.
  case presenterBusy = "presenter-busy"
  /// A `present` from a controller outside the window hierarchy, or one that never began by its deadline:
  /// UIKit drops it, and the app waits for a screen that never comes.
  case presenterUnknown = "presenter-unknown"
  /// A `present` of an id still live: two presentations under one id would make every later line ambiguous,
  /// so the second is refused.
  case idInUse = "id-in-use"
  /// A `dismiss` while this presentation, or one above it, is mid-transition: UIKit ignores it and the
  /// presentation stays up.
  case dismissWhileTransitioning = "dismiss-while-transitioning"
  /// A `dismiss` of an id that is not presented, often a double dismiss: UIKit does nothing, so the app's
  /// state and the screen part ways.
  case dismissNotPresented = "dismiss-not-presented"
  /// A callback the presentation's phase does not allow: an ordering UIKit guarantees was broken, by the
  /// app's transition code or by its recording.
  case eventOutOfPhase = "event-out-of-phase"
  /// A callback for an id that is not live: its `present` was never recorded, or the app reports a controller
  /// it no longer shows.
  case unknownPresentation = "unknown-presentation"
  /// `completeTransition` twice in one transition: an animator must call it exactly once, so its bookkeeping
  /// of the transition is wrong.
  case completeTwice = "complete-twice"
  /// `completeTransition(false)` in an interaction nobody cancelled: the transition is undone although the
  /// user's gesture never took it back.
  case completeWithoutCancel = "complete-without-cancel"
  /// `completeTransition(true)` after `cancelInteractiveTransition`: the animator finishes what the user took
  /// back.
  case completeContradictsCancel = "complete-contradicts-cancel"
  /// `*DidEnd(completed:)` disagrees with `completeTransition(didComplete:)`: the presentation controller and
  /// the animator tell two outcomes of one transition.
  case didEndMismatch = "did-end-mismatch"
  /// `*DidEnd` before `completeTransition` once an animator started: UIKit ends a transition only after its
  /// animator says it is complete.
  case didEndBeforeComplete = "did-end-before-complete"
  /// Interaction calls before `startInteractiveTransition`: UIKit drops or defers them, so the gesture's
  /// first moves are lost.
  case interactionBeforeStart = "interaction-before-start"
  /// Interaction calls after the interaction was finished or cancelled: the gesture handler outlived its
  /// interaction, and UIKit ignores what it sends.
  case interactionAfterEnd = "interaction-after-end"
  /// An update's percent outside 0...1: the driver's arithmetic is off, and UIKit clamps what it shows.
  case percentOutOfRange = "percent-out-of-range"
  /// A container layout pass without its pair: the presentation controller's layout callbacks were lost or
  /// doubled.
  case layoutUnbalanced = "layout-unbalanced"
  /// A container layout while the presentation has no container: the layout runs on a view UIKit has not set
  /// up, or has taken down.
  case layoutWithoutContainer = "layout-without-container"
  /// `viewDid*` without its `viewWill*`, or a `viewWill*` never resolved: UIKit's unbalanced appearance
  /// calls, which leave a controller half appeared.
  case appearanceUnbalanced = "appearance-unbalanced"
  /// Pan events after the interaction was finished or cancelled: the gesture still drives a transition that
  /// no longer listens.
  case gestureAfterCommit = "gesture-after-commit"
  /// A transition that never went interactive ended with `completeTransition(false)`: UIKit reverts it, so
  /// the user's tap did nothing.
  case transitionAborted = "transition-aborted"
  /// `presentationControllerDidDismiss` without a completed dismissal: the sheet's delegate hears of a
  /// dismissal the lifecycle never finished.
  case didDismissWithoutDismissal = "did-dismiss-without-dismissal"
  /// A begun transition with no `completeTransition` or `*DidEnd` by its deadline: UIKit waits for it, and
  /// the app's interface stays frozen.
  case transitionNeverCompleted = "transition-never-completed"
  /// A line earlier than the one before it: the recording's clock or the merge of its lines is broken, so no
  /// time after it can be trusted.
  case timeWentBackwards = "time-went-backwards"
  /// An animation that ran far from the duration it declared: UIKit runs the animations coordinated with it
  /// for the declared duration.
  case durationMismatch = "duration-mismatch"
  /// `completeTransition` later than UIKit needs to run the rest after a finish or cancel: the screen sits
  /// still at the end of the gesture.
  case completionLate = "completion-late"
  /// An interaction nothing drove for longer than `undrivenAfter`: its gesture was lost, and the transition
  /// stays half-way.
  case interactionUndriven = "interaction-undriven"
  /// `completeTransition` far sooner than the rest of the animation after a finish or cancel: the transition
  /// jumps to its end.
  case completionEarly = "completion-early"
  /// A container layout pass longer than a frame: it drops frames in the middle of the transition.
  case layoutHitch = "layout-hitch"
  /// A size change while a transition is in flight: rotating mid-transition is where presentation layouts
  /// break.
  case sizeChangeDuringTransition = "size-change-during-transition"

  /// Which table of the rule catalog (<doc:Rules>) a rule belongs to.
  public enum Kind: String, Sendable {
    /// Judges the order of callbacks, whatever their times: a broken order is a bug whatever the device.
    case ordering
    /// Judges callback times against the thresholds of ``AuditConfiguration``, which an app tunes to its
    /// devices.
    case timing
  }

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

  /// The catalog's table the rule is in, as `replay rules` groups it.
  public var kind: Kind { entry.kind }
  /// Whether repeats in one transition fold into one finding: a driver repeats one mistake on every update.
  public var isReportedOncePerTransition: Bool { entry.isReportedOncePerTransition }
  /// The severity a finding gets unless ``AuditConfiguration/RuleSettings`` changes it for a run.
  public var severity: Severity { entry.severity }
  /// One line on what the rule catches, as `replay rules` and the reports print it.
  public var summary: String { entry.summary }
  /// What UIKit prints or shows when an app hits the rule, to match a console line to a finding.
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
    /// Reported and tolerated: the audit passes unless it is strict (`--strict`).
    case warning
    /// Fails the audit: the app broke an ordering or a deadline UIKit relies on.
    case error

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .warning && rhs == .error }
  }
}

/// `Rule.Severity` as the package's own code names it; users write `Rule.Severity`.
package typealias Severity = Rule.Severity
