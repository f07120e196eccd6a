/// What a `TraceGenerator` produces: how long its traces are, how many roots and how deep the stacks,
/// and how often each kind of episode happens.
///
/// ```swift
/// var configuration = GeneratorConfiguration()
/// configuration.episodes = 40
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
  /// dismissal from below needs a stack two deep).
  public struct Weights: Sendable, Hashable {
    public var presentAnimated: Int
    public var presentInteractiveFinish: Int
    public var presentInteractiveCancel: Int
    public var presentNonAnimated: Int
    public var dismissAnimated: Int
    public var dismissInteractiveFinish: Int
    public var dismissInteractiveCancel: Int
    public var dismissNonAnimated: Int
    /// `dismiss` of a presentation with others above it: the whole stack goes.
    public var dismissFromBelow: Int
    /// The device rotates while the top-most presentation is presented.
    public var rotation: Int
    /// The app's own `mark` line.
    public var mark: Int

    public init(
      presentAnimated: Int = 10, presentInteractiveFinish: Int = 3, presentInteractiveCancel: Int = 2,
      presentNonAnimated: Int = 2, dismissAnimated: Int = 6, dismissInteractiveFinish: Int = 3,
      dismissInteractiveCancel: Int = 2, dismissNonAnimated: Int = 2, dismissFromBelow: Int = 2,
      rotation: Int = 2, mark: Int = 1
    ) {
      self.presentAnimated = presentAnimated
      self.presentInteractiveFinish = presentInteractiveFinish
      self.presentInteractiveCancel = presentInteractiveCancel
      self.presentNonAnimated = presentNonAnimated
      self.dismissAnimated = dismissAnimated
      self.dismissInteractiveFinish = dismissInteractiveFinish
      self.dismissInteractiveCancel = dismissInteractiveCancel
      self.dismissNonAnimated = dismissNonAnimated
      self.dismissFromBelow = dismissFromBelow
      self.rotation = rotation
      self.mark = mark
    }
  }

  /// Episodes per trace (one presentation, dismissal, rotation or mark each).
  public var episodes: Int
  /// Window scenes: `root`, then `root:s1`, `root:s2`, …
  public var roots: Int
  /// The deepest stack a root may hold.
  public var maxDepth: Int
  /// Distinct presentation ids per root; few ids means ids are reused after dismissal.
  public var idsPerRoot: Int
  public var weights: Weights

  public init(
    episodes: Int = 24, roots: Int = 2, maxDepth: Int = 4, idsPerRoot: Int = 5, weights: Weights = Weights()
  ) {
    self.episodes = episodes
    self.roots = roots
    self.maxDepth = maxDepth
    self.idsPerRoot = idsPerRoot
    self.weights = weights
  }
}
