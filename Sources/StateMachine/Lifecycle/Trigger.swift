/// The abstract alphabet of one presentation's machine: an event kind, split where the payload decides
/// the transition (`completeTransition(true)` versus `(false)`).
///
/// ```swift
/// Trigger(Event(t: 1, id: "p1", kind: .completeTransition, payload: Payload(didComplete: false)))
/// // .completeFalse
/// ```
package enum Trigger: Int, CaseIterable, Sendable, Hashable, Codable {
  case present, dismiss
  case presentationWillBegin, presentationDidEndTrue, presentationDidEndFalse
  case dismissalWillBegin, dismissalDidEndTrue, dismissalDidEndFalse
  case animate, startInteractive, interruptibleAnimator, update, pause, finish, cancel
  case completeTrue, completeFalse
  case animationEnded, completion
  case layoutWill, layoutDid
  case viewWillAppear, viewIsAppearing, viewDidAppear, viewWillDisappear, viewDidDisappear
  case sizeChange
  case controllerWillDismiss, controllerDidDismiss, controllerDidAttemptToDismiss
  case gesture, mark

  /// The trigger an event stands for.
  ///
  /// The event is borrowed: an initializer takes its arguments owned by default, which would copy the
  /// event (and retain its strings).
  @inline(__always)
  package init(_ event: borrowing Event) {
    self.init(event.kind, completed: event.payload.completed, didComplete: event.payload.didComplete)
  }

  /// The trigger of an event of `kind` whose payload says `completed` and `didComplete`: the two keys that
  /// split a kind (`CompactEvent` works its trigger out from them where the reader writes it).
  @inline(__always)
  package init(_ kind: EventKind, completed: Bool?, didComplete: Bool?) {
    switch kind {
    case .present: self = .present
    case .dismiss: self = .dismiss
    case .presentationTransitionWillBegin: self = .presentationWillBegin
    case .presentationTransitionDidEnd:
      self = completed == false ? .presentationDidEndFalse : .presentationDidEndTrue
    case .dismissalTransitionWillBegin: self = .dismissalWillBegin
    case .dismissalTransitionDidEnd:
      self = completed == false ? .dismissalDidEndFalse : .dismissalDidEndTrue
    case .animateTransition: self = .animate
    case .startInteractiveTransition: self = .startInteractive
    case .interruptibleAnimator: self = .interruptibleAnimator
    case .updateInteractiveTransition: self = .update
    case .pauseInteractiveTransition: self = .pause
    case .finishInteractiveTransition: self = .finish
    case .cancelInteractiveTransition: self = .cancel
    case .completeTransition: self = didComplete == false ? .completeFalse : .completeTrue
    case .animationEnded: self = .animationEnded
    case .completion: self = .completion
    case .containerViewWillLayoutSubviews: self = .layoutWill
    case .containerViewDidLayoutSubviews: self = .layoutDid
    case .viewWillAppear: self = .viewWillAppear
    case .viewIsAppearing: self = .viewIsAppearing
    case .viewDidAppear: self = .viewDidAppear
    case .viewWillDisappear: self = .viewWillDisappear
    case .viewDidDisappear: self = .viewDidDisappear
    case .viewWillTransitionToSize: self = .sizeChange
    case .presentationControllerWillDismiss: self = .controllerWillDismiss
    case .presentationControllerDidDismiss: self = .controllerDidDismiss
    case .presentationControllerDidAttemptToDismiss: self = .controllerDidAttemptToDismiss
    case .panBegan, .panChanged, .panEnded, .panCancelled: self = .gesture
    case .mark: self = .mark
    }
  }

  /// How the trigger reads in a message: the event name, with the deciding payload where there is one.
  package var label: String { declaration.label }

  /// What the trigger is, as the machine, the auditor and the reconstruction ask it.
  ///
  /// ```swift
  /// Trigger.completeFalse.traits.contains(.completeTransition) // true
  /// ```
  package var traits: Traits {
    @inline(__always) get { declaration.traits }
  }

  /// Triggers legal for any id at any time, left out of "expected one of" lists.
  package var isAlwaysLegal: Bool { traits.contains(.alwaysLegal) }

  /// Appearance callbacks of the presented view controller.
  package var isAppearance: Bool { traits.contains(.appearance) }

  /// Triggers that move a transition along, as opposed to side callbacks (layout, appearance, size, gestures,
  /// marks) that are legal across many phases; "expected one of" lists name only these.
  package var isLifecycle: Bool { traits.contains(.lifecycle) }

  /// Every trigger's facts, one row each. Every question about a trigger's kind is a read of its row, so a
  /// new trigger does not compile until its row says what it is; the rows are constants, which the
  /// compiler turns into a table read (no switch runs, and `traits` alone builds no label).
  @inline(__always)
  private var declaration: (label: String, traits: Traits) {
    switch self {
    case .present: ("present", [.lifecycle])
    case .dismiss: ("dismiss", [.lifecycle])
    case .presentationWillBegin: ("presentationTransitionWillBegin", [.lifecycle])
    case .presentationDidEndTrue: ("presentationTransitionDidEnd(true)", [.lifecycle, .didEnd])
    case .presentationDidEndFalse: ("presentationTransitionDidEnd(false)", [.lifecycle, .didEnd])
    case .dismissalWillBegin: ("dismissalTransitionWillBegin", [.lifecycle])
    case .dismissalDidEndTrue: ("dismissalTransitionDidEnd(true)", [.lifecycle, .didEnd])
    case .dismissalDidEndFalse: ("dismissalTransitionDidEnd(false)", [.lifecycle, .didEnd])
    case .animate: ("animateTransition", [.lifecycle, .animator])
    case .startInteractive: ("startInteractiveTransition", [.lifecycle, .animator])
    case .interruptibleAnimator: ("interruptibleAnimator", [.lifecycle, .animator])
    case .update: ("updateInteractiveTransition", [.lifecycle, .movesDeadlinesOnlyLater, .changesOnlyTimes])
    case .pause: ("pauseInteractiveTransition", [.lifecycle, .movesDeadlinesOnlyLater])
    case .finish: ("finishInteractiveTransition", [.lifecycle])
    case .cancel: ("cancelInteractiveTransition", [.lifecycle])
    case .completeTrue: ("completeTransition(true)", [.lifecycle, .completeTransition, .timed])
    case .completeFalse: ("completeTransition(false)", [.lifecycle, .completeTransition, .timed])
    case .animationEnded: ("animationEnded", [.lifecycle, .movesDeadlinesOnlyLater, .changesOnlyTimes])
    case .completion: ("completion", [.lifecycle, .movesDeadlinesOnlyLater])
    case .layoutWill:
      ("containerViewWillLayoutSubviews", [.movesDeadlinesOnlyLater, .changesOnlyTimes, .changesSideTracks])
    case .layoutDid:
      (
        "containerViewDidLayoutSubviews",
        [.timed, .movesDeadlinesOnlyLater, .changesOnlyTimes, .changesSideTracks]
      )
    case .viewWillAppear:
      ("viewWillAppear", [.appearance, .movesDeadlinesOnlyLater, .changesOnlyTimes, .changesSideTracks])
    case .viewIsAppearing:
      ("viewIsAppearing", [.appearance, .movesDeadlinesOnlyLater, .changesOnlyTimes, .changesSideTracks])
    case .viewDidAppear:
      ("viewDidAppear", [.appearance, .movesDeadlinesOnlyLater, .changesOnlyTimes, .changesSideTracks])
    case .viewWillDisappear:
      ("viewWillDisappear", [.appearance, .movesDeadlinesOnlyLater, .changesSideTracks])
    case .viewDidDisappear:
      ("viewDidDisappear", [.appearance, .movesDeadlinesOnlyLater, .changesOnlyTimes, .changesSideTracks])
    case .sizeChange: ("viewWillTransitionToSize", [.timed, .movesDeadlinesOnlyLater, .changesOnlyTimes])
    case .controllerWillDismiss: ("presentationControllerWillDismiss", [.lifecycle])
    case .controllerDidDismiss: ("presentationControllerDidDismiss", [.lifecycle, .changesOnlyTimes])
    case .controllerDidAttemptToDismiss:
      ("presentationControllerDidAttemptToDismiss", [.lifecycle, .changesOnlyTimes])
    case .gesture: ("pan*", [.alwaysLegal, .changesOnlyTimes])
    case .mark: ("mark", [.alwaysLegal, .changesOnlyTimes])
    }
  }
}

extension Trigger {
  /// The kinds a trigger can be of; each trigger's set is its row in `Trigger.traits`.
  ///
  /// ```swift
  /// Trigger.layoutDid.traits // [.timed, .movesDeadlinesOnlyLater, .changesOnlyTimes, .changesSideTracks]
  /// ```
  package struct Traits: OptionSet, Sendable, Hashable {
    package let rawValue: UInt16

    package init(rawValue: UInt16) { self.rawValue = rawValue }

    /// Moves a transition along, as opposed to the side callbacks legal across many phases.
    package static let lifecycle = Traits(rawValue: 1 << 0)
    /// An appearance callback of the presented view controller (`viewWillAppear` to `viewDidDisappear`).
    package static let appearance = Traits(rawValue: 1 << 1)
    /// Legal for any id at any time (gestures and marks).
    package static let alwaysLegal = Traits(rawValue: 1 << 2)
    /// One of the animator's own callbacks: from then on the transition has an animator.
    package static let animator = Traits(rawValue: 1 << 3)
    /// `completeTransition(_:)`, with either value.
    package static let completeTransition = Traits(rawValue: 1 << 4)
    /// A `*DidEnd`, with either value: the end every transition has.
    package static let didEnd = Traits(rawValue: 1 << 5)
    /// Judged by a timing rule once the machine accepts it (completion timing, layout hitches, sizes in
    /// flight).
    package static let timed = Traits(rawValue: 1 << 6)
    /// A stay on it changes only times that move later (the transition's last event, its last drive) and
    /// side tracks: no declared duration, no commit, so no deadline comes sooner.
    package static let movesDeadlinesOnlyLater = Traits(rawValue: 1 << 7)
    /// A stay on it changes no fact of the transition but its times, the mark of a trigger delivered once
    /// per transition, and for an update its progress: the general step's `update` has nothing else to do
    /// for it, so `PresentationLifecycle.updateStay` does that alone.
    package static let changesOnlyTimes = Traits(rawValue: 1 << 8)
    /// Its side track (the layout or the appearance balance) changes what it remembers: a layout pass
    /// opened or closed, an appearance callback awaited or resolved. Every other trigger's side track only
    /// reads (an update's percent) or there is none, so a check of it that finds a rule changed nothing.
    package static let changesSideTracks = Traits(rawValue: 1 << 9)
  }
}
