/// Everything one row of `TransitionTable` decides for its pairs: named guards tried in order, then the
/// decision when none holds.
///
/// ```swift
/// let entry = TableEntry(.move(.presentingInteractive), guards: [
///   (.alreadyDelivered, .reject(.eventOutOfPhase)),
///   (.finishDeferred, .move(.presentingFinishing)),
/// ])
/// entry.guards.first { $0.condition == .finishDeferred }?.decision // .move(.presentingFinishing)
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

  /// Every decision the entry can make: the guarded ones, then `otherwise`.
  package var decisions: [TableDecision] { guards.map(\.decision) + [otherwise] }
}
