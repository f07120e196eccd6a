// A probe for the rewrite the Performance article describes ("What the rewrite would reach"), not the
// machine: what the commonest step, a plain stay of the table (`updateInteractiveTransition` of an
// interactive transition), costs when the session keeps its facts as fixed-width fields in parallel
// buffers indexed by an interned integer id, the table's entry is one word with a stay bit and a guard
// mask, and the event is a compact record of kind, id, time, line and the one payload number the step
// reads. `plain-stay-probe.sh` counts it with callgrind; compare with the last line of `callgrind.sh`
// (the same path through `Auditor.audit`).
//
// It does, per event, the work the machine does on that path, in the same order:
// - the auditor: the clock and its horizon, the step's effects cleared, the rule and timed checks after
//   the step, the horizon set again;
// - the session: the id's record, whether it is a plain stay (a transition, no refused request, a trigger
//   that starts no request and completes nothing), the table's entry and its guards, whether the
//   transition's times advance, the side track (`percent` out of range, reported once per transition),
//   the transition's facts (last line and time while in flight, progress, had an update, last drive,
//   undriven since) and whether the stay moved deadlines only later.
// Anything else goes to `general`, which the probe leaves out: its events never reach it.

/// A compact event: 32 bytes, no strings.
struct CompactEvent {
  var t: Double
  var percent: Double  // NaN when the line has none
  var line: Int32
  var id: Int32
  var trigger: UInt8
}

enum Trigger {
  static let update: UInt8 = 10
  static let count = 32
}

enum Phase {
  static let presentingInteractive: UInt8 = 5
  static let dismissingInteractive: UInt8 = 15
  static let count = 23
  @inline(__always) static func isInFlight(_ phase: UInt8) -> Bool { phase &- 1 < 9 || phase &- 11 < 9 }
  @inline(__always) static func isInteractive(_ phase: UInt8) -> Bool {
    phase == presentingInteractive || phase == dismissingInteractive
  }
}

/// A slot's flags.
enum Flag {
  static let hasTransition: UInt32 = 1 << 0
  static let refused: UInt32 = 1 << 1
  static let inGroup: UInt32 = 1 << 2
  static let hadUpdate: UInt32 = 1 << 3
  static let reportedPercent: UInt32 = 1 << 4
}

/// A trigger's traits.
enum Trait {
  static let leavesShortcut: UInt8 = 1 << 0  // completion, completeTransition, requests
  static let movesDeadlinesOnlyLater: UInt8 = 1 << 1
  static let timed: UInt8 = 1 << 2
}

/// A table entry: bit 15, a stay when no guard holds; the low bits, the guards to ask.
enum Entry {
  static let stay: UInt16 = 1 << 15
  static let guards: UInt16 = 0x7fff
}

/// The session's records, one field to an array, each a buffer allocated once: a Swift `Array` written in
/// a step pays a uniqueness check (a call of about 18 instructions) on every write, which a first version
/// of this probe measured at 108 of its 221 instructions an event.
struct Session {
  let slots: Int
  let phase: UnsafeMutablePointer<UInt8>
  let flags: UnsafeMutablePointer<UInt32>
  let lastT: UnsafeMutablePointer<Double>
  let lastDriveT: UnsafeMutablePointer<Double>
  let lastLine: UnsafeMutablePointer<Int32>
  let progress: UnsafeMutablePointer<Double>
  let undrivenSince: UnsafeMutablePointer<Double>  // NaN for none
  let table: UnsafeMutablePointer<UInt16>
  let traits: UnsafeMutablePointer<UInt8>
  var forgetsNothingThrough = Double.infinity

  init(slots: Int) {
    self.slots = slots
    func buffer<T>(_ value: T, _ count: Int) -> UnsafeMutablePointer<T> {
      let buffer = UnsafeMutablePointer<T>.allocate(capacity: count)
      buffer.initialize(repeating: value, count: count)
      return buffer
    }
    phase = buffer(0, slots)
    flags = buffer(0, slots)
    lastT = buffer(-.infinity, slots)
    lastDriveT = buffer(-.infinity, slots)
    lastLine = buffer(0, slots)
    progress = buffer(0, slots)
    undrivenSince = buffer(.nan, slots)
    table = buffer(0, Phase.count * Trigger.count)
    traits = buffer(Trait.leavesShortcut, Trigger.count)
    for phase in [Phase.presentingInteractive, Phase.dismissingInteractive] {
      table[Int(phase) * Trigger.count + Int(Trigger.update)] = Entry.stay
    }
    traits[Int(Trigger.update)] = Trait.movesDeadlinesOnlyLater
  }

  /// The step; returns the rule broken (0 for none) and whether the stay moved deadlines only later.
  @inline(__always)
  mutating func step(_ event: CompactEvent) -> (rule: UInt8, onlyLater: Bool) {
    let slot = Int(event.id)
    let phase = self.phase[slot]
    let flags = self.flags[slot]
    let traits = self.traits[Int(event.trigger)]
    let entry = table[Int(phase) &* Trigger.count &+ Int(event.trigger)]
    guard flags & (Flag.hasTransition | Flag.refused) == Flag.hasTransition,
      traits & Trait.leavesShortcut == 0, entry & Entry.stay != 0, entry & Entry.guards == 0
    else { return general(event) }
    let advances = event.t >= lastT[slot] && event.t >= lastDriveT[slot]
    var rule: UInt8 = 0
    switch event.trigger {
    case Trigger.update:
      let percent = event.percent
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
      return general(event)
    }
    let onlyLater =
      advances && traits & Trait.movesDeadlinesOnlyLater != 0 && flags & Flag.inGroup == 0
    return (rule, onlyLater)
  }

  /// Every other step: left out of the probe.
  @inline(never)
  mutating func general(_ event: CompactEvent) -> (rule: UInt8, onlyLater: Bool) {
    fatalError("the probe steps only plain stays")
  }

  /// The stepped transition's timers, when the step may have moved them earlier: left out (a plain stay
  /// whose times advance never reports).
  @inline(never)
  mutating func reportTimers(ofSlot slot: Int) -> Double { forgetsNothingThrough }
}

struct Auditor {
  var session: Session
  var clock = -Double.infinity
  var previousT = -Double.infinity
  var earliestDeadline = Double.infinity
  var horizon = Double.nan
  var effects: UInt8 = 0
  var findings = 0

  @inline(__always)
  mutating func audit(_ event: CompactEvent) {
    if event.t >= clock, event.t <= horizon {
      previousT = event.t
      clock = event.t
    } else {
      checkClock(event)
    }
    effects = 0
    let (rule, onlyLater) = session.step(event)
    if !onlyLater { earliestDeadline = min(earliestDeadline, session.reportTimers(ofSlot: Int(event.id))) }
    if rule != 0 {
      report(rule, event)
    } else if session.traits[Int(event.trigger)] & Trait.timed != 0 {
      report(0, event)
    }
    horizon = min(earliestDeadline, session.forgetsNothingThrough)
  }

  @inline(never)
  mutating func checkClock(_ event: CompactEvent) {
    previousT = event.t
    clock = max(clock, event.t)
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

let arguments = CommandLine.arguments
let count = arguments.count > 1 ? Int(arguments[1]) ?? 300_000 : 300_000
// As `callgrind.sh`'s path: one presentation begun interactively, then `count` updates 0.1 ms apart, among
// 2,000 slots (about what the benchmark's trace holds alive).
var session = Session(slots: 2_000)
let id = 1_234
session.phase[id] = Phase.presentingInteractive
session.flags[id] = Flag.hasTransition
var auditor = Auditor(session: session)
var events: [CompactEvent] = []
events.reserveCapacity(count)
for index in 0..<count {
  events.append(
    CompactEvent(
      t: 1.002 + Double(index + 1) * 0.0001, percent: 0.5, line: Int32(index + 5), id: Int32(id),
      trigger: Trigger.update))
}
probePass(events, &auditor)
print("\(count) updates, \(auditor.findings) findings, progress \(auditor.session.progress[id])")
