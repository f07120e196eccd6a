/// The facts of one transition (one presentation or one dismissal of one id), as the events told them.
///
/// ```swift
/// record.declaredDuration // 0.35, from animateTransition
/// record.commit?.kind     // .cancel, at record.commit?.progress 0.3
/// ```
///
/// Times arrive as data in the events; nothing here reads a clock. The auditor derives deadlines from
/// these facts (`TransitionDeadline`).
public struct TransitionRecord: Sendable, Hashable, Codable {
  /// How an interaction ended: the user let go past the threshold, or before it.
  public enum CommitKind: String, Sendable, Hashable, Codable {
    /// `finishInteractiveTransition`: past the threshold, the transition takes effect.
    case finish
    /// `cancelInteractiveTransition`: before it, the transition is undone.
    case cancel
  }

  /// A finish or cancel, with the progress at which it happened.
  public struct Commit: Sendable, Hashable, Codable {
    /// Which way the user let go, which decides the `completeTransition` due.
    public private(set) var kind: CommitKind
    /// When, on the trace's clock: UIKit's remaining time counts from here.
    public private(set) var t: Double
    /// The progress at the commit, 0...1: what is left to run after a finish, or to run back after a cancel.
    public private(set) var progress: Double
    /// The speed the app asked UIKit to run the rest at, as logged.
    public private(set) var completionSpeed: Double
    /// Whether the interaction had any update before the commit (a cancel with none is not timed).
    public private(set) var hadUpdate: Bool

    /// The speed UIKit runs the rest at: `completionSpeed`, or 1 (its default) where the app logged a
    /// speed UIKit cannot run (zero, negative, not finite).
    public var effectiveSpeed: Double {
      completionSpeed > 0 && completionSpeed.isFinite ? completionSpeed : 1
    }
  }

  /// Whether it presents or dismisses, which decides the `*DidEnd` it waits for.
  public private(set) var direction: Phase.Direction
  /// The line of its request (`present`, `dismiss`, or the first event that implied one).
  public private(set) var requestLine: Int
  /// The time of its request, where the deadline of a request nothing began counts from.
  public private(set) var requestT: Double
  /// Whether the request was animated, as the app asked: what the transition's timing is read against.
  public private(set) var animated: Bool
  /// The line and time of the latest event of this transition.
  public internal(set) var lastLine: Int
  /// The time of its latest event, where a hang's grace counts from.
  public internal(set) var lastT: Double
  /// When `*TransitionWillBegin` arrived (or the event that implied it).
  public internal(set) var willBeginT: Double?
  /// When `animateTransition` arrived: the measured duration counts from here.
  public internal(set) var animateT: Double? {
    didSet { guardFacts.set(.animated, animateT != nil) }
  }
  /// When `startInteractiveTransition` arrived.
  public internal(set) var interactiveStartT: Double? {
    didSet { guardFacts.set(.interactionStarted, interactiveStartT != nil) }
  }
  /// The line of `startInteractiveTransition`, where the interaction's part of the file begins.
  public internal(set) var interactiveStartLine: Int?
  /// The animator's `transitionDuration`, or the interaction's declared duration.
  public internal(set) var declaredDuration: Double?
  /// The last `updateInteractiveTransition` percent (clamped to 0...1).
  public internal(set) var progress: Double = 0
  /// Whether any `updateInteractiveTransition` arrived, which decides whether a cancel is timed.
  public internal(set) var hadUpdate = false
  /// The time of the latest update (or the interaction's start), for "nothing drove it".
  public internal(set) var lastDriveT: Double?
  /// The finish or cancel that committed the interaction, once the user let go.
  public internal(set) var commit: Commit?
  /// A finish or cancel sent before `startInteractiveTransition`, replayed when it starts (<doc:Rules#Gestures>).
  public internal(set) var deferredCommit: CommitKind? {
    get { guardFacts.commit(finish: .deferredFinish, cancel: .deferredCancel) }
    set { guardFacts.setCommit(newValue, finish: .deferredFinish, cancel: .deferredCancel) }
  }
  /// The completion speed of the deferred commit, applied when it is replayed.
  public internal(set) var deferredSpeed: Double = 1
  /// What `completeTransition` said, which `*DidEnd(completed:)` has to agree with.
  public internal(set) var completeValue: Bool? {
    get { guardFacts.contains(.completeKnown) ? guardFacts.contains(.completedTrue) : nil }
    set {
      guardFacts.set(.completeKnown, newValue != nil)
      guardFacts.set(.completedTrue, newValue == true)
    }
  }
  /// When `completeTransition` arrived: the measured duration ends here.
  public internal(set) var completeT: Double?
  /// When `*DidEnd` arrived: the transition is over.
  public internal(set) var didEndT: Double? {
    didSet { guardFacts.set(.ended, didEndT != nil) }
  }
  /// `did-end-before-complete` was reported; a later `completeTransition` is its echo, not a second bug.
  public internal(set) var completeExcused: Bool {
    get { guardFacts.contains(.completeExcused) }
    set { guardFacts.set(.completeExcused, newValue) }
  }
  /// It was dismissed because another member of its stack's dismissal ended; it may still log its own
  /// late dismissal callbacks, which UIKit does not order against the other member's.
  public internal(set) var settledByGroup: Bool {
    get { guardFacts.contains(.settledByGroup) }
    set { guardFacts.set(.settledByGroup, newValue) }
  }
  /// Which transition of the session this is (numbered from 1 as they begin): what the auditor keeps its
  /// own notes about a transition under.
  public private(set) var serial: UInt64
  /// Once-per-transition triggers already seen (bit `Trigger.rawValue`).
  var seen: UInt64 = 0
  /// Rules already reported for this transition, of those a driver repeats (bit `Rule` index).
  var reported: UInt64 = 0
  /// The transition's hang timer expired (`transition-never-completed`): it expires once, and the
  /// transition stays in flight as UIKit's does.
  var hangExpired = false
  /// The interaction's undriven timer expired (`interaction-undriven`): once per transition.
  var undrivenExpired = false

  /// A `*WillBegin` was logged in this transition: the app owns its presentation controller
  /// (<doc:Rules#Transitions-recorded-from-the-animator-alone>).
  public internal(set) var controllerLogged: Bool {
    get { guardFacts.contains(.controllerLogged) }
    set { guardFacts.set(.controllerLogged, newValue) }
  }
  /// A `*DidEnd` was logged in this transition.
  public internal(set) var didEndLogged: Bool {
    get { guardFacts.contains(.didEndLogged) }
    set { guardFacts.set(.didEndLogged, newValue) }
  }
  /// The animator vended `interruptibleAnimator(using:)` (<doc:Rules#Interruptible-transitions>).
  public internal(set) var interruptible: Bool {
    get { guardFacts.contains(.interruptible) }
    set { guardFacts.set(.interruptible, newValue) }
  }
  /// `startInteractiveTransition`'s `wantsInteractiveStart` (true when not logged).
  public internal(set) var wantsInteractiveStart = true
  /// The interaction runs as if animated (started with `wantsInteractiveStart` false on an interruptible
  /// transition) and was not caught since.
  public internal(set) var running = false
  /// Since when nothing may have driven the interaction (its start, or the pause that caught it): `nil`
  /// when `interaction-undriven` does not apply (it runs, or something drove it since).
  public internal(set) var undrivenSince: Double?
  /// The line `undrivenSince` counts from.
  public internal(set) var undrivenSinceLine = 0
  /// How many times the user caught the transition after a finish or cancel.
  public internal(set) var interruptions = 0
  /// The request named a presentation style other than `custom` (a system style UIKit presents).
  public internal(set) var systemStyle: Bool {
    get { guardFacts.contains(.systemStyle) }
    set { guardFacts.set(.systemStyle, newValue) }
  }
  /// The dismissal was started by the user's swipe (the adaptive delegate's `WillDismiss`, or the
  /// controller's own `viewWillDisappear` with no `dismiss`): never timed, the user may hold the sheet.
  public internal(set) var swipe = false
  /// A finish or cancel deferred before any `*WillBegin` was logged: lost if a `*WillBegin` comes after all.
  public internal(set) var deferredBeforeWillBegin = false
  /// The last finish or cancel sent after the interaction was already finished or cancelled (reported as
  /// `interaction-after-end`): the app's animator completes as it says, which is no second finding.
  public internal(set) var lateCommit: CommitKind? {
    get { guardFacts.commit(finish: .lateFinish, cancel: .lateCancel) }
    set { guardFacts.setCommit(newValue, finish: .lateFinish, cancel: .lateCancel) }
  }
  /// The facts above that the table's guards read, one bit each, the storage of those that are flags
  /// (`TableGuard.bitTest`): the guards then test one word, not a field each
  /// (<doc:Performance#What-it-does-not-reach>). Not encoded: the facts it mirrors are.
  var guardFacts: GuardFacts = []

  /// The facts the table's guards test for `trigger` in this transition: its flags, that there is a
  /// transition, and whether `trigger` was already delivered in it.
  @inline(__always)
  func guardFacts(for trigger: Trigger) -> GuardFacts {
    var facts = guardFacts.union(.tracked)
    if hasSeen(trigger) { facts.insert(.seenTrigger) }
    return facts
  }

  /// Whether `animateTransition`, `interruptibleAnimator` or `startInteractiveTransition` was seen.
  public var hasAnimator: Bool { animateT != nil || interactiveStartT != nil }

  /// Neither a `*WillBegin` nor an animator or interaction event was logged: the transition is observed
  /// from outside (<doc:Rules#Presentations-observed-from-outside>).
  public var isObserved: Bool { !controllerLogged && !hasAnimator }

  // A trigger's raw value is below 64 (`Trigger.traits` holds them in the same width), so the masking shift
  // gives the same bit without the checks of `<<`; inlined, as the step that asks it.
  @inline(__always)
  func hasSeen(_ trigger: Trigger) -> Bool { seen & (1 &<< UInt64(trigger.rawValue)) != 0 }
  @inline(__always)
  mutating func markSeen(_ trigger: Trigger) { seen |= 1 &<< UInt64(trigger.rawValue) }

  /// Records that `rule` was reported; returns whether it already had been in this transition.
  mutating func noteReported(_ rule: Rule) -> Bool {
    defer { reported |= Self.bit(rule) }
    return hasReported(rule)
  }

  /// Whether `rule` was reported for this transition.
  func hasReported(_ rule: Rule) -> Bool { reported & Self.bit(rule) != 0 }

  /// The bit of `rule` in `reported`.
  static func bit(_ rule: Rule) -> UInt64 { 1 << UInt64(Rule.allCases.firstIndex(of: rule) ?? 63) }

  init(direction: Phase.Direction, line: Int, t: Double, animated: Bool, serial: UInt64) {
    self.serial = serial
    self.direction = direction
    requestLine = line
    requestT = t
    self.animated = animated
    lastLine = line
    lastT = t
  }
}

/// Encoded field by field as the synthesized conformance did before the flags moved into `guardFacts`, so
/// that a snapshot reads and writes the same keys (<doc:EventSourcing>).
extension TransitionRecord {
  private enum CodingKeys: String, CodingKey {
    case direction, requestLine, requestT, animated, lastLine, lastT, willBeginT, animateT, interactiveStartT
    case interactiveStartLine, declaredDuration, progress, hadUpdate, lastDriveT, commit, deferredCommit
    case deferredSpeed, completeValue, completeT, didEndT, completeExcused, settledByGroup, serial, seen
    case reported, hangExpired, undrivenExpired, controllerLogged, didEndLogged, interruptible
    case wantsInteractiveStart, running, undrivenSince, undrivenSinceLine, interruptions, systemStyle, swipe
    case deferredBeforeWillBegin, lateCommit
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    direction = try c.decode(Phase.Direction.self, forKey: .direction)
    requestLine = try c.decode(Int.self, forKey: .requestLine)
    requestT = try c.decode(Double.self, forKey: .requestT)
    animated = try c.decode(Bool.self, forKey: .animated)
    lastLine = try c.decode(Int.self, forKey: .lastLine)
    lastT = try c.decode(Double.self, forKey: .lastT)
    willBeginT = try c.decodeIfPresent(Double.self, forKey: .willBeginT)
    animateT = try c.decodeIfPresent(Double.self, forKey: .animateT)
    interactiveStartT = try c.decodeIfPresent(Double.self, forKey: .interactiveStartT)
    interactiveStartLine = try c.decodeIfPresent(Int.self, forKey: .interactiveStartLine)
    declaredDuration = try c.decodeIfPresent(Double.self, forKey: .declaredDuration)
    progress = try c.decode(Double.self, forKey: .progress)
    hadUpdate = try c.decode(Bool.self, forKey: .hadUpdate)
    lastDriveT = try c.decodeIfPresent(Double.self, forKey: .lastDriveT)
    commit = try c.decodeIfPresent(Commit.self, forKey: .commit)
    deferredSpeed = try c.decode(Double.self, forKey: .deferredSpeed)
    completeT = try c.decodeIfPresent(Double.self, forKey: .completeT)
    didEndT = try c.decodeIfPresent(Double.self, forKey: .didEndT)
    serial = try c.decode(UInt64.self, forKey: .serial)
    seen = try c.decode(UInt64.self, forKey: .seen)
    reported = try c.decode(UInt64.self, forKey: .reported)
    hangExpired = try c.decode(Bool.self, forKey: .hangExpired)
    undrivenExpired = try c.decode(Bool.self, forKey: .undrivenExpired)
    wantsInteractiveStart = try c.decode(Bool.self, forKey: .wantsInteractiveStart)
    running = try c.decode(Bool.self, forKey: .running)
    undrivenSince = try c.decodeIfPresent(Double.self, forKey: .undrivenSince)
    undrivenSinceLine = try c.decode(Int.self, forKey: .undrivenSinceLine)
    interruptions = try c.decode(Int.self, forKey: .interruptions)
    swipe = try c.decode(Bool.self, forKey: .swipe)
    deferredBeforeWillBegin = try c.decode(Bool.self, forKey: .deferredBeforeWillBegin)
    // The flags kept in `guardFacts`, and the bits that mirror the times above (an initializer runs no
    // `didSet`).
    deferredCommit = try c.decodeIfPresent(CommitKind.self, forKey: .deferredCommit)
    completeValue = try c.decodeIfPresent(Bool.self, forKey: .completeValue)
    completeExcused = try c.decode(Bool.self, forKey: .completeExcused)
    settledByGroup = try c.decode(Bool.self, forKey: .settledByGroup)
    controllerLogged = try c.decode(Bool.self, forKey: .controllerLogged)
    didEndLogged = try c.decode(Bool.self, forKey: .didEndLogged)
    interruptible = try c.decode(Bool.self, forKey: .interruptible)
    systemStyle = try c.decode(Bool.self, forKey: .systemStyle)
    lateCommit = try c.decodeIfPresent(CommitKind.self, forKey: .lateCommit)
    guardFacts.set(.animated, animateT != nil)
    guardFacts.set(.interactionStarted, interactiveStartT != nil)
    guardFacts.set(.ended, didEndT != nil)
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(direction, forKey: .direction)
    try c.encode(requestLine, forKey: .requestLine)
    try c.encode(requestT, forKey: .requestT)
    try c.encode(animated, forKey: .animated)
    try c.encode(lastLine, forKey: .lastLine)
    try c.encode(lastT, forKey: .lastT)
    try c.encodeIfPresent(willBeginT, forKey: .willBeginT)
    try c.encodeIfPresent(animateT, forKey: .animateT)
    try c.encodeIfPresent(interactiveStartT, forKey: .interactiveStartT)
    try c.encodeIfPresent(interactiveStartLine, forKey: .interactiveStartLine)
    try c.encodeIfPresent(declaredDuration, forKey: .declaredDuration)
    try c.encode(progress, forKey: .progress)
    try c.encode(hadUpdate, forKey: .hadUpdate)
    try c.encodeIfPresent(lastDriveT, forKey: .lastDriveT)
    try c.encodeIfPresent(commit, forKey: .commit)
    try c.encodeIfPresent(deferredCommit, forKey: .deferredCommit)
    try c.encode(deferredSpeed, forKey: .deferredSpeed)
    try c.encodeIfPresent(completeValue, forKey: .completeValue)
    try c.encodeIfPresent(completeT, forKey: .completeT)
    try c.encodeIfPresent(didEndT, forKey: .didEndT)
    try c.encode(completeExcused, forKey: .completeExcused)
    try c.encode(settledByGroup, forKey: .settledByGroup)
    try c.encode(serial, forKey: .serial)
    try c.encode(seen, forKey: .seen)
    try c.encode(reported, forKey: .reported)
    try c.encode(hangExpired, forKey: .hangExpired)
    try c.encode(undrivenExpired, forKey: .undrivenExpired)
    try c.encode(controllerLogged, forKey: .controllerLogged)
    try c.encode(didEndLogged, forKey: .didEndLogged)
    try c.encode(interruptible, forKey: .interruptible)
    try c.encode(wantsInteractiveStart, forKey: .wantsInteractiveStart)
    try c.encode(running, forKey: .running)
    try c.encodeIfPresent(undrivenSince, forKey: .undrivenSince)
    try c.encode(undrivenSinceLine, forKey: .undrivenSinceLine)
    try c.encode(interruptions, forKey: .interruptions)
    try c.encode(systemStyle, forKey: .systemStyle)
    try c.encode(swipe, forKey: .swipe)
    try c.encode(deferredBeforeWillBegin, forKey: .deferredBeforeWillBegin)
    try c.encodeIfPresent(lateCommit, forKey: .lateCommit)
  }
}
