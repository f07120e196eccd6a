import PresentationRecordingUIKit
import ScriptedUIKit

/// One recording: a hook core on a virtual clock writing to memory with a live auditor, and the scripted
/// UIKit that drives it. View controllers are named by their episode ids through the naming closure.
@MainActor
final class RecordedRun {
  let clock = VirtualTraceClock()
  let sink = MemoryTraceSink()
  let live = LiveAuditor()
  let recorder: PresentationRecorder
  let core: PresentationHookCore
  let installer = StandInHookInstaller()
  let uikit: ScriptedUIKit

  init(
    roots: [String], groups: Set<HookGroup> = Set(HookGroup.allCases),
    transitioningDelegate: (
      (ScriptedViewController, ScriptedTransition) -> (any UIViewControllerTransitioningDelegate)?
    )? = nil
  ) {
    let clock = clock
    let trace = TraceRecorder(sink: sink, clock: clock, liveAuditor: live)
    recorder = PresentationRecorder(trace) { ($0 as? ScriptedViewController)?.name }
    let core = PresentationHookCore(recorder: recorder, groups: groups, installer: installer)
    self.core = core
    uikit = ScriptedUIKit(
      roots: roots, recorder: recorder, installer: installer, hooks: { core },
      transitioningDelegate: transitioningDelegate)
    uikit.clockSetter = { clock.set($0) }
  }

  /// The events recorded so far, read back from the trace text.
  func recorded() -> [Event] {
    TraceReader(bytes: Array(sink.text.utf8)).compactMap { record in
      if case .event(let event, _) = record { event } else { nil }
    }
  }

  /// The line number of the first event in the trace text (after the header).
  func firstEventLine() -> Int {
    let lines = sink.text.split(separator: "\n", omittingEmptySubsequences: false)
    let index = lines.firstIndex { line in
      TraceReader(bytes: Array((line + "\n").utf8)).contains { record in
        if case .event = record { true } else { false }
      }
    }
    return (index ?? 0) + 1
  }
}
