// A probe for the rewrite the Performance article describes ("What the rewrite would reach"), not the
// machine: what the machine's steps cost when the session keeps its facts as fixed-width fields in
// parallel buffers indexed by an interned integer id, the table's entry is four bytes naming its guards,
// the guards are bit tests on a record's flags, and the event is a compact record of kind, id, time, line,
// presenter and the payload the step reads. `compact-session-probe.sh` counts it with callgrind on the
// two paths `callgrind.sh` counts through today's machine, so the two can be set side by side:
//
// - `stay`: one presentation begun interactively, then `updateInteractiveTransition` lines, a plain stay
//   of the table;
// - `cycles`: a card presented and dismissed with an animator (the request, `*WillBegin`,
//   `animateTransition`, `completeTransition`, `*DidEnd` and the completion block, each way), every line
//   the general step.
//
// On those paths it does the work the machine does, in the same order (a review held it against the
// machine's code, and the work it first left out is in):
// - the auditor, a call as the library's `Auditor.audit` is: the clock and its horizon (past it, the timers
//   judged and the ended presentations forgotten), the rule and the timing rule after the step (a
//   `completeTransition`'s time since `animateTransition` against the animator's duration, when it is the
//   completion's own line and no interaction started), the earliest timer kept, the horizon set again;
// - the session, a value with its records copied on write: one uniqueness check a call, and one call an
//   event as the library steps them, or one for a batch (`batched`);
// - the plain stay: the id's record, whether it is a plain stay, the table's entry and its guards, whether
//   the transition's times advance, the `percent` side track, the transition's facts, whether the
//   deadlines moved only later;
// - the general step: the table's entry and each of its guards (as many as the table's row names), the
//   presenter's state for a request and the stack above a dismissal, a new transition's facts (all of
//   them set anew, the side tracks too), the style, the refusals, the trigger's facts and what it was
//   delivered, the phase, the list of transitions in flight, the link to the presenter and its undoing, an
//   ended presentation queued to be forgotten, and the stepped transition's timers: its hang for its phase
//   (with the gesture, the swipe, the group and the carrier asked) and an undriven interaction's.
// What the paths never reach (gestures, refusals that hold, dismissal groups, stacks dismissed together,
// committed interactions, side tracks other than `percent`, a transition that does not complete) it
// leaves out; an event that would need it stops the probe.

/// A compact event: 40 bytes, no strings.
struct CompactEvent {
  var t: Double
  var value: Double  // `percent` or `duration`; NaN when the line has none
  var line: Int32
  var id: Int32
  var presenter: Int32  // the interned presenter of a `present`, -1 for none
  var trigger: UInt8
  var flag: Bool  // `animated` of a request, `didComplete` or `completed`
  var style: Bool = false
}

/// The triggers the paths use (the machine's own order is not needed here).
enum Trigger {
  static let present: UInt8 = 0
  static let dismiss: UInt8 = 1
  static let presentationWillBegin: UInt8 = 2
  static let presentationDidEnd: UInt8 = 3
  static let dismissalWillBegin: UInt8 = 4
  static let dismissalDidEnd: UInt8 = 5
  static let animate: UInt8 = 6
  static let complete: UInt8 = 7
  static let completion: UInt8 = 8
  static let update: UInt8 = 10
  static let count = 32
}

/// The machine's phases, with their raw values.
enum Phase {
  static let absent: UInt8 = 0
  static let presentingRequested: UInt8 = 1
  static let presentingBegan: UInt8 = 2
  static let presentingAnimating: UInt8 = 3
  static let presentingInteractive: UInt8 = 5
  static let presentingCompleted: UInt8 = 8
  static let presented: UInt8 = 10
  static let dismissingRequested: UInt8 = 11
  static let dismissingBegan: UInt8 = 12
  static let dismissingAnimating: UInt8 = 13
  static let dismissingInteractive: UInt8 = 15
  static let dismissingCompleted: UInt8 = 18
  static let dismissed: UInt8 = 20
  static let withdrawn: UInt8 = 21
  static let count = 23
  /// From the request to `*DidEnd`: presenting phases are 1 to 9, dismissing ones 11 to 19, and one
  /// wrapping subtraction tests each range.
  @inline(__always) static func isInFlight(_ phase: UInt8) -> Bool { phase &- 1 < 9 || phase &- 11 < 9 }
  @inline(__always) static func isLive(_ phase: UInt8) -> Bool {
    phase != absent && phase != dismissed && phase != withdrawn
  }
  @inline(__always) static func isInteractive(_ phase: UInt8) -> Bool {
    phase == presentingInteractive || phase == dismissingInteractive
  }
}

/// A slot's flags: the facts the guards test, and the transition's own.
enum Flag {
  static let hasTransition: UInt32 = 1 << 0
  static let refused: UInt32 = 1 << 1
  static let inGroup: UInt32 = 1 << 2
  static let hadUpdate: UInt32 = 1 << 3
  static let reportedPercent: UInt32 = 1 << 4
  static let controllerLogged: UInt32 = 1 << 5
  static let didEndLogged: UInt32 = 1 << 6
  static let completeValue: UInt32 = 1 << 7
  static let completeSeen: UInt32 = 1 << 8
  static let animateSeen: UInt32 = 1 << 9
  static let completionSeen: UInt32 = 1 << 10
  static let settledByGroup: UInt32 = 1 << 11
  static let pendingAppearance: UInt32 = 1 << 13
  static let isRoot: UInt32 = 1 << 14
  static let animated: UInt32 = 1 << 15
  static let systemStyle: UInt32 = 1 << 16
  static let aboveInFlight: UInt32 = 1 << 17
  static let hangExpired: UInt32 = 1 << 18
  static let undrivenExpired: UInt32 = 1 << 19
  static let swipe: UInt32 = 1 << 20
  static let running: UInt32 = 1 << 21
  static let refusedDismissCompletion: UInt32 = 1 << 22
  static let hasPresented: UInt32 = 1 << 23
  static let gestureActive: UInt32 = 1 << 28
  static let interruptible: UInt32 = 1 << 29
  static let deferredBeforeWillBegin: UInt32 = 1 << 30
  /// The presenter problems a request is judged on, set in a copy of the flags for the guards only.
  static let presenterInFlight: UInt32 = 1 << 24
  static let presenterNotPresented: UInt32 = 1 << 25
  static let presenterTransitioning: UInt32 = 1 << 26
  static let presenterPresentsAnother: UInt32 = 1 << 27
  /// What a new transition starts without.
  static let transitionFacts: UInt32 =
    hadUpdate | reportedPercent | controllerLogged | didEndLogged | completeValue | completeSeen
    | animateSeen | completionSeen | settledByGroup | animated | aboveInFlight | hangExpired | undrivenExpired
    | swipe | running | interruptible | deferredBeforeWillBegin
}

/// A trigger's traits.
enum Trait {
  static let leavesShortcut: UInt8 = 1 << 0  // completion, completeTransition, requests
  static let movesDeadlinesOnlyLater: UInt8 = 1 << 1
  static let timed: UInt8 = 1 << 2
  static let startsRequest: UInt8 = 1 << 3
  static let once: UInt8 = 1 << 4
}

/// What an entry or a guard decides.
enum Decision {
  static let reject: UInt8 = 0
  static let move: UInt8 = 1
  static let stay: UInt8 = 2
}

/// A table entry: what it decides when no guard holds, and where its guards are.
struct Entry {
  var decision: UInt8 = Decision.reject
  var target: UInt8 = 0
  var firstGuard: UInt8 = 0
  var guards: UInt8 = 0
}

/// A guard: it holds when the flags under `mask` are `value`.
struct Guard {
  var mask: UInt32
  var value: UInt32
  var decision: UInt8
  var target: UInt8
}

/// The session's records, one field to a buffer of one value a slot: a Swift `Array` written in a step
/// pays a uniqueness check (a call of about 18 instructions) on every write, which a first version of this
/// probe measured at 108 of its 221 instructions a plain stay. They are held by a class so that the session,
/// a value as the machine's is (the auditor is copied and the copy stepped on), copies them on its first
/// write after a copy, at the cost of one uniqueness check a step, and frees them when it goes.
final class Records {
  let slots: Int
  let phase: UnsafeMutablePointer<UInt8>
  let flags: UnsafeMutablePointer<UInt32>
  let requestT: UnsafeMutablePointer<Double>
  let willBeginT: UnsafeMutablePointer<Double>
  let animateT: UnsafeMutablePointer<Double>
  let declaredDuration: UnsafeMutablePointer<Double>
  let completeT: UnsafeMutablePointer<Double>
  let didEndT: UnsafeMutablePointer<Double>
  let lastT: UnsafeMutablePointer<Double>
  let lastDriveT: UnsafeMutablePointer<Double>
  let lastLine: UnsafeMutablePointer<Int32>
  let requestLine: UnsafeMutablePointer<Int32>
  let progress: UnsafeMutablePointer<Double>
  let undrivenSince: UnsafeMutablePointer<Double>  // NaN for none
  let serial: UnsafeMutablePointer<UInt32>
  let presenter: UnsafeMutablePointer<Int32>  // the slot it is presented from, -1 for none
  let child: UnsafeMutablePointer<Int32>  // the slot it presents, -1 for none
  let inFlightPosition: UnsafeMutablePointer<Int32>  // its place in `inFlight`, -1 when not in flight
  let inFlight: UnsafeMutablePointer<Int32>
  let interactiveStartT: UnsafeMutablePointer<Double>
  let interactiveStartLine: UnsafeMutablePointer<Int32>
  let commitT: UnsafeMutablePointer<Double>
  let commitProgress: UnsafeMutablePointer<Double>
  let commitKind: UnsafeMutablePointer<UInt8>
  let deferredCommit: UnsafeMutablePointer<UInt8>
  let lateCommit: UnsafeMutablePointer<UInt8>
  let deferredSpeed: UnsafeMutablePointer<Double>
  let seen: UnsafeMutablePointer<UInt64>
  let reported: UnsafeMutablePointer<UInt64>
  let interruptions: UnsafeMutablePointer<Int32>
  let undrivenSinceLine: UnsafeMutablePointer<Int32>
  let gestureEndedT: UnsafeMutablePointer<Double>
  let gestureLastT: UnsafeMutablePointer<Double>
  let openLayoutLine: UnsafeMutablePointer<Int32>
  let nestedLayout: UnsafeMutablePointer<Int32>
  let pendingAppearanceLine: UnsafeMutablePointer<Int32>
  let groupCount: UnsafeMutablePointer<Int32>
  let carrierEndedT: UnsafeMutablePointer<Double>
  let endedSlot: UnsafeMutablePointer<Int32>
  let endedT: UnsafeMutablePointer<Double>
  /// Every buffer above, for `deinit` (their values are plain numbers, so nothing needs deinitializing).
  private let allocations: [UnsafeMutableRawPointer]

  init(slots: Int, copying other: Records? = nil) {
    self.slots = slots
    var allocations: [UnsafeMutableRawPointer] = []
    func buffer<T>(_ value: T, _ from: UnsafeMutablePointer<T>?) -> UnsafeMutablePointer<T> {
      let buffer = UnsafeMutablePointer<T>.allocate(capacity: slots)
      allocations.append(UnsafeMutableRawPointer(buffer))
      if let from {
        buffer.initialize(from: from, count: slots)
      } else {
        buffer.initialize(repeating: value, count: slots)
      }
      return buffer
    }
    phase = buffer(0, other?.phase)
    flags = buffer(0, other?.flags)
    requestT = buffer(.nan, other?.requestT)
    willBeginT = buffer(.nan, other?.willBeginT)
    animateT = buffer(.nan, other?.animateT)
    declaredDuration = buffer(.nan, other?.declaredDuration)
    completeT = buffer(.nan, other?.completeT)
    didEndT = buffer(.nan, other?.didEndT)
    lastT = buffer(-.infinity, other?.lastT)
    lastDriveT = buffer(-.infinity, other?.lastDriveT)
    lastLine = buffer(0, other?.lastLine)
    requestLine = buffer(0, other?.requestLine)
    progress = buffer(0, other?.progress)
    undrivenSince = buffer(.nan, other?.undrivenSince)
    serial = buffer(0, other?.serial)
    presenter = buffer(-1, other?.presenter)
    child = buffer(-1, other?.child)
    inFlightPosition = buffer(-1, other?.inFlightPosition)
    inFlight = buffer(0, other?.inFlight)
    interactiveStartT = buffer(.nan, other?.interactiveStartT)
    interactiveStartLine = buffer(0, other?.interactiveStartLine)
    commitT = buffer(.nan, other?.commitT)
    commitProgress = buffer(0, other?.commitProgress)
    commitKind = buffer(0, other?.commitKind)
    deferredCommit = buffer(0, other?.deferredCommit)
    lateCommit = buffer(0, other?.lateCommit)
    deferredSpeed = buffer(1, other?.deferredSpeed)
    seen = buffer(0, other?.seen)
    reported = buffer(0, other?.reported)
    interruptions = buffer(0, other?.interruptions)
    undrivenSinceLine = buffer(0, other?.undrivenSinceLine)
    gestureEndedT = buffer(.nan, other?.gestureEndedT)
    gestureLastT = buffer(-.infinity, other?.gestureLastT)
    openLayoutLine = buffer(-1, other?.openLayoutLine)
    nestedLayout = buffer(0, other?.nestedLayout)
    pendingAppearanceLine = buffer(-1, other?.pendingAppearanceLine)
    groupCount = buffer(0, other?.groupCount)
    carrierEndedT = buffer(.nan, other?.carrierEndedT)
    endedSlot = buffer(0, other?.endedSlot)
    endedT = buffer(0, other?.endedT)
    self.allocations = allocations
  }

  deinit {
    for allocation in allocations { allocation.deallocate() }
  }
}

/// The machine's session: its records, and what it keeps besides them.
struct Session {
  var records: Records
  var phase: UnsafeMutablePointer<UInt8> { records.phase }
  var flags: UnsafeMutablePointer<UInt32> { records.flags }
  var requestT: UnsafeMutablePointer<Double> { records.requestT }
  var willBeginT: UnsafeMutablePointer<Double> { records.willBeginT }
  var animateT: UnsafeMutablePointer<Double> { records.animateT }
  var declaredDuration: UnsafeMutablePointer<Double> { records.declaredDuration }
  var completeT: UnsafeMutablePointer<Double> { records.completeT }
  var didEndT: UnsafeMutablePointer<Double> { records.didEndT }
  var lastT: UnsafeMutablePointer<Double> { records.lastT }
  var lastDriveT: UnsafeMutablePointer<Double> { records.lastDriveT }
  var lastLine: UnsafeMutablePointer<Int32> { records.lastLine }
  var requestLine: UnsafeMutablePointer<Int32> { records.requestLine }
  var progress: UnsafeMutablePointer<Double> { records.progress }
  var undrivenSince: UnsafeMutablePointer<Double> { records.undrivenSince }
  var serial: UnsafeMutablePointer<UInt32> { records.serial }
  var presenter: UnsafeMutablePointer<Int32> { records.presenter }
  var child: UnsafeMutablePointer<Int32> { records.child }
  var inFlightPosition: UnsafeMutablePointer<Int32> { records.inFlightPosition }
  var inFlight: UnsafeMutablePointer<Int32> { records.inFlight }
  var interactiveStartT: UnsafeMutablePointer<Double> { records.interactiveStartT }
  var interactiveStartLine: UnsafeMutablePointer<Int32> { records.interactiveStartLine }
  var commitT: UnsafeMutablePointer<Double> { records.commitT }
  var commitProgress: UnsafeMutablePointer<Double> { records.commitProgress }
  var commitKind: UnsafeMutablePointer<UInt8> { records.commitKind }
  var deferredCommit: UnsafeMutablePointer<UInt8> { records.deferredCommit }
  var lateCommit: UnsafeMutablePointer<UInt8> { records.lateCommit }
  var deferredSpeed: UnsafeMutablePointer<Double> { records.deferredSpeed }
  var seen: UnsafeMutablePointer<UInt64> { records.seen }
  var reported: UnsafeMutablePointer<UInt64> { records.reported }
  var interruptions: UnsafeMutablePointer<Int32> { records.interruptions }
  var undrivenSinceLine: UnsafeMutablePointer<Int32> { records.undrivenSinceLine }
  var gestureEndedT: UnsafeMutablePointer<Double> { records.gestureEndedT }
  var gestureLastT: UnsafeMutablePointer<Double> { records.gestureLastT }
  var openLayoutLine: UnsafeMutablePointer<Int32> { records.openLayoutLine }
  var nestedLayout: UnsafeMutablePointer<Int32> { records.nestedLayout }
  var pendingAppearanceLine: UnsafeMutablePointer<Int32> { records.pendingAppearanceLine }
  var groupCount: UnsafeMutablePointer<Int32> { records.groupCount }
  var carrierEndedT: UnsafeMutablePointer<Double> { records.carrierEndedT }
  var endedSlot: UnsafeMutablePointer<Int32> { records.endedSlot }
  var endedT: UnsafeMutablePointer<Double> { records.endedT }
  var inFlightCount = 0
  /// Ended presentations, to forget once the clock is `grace` past their end: slot and end, in order.
  var endedHead = 0
  var endedTail = 0
  let endedCapacity: Int
  // The table, its guards and the triggers' traits: built with the session and never freed (the probe
  // makes one session; the machine keeps one compiled table for every session).
  let table: UnsafeMutablePointer<Entry>
  let guards: UnsafeMutablePointer<Guard>
  let traits: UnsafeMutablePointer<UInt8>
  var serials: UInt32 = 0
  let grace: Double
  var forgetsNothingThrough = Double.infinity

  init(slots: Int, grace: Double) {
    self.grace = grace
    func buffer<T>(_ value: T, _ count: Int) -> UnsafeMutablePointer<T> {
      let buffer = UnsafeMutablePointer<T>.allocate(capacity: count)
      buffer.initialize(repeating: value, count: count)
      return buffer
    }
    endedCapacity = slots
    records = Records(slots: slots)
    let table = buffer(Entry(), Phase.count * Trigger.count)
    self.table = table
    traits = buffer(Trait.leavesShortcut, Trigger.count)
    // The rows the paths take, each with as many guards as the machine's table gives it (none of them
    // holds on these paths). The guards test facts the paths never set: what is asked is their number.
    var rules: [Guard] = []
    // A guard is a flag and the value it holds with: `withoutController` holds without the flag.
    func row(
      _ from: [UInt8], _ trigger: UInt8, _ decision: UInt8, _ target: UInt8,
      guards: [(flag: UInt32, holdsWith: UInt32)]
    ) {
      let first = UInt8(rules.count)
      for (flag, value) in guards {
        rules.append(Guard(mask: flag, value: value, decision: Decision.reject, target: 0))
      }
      for phase in from {
        table[Int(phase) * Trigger.count + Int(trigger)] = Entry(
          decision: decision, target: target, firstGuard: first, guards: UInt8(guards.count))
      }
    }
    let presenterRules = [
      Flag.presenterInFlight, Flag.presenterNotPresented, Flag.presenterTransitioning,
      Flag.presenterPresentsAnother,
    ].map { (flag: $0, holdsWith: $0) }
    let once = [(flag: Flag.completionSeen, holdsWith: Flag.completionSeen)]
    let withoutController = [(flag: Flag.controllerLogged, holdsWith: UInt32(0))]
    // Each direction's rows: the request, `*WillBegin`, `animateTransition`, `completeTransition`, `*DidEnd`.
    let stayGuards = [(flag: Flag.refused, holdsWith: Flag.refused)] + once
    let rows:
      [(
        from: [UInt8], trigger: UInt8, decision: UInt8, to: UInt8, guards: [(flag: UInt32, holdsWith: UInt32)]
      )] = [
        (
          [Phase.absent, Phase.dismissed, Phase.withdrawn], Trigger.present, Decision.move,
          Phase.presentingRequested, presenterRules
        ),
        (
          [Phase.presentingRequested], Trigger.presentationWillBegin, Decision.move, Phase.presentingBegan, []
        ),
        (
          [Phase.presentingBegan], Trigger.animate, Decision.move, Phase.presentingAnimating,
          [(Flag.animateSeen, Flag.animateSeen)]
        ),
        (
          [Phase.presentingAnimating], Trigger.complete, Decision.move, Phase.presentingCompleted,
          withoutController
        ),
        ([Phase.presentingCompleted], Trigger.presentationDidEnd, Decision.move, Phase.presented, []),
        (
          [Phase.presented], Trigger.dismiss, Decision.move, Phase.dismissingRequested,
          [(Flag.aboveInFlight, Flag.aboveInFlight)]
        ),
        ([Phase.dismissingRequested], Trigger.dismissalWillBegin, Decision.move, Phase.dismissingBegan, []),
        (
          [Phase.dismissingBegan], Trigger.animate, Decision.move, Phase.dismissingAnimating,
          [(Flag.animateSeen, Flag.animateSeen)]
        ),
        (
          [Phase.dismissingAnimating], Trigger.complete, Decision.move, Phase.dismissingCompleted,
          withoutController
        ),
        ([Phase.dismissingCompleted], Trigger.dismissalDidEnd, Decision.move, Phase.dismissed, []),
        ([Phase.presented, Phase.dismissed], Trigger.completion, Decision.stay, 0, stayGuards),
        ([Phase.presentingInteractive, Phase.dismissingInteractive], Trigger.update, Decision.stay, 0, []),
      ]
    for entry in rows { row(entry.from, entry.trigger, entry.decision, entry.to, guards: entry.guards) }
    let guards = buffer(Guard(mask: 0, value: 0, decision: 0, target: 0), max(rules.count, 1))
    for (index, rule) in rules.enumerated() { guards[index] = rule }
    self.guards = guards
    traits[Int(Trigger.update)] = Trait.movesDeadlinesOnlyLater
    traits[Int(Trigger.presentationWillBegin)] = 0
    traits[Int(Trigger.dismissalWillBegin)] = 0
    traits[Int(Trigger.animate)] = Trait.once
    traits[Int(Trigger.presentationDidEnd)] = 0
    traits[Int(Trigger.dismissalDidEnd)] = 0
    traits[Int(Trigger.present)] = Trait.leavesShortcut | Trait.startsRequest
    traits[Int(Trigger.dismiss)] = Trait.leavesShortcut | Trait.startsRequest
    traits[Int(Trigger.complete)] = Trait.leavesShortcut | Trait.timed
    traits[Int(Trigger.completion)] = Trait.leavesShortcut | Trait.once
  }

  /// Copies the records when another session shares them: before any step, as copy-on-write does.
  mutating func makeUnique() {
    if !isKnownUniquelyReferenced(&records) { records = Records(slots: records.slots, copying: records) }
  }

  /// The step, of a session whose records are its own (`makeUnique()`): the rule broken (0 for none), whether the step can only have moved its deadlines later, and
  /// for a `completeTransition` the time since `animateTransition` to judge (NaN otherwise).
  @inline(__always)
  mutating func step(_ event: CompactEvent) -> (rule: UInt8, onlyLater: Bool, completed: Double) {
    let slot = Int(event.id)
    let phase = self.phase[slot]
    let flags = self.flags[slot]
    let traits = self.traits[Int(event.trigger)]
    let entry = table[Int(phase) &* Trigger.count &+ Int(event.trigger)]
    // The plain stay's shortcut.
    guard flags & (Flag.hasTransition | Flag.refused) == Flag.hasTransition,
      traits & Trait.leavesShortcut == 0, entry.decision == Decision.stay, entry.guards == 0
    else { return general(event, slot: slot, phase: phase, flags: flags, traits: traits, entry: entry) }
    let advances = event.t >= lastT[slot] && event.t >= lastDriveT[slot]
    var rule: UInt8 = 0
    switch event.trigger {
    case Trigger.update:
      let percent = event.value
      if !percent.isNaN, !(0...1).contains(percent), flags & Flag.reportedPercent == 0 {
        rule = 1
        self.flags[slot] |= Flag.reportedPercent
      }
      if Phase.isInFlight(phase) {
        lastLine[slot] = event.line
        lastT[slot] = event.t
      }
      if Phase.isInteractive(phase), !percent.isNaN {
        progress[slot] = min(max(percent, 0), 1)
        self.flags[slot] |= Flag.hadUpdate
        lastDriveT[slot] = event.t
        undrivenSince[slot] = .nan
      }
    default:
      fatalError("the probe has no stay for trigger \(event.trigger)")
    }
    let onlyLater =
      advances && traits & Trait.movesDeadlinesOnlyLater != 0 && flags & Flag.inGroup == 0
    return (rule, onlyLater, .nan)
  }

  /// The general step, out of line as the machine's `apply` is.
  @inline(never)
  mutating func general(
    _ event: CompactEvent, slot: Int, phase from: UInt8, flags: UInt32, traits: UInt8, entry: Entry
  ) -> (rule: UInt8, onlyLater: Bool, completed: Double) {
    // The presenter a request is judged on: its state, as flags the presenter rules test.
    var facts = flags
    let requested = Int(event.presenter)
    if !Phase.isLive(from), requested >= 0 {
      let presenterPhase = phase[requested]
      let presenterFlags = self.flags[requested]
      if presenterFlags & Flag.isRoot == 0 {
        if Phase.isInFlight(presenterPhase) { facts |= Flag.presenterInFlight }
        if !Phase.isLive(presenterPhase) { facts |= Flag.presenterNotPresented }
      }
      let presented = Int(child[requested])
      if presented >= 0, presented != slot, Phase.isLive(phase[presented]) {
        facts |=
          Phase.isInFlight(phase[presented]) ? Flag.presenterTransitioning : Flag.presenterPresentsAnother
      }
    }
    // The stack above a dismissal: the `stackAboveInFlight` guard walks it.
    if event.trigger == Trigger.dismiss {
      var above = Int(child[slot])
      while above >= 0 {
        if Phase.isInFlight(phase[above]) {
          facts |= Flag.aboveInFlight
          break
        }
        above = Int(child[above])
      }
    }
    var decision = entry.decision
    var to = entry.target
    var index = Int(entry.firstGuard)
    let end = index &+ Int(entry.guards)
    while index < end {
      let rule = guards[index]
      if facts & rule.mask == rule.value {
        decision = rule.decision
        to = rule.target
        break
      }
      index &+= 1
    }
    if decision == Decision.stay, event.trigger == Trigger.completion {
      // The completion block: a stay the general step takes (it marks the completion seen, for the
      // transition and its dismissal group), which then reports the transition's timers.
      self.flags[slot] |= Flag.completionSeen
      return (0, false, .nan)
    }
    guard decision == Decision.move else { fatalError("the probe's paths break no rule") }
    let t = event.t
    if traits & Trait.startsRequest != 0, flags & Flag.pendingAppearance != 0 {
      fatalError("the probe's paths leave no appearance callback unresolved")
    }
    var flags = flags
    if event.trigger == Trigger.present { flags &= ~(Flag.refused | Flag.refusedDismissCompletion) }
    if traits & Trait.once != 0 { seen[slot] |= 1 << UInt64(event.trigger) }
    if !Phase.isLive(from), phase[slot] == Phase.absent {
      openLayoutLine[slot] = -1
      nestedLayout[slot] = 0
      pendingAppearanceLine[slot] = -1
    }
    // A new transition starts at a request.
    if traits & Trait.startsRequest != 0 {
      let systemStyle = event.trigger == Trigger.dismiss ? flags & Flag.systemStyle : 0
      flags = (flags & ~Flag.transitionFacts & ~Flag.systemStyle) | Flag.hasTransition | systemStyle
      if event.flag { flags |= Flag.animated }
      serials &+= 1
      serial[slot] = serials
      requestT[slot] = t
      requestLine[slot] = event.line
      willBeginT[slot] = .nan
      animateT[slot] = .nan
      declaredDuration[slot] = .nan
      completeT[slot] = .nan
      didEndT[slot] = .nan
      lastDriveT[slot] = -.infinity
      undrivenSince[slot] = .nan
      progress[slot] = 0
      interactiveStartT[slot] = .nan
      interactiveStartLine[slot] = 0
      commitT[slot] = .nan
      commitProgress[slot] = 0
      commitKind[slot] = 0
      deferredCommit[slot] = 0
      lateCommit[slot] = 0
      deferredSpeed[slot] = 1
      seen[slot] = 0
      reported[slot] = 0
      interruptions[slot] = 0
      undrivenSinceLine[slot] = 0
      if event.trigger == Trigger.present, event.style { flags |= Flag.systemStyle }
      if !Phase.isLive(from) {
        openLayoutLine[slot] = -1
        nestedLayout[slot] = 0
      }
    }
    if Phase.isInFlight(from) || Phase.isInFlight(to) {
      lastLine[slot] = event.line
      lastT[slot] = t
    }
    var completed = Double.nan
    switch event.trigger {
    case Trigger.presentationWillBegin, Trigger.dismissalWillBegin:
      if willBeginT[slot].isNaN { willBeginT[slot] = t }
      flags |= Flag.controllerLogged
      if flags & Flag.deferredBeforeWillBegin != 0 {
        deferredCommit[slot] = 0
        flags &= ~Flag.deferredBeforeWillBegin
      }
    case Trigger.animate:
      if animateT[slot].isNaN { animateT[slot] = t }
      if !event.value.isNaN { declaredDuration[slot] = event.value }
      flags |= Flag.animateSeen
    case Trigger.complete:
      guard event.flag else { fatalError("the probe's paths complete every transition") }
      if flags & Flag.completeSeen == 0 {
        flags |= Flag.completeValue
        completeT[slot] = t
      }
      flags |= Flag.completeSeen
      completed = t - animateT[slot]
    case Trigger.presentationDidEnd, Trigger.dismissalDidEnd:
      guard event.flag else { fatalError("the probe's paths complete every transition") }
      flags |= Flag.didEndLogged
    default:
      break
    }
    if event.trigger == Trigger.dismiss {
      flags &= ~Flag.refused
      if to == from {
        flags |= Flag.refusedDismissCompletion
      } else {
        flags &= ~Flag.refusedDismissCompletion
      }
    }
    if Phase.isInFlight(to) { flags &= ~Flag.refused }
    if to == Phase.dismissed || to == Phase.withdrawn {
      openLayoutLine[slot] = -1
      nestedLayout[slot] = 0
    }
    self.flags[slot] = flags
    self.phase[slot] = to
    if from == Phase.presented, to == Phase.dismissingRequested {
      let above = Int(child[slot])
      if above >= 0, Phase.isLive(phase[above]) { fatalError("the probe's paths dismiss no stack") }
    }
    // The list of transitions in flight.
    let wasInFlight = Phase.isInFlight(from)
    let isInFlight = Phase.isInFlight(to)
    if !wasInFlight, isInFlight {
      inFlightPosition[slot] = Int32(inFlightCount)
      inFlight[inFlightCount] = Int32(slot)
      inFlightCount &+= 1
    } else if wasInFlight, !isInFlight {
      let position = Int(inFlightPosition[slot])
      inFlightCount &-= 1
      let last = inFlight[inFlightCount]
      inFlight[position] = last
      inFlightPosition[Int(last)] = Int32(position)
      inFlightPosition[slot] = -1
    }
    // A presentation began: it joins its presenter's stack.
    if !Phase.isLive(from), Phase.isLive(to), requested >= 0 {
      presenter[slot] = Int32(requested)
      child[requested] = Int32(slot)
    }
    // A transition ended: a dismissed presentation leaves its presenter's stack and waits to be forgotten.
    if from != to, Phase.isLive(from), !isInFlight {
      didEndT[slot] = t
      if groupCount[slot] > 1 { fatalError("the probe's paths have no dismissal groups") }
      if !Phase.isLive(to) {
        let above = Int(child[slot])
        if above >= 0, Phase.isLive(phase[above]) {
          fatalError("the probe's paths leave nothing presented above a dismissal")
        }
        let presenter = Int(self.presenter[slot])
        if presenter >= 0, child[presenter] == Int32(slot) { child[presenter] = -1 }
        self.presenter[slot] = -1
        endedSlot[endedTail % endedCapacity] = Int32(slot)
        endedT[endedTail % endedCapacity] = t
        endedTail &+= 1
        forgetsNothingThrough = min(forgetsNothingThrough, t + grace)
      }
    }
    if flags & Flag.hasPresented != 0, from != to { fatalError("the probe's cards present nothing") }
    return (0, false, completed)
  }

  /// The deadline of the transition in `slot` for its phase, +infinity when it cannot hang.
  @inline(never)
  func deadline(ofSlot slot: Int) -> Double {
    let flags = self.flags[slot]
    let phase = self.phase[slot]
    var undriven = Double.infinity
    if Phase.isInteractive(phase), flags & Flag.undrivenExpired == 0 {
      let since = undrivenSince[slot]
      if !since.isNaN, lastDriveT[slot] == since, flags & Flag.gestureActive == 0,
        !(gestureLastT[slot] >= since)
      {
        undriven = since + 1.0
      }
    }
    if flags & Flag.hangExpired != 0 { return undriven }
    return min(undriven, hang(ofSlot: slot, phase: phase, flags: flags))
  }

  @inline(__always)
  func hang(ofSlot slot: Int, phase: UInt8, flags: UInt32) -> Double {
    switch phase {
    case Phase.presentingRequested, Phase.dismissingRequested, Phase.presentingBegan, Phase.dismissingBegan:
      if groupCount[slot] != 0 || flags & (Flag.gestureActive | Flag.swipe) != 0 { return .infinity }
      let requested = phase == Phase.presentingRequested || phase == Phase.dismissingRequested
      let willBegin = willBeginT[slot]
      let since = requested ? requestT[slot] : (willBegin.isNaN ? requestT[slot] : willBegin)
      let carried = carrierEndedT[slot].isNaN ? -Double.infinity : carrierEndedT[slot]
      let lifted = gestureEndedT[slot]
      if !lifted.isNaN, lifted > since, lifted >= carried { return lifted + grace }
      if carried > since { return carried + grace }
      return since + grace
    case Phase.presentingAnimating, Phase.dismissingAnimating:
      let animate = animateT[slot]
      let interactive = interactiveStartT[slot]
      let duration = declaredDuration[slot]
      let start =
        animate.isNaN
        ? (interactive.isNaN ? requestT[slot] : interactive)
        : (interactive.isNaN ? animate : min(animate, interactive))
      return start + (duration.isNaN ? 0 : max(duration, 0)) + grace
    case Phase.presentingInteractive, Phase.dismissingInteractive:
      return max(lastDriveT[slot], requestT[slot]) + grace
    case Phase.presentingCompleted, Phase.dismissingCompleted:
      let complete = completeT[slot]
      return (complete.isNaN ? lastT[slot] : complete) + grace
    default:
      return .infinity
    }
  }

  /// The earliest deadline of the transitions in flight, judged at `t` (none passes on these paths).
  @inline(never)
  func earliestDeadline(at t: Double) -> Double {
    var earliest = Double.infinity
    for position in 0..<inFlightCount {
      let deadline = deadline(ofSlot: Int(inFlight[position]))
      if deadline < t { fatalError("the probe's paths never hang") }
      earliest = min(earliest, deadline)
    }
    return earliest
  }

  /// Forgets the presentations that ended before `cutoff` and were not presented again since.
  @inline(never)
  mutating func forgetEnded(before cutoff: Double) {
    while endedHead < endedTail, endedT[endedHead % endedCapacity] < cutoff {
      let slot = Int(endedSlot[endedHead % endedCapacity])
      let t = endedT[endedHead % endedCapacity]
      endedHead &+= 1
      guard !Phase.isLive(phase[slot]), phase[slot] != Phase.absent, didEndT[slot] == t else { continue }
      phase[slot] = Phase.absent
      flags[slot] &= Flag.isRoot
    }
    forgetsNothingThrough = endedHead < endedTail ? endedT[endedHead % endedCapacity] + grace : .infinity
  }
}

struct Auditor {
  var session: Session
  var clock = -Double.infinity
  var previousT = -Double.infinity
  var earliestDeadline = Double.infinity
  var horizon = Double.nan
  var findings = 0
  let toleranceRatio: Double
  let toleranceSeconds: Double

  /// The configuration's defaults: `grace` 2 s, tolerance 25 % ± 50 ms.
  init(slots: Int, grace: Double = 2, toleranceRatio: Double = 0.25, toleranceSeconds: Double = 0.05) {
    session = Session(slots: slots, grace: grace)
    self.toleranceRatio = toleranceRatio
    self.toleranceSeconds = toleranceSeconds
  }

  /// One event: a call, as the library's `Auditor.audit(_:line:into:)` is, and a uniqueness check.
  @inline(never)
  mutating func audit(_ event: CompactEvent) {
    session.makeUnique()
    auditUnique(event)
  }

  /// A batch of events: one call and one uniqueness check for all of them.
  @inline(never)
  mutating func audit(contentsOf events: UnsafeBufferPointer<CompactEvent>) {
    session.makeUnique()
    for event in events { auditUnique(event) }
  }

  @inline(__always)
  private mutating func auditUnique(_ event: CompactEvent) {
    if event.t >= clock, event.t <= horizon {
      previousT = event.t
      clock = event.t
    } else {
      checkClock(event)
    }
    let (rule, onlyLater, completed) = session.step(event)
    if !onlyLater { earliestDeadline = min(earliestDeadline, session.deadline(ofSlot: Int(event.id))) }
    if rule != 0 {
      report(rule, event)
    } else if session.traits[Int(event.trigger)] & Trait.timed != 0, !completed.isNaN,
      session.completeT[Int(event.id)] == event.t, session.interactiveStartT[Int(event.id)].isNaN
    {
      let declared = session.declaredDuration[Int(event.id)]
      if !declared.isNaN, abs(completed - declared) > declared * toleranceRatio + toleranceSeconds {
        report(2, event)
      }
    }
    horizon = min(earliestDeadline, session.forgetsNothingThrough)
  }

  /// A line past the horizon: the clock's checks, the timers judged when the clock passed the earliest,
  /// and the ended presentations forgotten.
  @inline(never)
  mutating func checkClock(_ event: CompactEvent) {
    if event.t < previousT { findings += 1 }
    previousT = event.t
    guard event.t > clock else { return }
    clock = event.t
    if clock > earliestDeadline { earliestDeadline = session.earliestDeadline(at: clock) }
    if clock > session.forgetsNothingThrough { session.forgetEnded(before: clock - session.grace) }
  }

  @inline(never)
  mutating func report(_ rule: UInt8, _ event: CompactEvent) { findings += 1 }
}

/// The loop callgrind counts (`--toggle-collect='*probePass*'`): each event handed over by itself, or all
/// of them as one batch.
@inline(never)
func probePass(_ events: [CompactEvent], _ auditor: inout Auditor, batched: Bool) {
  events.withUnsafeBufferPointer { events in
    if batched {
      auditor.audit(contentsOf: events)
    } else {
      for event in events { auditor.audit(event) }
    }
  }
}

/// The presentation the paths step.
let card = 1_234

/// The events of a path, as `path-traces.sh` writes the traces (keep the two alike), among 2,000 slots
/// (about what the benchmark's trace holds alive).
func path(_ name: String, count: Int) -> (Auditor, [CompactEvent]) {
  let auditor = Auditor(slots: 2_000)
  // The path's starting state, written through the records' buffers before any step (no copy to make).
  let session = auditor.session
  var events: [CompactEvent] = []
  events.reserveCapacity(count)
  func add(
    _ t: Double, _ trigger: UInt8, value: Double = .nan, presenter: Int = -1, flag: Bool = false,
    id: Int = card
  ) {
    events.append(
      CompactEvent(
        t: t, value: value, line: Int32(events.count + 2), id: Int32(id), presenter: Int32(presenter),
        trigger: trigger, flag: flag))
  }
  // The paths of many cards: 1,000 of them (ids 0 to 999), each on a root of its own (1,000 to 1,999), and
  // the times of a cycle's six events after its request, each way.
  let cards = 1_000
  let offsets = [0, 0.0003, 0.001, 0.301, 0.3013, 0.3016]
  func makeCardRoots() {
    for root in cards..<(2 * cards) {
      session.flags[root] = Flag.isRoot
      session.phase[root] = Phase.presented
    }
  }
  /// The `step`th event (0 to 5) of a card's cycle, presenting (`way` 0) or dismissing, from `root`.
  func addCycleStep(_ step: Int, way: Int, at t: Double, card: Int, root: Int) {
    switch (step, way) {
    case (0, 0): add(t, Trigger.present, presenter: root, flag: true, id: card)
    case (0, _): add(t, Trigger.dismiss, flag: true, id: card)
    case (1, 0): add(t, Trigger.presentationWillBegin, id: card)
    case (1, _): add(t, Trigger.dismissalWillBegin, id: card)
    case (2, _): add(t, Trigger.animate, value: 0.3, id: card)
    case (3, _): add(t, Trigger.complete, flag: true, id: card)
    case (4, 0): add(t, Trigger.presentationDidEnd, flag: true, id: card)
    case (4, _): add(t, Trigger.dismissalDidEnd, flag: true, id: card)
    default: add(t, Trigger.completion, id: card)
    }
  }
  switch name {
  case "stay":
    session.phase[card] = Phase.presentingInteractive
    session.flags[card] = Flag.hasTransition
    for index in 0..<count { add(1.002 + Double(index + 1) * 0.0001, Trigger.update, value: 0.5) }
  case "cycles":
    let root = 7
    session.flags[root] = Flag.isRoot
    session.phase[root] = Phase.presented
    for cycle in 0..<(count / 12) {
      for way in 0..<2 {
        let t = 1 + Double(2 * cycle + way)
        if way == 0 {
          add(t, Trigger.present, presenter: root, flag: true)
          add(t + 0.0003, Trigger.presentationWillBegin)
        } else {
          add(t, Trigger.dismiss, flag: true)
          add(t + 0.0003, Trigger.dismissalWillBegin)
        }
        add(t + 0.001, Trigger.animate, value: 0.3)
        add(t + 0.301, Trigger.complete, flag: true)
        add(t + 0.3013, way == 0 ? Trigger.presentationDidEnd : Trigger.dismissalDidEnd, flag: true)
        add(t + 0.3016, Trigger.completion)
      }
    }
  case "many":
    // The cycles of `cycles`, by 1,000 cards at once, each on a root of its own (ids 0 to 999, their roots
    // 1,000 to 1,999: the 2,000 slots), a step of every card before the next step of any (`many_trace` in
    // path-traces.sh writes the same lines).
    makeCardRoots()
    for cycle in 0..<(count / 12 / cards) {
      for way in 0..<2 {
        let t = 1 + Double(2 * cycle + way)
        for (step, offset) in offsets.enumerated() {
          for card in 0..<cards {
            let at = t + offset + Double(card) * 1e-7
            addCycleStep(step, way: way, at: at, card: card, root: cards + card)
          }
        }
      }
    }
  case "mixed":
    // The cycles of `many`, each card's shifted in time by (K × 1.3 ms) mod 1 s and the events in the order
    // of their times (ties in card order), as `mixed_trace` in path-traces.sh writes them: consecutive
    // events come from cards at different steps.
    makeCardRoots()
    var timed: [(t: Double, card: Int, step: Int, way: Int)] = []
    for cycle in 0..<(count / 12 / cards) {
      for way in 0..<2 {
        for card in 0..<cards {
          // Written without `fmod` and `round` (the probe links no libm): the times are positive.
          let spread = Double(card) * 0.0013
          let shift = spread - Double(Int(spread))
          for step in offsets.indices {
            let at = 1 + Double(2 * cycle + way) + offsets[step] + shift
            timed.append((Double(Int(at * 1e7 + 0.5)) / 1e7, card, step, way))
          }
        }
      }
    }
    timed.sort { ($0.t, $0.card) < ($1.t, $1.card) }
    for event in timed {
      addCycleStep(event.step, way: event.way, at: event.t, card: event.card, root: cards + event.card)
    }
  default:
    fatalError("usage: probe stay|cycles|many|mixed COUNT [batched|timed|timed-batched]")
  }
  return (auditor, events)
}

let arguments = CommandLine.arguments
let name = arguments.count > 1 ? arguments[1] : "stay"
let count = arguments.count > 2 ? Int(arguments[2]) ?? 300_000 : 300_000
let mode = arguments.count > 3 ? arguments[3] : ""
if mode == "timed" || mode == "timed-batched" {
  // The wall clock of the probe's loop alone (the events are built before), best of seven runs on a fresh
  // auditor each: the steps a second the compact design reaches on this machine, beside `ReplayBenchmark`'s.
  var best = Duration.seconds(1_000)
  for _ in 0..<7 {
    var (auditor, events) = path(name, count: count)
    let clock = ContinuousClock()
    let start = clock.now
    probePass(events, &auditor, batched: mode == "timed-batched")
    best = min(best, clock.now - start)
    precondition(auditor.session.phase[card] != 0xFF)  // the work is used
  }
  let seconds = Double(best.components.seconds) + Double(best.components.attoseconds) * 1e-18
  print(
    "\(name)\(mode == "timed-batched" ? ", batched" : ""): \(count) steps in \(seconds) s (best of 7), "
      + "\(Double(count) / seconds / 1e6) M steps a second")
} else {
  var (auditor, events) = path(name, count: count)
  probePass(events, &auditor, batched: mode == "batched")
  print(
    "\(name): \(events.count) events, \(auditor.findings) findings, card in phase \(auditor.session.phase[card])"
  )
}
