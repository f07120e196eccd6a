import Foundation
import Testing

@testable import PresentationStateMachine

/// Each canonical scenario rebuilt phase by phase, against times read off the trace files by hand.
@Suite struct ReconstructionTests {
  static func replay(_ name: String) -> TraceReplay {
    TraceReplay.run(
      path: BundledTracesTests.tracesDirectory.appendingPathComponent("valid/\(name).jsonl").path)
  }

  func close(_ a: Double?, _ b: Double) -> Bool { a.map { abs($0 - b) < 1e-9 } ?? false }

  @Test func cardPresentAndDismiss() throws {
    let replay = Self.replay("card-present-dismiss")
    #expect(replay.transitions.count == 2)
    let present = try #require(replay.transitions.first)
    #expect(present.id == "card" && present.kind == .presentation && present.animated && !present.interactive)
    #expect(close(present.requestedT, 1843.2071))
    #expect(close(present.willBeginT, 1843.2074))
    #expect(close(present.animationStartT, 1843.2091))
    #expect(close(present.completeT, 1843.6652))
    #expect(close(present.didEndT, 1843.6654))
    #expect(present.declaredDuration == 0.45)
    #expect(close(present.measuredDuration, 1843.6652 - 1843.2091))
    #expect(present.layoutPasses.count == 2)
    #expect(close(present.layoutPasses[0].duration, 1843.2104 - 1843.2095))
    #expect(present.outcome == .completed && present.findings.isEmpty)
    let dismiss = replay.transitions[1]
    #expect(dismiss.kind == .dismissal && dismiss.outcome == .completed)
    #expect(close(dismiss.requestedT, 1847.9012))
    // A lone Did while dismissing.
    #expect(dismiss.layoutPasses.count == 1 && dismiss.layoutPasses[0].willT == nil)
  }

  @Test func interactiveDismissFinished() throws {
    let dismissal = try #require(Self.replay("interactive-dismiss-finished").transitions.last)
    #expect(dismissal.kind == .dismissal && dismissal.interactive && dismissal.outcome == .completed)
    #expect(dismissal.progress.count == 22)
    let commit = try #require(dismissal.commit)
    #expect(commit.kind == .finish && commit.progress == 0.46 && commit.completionSpeed == 1.25)
    #expect(dismissal.declaredDuration == 0.4)
    // completeTransition lands UIKit's remaining time after the finish: (1 - 0.46) * 0.4 / 1.25 = 0.1728 s.
    let remaining = try #require(dismissal.completeT) - commit.t
    #expect(abs(remaining - 0.1728) < 0.01)
  }

  @Test func interactiveDismissCancelledStaysPresented() throws {
    let transitions = Self.replay("interactive-dismiss-cancelled").transitions
    #expect(transitions.map(\.outcome) == [.completed, .cancelled, .completed])
    let cancelled = transitions[1]
    #expect(cancelled.commit?.kind == .cancel && cancelled.didComplete == false)
  }

  @Test func interactivePresentationCancelled() throws {
    let first = try #require(Self.replay("interactive-present-cancelled").transitions.first)
    #expect(first.kind == .presentation && first.interactive && first.outcome == .cancelled)
    #expect(first.commit?.kind == .cancel)
  }

  @Test func nonAnimatedHasNoAnimationPhase() {
    let transitions = Self.replay("non-animated-present-dismiss").transitions
    #expect(transitions.count == 2)
    #expect(transitions.allSatisfy { !$0.animated && $0.animationStartT == nil && $0.outcome == .completed })
  }

  @Test func dismissingLowerInTheStackGivesOneDismissalPerMember() {
    let dismissals = Self.replay("dismiss-lower-in-stack").transitions.filter { $0.kind == .dismissal }
    #expect(Set(dismissals.map(\.id)) == ["settings", "editor"])
    #expect(dismissals.allSatisfy { $0.outcome == .completed })
    #expect(dismissals.filter { $0.animationStartT != nil }.count == 1)
  }

  /// A stacked member that logs nothing ends with the member that carried the dismissal, also when the
  /// trace goes on long enough for the session to forget it (it read as cancelled, or unfinished); one
  /// that logs its own late pair after the carrier ended has one dismissal, not a second one.
  @Test(
    arguments: [
      ("transition-never-completed-stack-only-top", "settings", nil),
      ("id-in-use-stack-lower-animates", "editor", nil),
      ("unknown-presentation-stack-pair-after-top", "settings", 737.5012),
    ] as [(String, String, Double?)])
  func aStackedMemberEndsWithItsGroup(trace: String, member: String, lateWillBeginT: Double?) throws {
    let url = BundledTracesTests.tracesDirectory.appendingPathComponent("near-miss/\(trace).jsonl")
    let dismissals = TraceReplay.run(path: url.path).transitions.filter {
      $0.kind == .dismissal && $0.id == member
    }
    let dismissal = try #require(dismissals.first)
    #expect(dismissals.count == 1)
    #expect(dismissal.outcome == .completed)
    #expect(close(dismissal.requestedT, 736.9930))
    if let lateWillBeginT {
      #expect(close(dismissal.willBeginT, lateWillBeginT))
      #expect(dismissal.didEndT != nil)
    } else {
      #expect(dismissal.willBeginT == nil && dismissal.didEndT == nil)
    }
  }

  /// Only a completed group dismissal settles its silent members: after a cancelled one, and a later one
  /// that member carried, a stray `dismissalTransitionWillBegin` is a transition of its own, not the rest
  /// of the cancelled dismissal (which it turned into a completed one).
  @Test func aCancelledGroupDismissalSettlesNoMember() {
    var lines: [String] = []
    var t = 0.0
    func add(_ id: String, _ event: String, _ payload: String = "") {
      lines.append(line(t, id, event, payload))
      t += 0.01
    }
    for (id, presenter) in [("A", "root"), ("B", "A"), ("C", "B")] {
      add(id, "present", #""presenter":"\#(presenter)","animated":false"#)
      add(id, "presentationTransitionWillBegin")
      add(id, "presentationTransitionDidEnd", #""completed":true"#)
    }
    add("A", "dismiss", #""animated":true"#)  // C carries it, and the user cancels
    add("C", "dismissalTransitionWillBegin")
    add("C", "startInteractiveTransition", #""duration":0.3"#)
    add("C", "cancelInteractiveTransition")
    add("C", "completeTransition", #""didComplete":false"#)
    add("C", "dismissalTransitionDidEnd", #""completed":false"#)
    add("A", "dismiss", #""animated":false"#)  // B carries it this time
    add("B", "dismissalTransitionWillBegin")
    add("B", "dismissalTransitionDidEnd", #""completed":true"#)
    add("B", "dismissalTransitionWillBegin")  // stray
    let replay = TraceReplay.run(
      reader: TraceReader(bytes: Array(lines.joined(separator: "\n").utf8)), path: "x")
    let dismissals = replay.transitions.filter { $0.kind == .dismissal && $0.id == "B" }
    #expect(dismissals.map(\.outcome) == [.cancelled, .completed, .unfinished])
    #expect(dismissals.map(\.firstLine) == [10, 16, 19])
  }

  @Test func aHangIsNeverCompletedAndOwnsItsFinding() throws {
    let url = BundledTracesTests.tracesDirectory.appendingPathComponent(
      "rules/transition-never-completed-at-end.jsonl")
    let replay = TraceReplay.run(path: url.path)
    let hung = try #require(replay.transitions.first { $0.outcome == .neverCompleted })
    #expect(hung.findings.map(\.rule) == [.transitionNeverCompleted])
  }

  @Test func aTraceCutMidTransitionIsUnfinished() {
    let lines = [
      line(1, "p1", "present"), line(1.001, "p1", "presentationTransitionWillBegin"),
      line(1.002, "p1", "animateTransition", #""duration":0.3"#),
    ]
    let replay = TraceReplay.run(
      reader: TraceReader(bytes: Array(lines.joined(separator: "\n").utf8)), path: "x")
    #expect(replay.transitions.map(\.outcome) == [.unfinished])
  }
}
