import PresentationRecordingUIKit
import ScriptedUIKit
import Testing

/// What the glue records, and what it leaves alone, on hand-written episodes.
@Suite @MainActor struct GlueBehaviourTests {
  /// The card has the app's custom transition as its transitioning delegate; the alert and the sheet
  /// have none, as in an app.
  static func run() -> RecordedRun {
    RecordedRun(roots: ["root"]) { controller, transition in controller.name == "card" ? transition : nil }
  }

  @Test func aSystemSheetIsRecordedFromOutsideWithoutUIKitsPresentationController() {
    let run = Self.run()
    for event in ScriptedEpisodes.sheetPresented + ScriptedEpisodes.sheetSwipedAway {
      run.uikit.perform(event)
    }
    #expect(
      run.recorded().map(\.kind) == [
        .present, .viewWillAppear, .viewIsAppearing, .viewDidAppear, .completion,
        .presentationControllerWillDismiss, .viewWillDisappear, .viewDidDisappear,
        .presentationControllerDidDismiss,
      ])
    #expect(run.recorded().first?.payload.style == "pageSheet")
    // UIKit's private controller still got every callback: the hooks only watch.
    let system = run.uikit.presentationControllers.first { $0 is SystemPresentationController }
    #expect(system?.received.count == 6)
    #expect((run.live.findings + run.live.finish()).isEmpty)
  }

  /// An alert reports `.custom`, but the app vended no presentation controller: nothing of UIKit's
  /// controller is recorded, and the audit reads it as observed.
  @Test func anAlertIsRecordedFromOutsideThoughItsStyleIsCustom() {
    let run = Self.run()
    for event in ScriptedEpisodes.alert { run.uikit.perform(event) }
    #expect(
      run.recorded().map(\.kind) == [
        .present, .viewWillAppear, .viewIsAppearing, .viewDidAppear, .completion, .dismiss,
        .viewWillDisappear,
        .viewDidDisappear, .completion,
      ])
    #expect((run.live.findings + run.live.finish()).isEmpty)
  }

  /// The app's adaptive delegate gets every call unchanged, still is the controller's delegate on every
  /// call (`delegate === self`), and its dismissal callbacks are recorded from the hook on its class.
  @Test func theAppsAdaptiveDelegateStillReceivesEveryCall() {
    let run = Self.run()
    let episodes =
      ScriptedEpisodes.sheetPresented + ScriptedEpisodes.sheetSwipeCancelledThenRefused
      + ScriptedEpisodes.sheetSwipedAway.map { event in
        var event = event
        event.t += 1
        return event
      }
    for event in episodes { run.uikit.perform(event) }
    #expect(
      run.uikit.sheetDelegate.received == [
        "shouldDismiss", "willDismiss", "shouldDismiss", "didAttemptToDismiss", "shouldDismiss",
        "willDismiss",
        "didDismiss",
      ])
    #expect(
      run.uikit.sheetDelegate.identityHeld.allSatisfy { $0 } && !run.uikit.sheetDelegate.identityHeld.isEmpty)
    let adaptive = run.recorded().map(\.kind).filter {
      [
        .presentationControllerWillDismiss, .presentationControllerDidDismiss,
        .presentationControllerDidAttemptToDismiss,
      ]
      .contains($0)
    }
    #expect(
      adaptive == [
        .presentationControllerWillDismiss, .presentationControllerDidAttemptToDismiss,
        .presentationControllerWillDismiss, .presentationControllerDidDismiss,
      ])
    #expect((run.live.findings + run.live.finish()).isEmpty, "\(run.live.findings.map(\.message))")
  }

  /// The custom card: every callback of the app's presentation controller, animator and interaction
  /// controller and every context call, at the time it was made; the app's animator still gets
  /// `animationEnded`.
  @Test func aCustomCardWithPanToDismissIsRecordedWhole() {
    let run = Self.run()
    for event in ScriptedEpisodes.cardPresentedThenPannedAway { run.uikit.perform(event) }
    let expected = ScriptedEpisodes.cardPresentedThenPannedAway.filter {
      ![.panBegan, .panEnded].contains($0.kind)
    }
    #expect(run.recorded().map(\.kind) == expected.map(\.kind))
    #expect(run.recorded().map(\.t) == expected.map(\.t))
    #expect(run.recorded().map(\.id) == expected.map(\.id))
    #expect((run.live.findings + run.live.finish()).isEmpty)
    #expect(run.uikit.transitions["card"]?.animator.endedWith == [true, true])
  }

  /// A library that calls `completeTransition` twice, and a view controller that gets `viewDidAppear`
  /// without `viewWillAppear` (an override that forgot `super`): recorded as they happened, and the live
  /// auditor reports them.
  @Test func outOfOrderCallbacksAreRecordedAsTheyHappened() {
    let run = Self.run()
    var episode = Array(ScriptedEpisodes.cardPresentedThenPannedAway.prefix(12))
    episode.insert(
      ScriptedEpisodes.event(8.4065, "card", .completeTransition, Payload(didComplete: true)), at: 8)
    episode.removeAll { $0.kind == .viewWillAppear }
    for event in episode { run.uikit.perform(event) }
    #expect(run.recorded().filter { $0.kind == .completeTransition }.count == 2)
    let rules = Set((run.live.findings + run.live.finish()).map(\.rule))
    #expect(rules.contains(.completeTwice))
    #expect(rules.contains(.appearanceUnbalanced))
  }

  /// A view controller deallocated mid-transition gets nothing further recorded, the app's objects still
  /// get their calls, and a new object never gets its id.
  @Test func aDeallocatedViewControllerGetsNothingFurtherRecorded() {
    let sink = MemoryTraceSink()
    let recorder = PresentationRecorder(
      TraceRecorder(sink: sink, clock: VirtualTraceClock(start: 0, step: 0.001)))
    let core = PresentationHookCore(recorder: recorder, installer: StandInHookInstaller())
    let root = ScriptedViewController()
    let transition = ScriptedTransition()
    let context = ScriptedTransitionContext(from: root, to: nil)
    let animator = transition.animator
    var completion: (() -> Void)?
    weak var gone: ScriptedViewController?
    var goneId = ""
    do {
      let card = ScriptedViewController()
      gone = card
      goneId = recorder.ids.id(of: card)
      card.modalPresentationStyle = .custom
      card.transitioningDelegate = transition
      completion = core.willPresent(card, from: root, animated: true, completion: nil).completion
      core.vended(animator: animator, for: card)
      core.animateTransition(animator, using: context)
      animator.animateTransition(using: context)
    }
    #expect(gone == nil)
    let before = sink.lines.count
    core.transitionContext(context, .updateInteractiveTransition(percent: 0.5))
    context.updateInteractiveTransition(0.5)
    core.transitionContext(context, .completeTransition(didComplete: true))
    context.completeTransition(true)
    core.animationEnded(animator, completed: true)
    animator.animationEnded(true)
    completion?()
    #expect(sink.lines.count == before)
    #expect(context.calls == ["update 0.5", "complete true"])
    #expect(transition.animator.endedWith == [true])
    let next = ScriptedViewController()
    core.appearance(.viewWillAppear, of: next, animated: true)
    #expect(goneId == "ScriptedViewController#1")
    #expect(recorder.ids.id(of: next) == "ScriptedViewController#2")
  }

  /// A navigation stack's pages get appearance callbacks too: only presentations and roots are recorded,
  /// and a page presenting names its presentation as the presenter.
  @Test func childViewControllersAreNotRecorded() {
    let sink = MemoryTraceSink()
    let recorder = PresentationRecorder(TraceRecorder(sink: sink, clock: VirtualTraceClock()))
    let core = PresentationHookCore(recorder: recorder, installer: StandInHookInstaller())
    let root = ScriptedViewController()
    let navigation = ScriptedViewController()
    let page = ScriptedViewController()
    page.scriptedParent = navigation
    navigation.modalPresentationStyle = .formSheet
    _ = core.willPresent(navigation, from: root, animated: true, completion: nil)
    core.appearance(.viewWillAppear, of: page, animated: true)
    core.appearance(.viewWillAppear, of: navigation, animated: true)
    _ = core.willPresent(ScriptedViewController(), from: page, animated: true, completion: nil)
    let events = TraceReader(bytes: Array(sink.text.utf8)).compactMap { record -> Event? in
      if case .event(let event, _) = record { event } else { nil }
    }
    #expect(events.map(\.kind) == [.present, .viewWillAppear, .present])
    #expect(
      events.map(\.id) == [
        "ScriptedViewController#1", "ScriptedViewController#1", "ScriptedViewController#2",
      ])
    #expect(events.first?.payload.presenter == "root")
    #expect(events.last?.payload.presenter == "ScriptedViewController#1")
  }

  /// The kinds of interruptible transitions (an interruptible animator, a running start, a pause after
  /// finish) are played and recorded like the others: the recording equals the episode restricted to what
  /// the glue records, and audits clean.
  @Test func anInterruptibleCardIsRecordedWhole() {
    let run = RecordedRun(roots: ["root"])
    for event in ScriptedEpisodes.interruptibleCard { run.uikit.perform(event) }
    let expected = GlueView.recordable(ScriptedEpisodes.interruptibleCard)
    let recorded = run.recorded()
    #expect(recorded.count == expected.count)
    for (recorded, expected) in zip(recorded, expected) {
      #expect(GlueView.aligned(recorded, to: expected) == expected)
    }
    #expect(recorded.first { $0.kind == .startInteractiveTransition }?.payload.wantsInteractiveStart == false)
    #expect((run.live.findings + run.live.finish()).isEmpty, "\(run.live.findings.map(\.message))")
  }

  /// SwiftUI (or the app) sets a presentation controller's delegate after the presentation: the setter
  /// hook passes it through and hooks its class; it gets every call, and is recorded.
  @Test func aDelegateSetAfterThePresentationStillGetsEveryCallAndIsRecorded() {
    let run = Self.run()
    for event in ScriptedEpisodes.sheetPresented { run.uikit.perform(event) }
    let controller = run.uikit.controllers["settings"]?.presentationController
    let late = ScriptedSheetDelegate()
    run.uikit.setDelegate(late, on: controller)
    #expect(controller?.delegate === late)
    for event in ScriptedEpisodes.sheetSwipedAway { run.uikit.perform(event) }
    #expect(late.received == ["shouldDismiss", "willDismiss", "didDismiss"])
    #expect(run.uikit.sheetDelegate.received.isEmpty)
    #expect(run.recorded().map(\.kind).contains(.presentationControllerDidDismiss))
    #expect((run.live.findings + run.live.finish()).isEmpty)
  }
}
