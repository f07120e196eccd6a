import PresentationRecordingUIKit
import PresentationStateMachine
import Testing

/// The glue against the generator: a scripted UIKit plays each generated trace's episodes (custom and
/// system-style, animated, non-animated, interactive finished and cancelled, begun by callbacks alone,
/// sheets swiped away, swipes cancelled and refused, rotations, dismissals from below, in two window
/// scenes; and the kinds of the Rules article's last four decisions (from "Interruptible transitions" to
/// "An animator may abort a transition"): presentations observed from outside and their swipes,
/// transitions recorded from the animator alone, aborts, interruptible catches, self-running
/// interactions, `viewIsAppearing`, completion after a cancel) through the hooks on the classes of the
/// app's objects, building the app per transition as the episode shows it
/// (`ScriptedUIKit.play(_:)`). The recording must equal the episode restricted to what the glue records
/// (`GlueView`, whose named projections say what the glue cannot record by construction), event for
/// event and time for time, and audit with nothing but the `transition-aborted` warning of each abort.
/// The test counts the new kinds it played (from the episodes' events, `TraceCensus`) and requires each.
@Suite struct RecordingRoundTripTests {
  static let seed: UInt64 = 16
  /// 110 traces of 2 scenes × 25 episodes: 5,500 episodes.
  static let traces = 110
  static let episodesPerScene = 25

  /// Stacks up to four deep (the generator's default): the recording equals the episodes restricted to
  /// what the glue records, and audits with nothing but the `transition-aborted` warning of each abort.
  @MainActor
  @Test func theRecordingEqualsTheEpisodesRestrictedToWhatTheGlueRecords() {
    let outcome = Self.run(GeneratorConfiguration(episodes: Self.episodesPerScene, roots: 2))
    #expect(outcome.episodes >= 5_000)
    Self.expectCoverage(outcome)
  }

  /// One presentation at a time per scene, the same checks.
  @MainActor
  @Test func singleDepthRecordingsEqualTheEpisodesAndAuditClean() {
    let outcome = Self.run(GeneratorConfiguration(episodes: Self.episodesPerScene, roots: 2, maxDepth: 1))
    #expect(outcome.episodes >= 5_000)
    Self.expectCoverage(outcome)
  }

  struct Outcome {
    var episodes = 0
    var played = Set<EventKind>()
    var recorded = Set<EventKind>()
    /// The new kinds of transitions in the episodes played, counted from their events.
    var census = TraceCensus()
    /// Completion blocks run after a cancelled or aborted transition.
    var completionsAfterCancel = 0
    /// Presentation-controller callbacks left out by `GlueView`'s "UIKit's own presentation controller":
    /// of presentations in a system style, and of `custom` ones that logged no `WillBegin`.
    var systemStyleControllerCallbacks = 0
    var unbegunControllerCallbacks = 0
    /// Alerts whose style `GlueView` wrote as UIKit reports it.
    var alertsAsCustom = 0
    /// Adaptive-delegate callbacks `GlueView` left out (no delegate of the app's).
    var adaptiveWithoutDelegate = 0
  }

  @MainActor
  static func run(_ configuration: GeneratorConfiguration) -> Outcome {
    var generator = TraceGenerator(seed: seed, configuration: configuration)
    var outcome = Outcome()
    for trace in 0..<traces {
      let events = generator.events()
      outcome.episodes += configuration.episodes * configuration.roots
      outcome.played.formUnion(events.map(\.kind))
      outcome.census.add(TraceCensus(events: events))
      outcome.completionsAfterCancel += completionsAfterCancel(in: events)
      let run = RecordedRun(roots: generator.roots)
      run.uikit.play(events)
      let recorded = run.recorded()
      outcome.recorded.formUnion(recorded.map(\.kind))
      let projection = GlueView.projection(events)
      outcome.systemStyleControllerCallbacks += projection.systemStyleControllerCallbacks
      outcome.unbegunControllerCallbacks += projection.unbegunControllerCallbacks
      outcome.alertsAsCustom += projection.alertsAsCustom
      outcome.adaptiveWithoutDelegate += projection.adaptiveWithoutDelegate
      let expected = projection.kept
      let context = "trace \(trace) of seed \(seed), maxDepth \(configuration.maxDepth)"
      if let (index, pair) = zip(recorded, expected).enumerated().first(where: { _, pair in
        GlueView.aligned(pair.0, to: pair.1) != pair.1
      }) {
        let around = expected[max(index - 12, 0)..<min(index + 4, expected.count)]
          .filter { $0.id == pair.1.id || $0.id == pair.0.id }
        let lines: [String] = around.map { "  \($0.t) \($0.id) \($0.kind)" }
        let message =
          "\(context): event \(index) recorded as\n  \(pair.0)\nexpected\n  \(pair.1)\naround it:\n"
        Issue.record(Comment(rawValue: message + lines.joined(separator: "\n")))
        return outcome
      }
      guard recorded.count == expected.count else {
        Issue.record("\(context): \(recorded.count) events recorded, \(expected.count) expected")
        return outcome
      }
      // The only findings a generated trace expects: `transition-aborted` on each abort, which the
      // recording keeps on the same events.
      let findings = run.live.findings + run.live.finish()
      let firstLine = run.firstEventLine()
      let found = findings.map { ExpectEntry(rule: $0.rule, line: $0.line) }.sorted()
      let aborts = TraceCensus(events: recorded).expectedFindings(firstLine: firstLine).sorted()
      guard found == aborts else {
        Issue.record("\(context): \(findings.map { "line \($0.line): \($0.message)" }), expected \(aborts)")
        return outcome
      }
    }
    return outcome
  }

  /// `completion` events that follow a cancelled or aborted transition of their id.
  static func completionsAfterCancel(in events: [Event]) -> Int {
    var cancelled: [String: Bool] = [:]
    var count = 0
    for event in events {
      switch event.kind {
      case .present, .dismiss: cancelled[event.id] = false
      case .completeTransition: cancelled[event.id] = event.payload.didComplete == false
      case .completion: if cancelled[event.id] == true { count += 1 }
      default: break
      }
    }
    return count
  }

  /// The kinds this test depends on were played and recorded, the glue's leave-outs were left out, and
  /// every new kind of transition was played.
  static func expectCoverage(_ outcome: Outcome) {
    let required: Set<EventKind> = [
      .present, .dismiss, .presentationTransitionWillBegin, .dismissalTransitionDidEnd, .animateTransition,
      .startInteractiveTransition, .updateInteractiveTransition, .pauseInteractiveTransition,
      .finishInteractiveTransition, .cancelInteractiveTransition, .completeTransition, .animationEnded,
      .containerViewDidLayoutSubviews, .presentationControllerWillDismiss, .presentationControllerDidDismiss,
      .presentationControllerDidAttemptToDismiss, .viewWillTransitionToSize, .completion,
      .interruptibleAnimator, .viewIsAppearing,
    ]
    #expect(required.isSubset(of: outcome.played), "not played: \(required.subtracting(outcome.played))")
    #expect(
      required.isSubset(of: outcome.recorded), "not recorded: \(required.subtracting(outcome.recorded))")
    #expect(outcome.recorded.isDisjoint(with: [.panBegan, .panChanged, .panEnded, .panCancelled, .mark]))
    for kind in TraceCensus.Kind.allCases {
      #expect(outcome.census[kind] > 0, "no \(kind.rawValue) played")
    }
    #expect(outcome.census.swipes.dismissed > 0 && outcome.census.swipes.reverted > 0)
    #expect(outcome.census.swipes.refused > 0)
    #expect(outcome.completionsAfterCancel > 0)
    #expect(outcome.systemStyleControllerCallbacks > 0)
    #expect(outcome.unbegunControllerCallbacks > 0)
    #expect(outcome.alertsAsCustom > 0)
    #expect(outcome.adaptiveWithoutDelegate > 0)
    print(
      "RecordingRoundTripTests: \(outcome.episodes) episodes; \(outcome.census.summary); completion after "
        + "a cancel \(outcome.completionsAfterCancel); UIKit's controller callbacks left out: system style "
        + "\(outcome.systemStyleControllerCallbacks), custom with no WillBegin \(outcome.unbegunControllerCallbacks); "
        + "alerts written as custom \(outcome.alertsAsCustom); adaptive callbacks with no app delegate "
        + "\(outcome.adaptiveWithoutDelegate)")
  }
}
