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
  public enum Kind: String, Sendable, Hashable {
    /// From the request to `presentationTransitionDidEnd`: the view controller comes on screen.
    case presentation
    /// From the request to `dismissalTransitionDidEnd`: the view controller leaves the screen.
    case dismissal
  }

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
    /// When the user caught it, on the trace's clock.
    public var t: Double
    /// The line of the `pauseInteractiveTransition` that caught it.
    public var line: Int
    /// The finish or cancel it caught, or `nil` when it caught an interaction running by itself.
    public var caught: Commit?
  }

  /// A finish or cancel of the interaction.
  public struct Commit: Sendable, Hashable {
    /// Whether the user let go past the threshold or before it.
    public var kind: TransitionRecord.CommitKind
    /// When the user let go: UIKit's remaining time counts from here.
    public var t: Double
    /// The progress at which the user let go, 0...1, as the statistics collect it.
    public var progress: Double
    /// The speed the app asked UIKit to run the rest at, as logged.
    public var completionSpeed: Double
  }

  /// One `updateInteractiveTransition`.
  public struct ProgressSample: Sendable, Hashable {
    /// When the update arrived.
    public var t: Double
    /// The progress it reported, as logged: outside 0...1 it is `percent-out-of-range`.
    public var percent: Double
  }

  /// One container layout pass: `Will` (when seen; UIKit suppresses it while dismissing) and `Did`.
  public struct LayoutPass: Sendable, Hashable {
    /// When `containerViewWillLayoutSubviews` arrived, if UIKit sent it.
    public var willT: Double?
    /// When `containerViewDidLayoutSubviews` arrived, which closes the pass.
    public var didT: Double
    /// The line of the `Did`, to find the pass in the file.
    public var line: Int
    /// `Did − Will`, when both were seen.
    public var duration: Double? { willT.map { didT - $0 } }
  }

  /// The presentation, as the trace names it: the key to its findings and to its other transitions.
  public var id: String
  /// Whether the view controller came on screen or left it.
  public var kind: Kind
  /// Whether the request was animated, as the app asked.
  public var animated: Bool
  /// Whether a gesture drove it (`startInteractiveTransition`), which gives it a commit and progress.
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
  /// The first line of the transition, its request or whatever began it.
  public var firstLine: Int
  /// The line of its last event, where its part of the file ends.
  public var lastLine: Int
  /// When `present` or `dismiss` was called; `nil` when the trace recorded no request.
  public var requestedT: Double?
  /// `*WillBegin`, or for a transition observed from outside the callback that stands for it;
  /// `nil` for one recorded from the animator alone, which its first animator event begins.
  public var willBeginT: Double?
  /// The callback that began the transition when no `*WillBegin` was logged (`viewWillAppear` of an
  /// observed presentation), for display.
  package var begunBy: Trigger?
  /// `animateTransition`, `interruptibleAnimator` or `startInteractiveTransition`, whichever came first.
  public var animationStartT: Double?
  /// The last finish or cancel the interaction accepted: the one that decided the transition.
  public var commit: Commit?
  /// When the animator's `completeTransition` arrived: the measured duration ends here.
  public var completeT: Double?
  /// What `completeTransition` said: whether the animator completed the transition.
  public var didComplete: Bool?
  /// When `*DidEnd` arrived, which ends a transition its presentation controller logged.
  public var didEndT: Double?
  /// When the transition left flight, whatever ended it: its `*DidEnd`, its `completeTransition` when no
  /// `*WillBegin` was logged, or the appearance callback that ended an observed transition.
  public var endedT: Double?
  /// The callback that ended it, when it was not a `*DidEnd`.
  package var endedBy: Trigger?
  /// The animator's or the interaction's declared duration.
  public var declaredDuration: Double?
  /// Every `updateInteractiveTransition`, in order: the path of the user's finger.
  public var progress: [ProgressSample] = []
  /// Every container layout pass during the transition, for its hitches.
  public var layoutPasses: [LayoutPass] = []
  /// How it ended, or that it never did: what a test of an app's flows checks first.
  public var outcome: Outcome = .unfinished
  /// The findings about this transition (its presentation's, from its first line on), so that a report
  /// shows them where they happened.
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

  /// A transition begun at `line`, as the reconstructor opens one before its events fill it in.
  public init(id: String, kind: Kind, animated: Bool, line: Int) {
    self.id = id
    self.kind = kind
    self.animated = animated
    firstLine = line
    lastLine = line
  }
}
