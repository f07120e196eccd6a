/// What a step did to the timers of one transition: when it becomes a finding unless something happens
/// first (<doc:Rules#Deadlines>). The machine reads no clock: it says when, and whoever keeps the trace's
/// clock says when that time passed (``PresentationSession/clockAdvanced(to:byLineOf:)``).
///
/// ```swift
/// switch step.effects.timer {
/// case .schedule(let serial, let hang?, _)?: print("transition \(serial) hangs after t=\(hang)")
/// case .cancel(let serial)?: print("transition \(serial) can no longer hang")
/// default: break
/// }
/// ```
///
/// A transition is named by its number (``TransitionRecord/serial``), which no later transition takes.
package enum TimerChange: Sendable, Hashable {
  /// The transition expires at `hang` (`transition-never-completed`, or a `present` UIKit dropped) or at
  /// `undriven` (`interaction-undriven`), whichever the clock passes first: each `nil` when the transition
  /// cannot expire that way now, or already did.
  case schedule(serial: UInt64, hang: Double?, undriven: Double?)
  /// The transition has no timer left: it ended, a finger holds it, another member of its stack carries
  /// its dismissal, or its timers expired.
  case cancel(serial: UInt64)

  /// The timers of the transition `serial`: scheduled, or cancelled when it has neither.
  init(serial: UInt64, hang: Double?, undriven: Double?) {
    self =
      hang == nil && undriven == nil
      ? .cancel(serial: serial) : .schedule(serial: serial, hang: hang, undriven: undriven)
  }

  /// The earliest time the change schedules (infinity for a cancel).
  @inline(__always)
  package var earliest: Double {
    switch self {
    case .schedule(_, let hang, let undriven): min(hang ?? .infinity, undriven ?? .infinity)
    case .cancel: .infinity
    }
  }
}
