import PresentationRecordingUIKit
import Testing

/// Records every presentation the app makes while `body` runs, through the app-wide hooks into memory, and
/// fails the calling test on any finding, with the trace attached.
@MainActor
func expectCleanPresentations(
  sourceLocation: SourceLocation = #_sourceLocation, during body: () throws -> Void
) rethrows {
  let sink = MemoryTraceSink()
  let live = LiveAuditor()
  let outcome = PresentationHooks.install(
    recording: PresentationRecorder(TraceRecorder(sink: sink, liveAuditor: live)))
  #expect(outcome != .alreadyInstalled, "recording started elsewhere", sourceLocation: sourceLocation)
  defer { PresentationHooks.uninstall() }
  try body()
  live.finish()
  guard !live.findings.isEmpty else { return }
  Attachment.record(sink.text, named: "presentations.jsonl", sourceLocation: sourceLocation)
  for finding in live.findingsByLine {
    Issue.record(
      "line \(finding.line): [\(finding.rule.rawValue)] \(finding.message)", sourceLocation: sourceLocation)
  }
}

// Not in the article: the app under test is the scripted UIKit (`scriptedApp()`), which calls the
// shared hooks where UIKit's hooked methods would.

@Test @MainActor func aSheetPresentedAndSwipedAwayRecordsClean() throws {
  try expectCleanPresentations {
    let app = try scriptedApp()
    for event in ScriptedEpisodes.sheetPresented + ScriptedEpisodes.sheetSwipedAway { app.perform(event) }
  }
  #expect(PresentationHooks.shared.core == nil, "the hooks are out again")
}

@Test @MainActor func aFindingFailsTheTestWithTheTraceAttached() throws {
  try withKnownIssue {
    try expectCleanPresentations {
      let app = try scriptedApp()
      for event in ScriptedEpisodes.sheetPresented { app.perform(event) }
      // The app calls completeTransition on a sheet that has no transition running.
      let recorder = try #require(PresentationHooks.shared.core?.recorder)
      recorder.completeTransition(app.controller("settings"), didComplete: true)
    }
  } matching: { issue in
    issue.comments.contains { $0.rawValue.contains("[event-out-of-phase]") }
  }
}
