import PresentationRecordingUIKit

/// The app's presentation trace: tmp/presentation.jsonl, flushed every 0.5 s, audited live in debug builds.
enum PresentationTrace {
  static let recorder: PresentationRecorder? = {
    let path = NSTemporaryDirectory() + "presentation.jsonl"
    let sink: FileTraceSink
    do {
      sink = try FileTraceSink(path: path, flushInterval: 0.5) { error in
        print("presentation trace: \(error)")  // a background flush failed (disk full, file deleted)
      }
    } catch {
      print("presentation trace off: \(error)")  // cannot create the file: the app runs on without it
      return nil
    }
    #if DEBUG
      let live: LiveAuditor? = LiveAuditor { finding in
        let text = "[\(finding.rule.rawValue)] line \(finding.line): \(finding.message)"
        print("presentation trace: \(text)")
        if finding.severity == .error { assertionFailure(text) }
      }
    #else
      let live: LiveAuditor? = nil
    #endif
    let header = TraceHeader(metadata: [("app", .string("Cards"))])
    let trace = TraceRecorder(sink: sink, header: header, liveAuditor: live) { error in
      print("presentation trace: \(error)")  // an invalid event, or the recording stopped
    }
    return PresentationRecorder(trace)
  }()
}
