import Foundation
import PresentationStateMachine
import Testing

/// Replays a recorded session into your code with the audit alongside; call it from a `@Test`.
func replayCheckoutSession(at path: String) throws {
  var replayer = TraceReplayer(reader: try TraceReader(path: path))
  var coordinator = CheckoutCoordinator()  // your presentation-state reducer
  while let step = replayer.step() {
    coordinator.handle(step.event.kind, id: step.event.id, at: step.virtualTime)
    #expect(step.findings.isEmpty, "line \(step.line): \(step.findings.map(\.message))")
  }
  let presented = replayer.state.presentations.filter { $0.phase == .presented }.map(\.id)
  #expect(coordinator.visibleSheets == presented)
}

// Not in the article: the session replayed, a bundled card presented and dismissed.
@Test func theEventSourcingArticleReplaysASessionIntoACoordinator() throws {
  let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  try replayCheckoutSession(at: root.appendingPathComponent("traces/valid/card-present-dismiss.jsonl").path)
}
