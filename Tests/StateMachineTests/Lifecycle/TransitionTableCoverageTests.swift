import Testing

@testable import PresentationStateMachine

/// The table is the single truth: every (phase, trigger) pair has exactly one row, no row is a catch-all,
/// and every guard a row names means something somewhere.
@Suite struct TransitionTableCoverageTests {
  @Test func everyPairIsListedExactlyOnce() {
    var listed: [Int: [String]] = [:]
    for row in TransitionTable.rows {
      for phase in row.from {
        for trigger in row.triggers {
          listed[phase.rawValue * Trigger.allCases.count + trigger.rawValue, default: []].append(row.note)
        }
      }
    }
    for phase in Phase.allCases {
      for trigger in Trigger.allCases {
        let notes = listed[phase.rawValue * Trigger.allCases.count + trigger.rawValue] ?? []
        #expect(
          notes.count == 1, "\(phase.name) × \(trigger.label) is listed by \(notes.count) rows: \(notes)")
      }
    }
  }

  @Test func noRowIsACatchAll() {
    for row in TransitionTable.rows {
      // A row that lists every trigger, or every phase for a lifecycle trigger, would decide pairs nobody
      // looked at. Gestures and marks are legal everywhere by the contract, so their row lists every phase.
      #expect(Set(row.triggers).count < Trigger.allCases.count, "catch-all row: \(row.note)")
      if row.triggers.contains(where: \.isLifecycle) {
        #expect(Set(row.from).count < Phase.allCases.count, "catch-all row: \(row.note)")
      }
    }
  }

  @Test func everyRowListsPhasesAndTriggersOnce() {
    for row in TransitionTable.rows {
      #expect(Set(row.from).count == row.from.count, "a phase twice in: \(row.note)")
      #expect(Set(row.triggers).count == row.triggers.count, "a trigger twice in: \(row.note)")
      #expect(!row.from.isEmpty && !row.triggers.isEmpty, "an empty row: \(row.note)")
    }
  }

  @Test func everyGuardIsUsedAndDecidesSomethingElse() {
    var used: Set<TableGuard> = []
    for row in TransitionTable.rows {
      for guarded in row.entry.guards {
        used.insert(guarded.condition)
        #expect(guarded.decision != row.entry.otherwise, "a guard that changes nothing: \(row.note)")
      }
      #expect(
        Set(row.entry.guards.map(\.condition)).count == row.entry.guards.count, "a guard twice: \(row.note)")
    }
    #expect(used == Set(TableGuard.allCases), "unused guards: \(Set(TableGuard.allCases).subtracting(used))")
  }

  @Test func theDecisionWhenNoGuardHoldsIsNeverAsideResumeOrQuiet() {
    // Those only follow from a guard: a presenter's appearance, a stack's completion, a settled member, a
    // root cause already reported.
    for row in TransitionTable.rows {
      switch row.entry.otherwise {
      case .aside, .resume, .rejectQuietly, .recoverQuietly:
        Issue.record("unguarded \(row.entry.otherwise): \(row.note)")
      case .move, .stay, .reject, .recover: break
      }
    }
  }
}
