import Testing

@testable import PresentationStateMachine

/// The fast phase queries (by raw value) answer as the definitions (exhaustive switches) do.
@Suite struct PhaseTests {
  @Test(arguments: Phase.allCases)
  func fastQueriesMatchTheDefinitions(_ phase: Phase) {
    #expect(phase.direction == Phase.definedDirection(phase))
    #expect(phase.isInFlight == (Phase.definedDirection(phase) != nil))
    #expect(phase.isLive == Phase.definedLiveness(phase))
  }
}
