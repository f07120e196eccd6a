/// What a `TraceGenerator` produces: how many episodes each window scene runs, how many scenes run at
/// once, how deep the stacks, and how often each kind of episode happens.
///
/// ```swift
/// var configuration = GeneratorConfiguration()
/// configuration.episodes = 40                        // per scene
/// configuration.weights.dismissInteractiveCancel = 0  // never cancel a pan-driven dismissal
/// ```
public struct GeneratorConfiguration: Sendable, Hashable {
  /// Relative weights of the episodes the generator chooses from; 0 turns one off.
  ///
  /// ```swift
  /// GeneratorConfiguration.Weights(presentAnimated: 10, rotation: 0)
  /// ```
  ///
  /// An episode is only drawn where it is legal (a dismissal needs a presented presentation, a
  /// dismissal from below needs a stack two deep, a swipe needs a sheet on top, an observed swipe a sheet
  /// or popover observed from outside on top, a callbacks-only present needs the default root, which an
  /// implicit present stacks on).
  public struct Weights: Sendable, Hashable {
    /// An animated presentation: the common case, and the one most other episodes need first.
    public var presentAnimated: Int
    /// A presentation a pan drives and finishes.
    public var presentInteractiveFinish: Int
    /// A presentation a pan drives and cancels: it is withdrawn.
    public var presentInteractiveCancel: Int
    /// A presentation with `animated: false`.
    public var presentNonAnimated: Int
    /// A presentation recorded from its callbacks only, with no `present` line (<doc:Rules#Optional-request-events>).
    public var presentCallbacksOnly: Int
    /// An animated dismissal.
    public var dismissAnimated: Int
    /// A dismissal a pan drives and finishes.
    public var dismissInteractiveFinish: Int
    /// A dismissal a pan drives and cancels: the presentation is restored.
    public var dismissInteractiveCancel: Int
    /// A dismissal with `animated: false`.
    public var dismissNonAnimated: Int
    /// A dismissal recorded from its callbacks only, with no `dismiss` line (a system dismissal).
    public var dismissCallbacksOnly: Int
    /// `dismiss` of a presentation with others above it: the whole stack goes.
    public var dismissFromBelow: Int
    /// The user swipes a sheet away: `presentationControllerWillDismiss`, a system dismissal,
    /// `presentationControllerDidDismiss`.
    public var sheetSwipe: Int
    /// The user starts swiping a sheet and lets go: the system dismissal ends with `completed: false`.
    public var sheetSwipeCancelled: Int
    /// `isModalInPresentation` refuses the swipe: `presentationControllerDidAttemptToDismiss`.
    public var sheetSwipeRefused: Int
    /// The device rotates while the top-most presentation is presented.
    public var rotation: Int
    /// The app's own `mark` line.
    public var mark: Int
    /// A presentation in a system style observed from outside: the request, appearance callbacks and
    /// `completion` only (<doc:Rules#Presentations-observed-from-outside>).
    public var presentObserved: Int
    /// `dismiss` whose transition logs only appearance callbacks and `completion`.
    public var dismissObserved: Int
    /// The user swipes away a sheet observed from outside (or taps outside a popover), with or without an
    /// adaptive delegate, the drag perhaps reverting on the way.
    public var observedSwipe: Int
    /// The same swipe let go before the threshold: the dismissal reverts, the sheet stays.
    public var observedSwipeReverted: Int
    /// `present` recorded from the animator alone: no `presentationTransitionWillBegin`/`DidEnd`
    /// (<doc:Rules#Transitions-recorded-from-the-animator-alone>).
    public var presentAnimatorOnly: Int
    /// The same, driven by a pan: finished or cancelled.
    public var presentAnimatorOnlyInteractive: Int
    /// `dismiss` recorded from the animator alone.
    public var dismissAnimatorOnly: Int
    /// The same, driven by a pan: finished or cancelled.
    public var dismissAnimatorOnlyInteractive: Int
    /// A presentation whose animator aborts with `completeTransition(false)` before going interactive: a
    /// `transition-aborted` warning, the only finding a generated trace expects
    /// (<doc:Rules#An-animator-may-abort-a-transition>).
    public var abortPresent: Int
    /// A dismissal aborted the same way: the presentation stays.
    public var abortDismiss: Int
    /// An interruptible transition caught after its finish or cancel and driven again
    /// (<doc:Rules#Interruptible-transitions>).
    public var interruptibleCatch: Int
    /// An interruptible transition started with `wantsInteractiveStart` false: it runs out, or is paused
    /// and driven, or is finished or cancelled while it runs.
    public var selfRunning: Int

    /// Weights with the defaults, which every generated trace uses unless a test turns an episode up, down or
    /// off.
    public init(
      presentAnimated: Int = 10, presentInteractiveFinish: Int = 3, presentInteractiveCancel: Int = 2,
      presentNonAnimated: Int = 2, presentCallbacksOnly: Int = 2, dismissAnimated: Int = 6,
      dismissInteractiveFinish: Int = 3, dismissInteractiveCancel: Int = 2, dismissNonAnimated: Int = 2,
      dismissCallbacksOnly: Int = 1, dismissFromBelow: Int = 2, sheetSwipe: Int = 3,
      sheetSwipeCancelled: Int = 1,
      sheetSwipeRefused: Int = 1, rotation: Int = 2, mark: Int = 1, presentObserved: Int = 4,
      dismissObserved: Int = 2, observedSwipe: Int = 6, observedSwipeReverted: Int = 3,
      presentAnimatorOnly: Int = 3, presentAnimatorOnlyInteractive: Int = 2, dismissAnimatorOnly: Int = 2,
      dismissAnimatorOnlyInteractive: Int = 2, abortPresent: Int = 1, abortDismiss: Int = 1,
      interruptibleCatch: Int = 2, selfRunning: Int = 2
    ) {
      self.presentAnimated = presentAnimated
      self.presentInteractiveFinish = presentInteractiveFinish
      self.presentInteractiveCancel = presentInteractiveCancel
      self.presentNonAnimated = presentNonAnimated
      self.presentCallbacksOnly = presentCallbacksOnly
      self.dismissAnimated = dismissAnimated
      self.dismissInteractiveFinish = dismissInteractiveFinish
      self.dismissInteractiveCancel = dismissInteractiveCancel
      self.dismissNonAnimated = dismissNonAnimated
      self.dismissCallbacksOnly = dismissCallbacksOnly
      self.dismissFromBelow = dismissFromBelow
      self.sheetSwipe = sheetSwipe
      self.sheetSwipeCancelled = sheetSwipeCancelled
      self.sheetSwipeRefused = sheetSwipeRefused
      self.rotation = rotation
      self.mark = mark
      self.presentObserved = presentObserved
      self.dismissObserved = dismissObserved
      self.observedSwipe = observedSwipe
      self.observedSwipeReverted = observedSwipeReverted
      self.presentAnimatorOnly = presentAnimatorOnly
      self.presentAnimatorOnlyInteractive = presentAnimatorOnlyInteractive
      self.dismissAnimatorOnly = dismissAnimatorOnly
      self.dismissAnimatorOnlyInteractive = dismissAnimatorOnlyInteractive
      self.abortPresent = abortPresent
      self.abortDismiss = abortDismiss
      self.interruptibleCatch = interruptibleCatch
      self.selfRunning = selfRunning
    }
  }

  /// Episodes each window scene runs (one presentation, dismissal, swipe, rotation or mark each) before
  /// it dismisses what it still shows; `Int.max` for a stream that never ends.
  public var episodes: Int
  /// Window scenes, each running its episodes at the same time as the others: `root`, then `root:s1`,
  /// `root:s2`, …
  public var roots: Int
  /// The deepest stack a root may hold.
  public var maxDepth: Int
  /// Distinct presentation ids per root; few ids means ids are reused after dismissal.
  public var idsPerRoot: Int
  /// How often each kind of episode is drawn.
  public var weights: Weights

  /// A configuration of `roots` scenes running `episodes` episodes each; the defaults make traces of a few
  /// hundred events.
  public init(
    episodes: Int = 12, roots: Int = 2, maxDepth: Int = 4, idsPerRoot: Int = 5, weights: Weights = Weights()
  ) {
    self.episodes = episodes
    self.roots = roots
    self.maxDepth = maxDepth
    self.idsPerRoot = idsPerRoot
    self.weights = weights
  }
}
