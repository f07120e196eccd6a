import Foundation
import Testing

@testable import PresentationStateMachine

/// Observed, animator-only, self-running and interrupted transitions rebuilt from the bundled samples, against
/// times and lines read off the trace files by hand (<doc:Rules#Presentations-observed-from-outside>,
/// <doc:Rules#Transitions-recorded-from-the-animator-alone>, <doc:Rules#Interruptible-transitions>).
@Suite struct EveryPresentationReconstructionTests {
  static func replay(_ path: String) -> TraceReplay {
    TraceReplay.run(path: BundledTracesTests.tracesDirectory.appendingPathComponent("\(path).jsonl").path)
  }

  func close(_ a: Double?, _ b: Double) -> Bool { a.map { abs($0 - b) < 1e-9 } ?? false }

  @Test func aSystemSheetIsObservedFromItsAppearanceAndItsSwipe() throws {
    let replay = Self.replay("valid/system-sheet-swipe-dismissed")
    #expect(replay.transitions.count == 2)
    let present = try #require(replay.transitions.first)
    #expect(present.source == .observed && present.style == "pageSheet" && !present.swipe)
    #expect(present.begunBy == .viewWillAppear && present.endedBy == .viewDidAppear)
    // viewWillAppear stands for the presentationTransitionWillBegin UIKit's own controller received.
    #expect(close(present.willBeginT, 6218.4147) && close(present.endedT, 6218.9227))
    #expect(present.animationStartT == nil && present.didEndT == nil)
    #expect(present.outcome == .completed && present.measuredDuration == nil)
    let swipe = replay.transitions[1]
    // The style is carried from the request to the dismissal, which logs none.
    #expect(
      swipe.kind == .dismissal && swipe.source == .observed && swipe.style == "pageSheet" && swipe.swipe)
    #expect(close(swipe.requestedT, 6222.6107) && close(swipe.endedT, 6225.6207))
    #expect(swipe.endedBy == .viewDidDisappear && swipe.outcome == .completed)
  }

  @Test func aRevertedSwipeIsACancelledDismissalAndTheNextOneCompletes() throws {
    let transitions = Self.replay("valid/system-form-sheet-swipe-reverted-then-dismissed").transitions
    #expect(transitions.map(\.outcome) == [.completed, .cancelled, .completed])
    #expect(transitions[1].endedBy == .viewDidAppear && close(transitions[1].endedT, 203.602))
    #expect(transitions[2].begunBy == .viewWillDisappear && close(transitions[2].endedT, 204.300))
  }

  @Test func anAnimatorOnlyTransitionEndsAtCompleteTransition() throws {
    let replay = Self.replay("valid/animator-only-present-dismiss")
    #expect(replay.transitions.map(\.source) == [.animator, .animator])
    let present = try #require(replay.transitions.first)
    #expect(present.willBeginT == nil && present.didEndT == nil && present.begunBy == nil)
    #expect(close(present.animationStartT, 4410.1050) && close(present.completeT, 4410.4580))
    #expect(close(present.measuredDuration, 4410.4580 - 4410.1050) && present.declaredDuration == 0.35)
    #expect(present.outcome == .completed && present.findings.isEmpty)
  }

  @Test func aCaughtInterruptibleDismissalKeepsTheCatchAndTheCommitThatWon() throws {
    let dismissal = try #require(
      Self.replay("valid/interruptible-dismiss-caught-and-reversed").transitions.last)
    #expect(dismissal.source == .controller && dismissal.interruptible && dismissal.interactive)
    let catchOf = try #require(dismissal.interruptions.first)
    #expect(dismissal.interruptions.count == 1 && catchOf.line == 21 && close(catchOf.t, 3344.9228))
    #expect(catchOf.caught?.kind == .finish && catchOf.caught?.progress == 0.3)
    #expect(dismissal.commit?.kind == .cancel && dismissal.commit?.progress == 0.1)
    #expect(close(dismissal.commit?.t, 3345.0728) && dismissal.outcome == .cancelled)
  }

  @Test func aSelfRunningMenuIsTimedFromItsInterruptibleAnimator() throws {
    let menu = try #require(
      Self.replay("valid/self-running-menu-wants-interactive-start-false").transitions.first)
    #expect(menu.startedRunning && menu.interruptible && menu.commit == nil && menu.interruptions.isEmpty)
    #expect(close(menu.animationStartT, 1507.2294) && menu.declaredDuration == 0.25)
    #expect(close(menu.measuredDuration, 1507.4824 - 1507.2294) && menu.outcome == .completed)
  }

  @Test func anAbortedPresentationIsCancelledWithItsWarning() throws {
    let aborted = try #require(Self.replay("rules/transition-aborted").transitions.first)
    #expect(aborted.outcome == .cancelled && aborted.didComplete == false && !aborted.interactive)
    #expect(aborted.findings.map(\.rule) == [.transitionAborted])
  }

  @Test func statisticsCountSourcesAndCatches() {
    var statistics = TraceStatistics()
    for path in [
      "valid/system-sheet-swipe-dismissed", "valid/animator-only-present-dismiss",
      "valid/interruptible-dismiss-caught-and-reversed",
    ] {
      statistics.add(Self.replay(path))
    }
    #expect(statistics.sources == ["observed": 2, "animator": 2, "controller": 2])
    #expect(statistics.interruptible == 1 && statistics.interrupted == 1 && statistics.interruptions == 1)
  }
}
