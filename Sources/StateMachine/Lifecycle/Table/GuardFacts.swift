/// The facts of a presentation the table's guards read, one bit each: most guards are then a test of one
/// word against a mask (`TableGuard.bitTest`), and the others are asked in code only when their bits pass.
///
/// ```swift
/// var facts: GuardFacts = [.tracked, .deferredCancel]
/// TableGuard.cancelDeferredWithoutController.bitTest.passes(facts)  // true: no *WillBegin logged
/// facts.insert(.controllerLogged)
/// TableGuard.cancelDeferredWithoutController.bitTest.passes(facts)  // false
/// ```
///
/// A transition keeps its own bits in its facts (`TransitionRecord.guardFacts`), so reading them costs one
/// load. The others are added when the guards are asked: those of the step (`seenTrigger`, `tracked`) by
/// `PresentationLifecycle.guardFacts`, the slot's (a refused request, its pending completion,
/// `unknown-presentation` reported) by `SessionStorage.Slot.guardFacts`, and the node's in the stack and a
/// presenter's problem by `PresentationSession.guardFacts`.
package struct GuardFacts: OptionSet, Sendable, Hashable {
  package var rawValue: UInt32

  package init(rawValue: UInt32) { self.rawValue = rawValue }

  /// The trigger the guards are asked about was already delivered in this transition (added at the
  /// question: it depends on the trigger).
  package static let seenTrigger = GuardFacts(rawValue: 1 << 0)
  /// The presentation has a transition, whose facts the other bits are (added at the question): a guard
  /// about a transition is false when there is none.
  package static let tracked = GuardFacts(rawValue: 1 << 1)
  /// `completeTransition` arrived (`completeValue` is not `nil`).
  package static let completeKnown = GuardFacts(rawValue: 1 << 2)
  /// `completeTransition(true)`: meaningful with `completeKnown`.
  package static let completedTrue = GuardFacts(rawValue: 1 << 3)
  /// `did-end-before-complete` was reported.
  package static let completeExcused = GuardFacts(rawValue: 1 << 4)
  /// A finish deferred before the interaction started.
  package static let deferredFinish = GuardFacts(rawValue: 1 << 5)
  /// A cancel deferred before the interaction started.
  package static let deferredCancel = GuardFacts(rawValue: 1 << 6)
  /// Dismissed with its stack by another member's end.
  package static let settledByGroup = GuardFacts(rawValue: 1 << 7)
  /// A `*WillBegin` was logged.
  package static let controllerLogged = GuardFacts(rawValue: 1 << 8)
  /// The animator vended an interruptible animator.
  package static let interruptible = GuardFacts(rawValue: 1 << 9)
  /// A `*DidEnd` was logged.
  package static let didEndLogged = GuardFacts(rawValue: 1 << 10)
  /// The transition ended (`didEndT` is not `nil`), logged or settled.
  package static let ended = GuardFacts(rawValue: 1 << 11)
  /// The last commit was a finish sent after the interaction was cancelled.
  package static let lateFinish = GuardFacts(rawValue: 1 << 12)
  /// The last commit was a cancel sent after the interaction was finished.
  package static let lateCancel = GuardFacts(rawValue: 1 << 13)
  /// The request named a system presentation style.
  package static let systemStyle = GuardFacts(rawValue: 1 << 14)
  /// `animateTransition` arrived (`animateT` is not `nil`).
  package static let animated = GuardFacts(rawValue: 1 << 15)
  /// `startInteractiveTransition` arrived (`interactiveStartT` is not `nil`).
  package static let interactionStarted = GuardFacts(rawValue: 1 << 16)

  /// Sets or clears `bits`.
  @inline(__always)
  mutating func set(_ bits: GuardFacts, _ on: Bool) {
    if on { formUnion(bits) } else { subtract(bits) }
  }

  /// A commit kind kept as two bits, neither for `nil`.
  @inline(__always)
  func commit(finish: GuardFacts, cancel: GuardFacts) -> TransitionRecord.CommitKind? {
    contains(finish) ? .finish : contains(cancel) ? .cancel : nil
  }

  /// Keeps `kind` as two bits, neither for `nil`.
  @inline(__always)
  mutating func setCommit(_ kind: TransitionRecord.CommitKind?, finish: GuardFacts, cancel: GuardFacts) {
    set(finish, kind == .finish)
    set(cancel, kind == .cancel)
  }

  /// The id's last request was refused (added at the question, from the id's slot, as the four below).
  package static let requestRefused = GuardFacts(rawValue: 1 << 17)
  /// The id's last request was a `present` UIKit refused or dropped.
  package static let presentRefused = GuardFacts(rawValue: 1 << 18)
  /// The id's last request was a `dismiss` UIKit refused.
  package static let dismissRefused = GuardFacts(rawValue: 1 << 19)
  /// The completion block of a `dismiss` UIKit refused has not come yet.
  package static let refusedDismissCompletion = GuardFacts(rawValue: 1 << 20)
  /// `unknown-presentation` was reported for the id and no presentation of it began since.
  package static let unknownReported = GuardFacts(rawValue: 1 << 21)

  /// The presentation presents another, or has presented one (added at the question, from its node in the
  /// stack, as the two below).
  package static let presenting = GuardFacts(rawValue: 1 << 22)
  /// The presentation is in a dismissal group.
  package static let inGroup = GuardFacts(rawValue: 1 << 23)
  /// The request breaks a stack rule (the step judged its presenter).
  package static let presenterProblem = GuardFacts(rawValue: 1 << 24)

  /// A guard as a bit test: it holds when the facts' bits under `mask` equal `value`, and, for a guard
  /// the session asks in code (`asksCode`), only then does the session ask it.
  package struct Test: Sendable, Hashable {
    package var mask: GuardFacts
    package var value: GuardFacts
    /// The bits are only necessary: the guard holds when they pass and the session's code says so too.
    package var asksCode: Bool

    /// Holds when every bit of `set` is set and every bit of `clear` is clear.
    package init(set: GuardFacts, clear: GuardFacts = []) {
      mask = set.union(clear)
      value = set
      asksCode = false
    }

    /// A guard the session asks in code, which cannot hold unless every bit of `necessary` is set.
    package init(askedInCode necessary: GuardFacts) {
      mask = necessary
      value = necessary
      asksCode = true
    }

    /// Whether the bits pass: the guard holds, or (`asksCode`) may.
    @inline(__always)
    package func passes(_ facts: GuardFacts) -> Bool { facts.rawValue & mask.rawValue == value.rawValue }
  }
}
