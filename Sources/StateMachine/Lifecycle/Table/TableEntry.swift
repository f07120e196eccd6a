/// Everything one row of `TransitionTable` decides for its pairs: named guards tried in order, then the
/// decision when none holds.
///
/// ```swift
/// let entry = TableEntry(.move(.presentingInteractive), guards: [
///   (.alreadyDelivered, .reject(.eventOutOfPhase)),
///   (.finishDeferred, .move(.presentingFinishing)),
/// ])
/// entry.decision { $0 == .finishDeferred } // .move(.presentingFinishing)
/// ```
///
/// A guard names a fact the phase alone does not show (the presenter's state, a finish sent before the
/// interaction started); each is defined once, in `TableGuard`.
package struct TableEntry: Sendable, Hashable {
  /// One guard and what the row decides when it holds.
  package struct Guarded: Sendable, Hashable {
    package var condition: TableGuard
    package var decision: TableDecision
  }

  /// Tried in order; the first that holds decides.
  package var guards: [Guarded]
  /// The decision when no guard holds.
  package var otherwise: TableDecision

  package init(_ otherwise: TableDecision, guards: [(TableGuard, TableDecision)] = []) {
    self.otherwise = otherwise
    self.guards = guards.map { Guarded(condition: $0.0, decision: $0.1) }
  }

  /// The decision, given which guards hold; and the guard that decided it, if one did.
  package func decision(where holds: (TableGuard) -> Bool) -> (TableDecision, TableGuard?) {
    for guarded in guards where holds(guarded.condition) { return (guarded.decision, guarded.condition) }
    return (otherwise, nil)
  }

  /// Every decision the entry can make: the guarded ones, then `otherwise`.
  package var decisions: [TableDecision] { guards.map(\.decision) + [otherwise] }
}
