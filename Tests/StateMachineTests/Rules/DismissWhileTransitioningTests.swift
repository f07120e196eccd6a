import Testing

@testable import PresentationStateMachine

extension Rules {
  /// The unit tests of `dismiss-while-transitioning` (dismiss while this presentation (or one above it) is
  /// presenting or dismissing): traces that must trigger it, and near misses that must stay clean.
  @Suite("dismiss-while-transitioning") struct DismissWhileTransitioningTests {
    @Test func aSecondDismissWhileTheFirstIsInFlightIsDismissWhileTransitioning() {
      var lines = presentation("p1", at: 1) + dismissal("p1", at: 2)
      lines.insert(line(2.001, "p1", "dismiss"), at: 7)
      #expect(summary(audit(lines)) == ["8 p1 dismiss-while-transitioning"])
    }

    @Test func dismissWhileOneAboveIsTransitioning() {
      var lines = presentation("a", at: 1)
      lines += [
        line(2, "b", "present", #""presenter":"a""#), line(2.001, "b", "presentationTransitionWillBegin"),
      ]
      lines.append(line(2.01, "a", "dismiss"))
      #expect(summary(audit(lines)) == ["8 a dismiss-while-transitioning"])
    }

    @Test func aDismissAtTheTimeOfThePresentationsDidEndIsClean() {
      #expect(audit(presentation("p1", at: 1) + dismissal("p1", at: 1.302)).isEmpty)
    }
  }
}
