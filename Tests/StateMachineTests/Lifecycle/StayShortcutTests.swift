import Testing

@testable import PresentationStateMachine

/// The session's shortcuts for a plain stay (the table's entry read once, the lifecycle's facts updated in
/// place), a plain move and an event set aside (`PresentationSession.steppedPlainly`) must change nothing:
/// every step, and what the session holds after the trace, equal what the general step gives, on generated
/// traces, mutated traces, event soup and the bundled traces.
@Suite struct StayShortcutTests {
  @Test(arguments: [31, 32, 33, 34] as [UInt64])
  func everyStepIsTheGeneralStepsOwn(seed: UInt64) {
    var (stays, moves, asides) = (0, 0, 0)
    for (number, trace) in DeadlineShortcutTests.traces(seed: seed).enumerated() {
      var shortcut = PresentationSession()
      var general = PresentationSession()
      general.takesStayShortcut = false
      for (index, event) in trace.enumerated() {
        let phase = shortcut.phase(of: event.id)
        let grouped = !shortcut.dismissalGroup(of: event.id).isEmpty
        let fast = shortcut.handle(event, line: index + 1)
        let slow = general.handle(event, line: index + 1)
        guard fast == slow else {
          Issue.record("seed \(seed) trace \(number) line \(index + 1): \(fast) is not \(slow)")
          break
        }
        guard fast.rule == nil else { continue }
        if fast.from == fast.to, phase.isLive, !grouped, fast.trigger.isAppearance,
          shortcut.child(of: event.id) != nil
        {
          asides += 1  // a presenter's appearance callback
          continue
        }
        switch TransitionTable.entry(phase, fast.trigger).otherwise {
        case .stay where fast.from == fast.to: stays += 1
        case .move(let target) where fast.to == target && phase.isInFlight && !grouped: moves += 1
        default: break
        }
      }
      #expect(shortcut.lifecycles == general.lifecycles, "seed \(seed) trace \(number)")
      #expect(shortcut.gestures == general.gestures, "seed \(seed) trace \(number)")
      #expect(shortcut.inFlight == general.inFlight, "seed \(seed) trace \(number)")
      #expect(shortcut.rootChildren == general.rootChildren, "seed \(seed) trace \(number)")
    }
    // The traces reach both shortcuts: a test of one that never took it would prove nothing.
    #expect(stays > 1_000)
    #expect(moves > 1_000)
    #expect(asides > 100)
  }
}
