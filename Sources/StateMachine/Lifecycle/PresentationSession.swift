/// Every presentation of a trace at once: the lifecycles by id, the presenter stack of each root, and the
/// gestures; one entry point takes an event and says what happened.
///
/// ```swift
/// var session = PresentationSession()
/// let step = session.handle(Event(t: 0, id: "p1", kind: .present), line: 1)
/// step.to   // .presentingRequested
/// step.rule // nil
/// ```
///
/// Roots (`"root"`, or `"root:NAME"` for one window scene of several) are always present and each has its
/// own stack. `handle` never traps: a refused request changes no state (decision 1) and is remembered, so
/// callbacks that show it happened anyway are followed without a second finding (decision 11).
///
/// Everything known about one id lives in one slot, found once per event through the id's interned
/// number (`PresentationIndex`); the machine then works on that slot in place, so stepping an event costs
/// one lookup and no copy of the lifecycle, and memory grows with the presentations alive at once.
public struct PresentationSession: Sendable {
  /// The root a `present` without `presenter`, and an implicit present, stack on.
  public static let defaultRoot = "root"

  /// Everything the session knows about one id.
  struct Slot: Sendable {
    var lifecycle: PresentationLifecycle
    /// The session holds a lifecycle for the id (a refused event on an unseen id leaves an absent one).
    var holdsLifecycle = false
    var gesture: GestureState?
    var refused: RefusedRequest?
    /// `unknown-presentation` was reported for the id and not yet followed by a presentation.
    var reportedUnknown = false
    let isRoot: Bool
    /// Where the slot stands in `inFlightSlots`, or -1.
    var inFlightPosition = -1
    /// For a root: the presentation it currently presents. A root's slot is given back when it presents
    /// nothing and holds nothing else, so memory follows the roots in use, not every scene a trace named.
    var rootChild: String?

    init(id: String) {
      lifecycle = PresentationLifecycle(id: id)
      isRoot = PresentationSession.isRoot(id)
    }

    /// Nothing is left to remember: the slot can be reused for another id.
    var isVacant: Bool {
      !holdsLifecycle && gesture == nil && refused == nil && !reportedUnknown && (!isRoot || rootChild == nil)
    }
  }

  struct RefusedRequest: Sendable, Codable {
    var trigger: Trigger
    var presenter: String?
  }

  /// A presentation that ended at `t`, forgotten once the tail window after it closes.
  private struct EndedPresentation: Sendable, Codable {
    var id: String
    var t: Double
  }

  private var index = PresentationIndex()
  private var slots: [Slot] = []
  private var vacantSlots: [Int] = []
  /// The slots with a transition in flight, in no order.
  private var inFlightSlots: [Int] = []
  private var reportedUnknownCount = 0
  private var endedQueue: [EndedPresentation] = []
  private var endedQueueHead = 0
  /// When the presentation at the head of `endedQueue` ended (infinity when none waits): the clock moves on
  /// nearly every event, and this answers "anything to forget?" without touching the queue.
  private var earliestEndedT = Double.infinity
  private var lateViolations: [LateViolation] = []
  /// Steps the common events in place (`applyStay`, `applyWithinFlight`); off, every event goes through
  /// `apply(_:to:_:line:presenter:)`, which the tests compare against.
  var takesFastSteps = true
  /// The details (why, in words) of the outcomes of the latest event, which outcomes point into.
  private var details: [String] = []

  public init() {}

  /// Whether `id` names a root (`"root"` or `"root:NAME"`).
  public static func isRoot(_ id: String) -> Bool {
    // By bytes: `hasPrefix` compares characters, at about 160 instructions a call, several per request.
    // The answers agree: "root" and "root:" are ASCII, so only the character after the colon could
    // differ (a combining mark joins it to the colon), and a non-ASCII byte there asks `hasPrefix`.
    #if _pointerBitWidth(_64) && _endian(little)
      // A small string (bit 61, as `WordHash` reads it) holds its bytes in its first word.
      let (low, high) = unsafeBitCast(id, to: (UInt64, UInt64).self)
      if high & (1 << 61) != 0 {
        let count = Int(truncatingIfNeeded: (high >> 56) & 0x0F)
        guard count >= 4, low & 0xFFFF_FFFF == 0x746F_6F72 else { return false }  // "root"
        if count == 4 { return true }
        guard (low >> 32) & 0xFF == UInt64(UInt8(ascii: ":")) else { return false }
        return count == 5 || (low >> 40) & 0xFF < 0x80 || id.hasPrefix("root:")
      }
    #endif
    var bytes = id.utf8.makeIterator()
    guard bytes.next() == UInt8(ascii: "r"), bytes.next() == UInt8(ascii: "o"),
      bytes.next() == UInt8(ascii: "o"),
      bytes.next() == UInt8(ascii: "t")
    else { return false }
    guard let colon = bytes.next() else { return true }  // exactly "root"
    guard colon == UInt8(ascii: ":") else { return false }
    guard let next = bytes.next() else { return true }  // "root:"
    return next < 0x80 || id.hasPrefix("root:")
  }

  // MARK: Reading the state

  /// The phase of `id` (`.absent` for an id the session does not hold).
  public func phase(of id: String) -> Phase {
    // Read in place: the stack rules ask this many times per request, and a lifecycle is a large value.
    guard let slot = index.slot(of: id), slots[slot].holdsLifecycle else { return .absent }
    return slots[slot].lifecycle.phase
  }

  /// The lifecycle the session holds for `id`, if any.
  public func lifecycle(of id: String) -> PresentationLifecycle? {
    guard let slot = index.slot(of: id), slots[slot].holdsLifecycle else { return nil }
    return slots[slot].lifecycle
  }

  /// The pan gesture of `id`, if it had one.
  public func gesture(of id: String) -> GestureState? {
    index.slot(of: id).flatMap { slots[$0].gesture }
  }

  /// Every lifecycle the session holds, by id: live ones, and ended ones until their tail window closes.
  /// (Built on each call; `lifecycle(of:)` reads one.)
  public var lifecycles: [String: PresentationLifecycle] {
    var all: [String: PresentationLifecycle] = [:]
    for slot in slots where slot.holdsLifecycle { all[slot.lifecycle.id] = slot.lifecycle }
    return all
  }

  /// The pan gesture of every id that has one.
  public var gestures: [String: GestureState] {
    var all: [String: GestureState] = [:]
    for slot in slots { if let gesture = slot.gesture { all[slot.lifecycle.id] = gesture } }
    return all
  }

  /// The presentation each root currently presents. (Built on each call: each root keeps its child in its
  /// own slot, which a request finds through the session's index instead of a second, slower hash.)
  public var rootChildren: [String: String] {
    var all: [String: String] = [:]
    for slot in slots where slot.isRoot { if let child = slot.rootChild { all[slot.lifecycle.id] = child } }
    return all
  }

  /// Ids with a transition in flight.
  public var inFlight: Set<String> { Set(inFlightSlots.map { slots[$0].lifecycle.id }) }

  /// How many ids hold a slot: what the session's memory grows with.
  var slotsInUse: Int { index.count }

  /// Whether any transition is in flight.
  public var hasTransitionsInFlight: Bool { !inFlightSlots.isEmpty }

  /// The slots with a transition in flight, ordered by id (the order findings about them are reported in).
  var inFlightSlotsByID: [Int] {
    inFlightSlots.sorted { slots[$0].lifecycle.id < slots[$1].lifecycle.id }
  }

  /// The presentation the root `root` currently presents.
  private func rootChild(of root: String) -> String? {
    index.slot(of: root).flatMap { slots[$0].rootChild }
  }

  /// The presentation `id` currently presents, read in place.
  private func child(of id: String) -> String? {
    guard let slot = index.slot(of: id), slots[slot].holdsLifecycle else { return nil }
    return slots[slot].lifecycle.child
  }

  /// Reads the transition of `id` in place, if the session holds one.
  private func readTransition<Result>(of id: String, _ read: (borrowing TransitionRecord) -> Result)
    -> Result?
  {
    guard let slot = index.slot(of: id), slots[slot].holdsLifecycle, slots[slot].lifecycle.hasTransition
    else { return nil }
    return read(slots[slot].lifecycle.latest)
  }

  /// The lifecycle in `slot` (a step's `slot`).
  func lifecycle(atSlot slot: Int) -> PresentationLifecycle? {
    slots.indices.contains(slot) && slots[slot].holdsLifecycle ? slots[slot].lifecycle : nil
  }

  /// Whether `takeLateViolations()` has anything to hand over (a check cheaper than taking none).
  var hasLateViolations: Bool { !lateViolations.isEmpty }

  /// Violations about earlier lines that later evidence settled; empties the list.
  @inline(__always)
  public mutating func takeLateViolations() -> [LateViolation] {
    guard !lateViolations.isEmpty else { return [] }
    defer { lateViolations.removeAll(keepingCapacity: true) }
    return lateViolations
  }

  // MARK: Slots

  private func phase(atSlot slot: Int?) -> Phase {
    guard let slot, slots[slot].holdsLifecycle else { return .absent }
    return slots[slot].lifecycle.phase
  }

  /// The slot of `id`, taking a vacant one (or a new one) for an id the session does not hold yet.
  @inline(__always)
  private mutating func slotCreating(_ id: String) -> Int {
    index.hintedSlot(of: id) ?? slotCreatingUnhinted(id)
  }

  /// `slotCreating` when the index's shortcut does not know the `String`: out of line, so that the step
  /// of nearly every event inlines only the shortcut.
  @inline(never)
  private mutating func slotCreatingUnhinted(_ id: String) -> Int {
    if let slot = index.slot(rememberingUnhinted: id) { return slot }
    let slot: Int
    if let vacant = vacantSlots.popLast() {
      slot = vacant
      slots[slot] = Slot(id: id)
    } else {
      slot = slots.count
      slots.append(Slot(id: id))
    }
    index.insert(id, slot: slot)
    return slot
  }

  /// Gives the slot back when nothing about its id is left to remember.
  private mutating func releaseIfVacant(_ slot: Int) {
    guard slots[slot].isVacant else { return }
    index.remove(slots[slot].lifecycle.id)
    slots[slot] = Slot(id: "")
    vacantSlots.append(slot)
  }

  private mutating func setInFlight(_ slot: Int, _ inFlight: Bool) {
    let position = slots[slot].inFlightPosition
    if inFlight, position < 0 {
      slots[slot].inFlightPosition = inFlightSlots.count
      inFlightSlots.append(slot)
    } else if !inFlight, position >= 0 {
      let last = inFlightSlots.removeLast()
      if last != slot {
        inFlightSlots[position] = last
        slots[last].inFlightPosition = position
      }
      slots[slot].inFlightPosition = -1
    }
  }

  // MARK: Events

  /// What the session did with one event, before it is worded for a caller as a `SessionStep`: the
  /// machine's hot path carries no id string, only the slot the id lives in.
  struct Outcome {
    /// The presentation's slot, or -1 when the step is about the event's own id and no slot (a mark, a
    /// root's callback).
    var slot: Int
    var trigger: Trigger
    var from: Phase
    var to: Phase
    var rule: Rule?
    /// Where the step's detail (why, in words) is in the session's `details`, or -1: an index keeps the
    /// outcome free of reference counting, which every event would otherwise pay for in copies.
    var detailIndex: Int32 = -1
    var closedLayout: PresentationLifecycle.OpenLayoutPass?
    /// The step can only have moved the deadlines of its presentation later or removed them (it kept the
    /// phase and only advanced times), so the auditor's earliest deadline still holds without asking.
    var deadlinesOnlyLater = false

    init(
      slot: Int, trigger: Trigger, from: Phase, to: Phase, rule: Rule? = nil, detailIndex: Int32 = -1,
      closedLayout: PresentationLifecycle.OpenLayoutPass? = nil
    ) {
      self.slot = slot
      self.trigger = trigger
      self.from = from
      self.to = to
      self.rule = rule
      self.detailIndex = detailIndex
      self.closedLayout = closedLayout
    }
  }

  /// Applies one event and says what happened.
  public mutating func handle(_ event: borrowing Event, line: Int) -> SessionStep {
    let outcome = apply(event, line: line)
    return step(for: outcome, event)
  }

  /// The presentation an outcome is about: its slot's id, or the event's own.
  func id(of outcome: Outcome, _ event: borrowing Event) -> String {
    outcome.slot >= 0 ? slots[outcome.slot].lifecycle.id : event.id
  }

  /// An outcome worded for callers.
  func step(for outcome: Outcome, _ event: borrowing Event) -> SessionStep {
    SessionStep(
      id: id(of: outcome, event), trigger: outcome.trigger, from: outcome.from, to: outcome.to,
      rule: outcome.rule, detail: detail(of: outcome), slot: outcome.slot, closedLayout: outcome.closedLayout)
  }

  /// Keeps `detail` for the step being made and says where it is (-1 for none).
  private mutating func note(_ detail: String?) -> Int32 {
    guard let detail else { return -1 }
    details.append(detail)
    return Int32(truncatingIfNeeded: details.count - 1)
  }

  /// The detail of an outcome of the latest event.
  func detail(of outcome: Outcome) -> String? {
    details.indices.contains(Int(outcome.detailIndex)) ? details[Int(outcome.detailIndex)] : nil
  }

  /// Applies one event: the machine's entry point.
  mutating func apply(_ event: borrowing Event, line: Int) -> Outcome {
    if !details.isEmpty { details.removeAll(keepingCapacity: true) }
    let trigger = Trigger(event)
    if trigger == .mark {
      let phase = phase(atSlot: index.slot(of: event.id))
      return Outcome(slot: -1, trigger: .mark, from: phase, to: phase)
    }
    let slot = slotCreating(event.id)
    if trigger == .gesture { return handleGesture(event, slot: slot) }
    if slots[slot].isRoot {
      let outcome = handleRoot(trigger, event, line: line)
      releaseIfVacant(slot)  // a root that presents nothing keeps no slot (outcomes of roots carry none)
      return outcome
    }
    if trigger.isAppearance, slots[slot].holdsLifecycle, slots[slot].lifecycle.hasPresented,
      slots[slot].lifecycle.phase.isLive
    {
      // A presenter's own appearance callbacks are legal whenever it is live (decision 5), still balanced.
      let result = slots[slot].lifecycle.applyPresenterAppearance(trigger, event: event, line: line)
      return Outcome(
        slot: slot, trigger: trigger, from: result.from, to: result.to, rule: result.rule,
        detailIndex: note(result.detail))
    }
    switch trigger {
    case .present: return handlePresent(event, slot: slot, line: line)
    case .dismiss: return handleDismiss(slot, event, line: line)
    case .completion: return handleCompletion(event, slot: slot, line: line)
    default:
      if takesFastSteps {
        if let step = applyStay(trigger, to: slot, event, line: line) { return step }
        if let step = applyWithinFlight(trigger, to: slot, event, line: line) { return step }
      }
      return apply(trigger, to: slot, event, line: line)
    }
  }

  /// The triggers `applyStay` may take: none of them requests, begins or ends a transition, or touches
  /// the stack (`completion` only outside a dismissal group, which `handleCompletion` checks).
  @inline(__always)
  private static func mayStay(_ trigger: Trigger) -> Bool {
    switch trigger {
    case .update, .pause, .layoutWill, .layoutDid, .viewWillAppear, .viewDidAppear, .viewWillDisappear,
      .viewDidDisappear, .sizeChange, .animationEnded, .completion:
      true
    default: false
    }
  }

  /// The triggers `applyWithinFlight` may take: the animator, the interaction and `completeTransition`,
  /// which move a transition along without requesting, beginning or ending one, and the stay triggers
  /// when `applyStay` declined them (a repeated `animationEnded`, a layout pass the table rejects).
  @inline(__always)
  private static func mayMoveWithinFlight(_ trigger: Trigger) -> Bool {
    switch trigger {
    case .animate, .startInteractive, .update, .pause, .finish, .cancel, .completeTrue, .completeFalse,
      .animationEnded, .layoutWill, .layoutDid, .viewWillAppear, .viewDidAppear, .viewWillDisappear,
      .viewDidDisappear, .sizeChange, .controllerDidAttemptToDismiss:
      true
    default: false
    }
  }

  /// The next most common step: a transition in flight that the table keeps in flight (the animator
  /// starts, the interaction commits, `completeTransition` arrives), on a presentation with no refused
  /// request. The lifecycle decides it as always; the stack, the dismissal group and the tail window
  /// cannot change, so the session's part of `apply(_:to:_:line:presenter:)` reduces to the once-only
  /// rules. Returns nil for any other event.
  @inline(__always)
  private mutating func applyWithinFlight(
    _ trigger: Trigger, to slot: Int, _ event: borrowing Event, line: Int
  ) -> Outcome? {
    guard Self.mayMoveWithinFlight(trigger), slots[slot].holdsLifecycle, slots[slot].refused == nil else {
      return nil
    }
    let from = slots[slot].lifecycle.phase
    // The lifecycle's own adjustments of the entry (once per transition, deferred commits, a repeated
    // completeTransition) keep a transition in flight in flight, so the table's target decides.
    guard from.isInFlight, TransitionTable.entry(from, trigger).target(from: from).isInFlight else {
      return nil
    }
    let result = slots[slot].lifecycle.apply(trigger, event: event, line: line)
    var step = Outcome(
      slot: slot, trigger: trigger, from: from, to: result.to, rule: result.rule,
      detailIndex: note(result.detail),
      closedLayout: result.closedLayout)
    dropRepeatedRule(from: &step)
    setInFlight(slot, true)
    return step
  }

  /// Drops a rule a driver repeats (`Rule.isReportedOncePerTransition`) when the transition already
  /// reported it: one root cause, one finding.
  @inline(__always)
  private mutating func dropRepeatedRule(from step: inout Outcome) {
    guard let rule = step.rule, rule.isReportedOncePerTransition else { return }
    var reportedBefore = false
    slots[step.slot].lifecycle.updateTransition { reportedBefore = $0.noteReported(rule) }
    if reportedBefore {
      step.rule = nil
      step.detailIndex = -1
    }
  }

  /// The most common step, in place: an event the table lets stay in its phase, on a presentation with no
  /// refused request, so nothing but the presentation's own side tracks and facts can change. Returns nil
  /// for any other event, which `apply(_:to:_:line:presenter:)` then decides; both give the same outcome.
  @inline(__always)
  private mutating func applyStay(_ trigger: Trigger, to slot: Int, _ event: borrowing Event, line: Int)
    -> Outcome?
  {
    guard Self.mayStay(trigger), slots[slot].holdsLifecycle, slots[slot].refused == nil,
      case .stay = TransitionTable.entry(slots[slot].lifecycle.phase, trigger)
    else { return nil }
    if trigger.isOncePerTransition, slots[slot].lifecycle.hasTransition,
      slots[slot].lifecycle.latest.hasSeen(trigger)
    {
      return nil  // out of phase: a second one in the transition
    }
    // A stay sets the transition's `lastT` (and an update or pause its `lastDriveT`) to the event's time;
    // only when that time is not earlier than both (a clock that went backwards) do deadlines only move
    // later.
    let timesAdvance =
      !slots[slot].lifecycle.hasTransition
      || (event.t >= slots[slot].lifecycle.latest.lastT
        && event.t >= (slots[slot].lifecycle.latest.lastDriveT ?? -.infinity))
    let result = slots[slot].lifecycle.applyStay(trigger, event: event, line: line)
    var step = Outcome(
      slot: slot, trigger: trigger, from: result.from, to: result.to, rule: result.rule,
      detailIndex: note(result.detail),
      closedLayout: result.closedLayout)
    // A member of a dismissal group can gain a deadline from another member's step (it is no longer
    // carried), which only its own next step picks up: keep asking for those.
    step.deadlinesOnlyLater = timesAdvance && slots[slot].lifecycle.dismissalGroup.isEmpty
    dropRepeatedRule(from: &step)
    return step
  }

  // MARK: Requests

  private mutating func handlePresent(_ event: Event, slot: Int, line: Int) -> Outcome {
    let id = event.id
    let from = phase(atSlot: slot)
    let presenter = event.payload.presenter ?? Self.defaultRoot
    slots[slot].refused = nil
    if !from.isLive, let (rule, detail) = presenterProblem(presenter, presenting: id) {
      slots[slot].refused = RefusedRequest(trigger: .present, presenter: presenter)
      return Outcome(
        slot: slot, trigger: .present, from: from, to: from, rule: rule, detailIndex: note(detail))
    }
    let step = apply(.present, to: slot, event, line: line, presenter: presenter)
    if step.rule != nil { slots[slot].refused = RefusedRequest(trigger: .present, presenter: presenter) }
    return step
  }

  /// The first stack rule a `present` from `presenter` breaks, in the order of decision 2.
  private func presenterProblem(_ presenter: String, presenting id: String) -> (Rule, String)? {
    let child: String?
    if Self.isRoot(presenter) {
      child = rootChild(of: presenter)
    } else {
      let presenterPhase = phase(of: presenter)
      if presenterPhase.isInFlight {
        return (.presentWhileTransitioning, "its presenter \(presenter) is \(presenterPhase.name)")
      }
      guard presenterPhase.isPresentedAndIdle else {
        return (.presenterUnknown, "its presenter \(presenter) is \(presenterPhase.name), not presented")
      }
      child = self.child(of: presenter)
    }
    if let child, child != id {
      let childPhase = phase(of: child)
      if childPhase.isInFlight {
        return (
          .presentWhileTransitioning, "\(presenter) is still transitioning \(child) (\(childPhase.name))"
        )
      }
      if childPhase.isLive {
        return (.presenterBusy, "\(presenter) already presents \(child)")
      }
    }
    return nil
  }

  private mutating func handleDismiss(_ slot: Int, _ event: Event, line: Int) -> Outcome {
    slots[slot].refused = nil
    let phase = phase(atSlot: slot)
    guard phase.isPresentedAndIdle else {
      let step = apply(.dismiss, to: slot, event, line: line)
      if step.rule != nil { slots[slot].refused = RefusedRequest(trigger: .dismiss, presenter: nil) }
      return step
    }
    let id = slots[slot].lifecycle.id
    let above = stack(above: id)
    if let busy = above.first(where: { self.phase(of: $0).isInFlight }) {
      slots[slot].refused = RefusedRequest(trigger: .dismiss, presenter: nil)
      return Outcome(
        slot: slot, trigger: .dismiss, from: phase, to: phase, rule: .dismissWhileTransitioning,
        detailIndex: note("\(busy) above it is \(self.phase(of: busy).name)"))
    }
    let step = apply(.dismiss, to: slot, event, line: line)
    dismissTogether(id, above: above, event, line: line)
    return step
  }

  /// The live presentations stacked above `id`, nearest first.
  private func stack(above id: String) -> [String] {
    var above: [String] = []
    var current = self.child(of: id)
    while let child = current, phase(of: child).isLive, child != id, !above.contains(child) {
      above.append(child)
      current = self.child(of: child)
    }
    return above
  }

  /// Dismissing a presentation dismisses the whole stack above it (SPEC section 2): every member enters
  /// `dismissing.requested`, and whichever member logs the callbacks carries the dismissal.
  private mutating func dismissTogether(_ id: String, above: [String], _ event: Event, line: Int) {
    guard !above.isEmpty else { return }
    for member in above where phase(of: member).isPresentedAndIdle {
      _ = apply(.dismiss, to: slotCreating(member), event, line: line)
    }
    let group = [id] + above
    for member in group {
      if let slot = index.slot(of: member), slots[slot].holdsLifecycle {
        slots[slot].lifecycle.dismissalGroup = group
      }
    }
  }

  private mutating func handleCompletion(_ event: Event, slot: Int, line: Int) -> Outcome {
    // Outside a dismissal group, a completion is an ordinary once-per-transition event.
    if takesFastSteps, slots[slot].holdsLifecycle, slots[slot].lifecycle.dismissalGroup.count <= 1,
      let step = applyStay(.completion, to: slot, event, line: line)
    {
      return step
    }
    let id = event.id
    // A stacked member that logged nothing may carry the completion of `dismiss` once the member carrying
    // the dismissal has completed; UIKit does not order it against that member's *DidEnd.
    if slots[slot].holdsLifecycle, slots[slot].lifecycle.phase == .dismissingRequested {
      let lifecycle = slots[slot].lifecycle
      if lifecycle.dismissalGroup.count > 1, lifecycle.transition?.hasSeen(.completion) == false,
        lifecycle.dismissalGroup.contains(where: { member in
          member != id
            && (readTransition(of: member, { $0.completeValue != nil }) == true
              || phase(of: member) == .dismissed)
        })
      {
        markCompletionSeen(in: lifecycle.dismissalGroup)
        return Outcome(slot: slot, trigger: .completion, from: lifecycle.phase, to: lifecycle.phase)
      }
    }
    let step = apply(.completion, to: slot, event, line: line)
    if step.rule == nil, slots[slot].holdsLifecycle, slots[slot].lifecycle.dismissalGroup.count > 1 {
      markCompletionSeen(in: slots[slot].lifecycle.dismissalGroup)
    }
    return step
  }

  private mutating func markCompletionSeen(in group: [String]) {
    for member in group {
      if let slot = index.slot(of: member), slots[slot].holdsLifecycle {
        slots[slot].lifecycle.updateTransition { $0.markSeen(.completion) }
      }
    }
  }

  // MARK: Roots and gestures

  private mutating func handleRoot(_ trigger: Trigger, _ event: Event, line: Int) -> Outcome {
    let root = event.id
    switch trigger {
    case .viewWillAppear, .viewDidAppear, .viewWillDisappear, .viewDidDisappear, .sizeChange:
      return Outcome(slot: -1, trigger: trigger, from: .presented, to: .presented)
    case .present:
      return Outcome(
        slot: -1, trigger: trigger, from: .presented, to: .presented, rule: .idInUse,
        detailIndex: note("\(root) is a window scene's root, always present"))
    case .dismiss:
      // UIKit: dismiss called on a presenter dismisses what it presents.
      if let child = rootChild(of: root) { return handleDismiss(slotCreating(child), event, line: line) }
      return Outcome(
        slot: -1, trigger: trigger, from: .presented, to: .presented, rule: .dismissNotPresented,
        detailIndex: note("\(root) presents nothing"))
    default:
      return Outcome(
        slot: -1, trigger: trigger, from: .presented, to: .presented, rule: .eventOutOfPhase,
        detailIndex: note("\(root) is a window scene's root, not a presentation"))
    }
  }

  private mutating func handleGesture(_ event: Event, slot: Int) -> Outcome {
    var gesture = slots[slot].gesture ?? GestureState()
    gesture.lastT = event.t
    let fingerDown = event.kind == .panBegan || event.kind == .panChanged
    gesture.isActive = fingerDown
    if !fingerDown { gesture.endedT = event.t }
    slots[slot].gesture = gesture
    let current = phase(atSlot: slot)
    var step = Outcome(slot: slot, trigger: .gesture, from: current, to: current)
    // A finger on the screen holds off every deadline it touches.
    step.deadlinesOnlyLater = takesFastSteps && fingerDown && slots[slot].lifecycle.dismissalGroup.isEmpty
    if fingerDown, current.isInFlight, slots[slot].lifecycle.hasTransition,
      let commit = slots[slot].lifecycle.latest.commit,
      !slots[slot].lifecycle.latest.hasReported(.gestureAfterCommit)
    {
      slots[slot].lifecycle.updateTransition { _ = $0.noteReported(.gestureAfterCommit) }
      step.rule = .gestureAfterCommit
      step.detailIndex = note(
        "\(event.kind.rawValue) after \(commit.kind.rawValue)InteractiveTransition at t=\(commit.t)")
    }
    return step
  }

  // MARK: The table

  private mutating func apply(
    _ trigger: Trigger, to slot: Int, _ event: Event, line: Int, presenter: String? = nil
  ) -> Outcome {
    if !slots[slot].holdsLifecycle {
      slots[slot].holdsLifecycle = true
      slots[slot].lifecycle = PresentationLifecycle(id: slots[slot].lifecycle.id)
    }
    let id = slots[slot].lifecycle.id
    let from = slots[slot].lifecycle.phase
    let refused = slots[slot].refused
    if slots[slot].lifecycle.settledByGroup, from == .dismissed, trigger == .dismissalWillBegin {
      // A stacked member logging its own dismissal after another member's ended (SPEC: accept either).
      slots[slot].lifecycle.settledByGroup = false
      slots[slot].lifecycle.phase = .dismissingRequested
    }
    let startsRequest =
      (!from.isLive && (trigger == .present || trigger == .presentationWillBegin))
      || (from.isPresentedAndIdle
        && (trigger == .dismiss || trigger == .dismissalWillBegin || trigger == .controllerWillDismiss))
    if startsRequest { reportUnresolvedAppearance(ofSlot: slot) }
    let above = from.isPresentedAndIdle && trigger != .dismiss ? stack(above: id) : []
    // An implicit present (decision 4) is still a present: the stack checks of decision 2 apply to it,
    // and the callback itself shows UIKit went ahead (decision 11), so the presentation begins either way.
    var implicit: (presenter: String, problem: (Rule, String)?)?
    if trigger == .presentationWillBegin, !from.isLive, presenter == nil, refused?.trigger != .present {
      let target = implicitPresenter()
      implicit = (target, presenterProblem(target, presenting: id))
    }

    let result = slots[slot].lifecycle.apply(trigger, event: event, line: line)
    var step = Outcome(
      slot: slot, trigger: trigger, from: from, to: result.to, rule: result.rule,
      detailIndex: note(result.detail),
      closedLayout: result.closedLayout)
    if step.rule == nil, let implicit, let (rule, detail) = implicit.problem {
      step.rule = rule
      step.detailIndex = note(
        "no present was recorded, so this is an implicit present on \(implicit.presenter); \(detail)")
    }

    if !from.isLive, result.to.isLive, !(from == .dismissed && result.to.direction == .dismissing) {
      // A presentation began: by request, implicitly (decision 4), or by evidence (decision 11). The stack
      // it joins is the one that stood before this event, when the id was not live yet.
      slots[slot].lifecycle.phase = from
      link(slot, to: presenter ?? refused?.presenter ?? implicit?.presenter ?? implicitPresenter())
      slots[slot].lifecycle.phase = result.to
      if slots[slot].reportedUnknown {
        slots[slot].reportedUnknown = false
        reportedUnknownCount -= 1
      }
    }
    if let refused, step.rule != nil, Self.followsRefused(refused.trigger, trigger, step.rule) {
      step.rule = nil  // the refused request's consequence, already reported
      step.detailIndex = -1
    }
    dropRepeatedRule(from: &step)
    if step.rule == .unknownPresentation {
      if slots[slot].reportedUnknown {
        step.rule = nil  // one root cause, one finding
      } else if reportedUnknownCount < 4096 {
        slots[slot].reportedUnknown = true
        reportedUnknownCount += 1
      }
    }
    if result.to.isInFlight { slots[slot].refused = nil }
    setInFlight(slot, result.to.isInFlight)
    if !above.isEmpty, result.to.direction == .dismissing {
      dismissTogether(id, above: above, event, line: line)  // a system dismissal lower in the stack
    }
    if from != result.to, from.isLive, !result.to.isInFlight { transitionEnded(slot, at: event.t) }
    return step
  }

  /// Whether a finding on `trigger` is the consequence of a refused request (decision 11): the callback
  /// that shows the refused transition happened anyway, or any event of an id a refused present left absent.
  private static func followsRefused(_ request: Trigger, _ trigger: Trigger, _ rule: Rule?) -> Bool {
    switch request {
    case .present:
      trigger == .presentationWillBegin || rule == .unknownPresentation || rule == .dismissNotPresented
    case .dismiss: trigger == .dismissalWillBegin || rule == .unknownPresentation
    default: false
    }
  }

  /// The presenter of an implicit present (decision 4): the default root's top-most presented
  /// presentation, or the root itself when none is presented and idle.
  private func implicitPresenter() -> String {
    guard let child = rootChild(of: Self.defaultRoot) else { return Self.defaultRoot }
    return ([child] + stack(above: child)).last { phase(of: $0).isPresentedAndIdle } ?? Self.defaultRoot
  }

  /// Links the presentation in `slot` to the presenter it stacks on; a presenter that already presents a
  /// live one is never overwritten (the evidence then stacks it on the top of that stack).
  private mutating func link(_ slot: Int, to requested: String) {
    let id = slots[slot].lifecycle.id
    var presenter = Self.isRoot(requested) || phase(of: requested).isLive ? requested : Self.defaultRoot
    let existing = Self.isRoot(presenter) ? rootChild(of: presenter) : self.child(of: presenter)
    if let existing, existing != id, phase(of: existing).isLive {
      presenter = stack(above: existing).last ?? existing
    }
    slots[slot].lifecycle.presenter = presenter
    slots[slot].lifecycle.dismissalGroup = []
    slots[slot].lifecycle.settledByGroup = false
    if Self.isRoot(presenter) {
      slots[slotCreating(presenter)].rootChild = id
    } else if let presenterSlot = index.slot(of: presenter), slots[presenterSlot].holdsLifecycle {
      slots[presenterSlot].lifecycle.child = id
      slots[presenterSlot].lifecycle.hasPresented = true
    }
  }

  private mutating func unlink(_ slot: Int) {
    let id = slots[slot].lifecycle.id
    guard let presenter = slots[slot].lifecycle.presenter else { return }
    if Self.isRoot(presenter) {
      if let rootSlot = index.slot(of: presenter), slots[rootSlot].rootChild == id {
        slots[rootSlot].rootChild = nil
        releaseIfVacant(rootSlot)  // memory follows the roots in use, not every root ever named
      }
    } else if let presenterSlot = index.slot(of: presenter), slots[presenterSlot].holdsLifecycle,
      slots[presenterSlot].lifecycle.child == id
    {
      slots[presenterSlot].lifecycle.child = nil
    }
  }

  /// A transition reached `*DidEnd`: settle the stack, the dismissal group, and the tail window.
  private mutating func transitionEnded(_ slot: Int, at t: Double) {
    // The fields this needs, not the whole lifecycle: a copy of it costs more than the rest of the step.
    let (id, phase, group) = (
      slots[slot].lifecycle.id, slots[slot].lifecycle.phase, slots[slot].lifecycle.dismissalGroup
    )
    if phase == .dismissed || phase == .withdrawn {
      let (presenter, child) = (slots[slot].lifecycle.presenter, slots[slot].lifecycle.child)
      unlink(slot)
      reattachChild(child, of: id, presenter: presenter, group: group)
      queueEnded(id, at: t)
    }
    guard group.count > 1 else { return }
    // The members that logged nothing follow the one that ended; they may still log a late pair.
    for member in group where member != id && self.phase(of: member) == .dismissingRequested {
      guard let other = index.slot(of: member) else { continue }
      if phase == .dismissed {
        slots[other].lifecycle.phase = .dismissed
        slots[other].lifecycle.settledByGroup = true
      } else {
        slots[other].lifecycle.phase = .presented
      }
      slots[other].lifecycle.updateTransition { $0.didEndT = t }
      setInFlight(other, false)
      if slots[other].lifecycle.phase == .dismissed {
        unlink(other)
        queueEnded(member, at: t)
      }
    }
  }

  /// A presentation that ended while one stacked on it lives on (evidence UIKit refused to order: a
  /// presentation that began over one that was dismissing) leaves that one on its own presenter, so every
  /// live presentation stays on a root's stack.
  private mutating func reattachChild(
    _ child: String?, of ended: String, presenter endedPresenter: String?, group: [String]
  ) {
    guard let child, !group.contains(child),
      let childSlot = index.slot(of: child), slots[childSlot].holdsLifecycle,
      slots[childSlot].lifecycle.phase.isLive, slots[childSlot].lifecycle.presenter == ended
    else { return }
    let presenter = endedPresenter ?? Self.defaultRoot
    slots[childSlot].lifecycle.presenter = presenter
    if Self.isRoot(presenter) {
      slots[slotCreating(presenter)].rootChild = child
    } else if let presenterSlot = index.slot(of: presenter), slots[presenterSlot].holdsLifecycle {
      slots[presenterSlot].lifecycle.child = child
    }
  }

  private mutating func reportUnresolvedAppearance(ofSlot slot: Int) {
    guard let pending = slots[slot].lifecycle.pendingAppearance else { return }
    slots[slot].lifecycle.pendingAppearance = nil
    let lifecycle = slots[slot].lifecycle
    guard !lifecycle.hasPresented else { return }
    lateViolations.append(
      LateViolation(
        rule: .appearanceUnbalanced, id: lifecycle.id, line: pending.line, t: pending.t,
        phase: lifecycle.phase,
        detail: "\(pending.trigger.label) was never followed by its viewDid* before the transition ended"))
  }

  // MARK: Ending

  /// Forgets ended presentations whose tail window closed before `cutoff`, reporting unresolved appearance.
  ///
  /// Memory then grows with the presentations alive at once, not with the trace's length.
  @inline(__always)
  public mutating func forgetEnded(before cutoff: Double) {
    if earliestEndedT < cutoff { forgetEndedNow(before: cutoff) }  // asked on nearly every event
  }

  private mutating func forgetEndedNow(before cutoff: Double) {
    defer { earliestEndedT = endedQueueHead < endedQueue.count ? endedQueue[endedQueueHead].t : .infinity }
    while endedQueueHead < endedQueue.count, endedQueue[endedQueueHead].t < cutoff {
      let (id, t) = (endedQueue[endedQueueHead].id, endedQueue[endedQueueHead].t)
      endedQueueHead += 1
      guard let slot = index.slot(of: id), slots[slot].holdsLifecycle,
        !slots[slot].lifecycle.phase.isLive, slots[slot].lifecycle.transition?.didEndT == t
      else { continue }
      reportUnresolvedAppearance(ofSlot: slot)
      slots[slot].holdsLifecycle = false
      if slots[slot].gesture?.isActive == false { slots[slot].gesture = nil }
      slots[slot].refused = nil
      // A vacant slot is given back whole; only a slot that stays needs a fresh lifecycle.
      if slots[slot].isVacant {
        releaseIfVacant(slot)
      } else {
        slots[slot].lifecycle = PresentationLifecycle(id: id)
      }
    }
    if endedQueueHead > 1024, endedQueueHead * 2 > endedQueue.count {
      endedQueue.removeFirst(endedQueueHead)
      endedQueueHead = 0
    }
  }

  private mutating func queueEnded(_ id: String, at t: Double) {
    if endedQueueHead == endedQueue.count { earliestEndedT = t }
    endedQueue.append(EndedPresentation(id: id, t: t))
  }

  /// The end of the trace at `clock`: reports every `viewWill*` left unresolved by a transition that ended
  /// more than `grace` before the end.
  ///
  /// Transitions still in flight, or ended just before the trace did, are not judged: the recording was cut
  /// (decision 3), or the hang is the finding.
  public mutating func finish(clock: Double, grace: Double) {
    let held = slots.indices.filter { slots[$0].holdsLifecycle }.sorted {
      slots[$0].lifecycle.id < slots[$1].lifecycle.id
    }
    for slot in held where !slots[slot].lifecycle.phase.isInFlight {
      if let ended = slots[slot].lifecycle.transition?.didEndT, clock - ended < grace { continue }
      reportUnresolvedAppearance(ofSlot: slot)
    }
  }
}

extension PresentationSession {
  /// The deadline of `id`'s transition in flight, if it can hang (decision 3).
  public func deadline(of id: String, grace: Double) -> TransitionDeadline? {
    index.slot(of: id).flatMap { deadline(ofSlot: $0, grace: grace) }
  }

  /// The deadline of the transition in `slot`, if it can hang (decision 3).
  @inline(__always)
  func deadline(ofSlot slot: Int, grace: Double) -> TransitionDeadline? {
    guard slots.indices.contains(slot), slots[slot].holdsLifecycle else { return nil }
    let phase = slots[slot].lifecycle.phase
    guard phase.isInFlight, slots[slot].lifecycle.hasTransition else { return nil }
    // Only a member still waiting for its animator (requested or begun) can be carried by another member.
    let waiting =
      phase == .presentingRequested || phase == .dismissingRequested || phase == .presentingBegan
      || phase == .dismissingBegan
    let carrier =
      waiting && !slots[slot].lifecycle.dismissalGroup.isEmpty
      ? carrier(of: slot) : (now: false, endedAt: nil)
    // A carrier's end moves the grace only of a member's own dismissal: a member still presenting when the
    // stack below it was dismissed keeps its presentation's deadline.
    let dismissing = phase == .dismissingRequested || phase == .dismissingBegan
    return TransitionDeadline(
      phase: phase, record: slots[slot].lifecycle.latest, gesture: slots[slot].gesture,
      carriedByAnotherMember: carrier.now, carriedUntil: dismissing ? carrier.endedAt : nil, grace: grace)
  }

  /// Who carries the dismissal of the group of `slot` for it: whether another member is carrying it out
  /// now (in flight, with an animator or a completion), so this one cannot hang on its own, and else when
  /// the last member that carried it ended (`nil` when none did). One pass over the members.
  private func carrier(of slot: Int) -> (now: Bool, endedAt: Double?) {
    let id = slots[slot].lifecycle.id
    var endedAt: Double?
    for member in slots[slot].lifecycle.dismissalGroup where member != id {
      guard let other = index.slot(of: member), slots[other].holdsLifecycle,
        slots[other].lifecycle.hasTransition
      else { continue }
      let record = slots[other].lifecycle.latest
      guard record.hasAnimator || record.completeValue != nil else { continue }
      if slots[other].lifecycle.phase.isInFlight { return (true, nil) }
      if let ended = record.didEndT { endedAt = max(endedAt ?? ended, ended) }
    }
    return (false, endedAt)
  }

  /// Reads the transition in `slot` in place: the auditor asks on every event, and a transition's facts
  /// are a few hundred bytes that a returned value would copy.
  @inline(__always)
  func readTransition<Result>(
    atSlot slot: Int, _ read: (Phase, borrowing TransitionRecord, GestureState?) -> Result
  ) -> Result? {
    guard slots.indices.contains(slot), slots[slot].holdsLifecycle, slots[slot].lifecycle.hasTransition
    else { return nil }
    return read(slots[slot].lifecycle.phase, slots[slot].lifecycle.latest, slots[slot].gesture)
  }

  /// Whether the presentation in `slot` belongs to a dismissal group and has an animator or a completion,
  /// with which it carries the dismissal out for the other members (see `carrier(of:)`).
  @inline(__always)
  func mayCarryGroup(slot: Int) -> Bool {
    guard slots.indices.contains(slot), slots[slot].holdsLifecycle, slots[slot].lifecycle.hasTransition,
      slots[slot].lifecycle.dismissalGroup.count > 1
    else { return false }
    return slots[slot].lifecycle.latest.hasAnimator || slots[slot].lifecycle.latest.completeValue != nil
  }

  /// The slots of the other members of the dismissal group of the presentation in `slot` (none outside a
  /// group, which is every presentation but a stack dismissed from below).
  @inline(__always)
  func otherGroupMemberSlots(ofSlot slot: Int) -> [Int] {
    guard slots.indices.contains(slot), slots[slot].holdsLifecycle,
      slots[slot].lifecycle.dismissalGroup.count > 1
    else { return [] }
    let id = slots[slot].lifecycle.id
    return slots[slot].lifecycle.dismissalGroup.compactMap { member in
      guard member != id, let other = index.slot(of: member), slots[other].holdsLifecycle else { return nil }
      return other
    }
  }

  /// The phase and transition facts in `slot`, without copying its lifecycle.
  @inline(__always)
  func transition(atSlot slot: Int) -> (phase: Phase, record: TransitionRecord)? {
    guard slots.indices.contains(slot), slots[slot].holdsLifecycle, slots[slot].lifecycle.hasTransition
    else { return nil }
    return (slots[slot].lifecycle.phase, slots[slot].lifecycle.latest)
  }

  /// Records that the interaction in `slot` was reported as undriven, so it is reported once.
  mutating func markUndrivenReported(slot: Int) {
    slots[slot].lifecycle.updateTransition { $0.undrivenReported = true }
  }

  /// Records that the transition in `slot` was reported as a hang, so it is reported once; it stays in
  /// flight.
  mutating func markHangReported(slot: Int) {
    slots[slot].lifecycle.updateTransition { $0.hangReported = true }
  }
}

extension PresentationSession: Codable {
  private enum CodingKeys: String, CodingKey {
    case lifecycles, rootChildren, gestures, refusedRequests, reportedUnknown, endedQueue, endedQueueHead
    case lateViolations
  }

  /// The same document whatever the slots' order: lifecycles, gestures and refused requests by id.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(lifecycles, forKey: .lifecycles)
    try container.encode(rootChildren, forKey: .rootChildren)
    try container.encode(gestures, forKey: .gestures)
    var refused: [String: RefusedRequest] = [:]
    var unknown: [String] = []
    for slot in slots {
      if let request = slot.refused { refused[slot.lifecycle.id] = request }
      if slot.reportedUnknown { unknown.append(slot.lifecycle.id) }
    }
    try container.encode(refused, forKey: .refusedRequests)
    try container.encode(unknown.sorted(), forKey: .reportedUnknown)
    try container.encode(Array(endedQueue[endedQueueHead...]), forKey: .endedQueue)
    try container.encode(lateViolations, forKey: .lateViolations)
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init()
    for (root, child) in try container.decode([String: String].self, forKey: .rootChildren) {
      slots[slotCreating(root)].rootChild = child
    }
    for (id, lifecycle) in try container.decode([String: PresentationLifecycle].self, forKey: .lifecycles) {
      let slot = slotCreating(id)
      slots[slot].lifecycle = lifecycle
      slots[slot].holdsLifecycle = true
      setInFlight(slot, lifecycle.phase.isInFlight)
    }
    for (id, gesture) in try container.decode([String: GestureState].self, forKey: .gestures) {
      slots[slotCreating(id)].gesture = gesture
    }
    for (id, request) in try container.decode([String: RefusedRequest].self, forKey: .refusedRequests) {
      slots[slotCreating(id)].refused = request
    }
    for id in try container.decode([String].self, forKey: .reportedUnknown) {
      slots[slotCreating(id)].reportedUnknown = true
      reportedUnknownCount += 1
    }
    endedQueue = try container.decode([EndedPresentation].self, forKey: .endedQueue)
    earliestEndedT = endedQueue.first?.t ?? .infinity
    lateViolations = try container.decode([LateViolation].self, forKey: .lateViolations)
  }
}
