/// What the trace's clock moving on settled in the machine, as one value: the timers it passed, and what
/// the presentations forgotten once their tail window closed left unresolved.
///
/// ```swift
/// let clock = session.clockAdvanced(to: 12.5)
/// for expiry in clock.expiries {
///   if case .hang(let id, let phase, _, let deadline) = expiry { print(id, phase.name, deadline.reason) }
/// }
/// for late in clock.unresolved { print(late.line, late.rule) }
/// ```
///
/// Timers are judged before the event whose line moved the clock (its own step comes after them); what
/// forgetting left unresolved is about earlier lines and is reported after that event's own finding.
package struct ClockStep: Sendable, Hashable {
  /// A timer of a transition in flight that the clock passed. Each expires once per transition: a hang
  /// stays in flight as UIKit's does, and is not reported again.
  package enum Expiry: Sendable, Hashable {
    /// The transition stopped mid-way: `deadline` passed with nothing that moves it on. `phase` and
    /// `transition` are as the machine held them when it expired.
    case hang(id: String, phase: Phase, transition: TransitionRecord, deadline: TransitionDeadline)
    /// An interaction nothing drives: no update, finish, cancel or pan event since
    /// `transition.undrivenSince` for longer than the session's `undrivenAfter`.
    case undriven(id: String, transition: TransitionRecord)
    /// A `present` (from `presenter`) that nothing began before `deadline`: UIKit dropped it, and the machine
    /// dropped it too (<doc:Rules#Recovery-follows-the-evidence>): the id is absent again.
    case droppedRequest(
      id: String, presenter: String, transition: TransitionRecord, deadline: TransitionDeadline)
  }

  /// The timers the clock passed, in the order of their presentations' ids (for one presentation, an
  /// undriven interaction before its hang). Empty when the timers were not judged.
  package var expiries: [Expiry] = []
  /// Where the timers were judged: the earliest time a timer still pending can expire (infinity when
  /// none), which replaces every time the steps scheduled before; `nil` where they were not judged.
  package var nextDeadline: Double?
  /// The `viewWill*` never followed by its `viewDid*` in the presentations forgotten at this step.
  package var unresolved: [LateViolation] = []
  /// The ids forgotten, appended while the caller keeps a list (`nil`: none is kept); the caller empties
  /// it. A replay that hands each transition over once nothing can change it asks which presentations
  /// ended for good: a finding about one of them is about a presentation the machine no longer holds.
  var forgotten: [String]?

  package init() {}

  /// Ready for the next step of the clock, keeping its storage and the forgotten ids not yet taken.
  @inline(__always)
  mutating func reset() {
    if !expiries.isEmpty { expiries.removeAll(keepingCapacity: true) }
    if !unresolved.isEmpty { unresolved.removeAll(keepingCapacity: true) }
    nextDeadline = nil
  }
}
