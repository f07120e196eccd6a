/// How often a trace shows each kind it counts (`Kind`: presentations observed from outside and their
/// swipes, transitions recorded from the animator alone, aborts, interruptible catches, self-running
/// interactions, `viewIsAppearing`; <doc:Rules#Interruptible-transitions> and the three decisions after
/// it), counted from its events alone (not from what a generator meant to write), and where it expects
/// the one finding such a trace may carry: `transition-aborted` on each abort.
///
/// ```swift
/// let census = TraceCensus(events: events)
/// census[.observedPresentation]   // presentations seen only through appearance callbacks
/// census.expectedFindings()       // [transition-aborted@17, …]: lines numbered from 1
/// ```
///
/// The census reads each presentation's events on its own (`present`, `*WillBegin`, animator and
/// interaction events, appearance callbacks, the adaptive delegate) with none of the machine's code: it
/// is a tally, not a judge, so a mutated trace is counted as best it can be. A presentation's own
/// appearance callbacks are told from a presenter's by whether it presents a live presentation.
package struct TraceCensus: Sendable, Hashable {
  /// The kinds counted.
  package enum Kind: String, CaseIterable, Sendable {
    /// A presentation observed from outside: no controller or animator event between its request and
    /// the `viewDidAppear` that completes it (<doc:Rules#Presentations-observed-from-outside>).
    case observedPresentation = "observed presentation"
    /// A swipe on a presentation observed from outside: a dismissal started by
    /// `presentationControllerWillDismiss` or by the presented controller's own `viewWillDisappear` and
    /// ended by `viewDidDisappear` (dismissed) or `viewWillAppear` + `viewDidAppear` (reverted), or a
    /// refused swipe (`presentationControllerDidAttemptToDismiss`) on such a presentation.
    case observedSwipe = "observed swipe"
    /// A transition with animator or interaction events and no `*WillBegin`, counted at its
    /// `completeTransition` (<doc:Rules#Transitions-recorded-from-the-animator-alone>).
    case animatorOnly = "animator-only transition"
    /// `completeTransition(false)` in a transition with no `startInteractiveTransition`
    /// (<doc:Rules#An-animator-may-abort-a-transition>).
    case abort
    /// `pauseInteractiveTransition` after a finish or cancel of a transition with an
    /// `interruptibleAnimator` line (<doc:Rules#Interruptible-transitions>).
    case interruptibleCatch = "interruptible catch"
    /// `startInteractiveTransition` with `wantsInteractiveStart` false in a transition with an
    /// `interruptibleAnimator` line, counted once per transition.
    case selfRunning = "self-running interaction"
    /// A `viewIsAppearing` line.
    case viewIsAppearing
  }

  /// How the observed swipes ended, beside their total.
  package struct Swipes: Sendable, Hashable {
    package var dismissed = 0
    package var reverted = 0
    package var refused = 0
  }

  package private(set) var counts: [Kind: Int] = [:]
  package private(set) var swipes = Swipes()
  /// The indices (0-based, into the events counted) of the `completeTransition(false)` lines that abort a
  /// transition; empty after `add(_:)` merged several traces.
  package private(set) var aborts: [Int] = []

  /// An empty census, to add traces' censuses to.
  package init() {}

  /// The census of one trace's events.
  package init(events: [Event]) {
    var reader = CensusReader()
    for (index, event) in events.enumerated() { reader.read(event, at: index, into: &self) }
  }

  /// How often `kind` occurred.
  package subscript(kind: Kind) -> Int { counts[kind] ?? 0 }

  /// Adds `other`'s counts to these (abort positions belong to one trace and are not kept).
  package mutating func add(_ other: TraceCensus) {
    for (kind, count) in other.counts { counts[kind, default: 0] += count }
    swipes.dismissed += other.swipes.dismissed
    swipes.reverted += other.swipes.reverted
    swipes.refused += other.swipes.refused
    aborts = []
  }

  /// What an audit of the trace must report for it to be valid: `transition-aborted` on each abort's line,
  /// the first event being on line `firstLine`.
  package func expectedFindings(firstLine: Int = 1) -> [ExpectEntry] {
    aborts.map { ExpectEntry(rule: .transitionAborted, line: $0 + firstLine) }
  }

  /// The counts in words: `observed presentation 12, observed swipe 5 (dismissed 3, reverted 1,
  /// refused 1), …`.
  package var summary: String {
    Kind.allCases.map { kind in
      let base = "\(kind.rawValue) \(self[kind])"
      guard kind == .observedSwipe else { return base }
      return base + " (dismissed \(swipes.dismissed), reverted \(swipes.reverted), refused \(swipes.refused))"
    }.joined(separator: ", ")
  }

  mutating func count(_ kind: Kind) { counts[kind, default: 0] += 1 }

  mutating func countSwipe(_ end: CensusReader.SwipeEnd) {
    count(.observedSwipe)
    switch end {
    case .dismissed: swipes.dismissed += 1
    case .reverted: swipes.reverted += 1
    case .refused: swipes.refused += 1
    }
  }

  mutating func noteAbort(at index: Int) {
    count(.abort)
    aborts.append(index)
  }
}
