/// Walks a trace's events for `TraceCensus`: per presentation id, what its current transition has logged.
///
/// ```swift
/// var census = TraceCensus()
/// var reader = CensusReader()
/// for (index, event) in events.enumerated() { reader.read(event, at: index, into: &census) }
/// ```
///
/// It keeps only what the counts need: whether a transition is open and which way, whether it logged a
/// `*WillBegin`, animator or interaction events, an `interruptibleAnimator`, a finish or cancel not yet
/// caught, and whether the presentation is presented and was observed from outside. It never judges an
/// event; an event that fits nothing is passed over.
struct CensusReader: Sendable {
  /// How an observed swipe ended.
  enum SwipeEnd: Sendable { case dismissed, reverted, refused }

  /// One presentation as the census sees it.
  private struct Track: Sendable {
    /// A transition is in flight (from its request or first callback until it ends).
    var open = false
    var dismissing = false
    /// The transition's `*WillBegin` was logged: the app owns the presentation controller.
    var controller = false
    /// An animator or interaction event was logged.
    var animator = false
    /// `startInteractiveTransition` was logged.
    var interactive = false
    var interruptible = false
    /// `startInteractiveTransition` said `wantsInteractiveStart: false`.
    var startsRunning = false
    var selfRunningCounted = false
    /// A finish or cancel not followed by a pause yet.
    var committed = false
    /// The dismissal was started by the user (adaptive delegate or a lone `viewWillDisappear`).
    var swipe = false
    /// The observed transition's first appearance callback came (`viewWillAppear` presenting,
    /// `viewWillDisappear` dismissing).
    var begun = false
    /// A dismissal's reverting `viewWillAppear` came.
    var reverting = false
    var presented = false
    /// The presentation it is in was observed from outside.
    var observed = false

    var isLive: Bool { open || presented }
    /// Nothing but appearance callbacks (and the adaptive delegate) so far.
    var seenFromOutside: Bool { open && !controller && !animator }

    mutating func start(dismissing: Bool) {
      let (presented, observed) = (self.presented, self.observed)
      self = Track(open: true, dismissing: dismissing)
      self.presented = presented
      self.observed = observed
    }
  }

  private var tracks: [String: Track] = [:]
  /// The presentation each presenter last presented.
  private var children: [String: String] = [:]

  /// Whether `id` presents a live presentation: its appearance callbacks are then a presenter's.
  private func presentsAnother(_ id: String) -> Bool {
    guard let child = children[id] else { return false }
    return tracks[child]?.isLive ?? false
  }

  mutating func read(_ event: Event, at index: Int, into census: inout TraceCensus) {
    let id = event.id
    var track = tracks[id] ?? Track()
    switch event.kind {
    case .present:
      track = Track()
      track.start(dismissing: false)
      children[event.payload.presenter ?? PresentationSession.defaultRoot] = id
    case .dismiss:
      track.start(dismissing: true)
    case .presentationTransitionWillBegin, .dismissalTransitionWillBegin:
      let dismissing = event.kind == .dismissalTransitionWillBegin
      if !track.open || track.dismissing != dismissing { track.start(dismissing: dismissing) }
      track.controller = true
    case .presentationControllerWillDismiss:
      if !track.open {
        track.start(dismissing: true)
        track.swipe = true
      }
    case .presentationControllerDidAttemptToDismiss:
      if !track.open, track.presented, track.observed { census.countSwipe(.refused) }
    case .animateTransition:
      track.animator = true
    case .interruptibleAnimator:
      track.animator = true
      track.interruptible = true
      countSelfRunning(&track, into: &census)
    case .startInteractiveTransition:
      track.animator = true
      track.interactive = true
      track.startsRunning = event.payload.wantsInteractiveStart == false
      countSelfRunning(&track, into: &census)
    case .finishInteractiveTransition, .cancelInteractiveTransition:
      track.committed = true
    case .pauseInteractiveTransition:
      if track.open, track.interruptible, track.committed { census.count(.interruptibleCatch) }
      track.committed = false
    case .completeTransition:
      guard track.open else { break }
      if !track.interactive, event.payload.didComplete == false { census.noteAbort(at: index) }
      if track.animator, !track.controller { census.count(.animatorOnly) }
      // With no `*WillBegin` logged, `completeTransition` ends the transition.
      if !track.controller { end(&track, completed: event.payload.didComplete != false) }
    case .presentationTransitionDidEnd, .dismissalTransitionDidEnd:
      if track.open { end(&track, completed: event.payload.completed != false) }
    case .viewWillAppear:
      guard !presentsAnother(id), track.seenFromOutside else { break }
      if !track.dismissing {
        track.begun = true
      } else if track.begun {
        track.reverting = true
      }
    case .viewDidAppear:
      guard !presentsAnother(id), track.seenFromOutside else { break }
      if !track.dismissing, track.begun {
        census.count(.observedPresentation)
        end(&track, completed: true)
        track.observed = true
      } else if track.dismissing, track.reverting {
        if track.swipe, track.observed { census.countSwipe(.reverted) }
        end(&track, completed: false)
      }
    case .viewWillDisappear:
      guard !presentsAnother(id) else { break }
      if !track.open, track.presented {
        track.start(dismissing: true)
        track.swipe = true
        track.begun = true
      } else if track.seenFromOutside, track.dismissing {
        track.begun = true
      }
    case .viewDidDisappear:
      guard !presentsAnother(id), track.seenFromOutside, track.dismissing, track.begun, !track.reverting
      else { break }
      if track.swipe, track.observed { census.countSwipe(.dismissed) }
      end(&track, completed: true)
    case .viewIsAppearing:
      census.count(.viewIsAppearing)
    case .containerViewWillLayoutSubviews, .containerViewDidLayoutSubviews, .updateInteractiveTransition,
      .animationEnded, .viewWillTransitionToSize, .panBegan, .panChanged, .panEnded, .panCancelled,
      .presentationControllerDidDismiss, .completion, .mark:
      break
    }
    tracks[id] = track
  }

  /// Counts a self-running interaction once the transition has both its running start and an
  /// interruptible animator, in either order.
  private func countSelfRunning(_ track: inout Track, into census: inout TraceCensus) {
    guard track.open, track.startsRunning, track.interruptible, !track.selfRunningCounted else { return }
    track.selfRunningCounted = true
    census.count(.selfRunning)
  }

  /// The transition ends: presented after a completed presentation or a reverted dismissal.
  private func end(_ track: inout Track, completed: Bool) {
    track.open = false
    track.presented = track.dismissing != completed
    if !track.presented { track.observed = false }
  }
}
