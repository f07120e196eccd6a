import Testing

@testable import StateMachine

extension Rules {
  /// The unit tests of `id-in-use` (present of an id that is still live): traces that must trigger it, and
  /// near misses that must stay clean.
  @Suite("id-in-use") struct IdInUseTests {
    @Test func presentRulesFollowTheOrderOfDecisionTwo() {
      // p1 is presenting (in flight) and live: a second present of p1 is id-in-use, not
      // present-while-transitioning.
      let findings = audit([
        line(1, "p1", "present"), line(1.001, "p1", "presentationTransitionWillBegin"),
        line(1.002, "p1", "present"), line(1.003, "p2", "present"),
      ])
      #expect(summary(findings) == ["3 p1 id-in-use", "4 p2 present-while-transitioning"])
    }

    @Test func idsMayBeReusedAfterDismissal() {
      #expect(audit(presentation("p1", at: 1) + dismissal("p1", at: 2) + presentation("p1", at: 3)).isEmpty)
    }
  }
}
