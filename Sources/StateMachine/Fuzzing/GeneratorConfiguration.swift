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
  /// dismissal from below needs a stack two deep, a swipe needs a sheet on top, a callbacks-only present
  /// needs the default root, which an implicit present stacks on).
  public struct Weights: Sendable, Hashable {
    public var presentAnimated: Int
    public var presentInteractiveFinish: Int
    public var presentInteractiveCancel: Int
    public var presentNonAnimated: Int
    /// A presentation recorded from its callbacks only, with no `present` line (<doc:Rules#Optional-request-events>).
    public var presentCallbacksOnly: Int
    public var dismissAnimated: Int
    public var dismissInteractiveFinish: Int
    public var dismissInteractiveCancel: Int
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

    public init(
      presentAnimated: Int = 10, presentInteractiveFinish: Int = 3, presentInteractiveCancel: Int = 2,
      presentNonAnimated: Int = 2, presentCallbacksOnly: Int = 2, dismissAnimated: Int = 6,
      dismissInteractiveFinish: Int = 3, dismissInteractiveCancel: Int = 2, dismissNonAnimated: Int = 2,
      dismissCallbacksOnly: Int = 1, dismissFromBelow: Int = 2, sheetSwipe: Int = 3,
      sheetSwipeCancelled: Int = 1,
      sheetSwipeRefused: Int = 1, rotation: Int = 2, mark: Int = 1
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
  public var weights: Weights

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
