import Foundation
import PresentationRecordingUIKit
import ScriptedUIKit
import Testing

/// The glue leaves the app's behaviour unchanged and records what happened: one test per way an earlier
/// glue (wrappers in place of UIKit's and the app's objects, hooks on `UIViewController` itself) changed
/// what the app does or recorded a wrong trace.
@Suite @MainActor struct GlueFidelityTests {
  static func card() -> RecordedRun {
    RecordedRun(roots: ["root"]) { controller, transition in controller.name == "card" ? transition : nil }
  }

  // MARK: 1. No object is substituted

  /// UIKit's percent-driven interaction reaches the animator through the context's private API: it must
  /// be handed UIKit's own context, which only hooks (not a wrapper) leave in place.
  @Test func aPercentDrivenInteractionGetsUIKitsOwnContext() {
    let run = Self.card()
    run.uikit.controller("card")
    run.uikit.transitions["card"]?.percentDriven = true
    for event in ScriptedEpisodes.cardPresentedThenPannedAway { run.uikit.perform(event) }
    let transition = run.uikit.transitions["card"]
    #expect(transition?.percentDrivenInteractor.drovePrivateContext == [true])
    #expect(transition?.receivedForeignAnimator == false)
    // UIKit's percent-driven class made the context calls, and each was recorded once.
    let updates = run.recorded().filter { $0.kind == .updateInteractiveTransition }
    #expect(updates.map(\.payload.percent) == [0.2, 0.45, 0.6])
    #expect(run.recorded().filter { $0.kind == .finishInteractiveTransition }.count == 1)
    #expect((run.live.findings + run.live.finish()).isEmpty, "\(run.live.findings.map(\.message))")
  }

  /// The app's adaptive delegate stays the delegate: `delegate === self` holds on every call, and a sheet
  /// the app gave no delegate still has none (`if pc.delegate == nil` runs as written).
  @Test func theAdaptiveDelegateKeepsItsIdentityAndNilStaysNil() {
    let run = Self.card()
    for event in ScriptedEpisodes.sheetPresented + ScriptedEpisodes.sheetSwipedAway {
      run.uikit.perform(event)
    }
    #expect(run.uikit.sheetDelegate.identityHeld == [true, true, true])
    for event in ScriptedEpisodes.alert { run.uikit.perform(event) }
    #expect(run.uikit.controllers["alert"]?.scriptedPresentationController?.delegate == nil)
  }

  /// A library puts its own delegate in front of the app's and calls the app's from it: each dismissal
  /// callback is recorded once (from the delegate UIKit called), not once per delegate class hooked.
  @Test func aLibraryChainingDelegatesRecordsEachCallbackOnce() {
    let run = Self.card()
    for event in ScriptedEpisodes.sheetPresented { run.uikit.perform(event) }
    let controller = run.uikit.controllers["settings"]?.scriptedPresentationController
    let library = ChainingSheetDelegate(next: run.uikit.sheetDelegate)
    run.uikit.setDelegate(library, on: controller)
    for event in ScriptedEpisodes.sheetSwipedAway { run.uikit.perform(event) }
    #expect(run.uikit.sheetDelegate.received == ["shouldDismiss", "willDismiss", "didDismiss"])
    let adaptive = run.recorded().filter {
      $0.kind == .presentationControllerWillDismiss || $0.kind == .presentationControllerDidDismiss
    }
    #expect(adaptive.map(\.kind) == [.presentationControllerWillDismiss, .presentationControllerDidDismiss])
    #expect((run.live.findings + run.live.finish()).isEmpty, "\(run.live.findings.map(\.message))")
  }

  // MARK: 2. No hook traps

  /// A hooked method called off the main thread goes to UIKit unrecorded, counted, instead of trapping.
  @Test func aCallOffTheMainThreadPassesThroughUnrecordedAndIsLoggedOnce() {
    final class Logged: @unchecked Sendable { var lines: [String] = [] }
    let logged = Logged()
    nonisolated(unsafe) let main = Thread.current
    let gate = MainThreadGate(isMainThread: { Thread.current == main }, log: { logged.lines.append($0) })
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var admitted: [Bool] = []
    Thread.detachNewThread {
      admitted = [gate.admits("presentViewController:animated:completion:"), gate.admits()]
      done.signal()
    }
    done.wait()
    #expect(admitted == [false, false])
    #expect(gate.refusedCalls == 2)
    #expect(logged.lines.count == 1)
    #expect(logged.lines.first?.contains("presentViewController:animated:completion:") == true)
    #expect(gate.admits())
    #expect(gate.refusedCalls == 2)
  }

  // MARK: 3. Appearance is recorded when UIKit calls the app's class

  /// An app that presents onboarding in `viewDidAppear` before calling `super`, and an override that never
  /// calls `super`: the appearance callback is recorded before the app's code runs, so the presentation
  /// it makes follows it, and nothing reads as presenting during a transition.
  @Test func appearanceIsRecordedBeforeTheAppsOverrideWhetherOrNotItCallsSuper() {
    let run = Self.card()
    let settings = run.uikit.controller("settings")
    var presentedOnboarding = false
    settings.onAppearance = { callback in
      guard callback == .viewDidAppear, !presentedOnboarding else { return }
      presentedOnboarding = true
      run.uikit.perform(
        ScriptedEpisodes.event(
          1.4015, "onboarding", .present, Payload(presenter: "settings", style: "formSheet")))
    }
    for event in ScriptedEpisodes.sheetPresented { run.uikit.perform(event) }
    let kinds = run.recorded().map { "\($0.id) \($0.kind)" }
    let appeared = kinds.firstIndex(of: "settings viewDidAppear")
    let onboarding = kinds.firstIndex(of: "onboarding present")
    #expect(appeared != nil && onboarding != nil && appeared! < onboarding!)
    #expect(!run.live.findings.contains { $0.rule == .presentWhileTransitioning })
  }

  // MARK: 4. Installed at launch, with what is already on screen

  /// A login screen presented before the hooks were installed (state restoration): it becomes the scene's
  /// root, what it presents is recorded, and its own dismissal (never seen requested) is not.
  @Test func chainsThatExistAtInstallBecomeRoots() {
    let sink = MemoryTraceSink()
    let live = LiveAuditor()
    let recorder = PresentationRecorder(
      TraceRecorder(sink: sink, clock: VirtualTraceClock(), liveAuditor: live))
    let installer = StandInHookInstaller()
    let hooks = PresentationHooks(installer: installer) { _ in }
    let window = ScriptedViewController(name: "window")
    let login = ScriptedViewController(name: "login")
    window.scriptedPresented = login
    login.scriptedPresenting = window
    hooks.install(recording: recorder, existingRoots: [window])
    let core = hooks.core
    #expect(recorder.ids.isRoot(login))
    #expect(!recorder.ids.isRoot(window))
    let help = ScriptedViewController(name: "help")
    help.modalPresentationStyle = .formSheet
    if let request = core?.willPresent(help, from: login, animated: true, completion: nil) {
      core?.requestReturned(request)
      request.completion?()
    }
    let dismissal = core?.willDismiss(from: window, animated: true, completion: nil)
    #expect(dismissal?.completion == nil)
    #expect(sink.lines.count == 2)
    #expect(sink.text.contains(#""presenter":"root""#))
    #expect((live.findings + live.finish()).isEmpty, "\(live.findings.map(\.message))")
  }

  // MARK: 5. A presentation ends with its dismissal

  /// A sheet dismissed and later reused as a pushed page: its appearance as a page is not recorded under
  /// its old presentation id.
  @Test func aDismissedControllerReusedAsAPageIsNotRecorded() {
    let run = Self.card()
    for event in ScriptedEpisodes.alert { run.uikit.perform(event) }
    let count = run.recorded().count
    let alert = run.uikit.controller("alert")
    let navigation = ScriptedViewController(name: "navigation")
    alert.scriptedParent = navigation
    run.uikit.perform(ScriptedEpisodes.event(9, "alert", .viewWillAppear, Payload(animated: true)))
    run.uikit.perform(ScriptedEpisodes.event(9.1, "alert", .viewDidAppear, Payload(animated: true)))
    #expect(run.recorded().count == count)
    // A presentation whose end the glue never saw (a system style swiped away with no adaptive delegate)
    // ends when it shows up inside another controller.
    for event in ScriptedEpisodes.cardPresentedThenPannedAway.prefix(12) { run.uikit.perform(event) }
    let card = run.uikit.controller("card")
    card.scriptedParent = navigation
    let before = run.recorded().count
    run.uikit.perform(ScriptedEpisodes.event(12, "card", .viewWillAppear, Payload(animated: true)))
    #expect(run.recorded().count == before)
    #expect(!run.live.findings.contains { $0.rule == .unknownPresentation })
  }

  // MARK: 6. Context presentations

  /// Two tabs that define their presentation context each present over it at once: each presentation
  /// stacks on its own tab, recorded as a root of its own (`root:` and the tab's id), so neither is busy.
  @Test func contextPresentationsInTwoTabsStackOnTheirOwnTabs() {
    let run = Self.card()
    let tabs = run.uikit.controller("root")
    let first = ScriptedViewController(name: "firstTab")
    let second = ScriptedViewController(name: "secondTab")
    for tab in [first, second] {
      tab.scriptedParent = tabs
      tab.definesPresentationContext = true
    }
    let core = run.core
    for (index, (tab, name)) in [(first, "firstDetail"), (second, "secondDetail")].enumerated() {
      let detail = ScriptedViewController(name: name)
      detail.modalPresentationStyle = .overCurrentContext
      run.clock.set(Double(index))
      let request = core.willPresent(detail, from: tab, animated: true, completion: nil)
      core.requestReturned(request)
      core.appearance(.viewWillAppear, of: detail, animated: true)
      core.appearance(.viewDidAppear, of: detail, animated: true)
      request.completion?()
    }
    let presenters = run.recorded().filter { $0.kind == .present }.map(\.payload.presenter)
    #expect(presenters == ["root:firstTab", "root:secondTab"])
    #expect((run.live.findings + run.live.finish()).isEmpty, "\(run.live.findings.map(\.message))")
  }

  // MARK: 7. Nothing read before UIKit creates it

  /// Neither the request hook nor the appearance hook reads `presentationController` before UIKit's
  /// `present` created it (on a device, that read creates it early and can turn an action sheet into a
  /// popover); the style UIKit resolved is read once it exists.
  @Test func presentationControllersAreReadOnlyOnceUIKitCreatedThem() {
    let run = Self.card()
    let alert = run.uikit.controller("alert")
    for event in ScriptedEpisodes.alert { run.uikit.perform(event) }
    #expect(alert.earlyPresentationControllerReads == 0)
    let automatic = ScriptedEpisodes.sheetPresented.map { event in
      var event = event
      if event.kind == .present { event.payload.style = "automatic" }
      return event
    }
    for event in automatic { run.uikit.perform(event) }
    let appear = run.recorded().first { $0.id == "settings" && $0.kind == .viewWillAppear }
    #expect(run.recorded().first { $0.id == "settings" }?.payload.style == "automatic")
    #expect(appear?.payload.resolvedStyle == "pageSheet")
  }

  // MARK: 9. Lifetimes

  /// The glue holds the app's transitioning delegate, animator and interaction controller weakly: once
  /// the app lets them go (the card is gone), they are deallocated.
  @Test func theAppsTransitionObjectsAreNotKeptAlive() {
    let run = Self.card()
    weak var transition: ScriptedTransition?
    weak var card: ScriptedViewController?
    do {
      for event in ScriptedEpisodes.cardPresentedThenPannedAway { run.uikit.perform(event) }
      transition = run.uikit.transitions["card"]
      card = run.uikit.controllers["card"]
      run.uikit.forget("card")
    }
    #expect(transition == nil)
    _ = card
  }

  // MARK: 10. One install per process, and an uninstall

  /// A second install does nothing; after `uninstall()` nothing is recorded and no class stays hooked,
  /// and a new install records again.
  @Test func installIsIdempotentAndUninstallStopsRecording() {
    let sink = MemoryTraceSink()
    let recorder = PresentationRecorder(TraceRecorder(sink: sink, clock: VirtualTraceClock()))
    let installer = StandInHookInstaller()
    let hooks = PresentationHooks(installer: installer) { _ in }
    #expect(hooks.install(recording: recorder) == .installed)
    #expect(hooks.install(recording: recorder) == .alreadyInstalled)
    let root = ScriptedViewController(name: "root")
    let sheet = ScriptedViewController(name: "sheet")
    _ = hooks.core?.willPresent(sheet, from: root, animated: true, completion: nil)
    #expect(installer.isHooked(sheet, as: .viewController))
    hooks.uninstall()
    #expect(hooks.core == nil)
    #expect(!installer.isHooked(sheet, as: .viewController))
    #expect(sink.lines.count == 1)
    #expect(hooks.install(recording: recorder) == .installed)
  }

  /// A KVO-observed object's runtime class is a subclass the runtime made: the class it reports is the
  /// one hooked, so its calls are recorded once.
  @Test func anObservedInstanceIsHookedOnTheClassItReports() {
    let installer = StandInHookInstaller { ($0 as? ObservedViewController)?.reportedClass ?? type(of: $0) }
    let sink = MemoryTraceSink()
    let recorder = PresentationRecorder(TraceRecorder(sink: sink, clock: VirtualTraceClock()))
    let core = PresentationHookCore(recorder: recorder, installer: installer)
    let observed = ObservedViewController(name: "observed")
    _ = core.willPresent(
      observed, from: ScriptedViewController(name: "root"), animated: true, completion: nil)
    #expect(installer.hookedClasses.map(\.className).contains("ScriptedViewController"))
    #expect(installer.isHooked(observed, as: .viewController))
  }
}

/// A library's adaptive delegate that stands in front of the app's and calls it (as a coordinator library
/// chaining delegates does).
@MainActor
final class ChainingSheetDelegate: NSObject, UIAdaptivePresentationControllerDelegate {
  let next: any UIAdaptivePresentationControllerDelegate

  init(next: any UIAdaptivePresentationControllerDelegate) {
    self.next = next
    super.init()
  }

  func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool {
    next.presentationControllerShouldDismiss(presentationController)
  }
  func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {
    next.presentationControllerWillDismiss(presentationController)
  }
  func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
    next.presentationControllerDidDismiss(presentationController)
  }
}

/// A view controller observed with KVO: the runtime made a subclass of its class, which it still reports.
@MainActor
final class ObservedViewController: ScriptedViewController {
  nonisolated var reportedClass: AnyClass { ScriptedViewController.self }
}
