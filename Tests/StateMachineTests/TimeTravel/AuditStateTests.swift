import Testing

@testable import StateMachine

/// The state at chosen lines of canonical traces, against expectations read off the files by hand.
@Suite struct AuditStateTests {
  static func state(_ trace: String, _ point: AuditState.Point) throws -> AuditState {
    let path = BundledTracesTests.tracesDirectory.appendingPathComponent("\(trace).jsonl").path
    return AuditState.at(point, in: try TraceReader(path: path))
  }

  @Test func midPresentationWithAnOpenLayoutPass() throws {
    // Line 6: containerViewWillLayoutSubviews, its Did on line 7 not yet folded in.
    let state = try Self.state("valid/interactive-dismiss-finished", .line(6))
    #expect(state.line == 6 && state.t == 2210.5885)
    let card = try #require(state.presentations.first)
    #expect(card.id == "card" && card.phase == .presentingAnimating && card.presenter == "root")
    #expect(card.openLayoutLine == 6)
    #expect(card.pendingAppearance == "viewWillAppear (line 4)")
    // animateTransition at 2210.5881 with duration 0.45, plus 2 s of grace.
    #expect(abs((card.deadline?.t ?? 0) - (2210.5881 + 0.45 + 2)) < 1e-9)
    #expect(state.stacks == [["root", "card"]])
  }

  @Test func presentedAndIdleHasNoDeadline() throws {
    let card = try #require(
      try Self.state("valid/interactive-dismiss-finished", .line(12)).presentations.first)
    #expect(card.phase == .presented && card.deadline == nil && card.pendingAppearance == nil)
  }

  @Test func duringTheInteractionTheProgressIsKnownAndAFingerIsDown() throws {
    let card = try #require(
      try Self.state("valid/interactive-dismiss-finished", .line(20)).presentations.first)
    #expect(card.phase == .dismissingInteractive)
    #expect(card.progress == 0.0083)
    #expect(card.deadline == nil)  // panChanged on line 19: the finger is down
  }

  @Test func timeTravelByTime() throws {
    let state = try Self.state("valid/interactive-dismiss-finished", .time(2211.0))
    #expect(state.line == 7)
    #expect(state.presentations.first?.phase == .presentingAnimating)
  }

  @Test func theStackOfADismissalLowerInTheStack() throws {
    let state = try Self.state("valid/dismiss-lower-in-stack", .line(20))
    #expect(state.stacks == [["root", "settings", "editor"]])
    #expect(state.presentations.map(\.phase) == [.presented, .presented])
  }

  @Test func findingsSoFarStopAtThePoint() throws {
    #expect(try Self.state("rules/complete-twice", .line(9)).findings.isEmpty)
    #expect(try Self.state("rules/complete-twice", .line(10)).findings.map(\.rule) == [.completeTwice])
  }
}
