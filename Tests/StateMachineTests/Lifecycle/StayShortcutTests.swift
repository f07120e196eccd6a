import Testing

@testable import PresentationStateMachine

/// The session's shortcut for a plain stay (the table's entry read once, the lifecycle's facts updated in place)
/// must change nothing: every step, and what the session holds after the trace, equal what the general step
/// gives, on generated traces, mutated traces, event soup and the bundled traces.
@Suite struct StayShortcutTests {
  @Test(arguments: [31, 32, 33, 34] as [UInt64])
  func everyStepIsTheGeneralStepsOwn(seed: UInt64) {
    var shortcuts = 0
    for (number, trace) in DeadlineShortcutTests.traces(seed: seed).enumerated() {
      var shortcut = PresentationSession()
      var general = PresentationSession()
      general.takesStayShortcut = false
      for (index, event) in trace.enumerated() {
        let phase = shortcut.phase(of: event.id)
        let fast = shortcut.handle(event, line: index + 1)
        let slow = general.handle(event, line: index + 1)
        guard fast == slow else {
          Issue.record("seed \(seed) trace \(number) line \(index + 1): \(fast) is not \(slow)")
          break
        }
        if fast.rule == nil, fast.from == fast.to,
          TransitionTable.entry(phase, fast.trigger).otherwise == .stay
        {
          shortcuts += 1
        }
      }
      #expect(shortcut.lifecycles == general.lifecycles, "seed \(seed) trace \(number)")
      #expect(shortcut.gestures == general.gestures, "seed \(seed) trace \(number)")
      #expect(shortcut.inFlight == general.inFlight, "seed \(seed) trace \(number)")
      #expect(shortcut.rootChildren == general.rootChildren, "seed \(seed) trace \(number)")
    }
    // The traces reach the shortcut: a test of it that never took it would prove nothing.
    #expect(shortcuts > 1_000)
  }
}
