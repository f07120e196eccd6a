import PresentationRecordingUIKit
import Testing

/// The glue against the generator: a scripted UIKit plays each generated trace's episodes (custom and
/// system-style, animated, non-animated, interactive finished and cancelled, begun by callbacks alone,
/// sheets swiped away, swipes cancelled and refused, rotations, dismissals from below, in two window
/// scenes) through the hooks and the transitioning-delegate wrappers, and the recording must equal the
/// episode restricted to what the glue records, event for event and time for time. The scripted UIKit
/// handles every `EventKind` and the restriction is written per kind, so episodes of kinds the generator
/// adds later are played and compared the same way.
@Suite struct RecordingRoundTripTests {
  static let seed: UInt64 = 16
  /// 110 traces of 2 scenes × 25 episodes: 5,500 episodes.
  static let traces = 110
  static let episodesPerScene = 25

  /// Stacks up to four deep (the generator's default).
  @MainActor
  @Test func theRecordingEqualsTheEpisodesRestrictedToWhatTheGlueRecords() {
    let outcome = Self.run(GeneratorConfiguration(episodes: Self.episodesPerScene, roots: 2), audit: false)
    #expect(outcome.episodes >= 5_000)
    Self.expectCoverage(outcome)
  }

  /// One presentation at a time per scene: the recording also audits clean. (Stacked recordings are not
  /// audited here: the machine on this branch takes a system-style presentation that has presented
  /// another as a presenter for good, so its own later observed dismissal does not begin; see
  /// `KnownMachineIssueTests`.)
  @MainActor
  @Test func singleDepthRecordingsEqualTheEpisodesAndAuditClean() {
    let outcome = Self.run(
      GeneratorConfiguration(episodes: Self.episodesPerScene, roots: 2, maxDepth: 1), audit: true)
    #expect(outcome.episodes >= 5_000)
    Self.expectCoverage(outcome)
  }

  struct Outcome {
    var episodes = 0
    var played = Set<EventKind>()
    var recorded = Set<EventKind>()
  }

  @MainActor
  static func run(_ configuration: GeneratorConfiguration, audit: Bool) -> Outcome {
    var generator = TraceGenerator(seed: seed, configuration: configuration)
    var outcome = Outcome()
    for trace in 0..<traces {
      let events = generator.events()
      outcome.episodes += configuration.episodes * configuration.roots
      outcome.played.formUnion(events.map(\.kind))
      let run = RecordedRun(roots: generator.roots)
      for event in events { run.uikit.perform(event) }
      let recorded = run.recorded()
      outcome.recorded.formUnion(recorded.map(\.kind))
      let expected = GlueView.recordable(events)
      let context = "trace \(trace) of seed \(seed), maxDepth \(configuration.maxDepth)"
      if let (index, pair) = zip(recorded, expected).enumerated().first(where: { _, pair in
        GlueView.aligned(pair.0, to: pair.1) != pair.1
      }) {
        Issue.record("\(context): event \(index) recorded as\n  \(pair.0)\nexpected\n  \(pair.1)")
        return outcome
      }
      guard recorded.count == expected.count else {
        Issue.record("\(context): \(recorded.count) events recorded, \(expected.count) expected")
        return outcome
      }
      if audit {
        let findings = run.live.findings + run.live.finish()
        guard findings.isEmpty else {
          Issue.record("\(context): \(findings.map { "line \($0.line): \($0.message)" })")
          return outcome
        }
      }
    }
    return outcome
  }

  /// The kinds this test depends on were played, and the glue's leave-outs were left out.
  static func expectCoverage(_ outcome: Outcome) {
    let required: Set<EventKind> = [
      .present, .dismiss, .presentationTransitionWillBegin, .dismissalTransitionDidEnd, .animateTransition,
      .startInteractiveTransition, .updateInteractiveTransition, .pauseInteractiveTransition,
      .finishInteractiveTransition, .cancelInteractiveTransition, .completeTransition, .animationEnded,
      .containerViewDidLayoutSubviews, .presentationControllerWillDismiss, .presentationControllerDidDismiss,
      .presentationControllerDidAttemptToDismiss, .viewWillTransitionToSize, .completion,
    ]
    #expect(required.isSubset(of: outcome.played), "not played: \(required.subtracting(outcome.played))")
    #expect(
      required.isSubset(of: outcome.recorded), "not recorded: \(required.subtracting(outcome.recorded))")
    #expect(outcome.recorded.isDisjoint(with: [.panBegan, .panChanged, .panEnded, .panCancelled, .mark]))
  }
}
