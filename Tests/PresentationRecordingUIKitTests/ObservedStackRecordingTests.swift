import PresentationStateMachine
import Testing

/// Stacked presentations observed from outside (<doc:Rules#Presentations-observed-from-outside>), recorded
/// through the glue: a presenter's appearance callbacks are a presenter's only while it presents a live
/// presentation, so a sheet's own dismissal after the presentation it presented has gone is read as its own.
@Suite struct ObservedStackRecordingTests {
  /// A form sheet presents an over-full-screen editor, the editor is dismissed, then the sheet is
  /// dismissed: both observed from outside. The sheet's own `viewWillDisappear` begins its dismissal.
  static let trace = """
    {"t":1.0,"id":"card","event":"present","presenter":"root","animated":true,"style":"formSheet"}
    {"t":1.001,"id":"card","event":"viewWillAppear","animated":true}
    {"t":1.4,"id":"card","event":"viewDidAppear","animated":true}
    {"t":1.401,"id":"card","event":"completion"}
    {"t":2.0,"id":"editor","event":"present","presenter":"card","animated":false,"style":"overFullScreen"}
    {"t":2.001,"id":"editor","event":"viewWillAppear","animated":false}
    {"t":2.002,"id":"editor","event":"viewDidAppear","animated":false}
    {"t":2.003,"id":"editor","event":"completion"}
    {"t":3.0,"id":"editor","event":"dismiss","animated":false}
    {"t":3.001,"id":"editor","event":"viewWillDisappear","animated":false}
    {"t":3.002,"id":"editor","event":"viewDidDisappear","animated":false}
    {"t":3.003,"id":"editor","event":"completion"}
    {"t":4.0,"id":"card","event":"dismiss","animated":false}
    {"t":4.001,"id":"card","event":"viewWillDisappear","animated":false}
    {"t":4.002,"id":"card","event":"viewDidDisappear","animated":false}
    {"t":4.003,"id":"card","event":"completion"}

    """

  @MainActor
  @Test func anObservedDismissalAfterTheSheetPresentedAnotherIsRecordedAndAuditsClean() {
    let episode = TraceReader(bytes: Array(Self.trace.utf8)).compactMap { record in
      if case .event(let event, _) = record { event } else { nil }
    }
    let run = RecordedRun(roots: ["root"])
    run.uikit.play(episode)
    let recorded = run.recorded()
    #expect(recorded.map { GlueView.normalized($0) } == GlueView.recordable(episode))
    #expect(recorded.count == episode.count)
    let findings = run.live.findings + run.live.finish()
    #expect(findings.isEmpty, "\(findings.map(\.message))")
  }
}
