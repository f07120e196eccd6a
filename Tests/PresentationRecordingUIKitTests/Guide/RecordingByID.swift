import Foundation
import PresentationStateMachine

func makePresentationRecorder() throws -> TraceRecorder {
  let path = FileManager.default.temporaryDirectory.appendingPathComponent("presentation.jsonl").path
  let sink = try FileTraceSink(path: path, flushInterval: 0.5) { error in
    print("presentation trace: \(error)")  // a background flush failed: disk full, file deleted
  }
  let live = LiveAuditor { finding in  // optional
    print("presentation trace: [\(finding.rule.rawValue)] line \(finding.line): \(finding.message)")
    if finding.severity == .error { assertionFailure(finding.message) }  // warnings are common in debug
  }
  let header = TraceHeader(metadata: [("app", .string("Cards"))])
  return TraceRecorder(sink: sink, header: header, liveAuditor: live) { error in
    print("presentation trace: \(error)")  // an invalid event, or the recording stopped
  }
}

// In the presentation controller, the animator, the interaction controller, by id (or with the typed
// calls of PresentationRecorder, or not at all: PresentationRecordingUIKit's hooks record them):
func recordCard(_ recorder: TraceRecorder, duration: Double, wasCancelled: Bool) {
  recorder.record(.presentationTransitionWillBegin, id: "card")
  recorder.record(.animateTransition, id: "card", Payload(duration: duration))
  recorder.record(.completeTransition, id: "card", Payload(didComplete: !wasCancelled))
}
