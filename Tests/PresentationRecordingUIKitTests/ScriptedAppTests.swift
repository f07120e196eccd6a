import PresentationRecordingUIKit
import ScriptedUIKit
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A scripted app with system sheets (presented, a swipe let go, a refused swipe, a swipe that
/// dismisses), an alert, and a custom card presented with the app's transition and dismissed by a pan,
/// recorded through the guide's quick start word for word (no line for the custom transition), on the
/// system clock; the launch's trace file audits clean.
///
/// This is the only test that installs the shared hooks (they are app-wide, like UIKit's methods).
@Suite @MainActor struct ScriptedAppTests {
  @Test func theQuickStartRecordsAWholeScriptedAppAndItsTraceAuditsClean() throws {
    let folder = LaunchTraceStore(directory: PresentationHooks.defaultTraceFolder)
    let before = Set(folder.traces())
    #expect(AppDelegate().application(UIApplication(), didFinishLaunchingWithOptions: nil))
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
    let app =
      ScriptedEpisodes.sheetPresented + ScriptedEpisodes.sheetSwipeCancelledThenRefused
      + ScriptedEpisodes.sheetSwipedAway + ScriptedEpisodes.alert
      + ScriptedEpisodes.cardPresentedThenPannedAway
    for event in app { uikit.perform(event) }
    try recorder.flush()

    let path = try #require(folder.traces().first { !before.contains($0) })
    let report = FileReport.audit(path: path)
    #expect(report.inputErrors.isEmpty)
    #expect(report.findings.isEmpty, "\(report.findings.map { "line \($0.line): \($0.message)" })")
    let events = TraceReader(bytes: Array((try String(contentsOfFile: path, encoding: .utf8)).utf8))
      .compactMap {
        record -> Event? in
        if case .event(let event, _) = record { event } else { nil }
      }
    #expect(events.count == recorder.trace.recordedEvents)
    let ids = Dictionary(grouping: events, by: \.id).mapValues { $0.map(\.kind) }
    #expect(ids.count == 3)
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
