import Testing

@testable import PresentationStateMachine

/// What each per-trigger fact answers, written out trigger by trigger: the sets were copied from the
/// switches that answered them, so any row of the facts that changes shows here as a named trigger.
@Suite struct TriggerTraitsTests {
  static let lifecycle: Set<Trigger> = [
    .present, .dismiss, .presentationWillBegin, .presentationDidEndTrue, .presentationDidEndFalse,
    .dismissalWillBegin, .dismissalDidEndTrue, .dismissalDidEndFalse, .animate, .startInteractive,
    .interruptibleAnimator, .update, .pause, .finish, .cancel, .completeTrue, .completeFalse, .animationEnded,
    .completion, .controllerWillDismiss, .controllerDidDismiss, .controllerDidAttemptToDismiss,
  ]
  static let appearance: Set<Trigger> = [
    .viewWillAppear, .viewIsAppearing, .viewDidAppear, .viewWillDisappear, .viewDidDisappear,
  ]
  static let alwaysLegal: Set<Trigger> = [.gesture, .mark]
  static let changesCarrier: Set<Trigger> = [
    .animate, .startInteractive, .interruptibleAnimator, .completeTrue, .completeFalse,
  ]
  static let mayBreakTimingRule: Set<Trigger> = [.completeTrue, .completeFalse, .layoutDid, .sizeChange]
  static let onlyMovesDeadlinesLater: Set<Trigger> = [
    .update, .pause, .layoutWill, .layoutDid, .viewWillAppear, .viewIsAppearing, .viewDidAppear,
    .viewWillDisappear, .viewDidDisappear, .sizeChange, .animationEnded, .completion,
  ]
  static let didEnd: Set<Trigger> = [
    .presentationDidEndTrue, .presentationDidEndFalse, .dismissalDidEndTrue, .dismissalDidEndFalse,
  ]
  static let labels: [Trigger: String] = [
    .present: "present", .dismiss: "dismiss", .presentationWillBegin: "presentationTransitionWillBegin",
    .presentationDidEndTrue: "presentationTransitionDidEnd(true)",
    .presentationDidEndFalse: "presentationTransitionDidEnd(false)",
    .dismissalWillBegin: "dismissalTransitionWillBegin",
    .dismissalDidEndTrue: "dismissalTransitionDidEnd(true)",
    .dismissalDidEndFalse: "dismissalTransitionDidEnd(false)", .animate: "animateTransition",
    .startInteractive: "startInteractiveTransition", .interruptibleAnimator: "interruptibleAnimator",
    .update: "updateInteractiveTransition", .pause: "pauseInteractiveTransition",
    .finish: "finishInteractiveTransition", .cancel: "cancelInteractiveTransition",
    .completeTrue: "completeTransition(true)", .completeFalse: "completeTransition(false)",
    .animationEnded: "animationEnded", .completion: "completion",
    .layoutWill: "containerViewWillLayoutSubviews",
    .layoutDid: "containerViewDidLayoutSubviews", .viewWillAppear: "viewWillAppear",
    .viewIsAppearing: "viewIsAppearing", .viewDidAppear: "viewDidAppear",
    .viewWillDisappear: "viewWillDisappear",
    .viewDidDisappear: "viewDidDisappear", .sizeChange: "viewWillTransitionToSize",
    .controllerWillDismiss: "presentationControllerWillDismiss",
    .controllerDidDismiss: "presentationControllerDidDismiss",
    .controllerDidAttemptToDismiss: "presentationControllerDidAttemptToDismiss", .gesture: "pan*",
    .mark: "mark",
  ]

  private static func triggers(where fact: (Trigger) -> Bool) -> Set<Trigger> {
    Set(Trigger.allCases.filter(fact))
  }

  @Test func lifecycleTriggers() { #expect(Self.triggers(where: \.isLifecycle) == Self.lifecycle) }

  @Test func appearanceTriggers() { #expect(Self.triggers(where: \.isAppearance) == Self.appearance) }

  @Test func alwaysLegalTriggers() { #expect(Self.triggers(where: \.isAlwaysLegal) == Self.alwaysLegal) }

  @Test func triggersThatChangeTheGroupCarrier() {
    #expect(Self.triggers(where: Auditor.changesCarrier) == Self.changesCarrier)
  }

  @Test func triggersATimingRuleJudges() {
    #expect(Self.triggers(where: Auditor.mayBreakTimingRule) == Self.mayBreakTimingRule)
  }

  @Test func triggersThatOnlyMoveDeadlinesLater() {
    #expect(
      Self.triggers(where: PresentationSession.onlyMovesDeadlinesLater) == Self.onlyMovesDeadlinesLater)
  }

  @Test func didEndTriggers() { #expect(TransitionReconstructor.didEnds == Self.didEnd) }

  @Test func everyTriggerHasItsLabel() {
    #expect(Self.labels.count == Trigger.allCases.count)
    for trigger in Trigger.allCases { #expect(trigger.label == Self.labels[trigger], "\(trigger)") }
  }
}
