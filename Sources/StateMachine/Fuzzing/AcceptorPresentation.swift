/// One presentation as `OrderingAcceptor` sees it, in the acceptor's own words: the stage of its current
/// or last transition and what that transition logged.
///
/// ```swift
/// var presentation = AcceptorPresentation()
/// presentation.request(dismissing: false, at: 0)  // a `present`
/// presentation.stage                              // .requested
/// ```
struct AcceptorPresentation: Sendable {
  /// Where the presentation is.
  enum Stage: Sendable, Equatable {
    /// Never seen.
    case gone
    /// The transition was asked for (a request, or a swipe the adaptive delegate announced).
    case requested
    /// It began (`*WillBegin`, or an appearance callback) and no animator event came yet.
    case began
    /// An animator event started it (`animateTransition`, `interruptibleAnimator`).
    case animating
    /// `startInteractiveTransition` with `wantsInteractiveStart` false: it runs by itself.
    case running
    case interactive, finishing, cancelling
    /// `completeTransition` came; the app's `*DidEnd` is awaited.
    case completed, cancelled
    /// Presented: after a presentation, or after a dismissal that was cancelled.
    case shown
    /// Dismissed, or withdrawn by a cancelled presentation; the tail of that transition may still come.
    case over
  }

  var stage: Stage = .gone
  /// The current (or last) transition is a dismissal.
  var dismissing = false
  var presenter = ""
  /// A `*WillBegin` was logged in the transition: the app owns the presentation controller.
  var controller = false
  /// An animator or interaction event was logged in the transition.
  var animator = false
  /// `animateTransition` was logged in the transition (at most once).
  var animated = false
  /// `startInteractiveTransition` was logged in the transition (at most once).
  var started = false
  /// An `interruptibleAnimator` was logged in the transition.
  var interruptible = false
  /// A presenter's `viewWillAppear` or `viewWillDisappear` (while it presented another) still waiting for
  /// its `viewDid*`, which may come after the presented one's transition ended
  /// (<doc:Rules#Appearance-events>).
  var presenterPending: EventKind?
  /// Its `present` named a style other than `custom` (kept for its dismissal).
  var systemStyle = false
  /// A dismissal seen from outside got its reverting `viewWillAppear`.
  var reverting = false
  /// `completeTransition`'s value, once it came.
  var complete: Bool?
  /// The once-per-transition callbacks delivered in the transition's tail.
  var tail: Set<EventKind> = []
  /// `presentationControllerWillDismiss` came in this dismissal (UIKit sends it once).
  var willDismissSeen = false
  /// How the last transition ended (true completed, false cancelled); nil before any ended.
  var lastCompleted: Bool?
  /// The index of the event that requested the current transition (or began one that had no request).
  var requestIndex = -1
  /// The index of the event that ended the last transition.
  var endIndex = -1

  var isLive: Bool { stage != .gone && stage != .over }
  var isIdle: Bool { stage == .shown }
  /// Nothing but appearance callbacks (and the adaptive delegate) since the request.
  var seenFromOutside: Bool { !controller && !animator }
  /// Between the request and `completeTransition` (or the end of a transition that has none).
  var beforeComplete: Bool {
    switch stage {
    case .requested, .began, .animating, .running, .interactive, .finishing, .cancelling: true
    case .gone, .completed, .cancelled, .shown, .over: false
    }
  }

  /// A new transition: a request (`at` is the event's index).
  mutating func request(dismissing: Bool, at index: Int) {
    self.dismissing = dismissing
    stage = .requested
    controller = false
    animator = false
    animated = false
    started = false
    interruptible = false
    presenterPending = nil
    reverting = false
    complete = nil
    tail = []
    willDismissSeen = false
    requestIndex = index
  }

  /// The transition ends: presented after a completed presentation or a cancelled dismissal, over after
  /// the others. Its tail stays open until the next request.
  mutating func end(completed: Bool, at index: Int) {
    lastCompleted = completed
    stage = dismissing == completed ? .over : .shown
    endIndex = index
  }

  /// After a cancelled dismissal, until the next request: where the reverting appearance pair is legal.
  var isRestored: Bool { stage == .shown && dismissing && lastCompleted == false }
}
