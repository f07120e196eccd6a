import Testing

@testable import PresentationStateMachine

/// Every (phase, trigger) pair of one presentation, driven through the session from real event sequences,
/// against expectations written out by hand here (not read from the table).
@Suite struct TransitionTableTests {
  enum Expected: Equatable, CustomStringConvertible {
    case to(Phase)
    case rule(Rule)
    case ruleTo(Rule, Phase)

    var description: String {
      switch self {
      case .to(let phase): "→ \(phase.name)"
      case .rule(let rule): "[\(rule.rawValue)]"
      case .ruleTo(let rule, let phase): "[\(rule.rawValue)] → \(phase.name)"
      }
    }
  }

  /// The events that bring a fresh session's `p1` into each phase.
  static let prefixes: [Phase: [(EventKind, Payload)]] = {
    let present: [(EventKind, Payload)] = [(.present, Payload(presenter: "root"))]
    let began = present + [(.presentationTransitionWillBegin, Payload())]
    let animating = began + [(.animateTransition, Payload(duration: 0.3))]
    let interactive = began + [(.startInteractiveTransition, Payload(duration: 0.3))]
    let selfRunning: [(EventKind, Payload)] = [
      (.interruptibleAnimator, Payload(duration: 0.3)),
      (.startInteractiveTransition, Payload(duration: 0.3, wantsInteractiveStart: false)),
    ]
    let running = began + selfRunning
    let finishing =
      interactive + [
        (.updateInteractiveTransition, Payload(percent: 0.6)), (.finishInteractiveTransition, Payload()),
      ]
    let cancelling =
      interactive + [
        (.updateInteractiveTransition, Payload(percent: 0.3)), (.cancelInteractiveTransition, Payload()),
      ]
    let completed = animating + [(.completeTransition, Payload(didComplete: true))]
    let cancelled = cancelling + [(.completeTransition, Payload(didComplete: false))]
    let presented = completed + [(.presentationTransitionDidEnd, Payload(completed: true))]
    let dRequested = presented + [(.dismiss, Payload())]
    let dBegan = dRequested + [(.dismissalTransitionWillBegin, Payload())]
    let dAnimating = dBegan + [(.animateTransition, Payload(duration: 0.3))]
    let dInteractive = dBegan + [(.startInteractiveTransition, Payload(duration: 0.3))]
    let dRunning = dBegan + selfRunning
    let dFinishing =
      dInteractive + [
        (.updateInteractiveTransition, Payload(percent: 0.6)), (.finishInteractiveTransition, Payload()),
      ]
    let dCancelling =
      dInteractive + [
        (.updateInteractiveTransition, Payload(percent: 0.3)), (.cancelInteractiveTransition, Payload()),
      ]
    let dCompleted = dAnimating + [(.completeTransition, Payload(didComplete: true))]
    let dCancelled = dCancelling + [(.completeTransition, Payload(didComplete: false))]
    return [
      .absent: [], .presentingRequested: present, .presentingBegan: began, .presentingAnimating: animating,
      .presentingRunning: running, .dismissingRunning: dRunning,
      .presentingInteractive: interactive, .presentingFinishing: finishing, .presentingCancelling: cancelling,
      .presentingCompleted: completed, .presentingCancelled: cancelled, .presented: presented,
      .dismissingRequested: dRequested, .dismissingBegan: dBegan, .dismissingAnimating: dAnimating,
      .dismissingInteractive: dInteractive, .dismissingFinishing: dFinishing,
      .dismissingCancelling: dCancelling,
      .dismissingCompleted: dCompleted, .dismissingCancelled: dCancelled,
      .dismissed: dCompleted + [(.dismissalTransitionDidEnd, Payload(completed: true))],
      .withdrawn: cancelled + [(.presentationTransitionDidEnd, Payload(completed: false))],
      .restored: dCancelled + [(.dismissalTransitionDidEnd, Payload(completed: false))],
    ]
  }()

  /// A representative event for each trigger.
  static func event(for trigger: Trigger) -> (EventKind, Payload) {
    switch trigger {
    case .present: (.present, Payload(presenter: "root"))
    case .dismiss: (.dismiss, Payload())
    case .presentationWillBegin: (.presentationTransitionWillBegin, Payload())
    case .presentationDidEndTrue: (.presentationTransitionDidEnd, Payload(completed: true))
    case .presentationDidEndFalse: (.presentationTransitionDidEnd, Payload(completed: false))
    case .dismissalWillBegin: (.dismissalTransitionWillBegin, Payload())
    case .dismissalDidEndTrue: (.dismissalTransitionDidEnd, Payload(completed: true))
    case .dismissalDidEndFalse: (.dismissalTransitionDidEnd, Payload(completed: false))
    case .animate: (.animateTransition, Payload(duration: 0.3))
    case .startInteractive: (.startInteractiveTransition, Payload(duration: 0.3))
    case .interruptibleAnimator: (.interruptibleAnimator, Payload(duration: 0.3))
    case .update: (.updateInteractiveTransition, Payload(percent: 0.5))
    case .pause: (.pauseInteractiveTransition, Payload())
    case .finish: (.finishInteractiveTransition, Payload())
    case .cancel: (.cancelInteractiveTransition, Payload())
    case .completeTrue: (.completeTransition, Payload(didComplete: true))
    case .completeFalse: (.completeTransition, Payload(didComplete: false))
    case .animationEnded: (.animationEnded, Payload(completed: true))
    case .completion: (.completion, Payload())
    case .layoutWill: (.containerViewWillLayoutSubviews, Payload())
    case .layoutDid: (.containerViewDidLayoutSubviews, Payload())
    case .viewWillAppear: (.viewWillAppear, Payload())
    case .viewIsAppearing: (.viewIsAppearing, Payload())
    case .viewDidAppear: (.viewDidAppear, Payload())
    case .viewWillDisappear: (.viewWillDisappear, Payload())
    case .viewDidDisappear: (.viewDidDisappear, Payload())
    case .sizeChange: (.viewWillTransitionToSize, Payload(width: 844, height: 390))
    case .controllerWillDismiss: (.presentationControllerWillDismiss, Payload())
    case .controllerDidDismiss: (.presentationControllerDidDismiss, Payload())
    case .controllerDidAttemptToDismiss: (.presentationControllerDidAttemptToDismiss, Payload())
    case .gesture: (.panChanged, Payload(translation: 120))
    case .mark: (.mark, Payload(name: "note"))
    }
  }

  // Shorthands for the expectation tables below.

  /// Hand-written expectations: only the pairs that differ from the default (live: event-out-of-phase,
  /// not live: unknown-presentation, controllerDidDismiss: did-dismiss-without-dismissal, gesture and mark:
  /// legal, staying).
  static let expectations: [Phase: [Trigger: Expected]] = {
    let beforeStart: [Trigger: Expected] = [
      .update: .rule(.interactionBeforeStart), .pause: .rule(.interactionBeforeStart),
      .finish: .rule(.interactionBeforeStart), .cancel: .rule(.interactionBeforeStart),
    ]
    let afterEnd: [Trigger: Expected] = [
      .update: .rule(.interactionAfterEnd), .pause: .rule(.interactionAfterEnd),
      .finish: .rule(.interactionAfterEnd), .cancel: .rule(.interactionAfterEnd),
    ]
    // viewIsAppearing with no viewWillAppear before it: none of the prefixes logs one.
    let commonLive: [Trigger: Expected] = [
      .present: .rule(.idInUse), .sizeChange: .to(.absent),  // `.to(.absent)` = stays (rewritten below)
      .viewIsAppearing: .rule(.appearanceUnbalanced),
    ]
    func merge(_ parts: [Trigger: Expected]...) -> [Trigger: Expected] {
      parts.reduce(into: [:]) { result, part in result.merge(part) { _, new in new } }
    }
    let notLiveAdoption: [Trigger: Expected] = [
      .present: .to(.presentingRequested), .presentationWillBegin: .to(.presentingBegan),
      .animate: .ruleTo(.unknownPresentation, .presentingAnimating),
      .interruptibleAnimator: .ruleTo(.unknownPresentation, .presentingAnimating),
      .startInteractive: .ruleTo(.unknownPresentation, .presentingInteractive),
      .completeTrue: .ruleTo(.unknownPresentation, .presentingCompleted),
      .completeFalse: .ruleTo(.unknownPresentation, .presentingCancelled),
      .presentationDidEndTrue: .ruleTo(.unknownPresentation, .presented),
      .dismissalWillBegin: .ruleTo(.unknownPresentation, .dismissingBegan),
      .controllerWillDismiss: .ruleTo(.unknownPresentation, .dismissingBegan),
      .dismiss: .rule(.dismissNotPresented),
    ]
    let dismissalBegins: [Trigger: Expected] = [
      .dismissalWillBegin: .ruleTo(.eventOutOfPhase, .dismissingBegan)
    ]
    let afterDidEnd: [Trigger: Expected] = merge(
      afterEnd,
      [
        .completeTrue: .rule(.completeTwice), .completeFalse: .rule(.completeTwice),
        .animationEnded: .to(.absent), .completion: .to(.absent),
      ])
    let idle: [Trigger: Expected] = merge(
      commonLive, afterDidEnd,
      [
        .dismiss: .to(.dismissingRequested), .dismissalWillBegin: .to(.dismissingBegan),
        .controllerWillDismiss: .to(.dismissingRequested), .controllerDidAttemptToDismiss: .to(.absent),
        .animate: .ruleTo(.eventOutOfPhase, .dismissingAnimating),
        .interruptibleAnimator: .ruleTo(.eventOutOfPhase, .dismissingAnimating),
        .startInteractive: .ruleTo(.eventOutOfPhase, .dismissingInteractive),
        .dismissalDidEndTrue: .ruleTo(.eventOutOfPhase, .dismissed),
        // <doc:Rules#Presentations-observed-from-outside>: a swipe heard of only through appearance.
        .viewWillDisappear: .to(.dismissingBegan),
        .layoutWill: .to(.absent), .layoutDid: .rule(.layoutUnbalanced),
        .viewDidAppear: .rule(.appearanceUnbalanced),
      ])
    let presentingLive = merge(commonLive, [.dismiss: .rule(.dismissWhileTransitioning)])
    let container: [Trigger: Expected] = [.layoutWill: .to(.absent), .layoutDid: .rule(.layoutUnbalanced)]
    let dismissingContainer: [Trigger: Expected] = [.layoutWill: .to(.absent), .layoutDid: .to(.absent)]
    let earlyDidEnd: (Phase, Phase) -> [Trigger: Expected] = { done, undone in
      [
        .presentationDidEndTrue: .ruleTo(.didEndBeforeComplete, done),
        .presentationDidEndFalse: .ruleTo(.didEndBeforeComplete, undone),
      ]
    }
    let earlyDismissalDidEnd: [Trigger: Expected] = [
      .dismissalDidEndTrue: .ruleTo(.didEndBeforeComplete, .dismissed),
      .dismissalDidEndFalse: .ruleTo(.didEndBeforeComplete, .restored),
    ]
    let tail: [Trigger: Expected] = [
      .completeTrue: .rule(.completeTwice), .completeFalse: .rule(.completeTwice),
      .animationEnded: .to(.absent), .completion: .to(.absent),
    ]
    let committed: [Trigger: Expected] = [.gesture: .rule(.gestureAfterCommit)]
    // <doc:Rules#Interruptible-transitions>: any number of interruptibleAnimator lines once animating.
    let interruptible: [Trigger: Expected] = [.interruptibleAnimator: .to(.absent)]
    // <doc:Rules#An-animator-may-abort-a-transition>: never interactive, so aborted, not complete-without-cancel.
    let aborts: (Phase) -> [Trigger: Expected] = { cancelled in
      [.completeFalse: .ruleTo(.transitionAborted, cancelled)]
    }
    // <doc:Rules#Transitions-recorded-from-the-animator-alone>: with no WillBegin logged, the animator's
    // events begin the transition and completeTransition ends it.
    let animatorAlone: (Phase, Phase, Phase, Phase) -> [Trigger: Expected] = {
      animating, interactive, done, undone in
      [
        .animate: .to(animating), .interruptibleAnimator: .to(animating), .startInteractive: .to(interactive),
        .completeTrue: .to(done), .completeFalse: .ruleTo(.transitionAborted, undone),
      ]
    }
    // A self-running transition (wantsInteractiveStart false): like an animation that a pause, finish or
    // cancel may take over.
    let running: (Phase, Phase, Phase, Phase, Phase, [Trigger: Expected]) -> [Trigger: Expected] = {
      interactive, finishing, cancelling, completed, cancelled, box in
      merge(
        box,
        [
          .animate: .to(.absent), .interruptibleAnimator: .to(.absent), .update: .to(.absent),
          .pause: .to(interactive), .finish: .to(finishing), .cancel: .to(cancelling),
          .completeTrue: .to(completed), .completeFalse: .ruleTo(.completeWithoutCancel, cancelled),
        ])
    }
    return [
      .absent: merge(notLiveAdoption, beforeStart),
      .presentingRequested: merge(
        presentingLive, dismissalBegins, beforeStart,
        [
          .presentationWillBegin: .to(.presentingBegan),
          .presentationDidEndTrue: .ruleTo(.eventOutOfPhase, .presented),
          .presentationDidEndFalse: .ruleTo(.eventOutOfPhase, .withdrawn),
          .layoutWill: .rule(.layoutWithoutContainer), .layoutDid: .rule(.layoutWithoutContainer),
          // <doc:Rules#Presentations-observed-from-outside>: appearance moves a transition nobody else does.
          .viewWillAppear: .to(.presentingBegan), .viewDidAppear: .ruleTo(.appearanceUnbalanced, .presented),
        ],
        animatorAlone(.presentingAnimating, .presentingInteractive, .presented, .withdrawn)),
      .presentingBegan: merge(
        presentingLive, dismissalBegins, beforeStart, container,
        [
          .animate: .to(.presentingAnimating), .startInteractive: .to(.presentingInteractive),
          .interruptibleAnimator: .to(.presentingAnimating), .completeTrue: .to(.presentingCompleted),
          .presentationDidEndTrue: .to(.presented), .presentationDidEndFalse: .to(.withdrawn),
          .viewWillAppear: .to(.absent),
        ], aborts(.presentingCancelled)),
      .presentingAnimating: merge(
        presentingLive, dismissalBegins, beforeStart, container, earlyDidEnd(.presented, .withdrawn),
        [
          .startInteractive: .to(.presentingInteractive), .completeTrue: .to(.presentingCompleted),
          .viewWillAppear: .to(.absent),
        ], interruptible, aborts(.presentingCancelled)),
      .presentingRunning: running(
        .presentingInteractive, .presentingFinishing, .presentingCancelling, .presentingCompleted,
        .presentingCancelled,
        merge(
          presentingLive, dismissalBegins, container, earlyDidEnd(.presented, .withdrawn),
          [.viewWillAppear: .to(.absent)])),
      .presentingInteractive: merge(
        presentingLive, dismissalBegins, container, earlyDidEnd(.presented, .withdrawn),
        [
          .animate: .to(.absent), .update: .to(.absent), .pause: .to(.absent),
          .finish: .to(.presentingFinishing), .cancel: .to(.presentingCancelling),
          .completeTrue: .ruleTo(.eventOutOfPhase, .presentingCompleted),
          .completeFalse: .ruleTo(.completeWithoutCancel, .presentingCancelled),
          .viewWillAppear: .to(.absent),
        ], interruptible),
      .presentingFinishing: merge(
        presentingLive, dismissalBegins, afterEnd, container, committed, earlyDidEnd(.presented, .withdrawn),
        [
          .animate: .to(.absent), .completeTrue: .to(.presentingCompleted),
          .completeFalse: .ruleTo(.completeWithoutCancel, .presentingCancelled),
          .viewWillAppear: .to(.absent),
        ], interruptible),
      .presentingCancelling: merge(
        presentingLive, dismissalBegins, afterEnd, container, committed, earlyDidEnd(.presented, .withdrawn),
        [
          .animate: .to(.absent), .completeFalse: .to(.presentingCancelled),
          .completeTrue: .ruleTo(.completeContradictsCancel, .presentingCompleted),
          .viewWillAppear: .to(.absent),
        ], interruptible),
      .presentingCompleted: merge(
        presentingLive, dismissalBegins, afterEnd, container, tail,
        [
          .presentationDidEndTrue: .to(.presented),
          .presentationDidEndFalse: .ruleTo(.didEndMismatch, .withdrawn),
          .viewDidAppear: .rule(.appearanceUnbalanced),
        ]),
      .presentingCancelled: merge(
        presentingLive, dismissalBegins, afterEnd, container, tail, committed,
        [
          .presentationDidEndFalse: .to(.withdrawn),
          .presentationDidEndTrue: .ruleTo(.didEndMismatch, .presented),
          .viewWillDisappear: .to(.absent), .viewDidDisappear: .rule(.appearanceUnbalanced),
        ]),
      .presented: idle,
      .restored: merge(idle, [.viewWillAppear: .to(.absent)]),
      .dismissingRequested: merge(
        presentingLive, beforeStart, container,
        [
          .dismissalWillBegin: .to(.dismissingBegan), .controllerWillDismiss: .to(.absent),
          .dismissalDidEndTrue: .ruleTo(.eventOutOfPhase, .dismissed),
          .dismissalDidEndFalse: .ruleTo(.eventOutOfPhase, .restored),
          .viewWillDisappear: .to(.dismissingBegan),
          .viewDidDisappear: .ruleTo(.appearanceUnbalanced, .dismissed),
        ],
        animatorAlone(.dismissingAnimating, .dismissingInteractive, .dismissed, .restored)),
      .dismissingBegan: merge(
        presentingLive, beforeStart, dismissingContainer,
        [
          .animate: .to(.dismissingAnimating), .startInteractive: .to(.dismissingInteractive),
          .interruptibleAnimator: .to(.dismissingAnimating), .completeTrue: .to(.dismissingCompleted),
          .completeFalse: .ruleTo(.transitionAborted, .dismissingCancelled),
          .dismissalDidEndTrue: .to(.dismissed), .dismissalDidEndFalse: .to(.restored),
          .viewWillDisappear: .to(.absent), .controllerWillDismiss: .to(.absent),
        ]),
      .dismissingAnimating: merge(
        presentingLive, beforeStart, dismissingContainer, earlyDismissalDidEnd,
        [
          .startInteractive: .to(.dismissingInteractive), .completeTrue: .to(.dismissingCompleted),
          .viewWillDisappear: .to(.absent), .controllerWillDismiss: .to(.absent),
        ], interruptible, aborts(.dismissingCancelled)),
      .dismissingRunning: running(
        .dismissingInteractive, .dismissingFinishing, .dismissingCancelling, .dismissingCompleted,
        .dismissingCancelled,
        merge(
          presentingLive, dismissingContainer, earlyDismissalDidEnd,
          [.viewWillDisappear: .to(.absent), .controllerWillDismiss: .to(.absent)])),
      .dismissingInteractive: merge(
        presentingLive, dismissingContainer, earlyDismissalDidEnd,
        [
          .animate: .to(.absent), .update: .to(.absent), .pause: .to(.absent),
          .finish: .to(.dismissingFinishing), .cancel: .to(.dismissingCancelling),
          .completeTrue: .ruleTo(.eventOutOfPhase, .dismissingCompleted),
          .completeFalse: .ruleTo(.completeWithoutCancel, .dismissingCancelled),
          .viewWillDisappear: .to(.absent), .controllerWillDismiss: .to(.absent),
        ], interruptible),
      .dismissingFinishing: merge(
        presentingLive, afterEnd, dismissingContainer, committed, earlyDismissalDidEnd,
        [
          .animate: .to(.absent), .completeTrue: .to(.dismissingCompleted),
          .completeFalse: .ruleTo(.completeWithoutCancel, .dismissingCancelled),
          .viewWillDisappear: .to(.absent), .controllerWillDismiss: .to(.absent),
        ], interruptible),
      .dismissingCancelling: merge(
        presentingLive, afterEnd, dismissingContainer, committed, earlyDismissalDidEnd,
        [
          .animate: .to(.absent), .completeFalse: .to(.dismissingCancelled),
          .completeTrue: .ruleTo(.completeContradictsCancel, .dismissingCompleted),
          .viewWillDisappear: .to(.absent), .controllerWillDismiss: .to(.absent),
        ], interruptible),
      .dismissingCompleted: merge(
        presentingLive, afterEnd, dismissingContainer, tail,
        [
          .dismissalDidEndTrue: .to(.dismissed), .dismissalDidEndFalse: .ruleTo(.didEndMismatch, .restored),
          .presentationWillBegin: .ruleTo(.eventOutOfPhase, .presentingBegan),
          .controllerDidDismiss: .to(.absent), .viewDidDisappear: .rule(.appearanceUnbalanced),
        ]),
      .dismissingCancelled: merge(
        presentingLive, afterEnd, dismissingContainer, tail, committed,
        [
          .dismissalDidEndFalse: .to(.restored), .dismissalDidEndTrue: .ruleTo(.didEndMismatch, .dismissed),
          .presentationWillBegin: .ruleTo(.eventOutOfPhase, .presentingBegan),
          .viewWillAppear: .to(.absent), .viewDidAppear: .rule(.appearanceUnbalanced),
        ]),
      .dismissed: merge(
        notLiveAdoption, afterDidEnd,
        [
          .controllerDidDismiss: .to(.absent), .viewDidDisappear: .rule(.appearanceUnbalanced),
          .layoutWill: .rule(.layoutWithoutContainer), .layoutDid: .rule(.layoutWithoutContainer),
        ]),
      .withdrawn: merge(
        notLiveAdoption, afterDidEnd,
        [
          .viewWillDisappear: .to(.absent), .viewDidDisappear: .rule(.appearanceUnbalanced),
          .layoutWill: .rule(.layoutWithoutContainer), .layoutDid: .rule(.layoutWithoutContainer),
        ]),
    ]
  }()

  /// The expectation for one pair; `.to(.absent)` in the tables above is shorthand for "legal, stays".
  static func expected(_ phase: Phase, _ trigger: Trigger) -> Expected {
    if let listed = expectations[phase]?[trigger] {
      if case .to(.absent) = listed, phase != .absent { return .to(phase) }
      return listed
    }
    switch trigger {
    case .gesture, .mark: return .to(phase)
    case .controllerDidDismiss: return .rule(.didDismissWithoutDismissal)
    default: return phase.isLive ? .rule(.eventOutOfPhase) : .rule(.unknownPresentation)
    }
  }

  struct Pair: CustomTestStringConvertible, Sendable {
    var phase: Phase
    var trigger: Trigger
    var testDescription: String { "\(phase.name) × \(trigger.label)" }
  }

  static let allPairs: [Pair] = Phase.allCases.flatMap { phase in
    Trigger.allCases.map { Pair(phase: phase, trigger: $0) }
  }

  @Test func everyPhaseHasAPrefixThatReachesIt() {
    for phase in Phase.allCases {
      var session = PresentationSession()
      for (offset, (kind, payload)) in (Self.prefixes[phase] ?? []).enumerated() {
        let step = session.handle(
          Event(t: Double(offset) * 0.01, id: "p1", kind: kind, payload: payload), line: offset + 1)
        #expect(
          step.rule == nil, "prefix of \(phase.name) hit \(step.rule?.rawValue ?? "") at \(kind.rawValue)")
      }
      #expect(session.phase(of: "p1") == phase, "prefix of \(phase.name)")
    }
  }

  @Test(arguments: allPairs)
  func pair(_ pair: Pair) {
    var session = PresentationSession()
    let prefix = Self.prefixes[pair.phase] ?? []
    for (offset, (kind, payload)) in prefix.enumerated() {
      _ = session.handle(
        Event(t: Double(offset) * 0.01, id: "p1", kind: kind, payload: payload), line: offset + 1)
    }
    let (kind, payload) = Self.event(for: pair.trigger)
    let step = session.handle(
      Event(t: Double(prefix.count) * 0.01, id: "p1", kind: kind, payload: payload), line: prefix.count + 1)
    let actual: Expected =
      if let rule = step.rule {
        step.to == pair.phase ? .rule(rule) : .ruleTo(rule, step.to)
      } else {
        .to(step.to)
      }
    #expect(actual == Self.expected(pair.phase, pair.trigger))
  }

  @Test func everyRowOfTheTableIsReachable() {
    // Each row of the data table decides at least one pair that no earlier row decided.
    var decided: Set<[Int]> = []
    for (index, row) in TransitionTable.rows.enumerated() {
      var fresh = false
      for phase in row.from {
        for trigger in row.triggers where decided.insert([phase.rawValue, trigger.rawValue]).inserted {
          fresh = true
        }
      }
      #expect(fresh, "row \(index) (\(row.note)) is shadowed by earlier rows")
    }
  }
}
