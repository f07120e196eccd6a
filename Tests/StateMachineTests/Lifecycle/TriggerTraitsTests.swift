import Testing

@testable import PresentationStateMachine

/// What each per-trigger fact answers, written out trigger by trigger: the sets were copied from the
/// switches that answered them before the facts became the rows of `Trigger.traits`, so a row that changes
/// shows here as a named trigger.
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
  static let timed: Set<Trigger> = [.completeTrue, .completeFalse, .layoutDid, .sizeChange]
  static let movesDeadlinesOnlyLater: Set<Trigger> = [
    .update, .pause, .layoutWill, .layoutDid, .viewWillAppear, .viewIsAppearing, .viewDidAppear,
    .viewWillDisappear, .viewDidDisappear, .sizeChange, .animationEnded, .completion,
  ]
  static let changesOnlyTimes: Set<Trigger> = [
    .update, .animationEnded, .layoutWill, .layoutDid, .viewWillAppear, .viewIsAppearing, .viewDidAppear,
    .viewDidDisappear, .sizeChange, .controllerDidDismiss, .controllerDidAttemptToDismiss, .gesture, .mark,
  ]
  static let changesSideTracks: Set<Trigger> = [
    .layoutWill, .layoutDid, .viewWillAppear, .viewIsAppearing, .viewDidAppear, .viewWillDisappear,
    .viewDidDisappear,
  ]
  static let completeTransition: Set<Trigger> = [.completeTrue, .completeFalse]
  static let animator: Set<Trigger> = [.animate, .startInteractive, .interruptibleAnimator]
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

  private static func triggers(with trait: Trigger.Traits) -> Set<Trigger> {
    triggers { $0.traits.contains(trait) }
  }

  @Test func lifecycleTriggers() { #expect(Self.triggers(where: \.isLifecycle) == Self.lifecycle) }

  @Test func appearanceTriggers() { #expect(Self.triggers(where: \.isAppearance) == Self.appearance) }

  @Test func alwaysLegalTriggers() { #expect(Self.triggers(where: \.isAlwaysLegal) == Self.alwaysLegal) }

  @Test func theQueriesReadTheirTraits() {
    #expect(Self.triggers(with: .lifecycle) == Self.lifecycle)
    #expect(Self.triggers(with: .appearance) == Self.appearance)
    #expect(Self.triggers(with: .alwaysLegal) == Self.alwaysLegal)
  }

  @Test func triggersThatChangeTheGroupCarrier() {
    #expect(Self.triggers(where: Auditor.changesCarrier) == Self.changesCarrier)
  }

  @Test func triggersATimingRuleJudges() { #expect(Self.triggers(with: .timed) == Self.timed) }

  @Test func triggersWhoseStayChangesOnlyTimes() {
    #expect(Self.triggers(with: .changesOnlyTimes) == Self.changesOnlyTimes)
    #expect(Self.triggers(where: PresentationLifecycle.staysWithTimesOnly) == Self.changesOnlyTimes)
  }

  @Test func triggersThatOnlyMoveDeadlinesLater() {
    #expect(Self.triggers(with: .movesDeadlinesOnlyLater) == Self.movesDeadlinesOnlyLater)
  }

  @Test func triggersWhoseSideTrackChangesWhatItRemembers() {
    #expect(Self.triggers(with: .changesSideTracks) == Self.changesSideTracks)
  }

  /// The quiet stay checks the side tracks in place for a trigger without `changesSideTracks`: such a
  /// check must leave them as they were, whether it finds a rule or not, from any state they can be in.
  @Test func aSideTrackWithoutTheTraitOnlyReads() {
    typealias Lifecycle = PresentationLifecycle
    let layout = Lifecycle.OpenLayoutPass(line: 3, t: 1.5)
    var states: [Lifecycle.SideTracks] = [Lifecycle.SideTracks()]
    for pending in [nil, .viewWillAppear, .viewWillDisappear] as [Trigger?] {
      for (open, nested) in [(nil, 0), (layout, 0), (layout, 2)] as [(Lifecycle.OpenLayoutPass?, Int)] {
        var tracks = Lifecycle.SideTracks()
        tracks.openLayout = open
        tracks.nestedLayoutWills = nested
        tracks.pendingAppearance = pending.map { .init(trigger: $0, line: 4, t: 1.6) }
        states.append(tracks)
      }
    }
    var (checks, rules) = (0, 0)
    for trigger in Trigger.allCases where !trigger.traits.contains(.changesSideTracks) {
      for tracks in states {
        for phase in Phase.allCases {
          for percent in [nil, 0.5, 1.5] as [Double?] {
            let event = CompactEvent(
              Event(t: 2, id: "p", kind: .updateInteractiveTransition, payload: Payload(percent: percent)))
            var checked = tracks
            let (rule, _) = PresentationLifecycle.checkSideTracks(
              trigger, &checked, phase: phase, event: event, line: 9, reported: 0)
            #expect(checked == tracks, "\(trigger) in \(phase)")
            checks += 1
            if rule != nil { rules += 1 }
          }
        }
      }
    }
    // An update out of range is among them: a rule found without a change.
    #expect(checks > 1_000)
    #expect(rules > 0)
  }

  @Test func didEndTriggers() { #expect(Self.triggers(with: .didEnd) == Self.didEnd) }

  @Test func completeTransitionTriggers() {
    #expect(Self.triggers(with: .completeTransition) == Self.completeTransition)
  }

  @Test func animatorTriggers() { #expect(Self.triggers(with: .animator) == Self.animator) }

  /// Sets of triggers are one word, bit `rawValue` (a transition's `seen`, the quiet stay's mask), set and
  /// tested with masking shifts: a 65th trigger would alias the first.
  @Test func everyTriggerHasABitOfAWord() {
    #expect(Trigger.allCases.count <= UInt64.bitWidth)
    #expect(Trigger.allCases.map(\.rawValue) == Array(0..<Trigger.allCases.count))
  }

  @Test func everyTriggerHasItsLabel() {
    #expect(Self.labels.count == Trigger.allCases.count)
    for trigger in Trigger.allCases { #expect(trigger.label == Self.labels[trigger], "\(trigger)") }
  }
}
