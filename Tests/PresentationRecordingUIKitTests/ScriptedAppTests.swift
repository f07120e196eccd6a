import PresentationRecordingUIKit
import ScriptedUIKit
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A scripted app with system sheets (presented, a swipe let go, a refused swipe, a swipe that
/// dismisses), an alert later reused as a pushed page, a custom card presented with the app's transition
/// and dismissed by a pan through `UIPercentDrivenInteractiveTransition`, a SwiftUI sheet, and two tabs
/// each presenting over their own context at once, recorded through the guide's quick start word for
/// word (no line for the custom transition), on the system clock; the launch's trace file audits clean.
///
/// The shared hooks are app-wide, like UIKit's methods: each test that installs them takes them out again,
/// so the testing guide's tests can install their own.
@Suite @MainActor struct ScriptedAppTests {
  /// SwiftUI's host of a `.sheet`: its content type is erased, so every SwiftUI sheet has this class.
  final class PresentationHostingController<Content>: ScriptedViewController {}
  /// SwiftUI's type-erased view, as the hosting controller's generic argument.
  struct AnyView {}

  @Test func theQuickStartRecordsAWholeScriptedAppAndItsTraceAuditsClean() throws {
    let folder = LaunchTraceStore(directory: PresentationHooks.defaultTraceFolder)
    let before = Set(folder.traces())
    #expect(AppDelegate().application(UIApplication(), didFinishLaunchingWithOptions: nil))
    defer { PresentationHooks.uninstall() }
    let recorder = try #require(PresentationHooks.shared.core?.recorder)
    let installer = try #require(PresentationHooks.shared.installer as? StandInHookInstaller)
    let uikit = ScriptedUIKit(
      roots: ["root"], recorder: recorder, installer: installer, hooks: { PresentationHooks.shared.core },
      transitioningDelegate: { card, cardTransition in card.name == "card" ? cardTransition : nil })
    // The app runs in real time: each callback comes as long after the one before as in the episode,
    // except that idle time between user actions is cut short.
    var previous: Double?
    uikit.clockSetter = { t in
      if let previous, t > previous { usleep(useconds_t(min(t - previous, 0.5) * 1_000_000)) }
      previous = t
    }
    // The card's pan drives UIKit's percent-driven interaction; a SwiftUI sheet is hosted by SwiftUI's
    // controller; two tabs define their presentation context; the alert, once dismissed, is reused as a
    // pushed page.
    uikit.controller("card")
    uikit.transitions["card"]?.percentDriven = true
    uikit.add(PresentationHostingController<AnyView>(name: nil), as: "swiftUISheet")
    let tabs = uikit.controller("root")
    for name in ["firstTab", "secondTab"] {
      let tab = uikit.controller(name)
      tab.scriptedParent = tabs
      tab.definesPresentationContext = true
    }
    let app =
      ScriptedEpisodes.sheetPresented + ScriptedEpisodes.sheetSwipeCancelledThenRefused
      + ScriptedEpisodes.sheetSwipedAway + ScriptedEpisodes.alert
      + ScriptedEpisodes.cardPresentedThenPannedAway + ScriptedEpisodes.swiftUISheet
      + ScriptedEpisodes.contextPresentationsInTwoTabs
    for event in app { uikit.perform(event) }
    let alert = uikit.controller("alert")
    alert.scriptedParent = uikit.controller("navigation")
    for event in ScriptedEpisodes.pageAppearing("alert", at: 40) { uikit.perform(event) }
    try recorder.flush()
    #expect(uikit.transitions["card"]?.percentDrivenInteractor.drovePrivateContext == [true])

    let path = try #require(folder.traces().first { !before.contains($0) })
    let report = FileReport.audit(path: path)
    #expect(report.inputErrors.isEmpty)
    #expect(report.findings.isEmpty, "\(report.findings.map { "line \($0.line): \($0.message)" })")
    // The launch's header says which app, OS and device recorded it.
    let header = try String(contentsOfFile: path, encoding: .utf8).prefix { $0 != "\n" }
    for key in ["appVersion", "appBuild", "osVersion", "deviceModel", "recordedAt"] {
      #expect(header.contains("\"\(key)\":"), "header: \(header)")
    }
    let events = TraceReader(bytes: Array((try String(contentsOfFile: path, encoding: .utf8)).utf8))
      .compactMap {
        record -> Event? in
        if case .event(let event, _) = record { event } else { nil }
      }
    #expect(events.count == recorder.trace.recordedEvents)
    let ids = Dictionary(grouping: events, by: \.id).mapValues { $0.map(\.kind) }
    // The sheet, the alert, the card, the SwiftUI sheet and the two tabs' details.
    #expect(ids.count == 6)
    #expect(ids.keys.contains("PresentationHostingController<AnyView>#1"))
    let presenters = events.filter { $0.kind == .present }.compactMap(\.payload.presenter)
    #expect(presenters.filter { $0.hasPrefix("root:") }.count == 2)
    // The card's own presentation controller is recorded, UIKit's of the sheet and the alert never.
    let withController = ids.filter { $0.value.contains(.presentationTransitionWillBegin) }
    #expect(withController.count == 1)
    #expect(withController.first?.value.contains(.finishInteractiveTransition) == true)
    #expect(events.first?.payload.style == "pageSheet")

    // Recording again does nothing: the first trace goes on, and no second file is created.
    let count = folder.traces().count
    #expect(PresentationHooks.startRecording { _ in } == nil)
    #expect(folder.traces().count == count)
    #expect(PresentationHooks.install(recording: recorder) == .alreadyInstalled)
  }
}
