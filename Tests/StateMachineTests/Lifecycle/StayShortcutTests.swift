import Foundation
import Testing

@testable import PresentationStateMachine

/// The session's shortcuts for a plain stay (the table's entry read once, the lifecycle's facts updated in
/// place), a plain move and a presenter's appearance callback set aside (`PresentationSession.steppedPlainly`)
/// must change nothing: every step, every step of the clock, and the whole session after the trace (its
/// document: lifecycles, stacks, groups, refusals, gestures, the ended presentations queued), equal what
/// the general step gives, on generated traces, mutated traces, event soup and the bundled traces.
@Suite struct StayShortcutTests {
  @Test(arguments: [31, 32, 33, 34] as [UInt64])
  func everyStepIsTheGeneralStepsOwn(seed: UInt64) throws {
    var (stays, moves, asides) = (0, 0, 0)
    for (number, trace) in DeadlineShortcutTests.traces(seed: seed).enumerated() {
      var shortcut = PresentationSession()
      var general = PresentationSession()
      general.takesShortcuts = false
      var clock = -Double.infinity
      for (index, event) in trace.enumerated() {
        // As the auditor moves it: the timers a step reported expire, and ended presentations are forgotten.
        if event.t > clock {
          clock = event.t
          let fast = shortcut.clockAdvanced(to: clock, byLineOf: event.id)
          let slow = general.clockAdvanced(to: clock, byLineOf: event.id)
          guard fast == slow else {
            Issue.record("seed \(seed) trace \(number) line \(index + 1): clock \(fast) is not \(slow)")
            break
          }
        }
        let phase = shortcut.phase(of: event.id)
        let grouped = !shortcut.dismissalGroup(of: event.id).isEmpty
        let fast = shortcut.handle(event, line: index + 1)
        let slow = general.handle(event, line: index + 1)
        guard fast == slow else {
          Issue.record("seed \(seed) trace \(number) line \(index + 1): \(fast) is not \(slow)")
          break
        }
        // The steps each branch would take: counted from what happened, not from the branch that ran (the
        // benchmark's callgrind profile shows each branch taken; a test that reached none would prove
        // nothing).
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
      let context = Comment(rawValue: "seed \(seed) trace \(number)")
      #expect(try Self.document(of: shortcut) == Self.document(of: general), context)
      #expect(shortcut.inFlight == general.inFlight, context)
      #expect(shortcut.rootChildren == general.rootChildren, context)
    }
    #expect(stays > 1_000)
    #expect(moves > 1_000)
    #expect(asides > 100)
  }

  /// Everything a session holds, as its snapshot document with sorted keys: lifecycles, stacks, groups,
  /// refusals, gestures, the ended presentations queued. Two sessions that hold the same give the same
  /// bytes, whatever the order of their slots.
  static func document(of session: PresentationSession) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return try encoder.encode(session)
  }
}
