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
// On those paths it does the work the machine does, in the same order:
// - the auditor: the clock and its horizon (past it, the timers judged and the ended presentations
//   forgotten), the step's effects cleared, the rule and the timing rules after the step (a completion's
//   duration against the animator's), the earliest timer kept, the horizon set again;
// - the plain stay: the id's record, whether it is a plain stay, the table's entry and its guards, whether
//   the transition's times advance, the `percent` side track, the transition's facts, whether the
//   deadlines moved only later;
// - the general step: the table's entry and each of its guards (as many as the table's row names), the
//   presenter's state for a request, a new transition's facts, the trigger's facts, the phase, the list of
//   transitions in flight, the link to the presenter and its undoing, an ended presentation queued to be
//   forgotten, and the stepped transition's deadline, computed for its phase.
// What the paths never reach (gestures, refusals, dismissal groups, interactions committed, side tracks
// other than `percent`) it leaves out; an event that would need it stops the probe.

/// A compact event: 40 bytes, no strings.
struct CompactEvent {
  var t: Double
  var value: Double  // `percent` or `duration`; NaN when the line has none
  var line: Int32
  var id: Int32
  var presenter: Int32  // the interned presenter of a `present`, -1 for none
  var trigger: UInt8
  var flag: Bool  // `animated` of a request, `didComplete` or `completed`
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
  static let startInteractive: UInt8 = 9
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
  static let reportedUnknown: UInt32 = 1 << 12
  static let pendingAppearance: UInt32 = 1 << 13
  static let isRoot: UInt32 = 1 << 14
  static let animated: UInt32 = 1 << 15
  static let systemStyle: UInt32 = 1 << 16
  static let aboveInFlight: UInt32 = 1 << 17
  /// The presenter problems a request is judged on, set in a copy of the flags for the guards only.
  static let presenterInFlight: UInt32 = 1 << 24
  static let presenterNotPresented: UInt32 = 1 << 25
  static let presenterTransitioning: UInt32 = 1 << 26
  static let presenterPresentsAnother: UInt32 = 1 << 27
  /// What a new transition starts without.
  static let transitionFacts: UInt32 =
    hadUpdate | reportedPercent | controllerLogged | didEndLogged | completeValue | completeSeen
    | animateSeen | completionSeen | settledByGroup | animated | aboveInFlight
}

/// A trigger's traits.
enum Trait {
  static let leavesShortcut: UInt8 = 1 << 0  // completion, completeTransition, requests
  static let movesDeadlinesOnlyLater: UInt8 = 1 << 1
  static let timed: UInt8 = 1 << 2
  static let startsRequest: UInt8 = 1 << 3
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

/// The session's records, one field to a buffer allocated once: a Swift `Array` written in a step pays a
/// uniqueness check (a call of about 18 instructions) on every write, which a first version of this probe
/// measured at 108 of its 221 instructions a plain stay.
struct Session {
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
  var inFlightCount = 0
  /// Ended presentations, to forget once the clock is `grace` past their end: slot and end, in order.
  let endedSlot: UnsafeMutablePointer<Int32>
  let endedT: UnsafeMutablePointer<Double>
  var endedHead = 0
  var endedTail = 0
  let endedCapacity: Int
  let table: UnsafeMutablePointer<Entry>
  let guards: UnsafeMutablePointer<Guard>
  let traits: UnsafeMutablePointer<UInt8>
  var serials: UInt32 = 0
  let grace = 2.0
  var forgetsNothingThrough = Double.infinity

  init(slots: Int) {
    func buffer<T>(_ value: T, _ count: Int) -> UnsafeMutablePointer<T> {
      let buffer = UnsafeMutablePointer<T>.allocate(capacity: count)
      buffer.initialize(repeating: value, count: count)
      return buffer
    }
    phase = buffer(0, slots)
    flags = buffer(0, slots)
    requestT = buffer(.nan, slots)
    willBeginT = buffer(.nan, slots)
    animateT = buffer(.nan, slots)
    declaredDuration = buffer(.nan, slots)
    completeT = buffer(.nan, slots)
    didEndT = buffer(.nan, slots)
    lastT = buffer(-.infinity, slots)
    lastDriveT = buffer(-.infinity, slots)
    lastLine = buffer(0, slots)
    requestLine = buffer(0, slots)
    progress = buffer(0, slots)
    undrivenSince = buffer(.nan, slots)
    serial = buffer(0, slots)
    presenter = buffer(-1, slots)
    child = buffer(-1, slots)
    inFlightPosition = buffer(-1, slots)
    inFlight = buffer(0, slots)
    endedCapacity = slots
    endedSlot = buffer(0, slots)
    endedT = buffer(0, slots)
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
    row(
      [Phase.absent, Phase.dismissed, Phase.withdrawn], Trigger.present, Decision.move,
      Phase.presentingRequested, guards: presenterRules)
    row(
      [Phase.presentingRequested], Trigger.presentationWillBegin, Decision.move, Phase.presentingBegan,
      guards: [])
    row(
      [Phase.presentingBegan], Trigger.animate, Decision.move, Phase.presentingAnimating,
      guards: [(Flag.animateSeen, Flag.animateSeen)])
    row(
      [Phase.presentingAnimating], Trigger.complete, Decision.move, Phase.presentingCompleted,
      guards: withoutController)
    row([Phase.presentingCompleted], Trigger.presentationDidEnd, Decision.move, Phase.presented, guards: [])
    row(
      [Phase.presented, Phase.dismissed], Trigger.completion, Decision.stay, 0,
      guards: [(Flag.refused, Flag.refused)] + once)
    row(
      [Phase.presented], Trigger.dismiss, Decision.move, Phase.dismissingRequested,
      guards: [(Flag.aboveInFlight, Flag.aboveInFlight)])
    row(
      [Phase.dismissingRequested], Trigger.dismissalWillBegin, Decision.move, Phase.dismissingBegan,
      guards: [])
    row(
      [Phase.dismissingBegan], Trigger.animate, Decision.move, Phase.dismissingAnimating,
      guards: [(Flag.animateSeen, Flag.animateSeen)])
    row(
      [Phase.dismissingAnimating], Trigger.complete, Decision.move, Phase.dismissingCompleted,
      guards: withoutController)
    row([Phase.dismissingCompleted], Trigger.dismissalDidEnd, Decision.move, Phase.dismissed, guards: [])
    row(
      [Phase.presentingInteractive, Phase.dismissingInteractive], Trigger.update, Decision.stay, 0, guards: []
    )
    let guards = buffer(Guard(mask: 0, value: 0, decision: 0, target: 0), max(rules.count, 1))
    for (index, rule) in rules.enumerated() { guards[index] = rule }
    self.guards = guards
    traits[Int(Trigger.update)] = Trait.movesDeadlinesOnlyLater
    traits[Int(Trigger.presentationWillBegin)] = 0
    traits[Int(Trigger.dismissalWillBegin)] = 0
    traits[Int(Trigger.animate)] = 0
    traits[Int(Trigger.presentationDidEnd)] = 0
    traits[Int(Trigger.dismissalDidEnd)] = 0
    traits[Int(Trigger.present)] = Trait.leavesShortcut | Trait.startsRequest
    traits[Int(Trigger.dismiss)] = Trait.leavesShortcut | Trait.startsRequest
    traits[Int(Trigger.complete)] = Trait.leavesShortcut | Trait.timed
    traits[Int(Trigger.completion)] = Trait.leavesShortcut
  }

  /// The step: the rule broken (0 for none), whether the step can only have moved its deadlines later, and
  /// for a completion the animation's duration to judge (NaN otherwise).
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
    case Trigger.animate:
      if animateT[slot].isNaN { animateT[slot] = t }
      if !event.value.isNaN { declaredDuration[slot] = event.value }
      flags |= Flag.animateSeen
    case Trigger.complete:
      if flags & Flag.completeSeen == 0 {
        if event.flag { flags |= Flag.completeValue }
        completeT[slot] = t
      }
      flags |= Flag.completeSeen
      completed = t - animateT[slot]
    case Trigger.presentationDidEnd, Trigger.dismissalDidEnd:
      flags |= Flag.didEndLogged
    default:
      break
    }
    self.flags[slot] = flags
    self.phase[slot] = to
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
      if !Phase.isLive(to) {
        let presenter = Int(self.presenter[slot])
        if presenter >= 0, child[presenter] == Int32(slot) { child[presenter] = -1 }
        self.presenter[slot] = -1
        endedSlot[endedTail % endedCapacity] = Int32(slot)
        endedT[endedTail % endedCapacity] = t
        endedTail &+= 1
        forgetsNothingThrough = min(forgetsNothingThrough, t + grace)
      }
    }
    return (0, false, completed)
  }

  /// The deadline of the transition in `slot` for its phase, +infinity when it cannot hang.
  @inline(never)
  func deadline(ofSlot slot: Int) -> Double {
    switch phase[slot] {
    case Phase.presentingRequested, Phase.dismissingRequested:
      return requestT[slot] + grace
    case Phase.presentingBegan, Phase.dismissingBegan:
      let willBegin = willBeginT[slot]
      return (willBegin.isNaN ? requestT[slot] : willBegin) + grace
    case Phase.presentingAnimating, Phase.dismissingAnimating:
      let animate = animateT[slot]
      let duration = declaredDuration[slot]
      return (animate.isNaN ? requestT[slot] : animate) + (duration.isNaN ? 0 : max(duration, 0)) + grace
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
  var effects: UInt8 = 0
  var findings = 0
  let toleranceRatio = 0.25
  let toleranceSeconds = 0.05

  @inline(__always)
  mutating func audit(_ event: CompactEvent) {
    if event.t >= clock, event.t <= horizon {
      previousT = event.t
      clock = event.t
    } else {
      checkClock(event)
    }
    effects = 0
    let (rule, onlyLater, completed) = session.step(event)
    if !onlyLater { earliestDeadline = min(earliestDeadline, session.deadline(ofSlot: Int(event.id))) }
    if rule != 0 {
      report(rule, event)
    } else if session.traits[Int(event.trigger)] & Trait.timed != 0, !completed.isNaN {
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

/// The loop callgrind counts (`--toggle-collect='*probePass*'`).
@inline(never)
func probePass(_ events: [CompactEvent], _ auditor: inout Auditor) {
  events.withUnsafeBufferPointer { events in
    for event in events { auditor.audit(event) }
  }
}

/// The events of a path, as `callgrind.sh` writes its traces, among 2,000 slots (about what the
/// benchmark's trace holds alive).
func path(_ name: String, count: Int) -> (Session, [CompactEvent]) {
  let session = Session(slots: 2_000)
  var events: [CompactEvent] = []
  events.reserveCapacity(count)
  let card = 1_234
  func add(_ t: Double, _ trigger: UInt8, value: Double = .nan, presenter: Int = -1, flag: Bool = false) {
    events.append(
      CompactEvent(
        t: t, value: value, line: Int32(events.count + 2), id: Int32(card), presenter: Int32(presenter),
        trigger: trigger, flag: flag))
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
  default:
    fatalError("usage: probe stay|cycles COUNT")
  }
  return (session, events)
}

let arguments = CommandLine.arguments
let name = arguments.count > 1 ? arguments[1] : "stay"
let count = arguments.count > 2 ? Int(arguments[2]) ?? 300_000 : 300_000
let (session, events) = path(name, count: count)
var auditor = Auditor(session: session)
probePass(events, &auditor)
print(
  "\(name): \(events.count) events, \(auditor.findings) findings, card in phase \(auditor.session.phase[1_234])"
)
