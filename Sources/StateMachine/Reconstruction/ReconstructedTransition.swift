/// One transition of one presentation, rebuilt from a trace: when each phase happened, how long the animation
/// was declared and measured to take, the progress the user drove, the layout passes, the outcome and the
/// findings that belong to it (<doc:Lifecycle#What-a-replay-reconstructs>).
///
/// ```swift
/// let replay = TraceReplay.run(path: "traces/valid/interactive-dismiss-finished.jsonl")
/// let dismissal = replay.transitions.first { $0.kind == .dismissal }
/// dismissal?.commit?.progress // 0.62, where the user let go
/// ```
public struct ReconstructedTransition: Sendable, Hashable {
  /// A presentation or a dismissal.
  public enum Kind: String, Sendable, Hashable { case presentation, dismissal }

  /// How the transition ended.
  public enum Outcome: String, Sendable, Hashable {
    /// `*DidEnd(true)` (or the stack it belonged to was dismissed).
    case completed
    /// `*DidEnd(false)`: the presentation was withdrawn, or the dismissal was undone.
    case cancelled
    /// Reported as `transition-never-completed`.
    case neverCompleted = "never-completed"
    /// Still in flight when the trace ended, before its deadline: the recording was cut.
    case unfinished
  }

  /// A finish or cancel of the interaction.
  public struct Commit: Sendable, Hashable {
    public var kind: TransitionRecord.CommitKind
    public var t: Double
    public var progress: Double
    public var completionSpeed: Double
  }

  /// One `updateInteractiveTransition`.
  public struct ProgressSample: Sendable, Hashable {
    public var t: Double
    public var percent: Double
  }

  /// One container layout pass: `Will` (when seen; UIKit suppresses it while dismissing) and `Did`.
  public struct LayoutPass: Sendable, Hashable {
    public var willT: Double?
    public var didT: Double
    public var line: Int
    /// `Did − Will`, when both were seen.
    public var duration: Double? { willT.map { didT - $0 } }
  }

  public var id: String
  public var kind: Kind
  public var animated: Bool
  public var interactive = false
  public var firstLine: Int
  public var lastLine: Int
  public var requestedT: Double?
  public var willBeginT: Double?
  /// `animateTransition` or `startInteractiveTransition`, whichever came first.
  public var animationStartT: Double?
  public var commit: Commit?
  public var completeT: Double?
  public var didComplete: Bool?
  public var didEndT: Double?
  /// The animator's or the interaction's declared duration.
  public var declaredDuration: Double?
  public var progress: [ProgressSample] = []
  public var layoutPasses: [LayoutPass] = []
  public var outcome: Outcome = .unfinished
  public var findings: [Finding] = []

  /// `completeTransition − animation start`: what the animation actually took.
  public var measuredDuration: Double? {
    guard let start = animationStartT, let end = completeT else { return nil }
    return end - start
  }

  /// The first time anything of this transition happened.
  public var startT: Double? { [requestedT, willBeginT, animationStartT].compactMap { $0 }.min() }

  /// The last time anything of this transition happened.
  public var endT: Double? {
    ([didEndT, completeT, commit?.t, animationStartT, willBeginT, requestedT].compactMap { $0 }
      + progress.map(\.t) + layoutPasses.map(\.didT)).max()
  }

  public init(id: String, kind: Kind, animated: Bool, line: Int) {
    self.id = id
    self.kind = kind
    self.animated = animated
    firstLine = line
    lastLine = line
  }
}
