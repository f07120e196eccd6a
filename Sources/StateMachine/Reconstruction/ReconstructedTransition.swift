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
    /// Reported as `transition-never-completed`, or a `present` nothing began before its deadline, which
    /// UIKit dropped (`presenter-unknown` at its request: <doc:Rules#Recovery-follows-the-evidence>).
    case neverCompleted = "never-completed"
    /// Still in flight when the trace ended, before its deadline: the recording was cut.
    case unfinished
  }

  /// What of the transition the app could log, which decides what the audit can check of it
  /// (<doc:Rules#Presentations-observed-from-outside>, <doc:Rules#Transitions-recorded-from-the-animator-alone>).
  public enum Source: String, Sendable, Hashable, CaseIterable {
    /// A `*WillBegin` or `*DidEnd` was logged: the app owns the presentation controller.
    case controller
    /// Animator or interaction events, and no presentation-controller callback: the transitioning delegate
    /// vends only an animator.
    case animator
    /// Neither: a system style seen from outside, through the request, the appearance callbacks and the
    /// adaptive delegate. No animator, so no timing verdicts.
    case observed
  }

  /// A user caught the transition again (`pauseInteractiveTransition` after a finish or cancel, or
  /// while it ran by itself) (<doc:Rules#Interruptible-transitions>).
  public struct Interruption: Sendable, Hashable {
    public var t: Double
    public var line: Int
    /// The finish or cancel it caught, or `nil` when it caught an interaction running by itself.
    public var caught: Commit?
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
  /// The style its `present` named (`nil` when none did, which means `custom`); a dismissal carries its
  /// presentation's.
  public var style: String?
  /// The style UIKit resolved for the presentation, as its presented controller's first `viewWillAppear`
  /// recorded it (`nil` when it recorded none); a dismissal carries its presentation's.
  public var resolvedStyle: String?
  /// A dismissal the user started by swiping the sheet (`presentationControllerWillDismiss`).
  public var swipe = false
  /// A `*WillBegin` or `*DidEnd` was logged.
  public var controllerLogged = false
  /// `animateTransition`, `interruptibleAnimator`, `startInteractiveTransition` or `completeTransition`
  /// was logged.
  public var animatorLogged = false
  /// The animator vended an interruptible animator.
  public var interruptible = false
  /// The interaction started running by itself (`wantsInteractiveStart` false).
  public var startedRunning = false
  /// Each time the user caught the transition, in order; ``commit`` is the finish or cancel that won.
  public var interruptions: [Interruption] = []
  public var firstLine: Int
  public var lastLine: Int
  public var requestedT: Double?
  /// `*WillBegin`, or for a transition observed from outside the callback that stands for it (`begunBy`);
  /// `nil` for one recorded from the animator alone, which its first animator event begins.
  public var willBeginT: Double?
  /// The callback that began the transition when no `*WillBegin` was logged (`viewWillAppear` of an
  /// observed presentation), for display.
  package var begunBy: Trigger?
  /// `animateTransition`, `interruptibleAnimator` or `startInteractiveTransition`, whichever came first.
  public var animationStartT: Double?
  /// The last finish or cancel the interaction accepted: the one that decided the transition.
  public var commit: Commit?
  public var completeT: Double?
  public var didComplete: Bool?
  public var didEndT: Double?
  /// When the transition left flight, whatever ended it: its `*DidEnd`, its `completeTransition` when no
  /// `*WillBegin` was logged, or the appearance callback that ended an observed transition.
  public var endedT: Double?
  /// The callback that ended it, when it was not a `*DidEnd`.
  package var endedBy: Trigger?
  /// The animator's or the interaction's declared duration.
  public var declaredDuration: Double?
  public var progress: [ProgressSample] = []
  public var layoutPasses: [LayoutPass] = []
  public var outcome: Outcome = .unfinished
  public var findings: [Finding] = []

  /// The style the transition was shown in: the resolved one when the trace recorded it, else the one
  /// `present` named, else `custom` (a missing `style`).
  public var presentedStyle: String { resolvedStyle ?? style ?? "custom" }

  /// How the app saw the transition.
  public var source: Source { controllerLogged ? .controller : animatorLogged ? .animator : .observed }

  /// `completeTransition − animation start`: what the animation actually took.
  public var measuredDuration: Double? {
    guard let start = animationStartT, let end = completeT else { return nil }
    return end - start
  }

  /// The first time anything of this transition happened.
  public var startT: Double? { [requestedT, willBeginT, animationStartT].compactMap { $0 }.min() }

  /// The last time anything of this transition happened.
  public var endT: Double? {
    ([didEndT, endedT, completeT, commit?.t, animationStartT, willBeginT, requestedT].compactMap { $0 }
      + progress.map(\.t) + layoutPasses.map(\.didT) + interruptions.map(\.t)).max()
  }

  public init(id: String, kind: Kind, animated: Bool, line: Int) {
    self.id = id
    self.kind = kind
    self.animated = animated
    firstLine = line
    lastLine = line
  }
}
