/// Every presentation of a trace at once: the lifecycles by id, the presenter stack of each root, and the
/// gestures; one entry point takes an event and says what happened, as one `SessionStep`, and another
/// takes a step of the trace's clock and says what it settled, as one `ClockStep`.
///
/// ```swift
/// var session = PresentationSession()
/// let step = session.handle(Event(t: 0, id: "p1", kind: .present), line: 1)
/// step.to           // .presentingRequested
/// step.rule         // nil
/// step.effects.timer // .schedule(serial: 1, hang: 2, undriven: nil): nothing began it 2 s later
/// session.clockAdvanced(to: 2.5).expiries // [.droppedRequest(id: "p1", presenter: "root", …)]
/// ```
///
/// Each event goes through the same stages: find the id's slot; ask `TransitionTable` what the event
/// does in the id's phase, answering the row's guards (`TableGuard`) from the lifecycle and the stack;
/// let the lifecycle apply the decision; then the stack follows (a presentation joins or leaves its
/// presenter's stack, a dismissal from below takes the stack above along). One finding per root cause is
/// the table's: its guards decide quietly where the root cause was reported (a refused request's
/// consequences, a rule a driver repeats, an id already reported unknown). `handle` never traps: a refused
/// request changes no state (<doc:Rules#In-flight>) and is remembered, so callbacks that show it happened
/// anyway are followed without a second finding (<doc:Rules#Recovery-follows-the-evidence>).
///
/// The session keeps no clock: times arrive in the events, and it reports its timers as data, as
/// postgres-nio's state machines do. A step that may bring a transition's deadline sooner reports the
/// transition's timers (`StepEffects.timer`); whoever keeps the trace's clock calls
/// `clockAdvanced(to:byLineOf:)` as it moves on, and learns which timers expired (a hang, an undriven
/// interaction, a `present` UIKit dropped) and what the presentations forgotten then left unresolved.
package struct PresentationSession: Sendable {
  /// The root a `present` without `presenter`, and an implicit present, stack on.
  package static let defaultRoot = "root"

  /// The grace window of a transition's deadline (<doc:Rules#Deadlines>), and of an ended presentation's
  /// tail, in seconds.
  package let grace: Double
  /// How long an interaction may go undriven before its timer expires, in seconds.
  package let undrivenAfter: Double

  var storage = SessionStorage()
  /// How many presentations the session holds (ended ones included until it forgets them).
  var presentationCount: Int { storage.count }
  /// The transition table, as the steps read it.
  private let table = TransitionTable.compiledTable
  var stack = PresentationStack()
  var reportedUnknownCount = 0
  /// The number of the latest transition that began (``TransitionRecord/serial``).
  var serial: UInt64 = 0
  /// Takes a plain stay, move or aside by its shortcut (`steppedPlainly`, and `steppedQuietStay` for the
  /// auditor); off, every event takes the general step (for the tests that check the shortcuts change
  /// nothing).
  var takesShortcuts = true
  /// Steps a quiet stay outside `handle` (`steppedQuietStay`); off, it answers no to every event (for the
  /// tests that check the quiet stay changes nothing).
  var takesQuietStays = true
  /// `quietStayTriggerMask`, kept in each session so that the auditor's hot path reads no lazy global.
  private let quietStayTriggers = PresentationSession.quietStayTriggerMask

  /// A presentation that ended at `t`, forgotten once the tail window after it closes.
  struct EndedPresentation: Sendable, Codable {
    var id: String
    var t: Double
  }

  var endedQueue: [EndedPresentation] = []
  var endedQueueHead = 0
  /// When the presentation at the head of `endedQueue` ended (infinity when none waits): the clock moves on
  /// nearly every event, and this answers "anything to forget?" without touching the queue.
  var earliestEndedT = Double.infinity {
    didSet { forgetsNothingThrough = Self.forgetsNothing(endedT: earliestEndedT, grace: grace) }
  }
  /// The clock can move on to any time up to this one and forget nothing: a bound the auditor folds into
  /// the one comparison it makes on most events, where `clockAdvanced` computes `t - grace` afresh.
  var forgetsNothingThrough = Double.infinity

  /// A session whose timers count `grace` and `undrivenAfter` (by default those of a default
  /// `AuditConfiguration`, which the auditor passes on from its own).
  package init(grace: Double = 2.0, undrivenAfter: Double = 1.0) {
    self.grace = grace
    self.undrivenAfter = undrivenAfter
  }

  /// Whether `id` names a root (`"root"` or `"root:NAME"`).
  package static func isRoot(_ id: String) -> Bool { SessionStorage.isRoot(id) }

  // MARK: Reading the state

  /// The phase of `id` (`.absent` for an id the session does not hold).
  package func phase(of id: String) -> Phase {
    storage.slot(of: id).map { storage.slots[$0].lifecycle.phase } ?? .absent
  }

  /// The lifecycle the session holds for `id`, if any.
  package func lifecycle(of id: String) -> PresentationLifecycle? {
    guard let slot = storage.slot(of: id), storage.slots[slot].lifecycle.phase != .absent else { return nil }
    return storage.slots[slot].lifecycle
  }

  /// The pan gesture of `id`, if it had one.
  package func gesture(of id: String) -> GestureState? {
    storage.slot(of: id).flatMap { storage.slots[$0].gesture }
  }

  /// The root or presentation `id` was presented from, while the session holds it.
  package func presenter(of id: String) -> String? {
    guard let slot = storage.slot(of: id), storage.slots[slot].lifecycle.phase != .absent else { return nil }
    return name(of: stack.nodes[slot].presenter)
  }

  /// The presentation `id` (a presentation or a root) currently presents.
  package func child(of id: String) -> String? {
    guard let slot = storage.slot(of: id) else { return nil }
    return stack.child(of: slot, in: storage).map { storage.id(ofSlot: $0) }
  }

  /// The presentations dismissed together with `id` (a stack dismissed from below), lowest first.
  package func dismissalGroup(of id: String) -> [String] {
    guard let slot = storage.slot(of: id) else { return [] }
    return stack.nodes[slot].group.compactMap { storage.slot(of: $0).map { storage.id(ofSlot: $0) } }
  }

  private func name(of presenter: PresenterRef?) -> String? {
    switch presenter {
    case nil: nil
    case .root(let root): root
    case .presentation(let ref): storage.slot(of: ref).map { storage.id(ofSlot: $0) }
    }
  }

  /// Every lifecycle the session holds, by id: live ones, and ended ones until their tail window closes.
  /// (Built on each call; `lifecycle(of:)` reads one.)
  package var lifecycles: [String: PresentationLifecycle] {
    var all: [String: PresentationLifecycle] = [:]
    for slot in storage.slots.indices where storage.slots[slot].lifecycle.phase != .absent {
      all[storage.id(ofSlot: slot)] = storage.slots[slot].lifecycle
    }
    return all
  }

  /// The pan gesture of every id that has one.
  package var gestures: [String: GestureState] {
    var all: [String: GestureState] = [:]
    for slot in storage.slots.indices {
      if let gesture = storage.slots[slot].gesture { all[storage.id(ofSlot: slot)] = gesture }
    }
    return all
  }

  /// The presentation each root currently presents. (Built on each call.)
  package var rootChildren: [String: String] {
    var all: [String: String] = [:]
    for slot in storage.slots.indices where storage.slots[slot].isRoot {
      if let child = stack.child(of: slot, in: storage) {
        all[storage.id(ofSlot: slot)] = storage.id(ofSlot: child)
      }
    }
    return all
  }

  /// Ids with a transition in flight.
  package var inFlight: Set<String> { Set(storage.inFlightSlots.map { storage.id(ofSlot: $0) }) }

  /// How many slots hold an id, idle roots included: what the session's memory grows with.
  var slotsInUse: Int { storage.slotCount }

  /// Whether any transition is in flight.
  package var hasTransitionsInFlight: Bool { !storage.inFlightSlots.isEmpty }

  // MARK: Slots

  /// The slot of `id`, taking one for an id not held yet (or waking an idle root): every step reaches the
  /// slots it changes through here.
  @inline(__always)
  mutating func slotCreating(_ id: String) -> Int {
    let slot = storage.slotCreating(id)
    stack.ensureNode(slot)
    storage.wakeIfIdle(slot)
    return slot
  }

  /// Gives the slot back when nothing about its id is left to remember, in the storage or the stack (a
  /// root may stay, idle: `SessionStorage.keepsIdle(_:)`).
  mutating func releaseIfVacant(_ slot: Int) {
    guard storage.isVacant(slot), stack.nodes[slot].isVacant else { return }
    // Not in the guard: keeping a root idle marks it, a change and not only a question.
    if storage.keepsIdle(slot) { return }
    storage.release(slot)
  }

  // MARK: Events

  /// Applies one event and says what happened.
  package mutating func handle(_ event: borrowing Event, line: Int) -> SessionStep {
    handle(CompactEvent(event), line: line)
  }

  /// Applies one event, in the form the machine reads, and says what happened.
  package mutating func handle(_ event: borrowing CompactEvent, line: Int) -> SessionStep {
    var step = SessionStep(id: "", trigger: .mark, from: .absent, to: .absent)
    handle(event, line: line, into: &step)
    step.id = step.id(of: event)
    return step
  }

  /// `handle(_:line:)` into a step the caller keeps from event to event: the auditor's hot path, which
  /// builds no step per event. The step's `id` is left as it was: `SessionStep.id(of:)` names it for the
  /// caller that needs it (a finding), so that the common step retains no string. `reportingEveryTimer`
  /// reports the step's timers even where it can only have moved them later (for the tests that check
  /// the shortcut changes nothing).
  @inline(__always)
  mutating func handle(
    _ event: borrowing CompactEvent, line: Int, into step: inout SessionStep,
    reportingEveryTimer: Bool = false
  ) {
    storage.makeUnique()
    let stepped = handleEvent(event, line: line, into: &step)
    if stepped >= 0, reportingEveryTimer || !step.effects.deadlinesOnlyLater {
      reportTimers(ofSlot: stepped, into: &step)
    }
  }

  /// The machine's step for one event; returns the slot of the presentation it stepped (-1 for a mark, or
  /// a root's own event).
  @inline(__always)
  private mutating func handleEvent(_ event: borrowing CompactEvent, line: Int, into step: inout SessionStep)
    -> Int
  {
    let trigger = event.trigger
    step.reset(trigger: trigger)
    if trigger == .mark {
      let phase = phase(of: event.id)
      (step.from, step.to) = (phase, phase)
      return -1
    }
    let slot = slotCreating(event.id)
    if trigger == .gesture {
      handleGesture(event, slot: slot, into: &step)
      return slot
    }
    if storage.slots[slot].isRoot {
      let stepped = handleRoot(trigger, event, slot: slot, line: line, into: &step)
      releaseIfVacant(slot)  // a root that presents nothing is kept idle, or gives its slot back
      return stepped
    }
    switch trigger {
    case .present:
      // Cleared only when set (as below, and in `apply`): clearing a refusal writes the refused presenters'
      // array as well, which would be a write on every request.
      if storage.reading(slot, { $0.pointee.hasRefusal || $0.pointee.refusedDismissCompletion }) {
        storage.setRefusedRequest(nil, ofSlot: slot)
        storage.slots[slot].refusedDismissCompletion = false
      }
      let presenter = event.payload.presenter ?? Self.defaultRoot
      apply(.present, to: slot, event, line: line, presenter: presenter, into: &step)
      if step.rule != nil { storage.setRefusedRequest(.present(presenter: presenter), ofSlot: slot) }
    case .dismiss:
      // The guards read the refusal this dismiss follows (a dismiss of what a refused present never
      // presented is that refusal's consequence); then this dismiss's own outcome replaces it. A dismiss
      // refused quietly is still refused: the callbacks it brings follow from it, and a second dismiss is a
      // double dismiss again.
      apply(.dismiss, to: slot, event, line: line, into: &step)
      let refused = step.rule != nil || step.effects.refused
      if refused || storage.reading(slot, { $0.pointee.hasRefusal }) {
        storage.setRefusedRequest(refused ? .dismiss : nil, ofSlot: slot)
      }
      // UIKit runs a refused dismiss's completion block at once (<doc:Rules#Completion>).
      let owesCompletion = step.to == step.from
      if owesCompletion != storage.reading(slot, { $0.pointee.refusedDismissCompletion }) {
        storage.slots[slot].refusedDismissCompletion = owesCompletion
      }
    case .presentationWillBegin, .presentationDidEndTrue, .presentationDidEndFalse, .dismissalWillBegin,
      .dismissalDidEndTrue, .dismissalDidEndFalse, .animate, .startInteractive, .interruptibleAnimator,
      .update,
      .pause, .finish, .cancel, .completeTrue, .completeFalse, .animationEnded, .completion, .layoutWill,
      .layoutDid, .viewWillAppear, .viewIsAppearing, .viewDidAppear, .viewWillDisappear, .viewDidDisappear,
      .sizeChange,
      .controllerWillDismiss, .controllerDidDismiss, .controllerDidAttemptToDismiss, .gesture, .mark:
      if !takesShortcuts || !steppedPlainly(trigger, slot: slot, event, line: line, into: &step) {
        apply(trigger, to: slot, event, line: line, into: &step)
      }
    }
    // A transition of its own, with nothing presented above it: its appearance callbacks are its own again
    // (a presenter's late viewDid* is only awaited until then).
    if stack.nodes[slot].hasPresented, step.to.direction != nil, step.from.direction != step.to.direction,
      !Self.presentsLive(slot, storage: storage, stack: stack)
    {
      stack.nodes[slot].hasPresented = false
    }
    return slot
  }

  /// Whether the presentation in `slot` presents a live presentation now. Static, lent the parts it reads,
  /// as the guards asked in code are (see `holdsInCode`).
  private static func presentsLive(
    _ slot: Int, storage: borrowing SessionStorage, stack: borrowing PresentationStack
  ) -> Bool {
    guard let child = stack.child(of: slot, in: storage) else { return false }
    return storage.slots[child].lifecycle.phase.isLive
  }

  /// Whether `trigger`, an appearance callback of the presentation in `slot`, is a presenter's: while it
  /// presents another, and, after the presented one's transition ended, for the callbacks that go on with
  /// the presenter's pending `viewWill*`: its `viewDid*`, `viewIsAppearing`, or the `viewWillAppear` that
  /// reverts a `viewWillDisappear` when the presented one was cancelled (full screen removes and restores
  /// the presenter's view: <doc:Rules#Appearance-events>).
  private static func presentsAnother(
    _ slot: Int, _ trigger: Trigger, storage: borrowing SessionStorage, stack: borrowing PresentationStack
  ) -> Bool {
    if presentsLive(slot, storage: storage, stack: stack) { return true }
    guard stack.nodes[slot].hasPresented,
      let pending = storage.reading(slot, { $0.pointee.lifecycle.pendingAppearance?.trigger })
    else { return false }
    let goesOnAppearing =
      (trigger == .viewIsAppearing || trigger == .viewDidAppear) && pending == .viewWillAppear
    let goesOnDisappearing =
      (trigger == .viewDidDisappear || trigger == .viewWillAppear) && pending == .viewWillDisappear
    return goesOnAppearing || goesOnDisappearing
  }

  /// What a refused `present` of the id, or an implicit one, is checked against: the presenter named by
  /// the request, or the one an implicit present stacks on.
  @inline(__always)
  private func requestedPresenter(_ trigger: Trigger, slot: Int, presenter: String?) -> String? {
    if let presenter { return presenter }
    guard trigger == .presentationWillBegin, storage.refusedRequest(ofSlot: slot)?.presenter == nil else {
      return nil
    }
    return stack.implicitPresenter(in: storage)
  }

  /// Whether `condition`, a guard the session asks in code (`TableGuard.bitTest`'s `asksCode`), holds for
  /// the presentation in `slot` receiving `trigger`, read from the storage, the stack and the table the step
  /// lends it. Static: as a method of the session, asked from the mutating step, it took a copy of the whole
  /// session (184 bytes) on every step that asked the guards, inlined or not
  /// (<doc:Performance#Where-the-time-goes>); lent the parts, it copies nothing (machine alone 847.5 →
  /// 838.7 instructions an event). Out of line: the guards about the transition's own facts are bit tests
  /// (`heldGuard`), and few steps ask one of these.
  @inline(never)
  private static func holdsInCode(
    _ condition: TableGuard, slot: Int, trigger: Trigger, problem: (TableGuard, StepDetail)?,
    takesStackAlong: Bool, wantsInteractiveStart: Bool?, storage: borrowing SessionStorage,
    stack: borrowing PresentationStack, table: borrowing TransitionTable.Compiled
  ) -> Bool {
    func fact(_ read: (borrowing TransitionRecord) -> Bool) -> Bool {
      storage.reading(slot) { $0.pointee.lifecycle.readTransition(read) } ?? false
    }
    switch condition {
    case .presentsAnother: return presentsAnother(slot, trigger, storage: storage, stack: stack)
    case .groupCompletionPending:
      guard fact({ !$0.hasSeen(.completion) }) else { return false }
      return stack.otherMembers(of: slot, in: storage).contains { member in
        storage.readingTransition(member) { $0.completeValue != nil } == true
          || storage.slots[member].lifecycle.phase == .dismissed
      }
    case .presenterInFlight, .presenterNotPresented, .presenterTransitioningAnother,
      .presenterPresentsAnother:
      return problem?.0 == condition
    case .startsRunning: return wantsInteractiveStart == false && fact { $0.interruptible }
    case .startedRunning:
      return fact {
        !$0.wantsInteractiveStart && !$0.hadUpdate && $0.commit == nil
          && $0.lastDriveT == $0.interactiveStartT
      }
    case .stackAboveInFlight:
      // Only a dismiss the app asked for: a member that a dismissal from below takes along is not refused.
      return takesStackAlong
        && stack.above(slot, in: storage).contains { storage.slots[$0].lifecycle.phase.isInFlight }
    case .reportedInTransition:
      guard let rule = table.otherwise(storage.slots[slot].lifecycle.phase, trigger).violation else {
        return false
      }
      return fact { $0.hasReported(rule) }
    case .alreadyDelivered, .echoOfEarlyDidEnd, .noCompleteTransitionYet, .finishDeferred, .cancelDeferred,
      .settledByGroup, .cancelDeferredWithoutController, .interruptible, .withoutController, .observed,
      .endedWithoutController, .cancelledLate, .finishedLate, .systemStyleUnseen, .completesRefusedDismiss,
      .requestRefused, .presentRefused, .dismissRefused, .unknownReported:
      // A bit test (`TableGuard.bitTest`), which `heldGuard` asks; asked here, it gives the same answer.
      let facts = guardFacts(ofSlot: slot, trigger: trigger, problem: problem, storage: storage, stack: stack)
      return condition.bitTest.passes(facts)
    }
  }

  /// The first of `entry`'s guards that holds for the presentation in `slot` receiving `trigger`, if one
  /// does: the table tries a row's guards in order, and the first that holds decides. Each is first a test
  /// of one word (`TableGuard.bitTest`, the table's `guardTests`), and a guard asked in code is asked only
  /// when its bits pass.
  @inline(__always)
  private static func heldGuard(
    of entry: TransitionTable.CompiledEntry, slot: Int, trigger: Trigger, problem: (TableGuard, StepDetail)?,
    takesStackAlong: Bool, wantsInteractiveStart: Bool?, storage: borrowing SessionStorage,
    stack: borrowing PresentationStack, table: borrowing TransitionTable.Compiled
  ) -> TableEntry.Guarded? {
    let facts = guardFacts(ofSlot: slot, trigger: trigger, problem: problem, storage: storage, stack: stack)
    for position in entry.guardPositions {
      let test = table.guardTests[position]
      guard test.passes(facts) else { continue }
      if !test.asksCode
        || holdsInCode(
          table.guards[position].condition, slot: slot, trigger: trigger, problem: problem,
          takesStackAlong: takesStackAlong, wantsInteractiveStart: wantsInteractiveStart, storage: storage,
          stack: stack, table: table)
      {
        return table.guards[position]
      }
    }
    return nil
  }

  /// The facts the guards test (`GuardFacts`) for the presentation in `slot` receiving `trigger`: its
  /// transition's, its slot's, its node's in the stack, and whether the step found a presenter's `problem`.
  @inline(__always)
  private static func guardFacts(
    ofSlot slot: Int, trigger: Trigger, problem: (TableGuard, StepDetail)?, storage: borrowing SessionStorage,
    stack: borrowing PresentationStack
  ) -> GuardFacts {
    var facts = storage.reading(slot) { $0.pointee.guardFacts(for: trigger) }
    if stack.nodes[slot].child != nil || stack.nodes[slot].hasPresented { facts.insert(.presenting) }
    if !stack.nodes[slot].group.isEmpty { facts.insert(.inGroup) }
    if problem != nil { facts.insert(.presenterProblem) }
    return facts
  }

  /// The detail of the guard that decided a step, where it explains the rule.
  private func detail(
    of condition: TableGuard, slot: Int, trigger: Trigger, problem: (TableGuard, StepDetail)?,
    presenter: String?
  ) -> StepDetail? {
    switch condition {
    case .alreadyDelivered: return .alreadyDelivered(trigger)
    case .presenterInFlight, .presenterNotPresented, .presenterTransitioningAnother,
      .presenterPresentsAnother:
      guard let problem else { return nil }
      if trigger == .presentationWillBegin, let presenter {
        return .implicitPresent(presenter: presenter, problem.1)
      }
      return problem.1
    case .stackAboveInFlight:
      guard
        let busy = stack.above(slot, in: storage).first(where: {
          storage.slots[$0].lifecycle.phase.isInFlight
        })
      else { return nil }
      return .aboveInFlight(above: storage.id(ofSlot: busy), phase: storage.slots[busy].lifecycle.phase)
    case .echoOfEarlyDidEnd, .noCompleteTransitionYet, .finishDeferred, .cancelDeferred, .presentsAnother,
      .settledByGroup, .groupCompletionPending, .cancelDeferredWithoutController, .interruptible,
      .startsRunning,
      .startedRunning, .withoutController, .observed, .endedWithoutController, .completesRefusedDismiss,
      .cancelledLate, .finishedLate, .systemStyleUnseen, .requestRefused, .presentRefused, .dismissRefused,
      .unknownReported, .reportedInTransition:
      return nil
    }
  }

  /// One event of a presentation, through the table: the machine's general step.
  ///
  /// A member of a stack dismissed from below is dismissed with `takesStackAlong` false: the member that
  /// was asked carries the rest of the stack.
  private mutating func apply(
    _ trigger: Trigger, to slot: Int, _ event: borrowing CompactEvent, line: Int, presenter: String? = nil,
    takesStackAlong: Bool = true, into step: inout SessionStep
  ) {
    let from = storage.slots[slot].lifecycle.phase
    // Whether a request was refused, not the refusal with its presenter, which is read where a presentation
    // begins (below).
    let wasRefused = storage.reading(slot) { $0.pointee.hasRefusal }
    // The presenter the stack rules judge: the request's, or the one an implicit present stacks on.
    let requested = !from.isLive ? requestedPresenter(trigger, slot: slot, presenter: presenter) : nil
    let problem = requested.flatMap { stack.problem(presenting: slot, from: $0, in: storage) }
    // Read once, before the guards are asked: read where a guard asks it, the event's payload was copied
    // (160 bytes) on every step that asked a guard.
    let wantsInteractiveStart = event.payload.wantsInteractiveStart
    let entry = table.entry(from, trigger)
    let decided = Self.heldGuard(
      of: entry, slot: slot, trigger: trigger, problem: problem, takesStackAlong: takesStackAlong,
      wantsInteractiveStart: wantsInteractiveStart, storage: storage, stack: stack, table: table)
    let (decision, held) = (decided?.decision ?? entry.otherwise, decided?.condition)
    (step.trigger, step.from, step.to) = (trigger, from, from)
    if decision.isRejection, from == .absent {
      // Nothing to apply to: a refused event creates no lifecycle.
      step.rule = decision.rule
    } else {
      if Self.startsRequest(trigger, from: from), !decision.isRejection {
        var late: [LateViolation] = []
        reportUnresolvedAppearance(ofSlot: slot, into: &late)
        if !late.isEmpty { step.effects.lateViolations += late }
      }
      let timesAdvance = decision == .stay && timesAdvance(ofSlot: slot, to: event.t)
      storage.slots[slot].lifecycle.apply(
        decision, trigger, event: event, line: line, once: table.isOncePerTransition(trigger),
        serial: &serial,
        into: &step)
      if trigger == .completeTrue || trigger == .completeFalse {
        step.effects.completion = storage.slots[slot].lifecycle.withTransition { CompletedAnimation($0) }
      }
      if decision == .stay, held == nil, step.rule == nil, !wasRefused, trigger != .completion {
        // A plain stay: the phase, the stack, the request and the reports are as they were.
        step.effects.deadlinesOnlyLater = stayMovesDeadlinesOnlyLater(trigger, slot: slot, timesAdvance)
        return
      }
    }
    if let held, step.rule != nil, step.detail == nil {
      step.detail = detail(of: held, slot: slot, trigger: trigger, problem: problem, presenter: requested)
    }
    if decision == .aside {
      if held == .completesRefusedDismiss {
        storage.slots[slot].refusedDismissCompletion = false
      } else if trigger == .completion {
        markCompletionSeen(inGroupOf: slot)
      }
      return
    }
    let to = step.to
    if !from.isLive, to.isLive, !(from == .dismissed && to.direction == .dismissing) {
      // A presentation began: by request, implicitly, or by evidence. It joins the stack that stood before
      // this event, when it was not live yet.
      let refusedPresenter = wasRefused ? storage.refusedRequest(ofSlot: slot)?.presenter : nil
      link(slot, to: presenter ?? refusedPresenter ?? requested ?? stack.implicitPresenter(in: storage))
      if storage.slots[slot].reportedUnknown {
        storage.slots[slot].reportedUnknown = false
        reportedUnknownCount -= 1
      }
    }
    // Remembered for the table's `unknownReported` guard, until a presentation of the id begins (`link`);
    // past 4096 such ids the memory is not spent, and an id is reported again.
    if step.rule == .unknownPresentation, !storage.slots[slot].reportedUnknown, reportedUnknownCount < 4096 {
      storage.slots[slot].reportedUnknown = true
      reportedUnknownCount += 1
    }
    // Written only when there is a refusal to clear: writing `nil` over `nil` checked the slots' uniqueness
    // and destroyed the old value on every general step.
    if to.isInFlight, wasRefused { storage.setRefusedRequest(nil, ofSlot: slot) }
    storage.setInFlight(slot, to.isInFlight)
    if takesStackAlong, from.isPresentedAndIdle, to.direction == .dismissing {
      dismissTogether(slot, event, line: line, into: &step.effects)  // dismissing lower in the stack
    }
    if from != to, from.isLive, !to.isInFlight { transitionEnded(slot, at: event.t) }
    if trigger == .completion, step.rule == nil { markCompletionSeen(inGroupOf: slot) }
    let begins = to.direction != nil && from.direction != to.direction
    if begins {
      step.effects.beganAnimated = storage.readingTransition(slot) { $0.animated } ?? true
    }
    if begins || (from.isInFlight && !to.isInFlight), !stack.nodes[slot].group.isEmpty {
      step.effects.group = Self.groupMembers(of: slot, storage: storage, stack: stack)
    }
    step.effects.refused = decision.isRejection
  }

  /// The machine's most common steps without the general step's other questions. Each is of a presentation
  /// with a transition and no refused request, on an event that starts no request:
  /// - a plain stay, when no guard of its table entry holds (not a `completeTransition`, nor a completion
  ///   block of a dismissal group's member, which marks the group): the lifecycle's `applyStay`, and the
  ///   deadlines such a stay moves only later;
  /// - a plain move, when no guard holds, of a live presentation in no dismissal group that does not
  ///   dismiss the stack above it: what `apply` does for such a step, which judges no presenter, links
  ///   nothing and reports no group (the lifecycle's `apply`, the completed animation, the list of
  ///   transitions in flight, the end of a transition and the start of one);
  /// - a presenter's appearance callback, which the `presentsAnother` guard sets aside: the lifecycle's
  ///   `apply`, which leaves the phase as it was.
  ///
  /// Returns false, having changed nothing, for any other step: `apply` then takes it. `StayShortcutTests`
  /// holds each step and what the session holds after it against `apply`'s.
  @inline(__always)
  private mutating func steppedPlainly(
    _ trigger: Trigger, slot: Int, _ event: borrowing CompactEvent, line: Int, into step: inout SessionStep
  ) -> Bool {
    let (phase, plain) = storage.reading(slot) {
      ($0.pointee.lifecycle.phase, $0.pointee.lifecycle.hasTransition && !$0.pointee.hasRefusal)
    }
    guard plain, !Self.startsRequest(trigger, from: phase) else { return false }
    let entry = table.entry(phase, trigger)
    // As `apply` asks them: an event that starts no request judges no presenter (`problem` is nil).
    let decided =
      entry.hasGuards
      ? Self.heldGuard(
        of: entry, slot: slot, trigger: trigger, problem: nil, takesStackAlong: true,
        wantsInteractiveStart: event.payload.wantsInteractiveStart, storage: storage, stack: stack,
        table: table) : nil
    switch decided?.decision ?? entry.otherwise {
    case .stay:
      guard decided == nil, trigger != .completeTrue, trigger != .completeFalse,
        trigger != .completion || stack.nodes[slot].group.isEmpty
      else { return false }
      (step.from, step.to) = (phase, phase)
      let timesAdvance = timesAdvance(ofSlot: slot, to: event.t)
      storage.slots[slot].lifecycle.applyStay(
        trigger, event: event, line: line, once: table.isOncePerTransition(trigger), into: &step)
      if step.rule == nil, trigger != .completion {
        step.effects.deadlinesOnlyLater = stayMovesDeadlinesOnlyLater(trigger, slot: slot, timesAdvance)
      } else {
        // A side track's rule (layout, appearance, percent), or a completion block: `apply` goes on past the
        // plain stay, where for a stay only the in-flight list is set again (a completion block's group,
        // which it marks, is empty).
        storage.setInFlight(slot, phase.isInFlight)
      }
      return true
    case .move(let target):
      guard decided == nil, phase.isLive, stack.nodes[slot].group.isEmpty,
        !(phase.isPresentedAndIdle && target.direction == .dismissing)
      else { return false }
      (step.from, step.to) = (phase, phase)
      // A side track's rule changes nothing below: `apply` reads the rule only for a guard's detail, an
      // unknown presentation and a completion block's group, none of which a plain move has.
      storage.slots[slot].lifecycle.apply(
        .move(target), trigger, event: event, line: line, once: table.isOncePerTransition(trigger),
        serial: &serial, into: &step)
      if trigger == .completeTrue || trigger == .completeFalse {
        step.effects.completion = storage.slots[slot].lifecycle.withTransition { CompletedAnimation($0) }
      }
      let to = step.to
      storage.setInFlight(slot, to.isInFlight)
      if phase != to, !to.isInFlight { transitionEnded(slot, at: event.t) }
      if to.direction != nil, phase.direction != to.direction {
        step.effects.beganAnimated = storage.readingTransition(slot) { $0.animated } ?? true
      }
      return true
    case .aside:
      // A presenter's appearance callback (`presentsAnother`, which decides only appearance callbacks): that
      // guard explains no rule, so `apply` does nothing after the lifecycle's step. The other guards that set
      // an event aside (a refused dismiss's completion, a group's completion) take `apply`; no row sets one
      // aside by itself.
      guard decided?.condition == .presentsAnother else { return false }
      (step.from, step.to) = (phase, phase)
      storage.slots[slot].lifecycle.apply(
        .aside, trigger, event: event, line: line, once: table.isOncePerTransition(trigger),
        serial: &serial, into: &step)
      return true
    case .reject, .recover, .rejectQuietly, .recoverQuietly, .resume:
      return false
    }
  }

  /// The plain stay with nothing to report, stepped outside `handle`: an event `quietStayTriggers` names
  /// (an update, `animationEnded`, a layout pass, an appearance callback other than `viewWillDisappear`) of
  /// a presentation the index's shortcut finds, with a transition and no refused request, whose table
  /// entry is a stay when none of its guards holds and none does, whose side tracks raise no rule, whose
  /// deadlines can only move later and, for a layout pass's `Did`, whose pass took no longer than a frame;
  /// or a finger's `panBegan` or `panChanged` that reports nothing (`steppedQuietGesture`). Such a step
  /// changes the transition's facts, the side tracks or the gesture, and reports nothing (no rule, no
  /// timer, and no effect the auditor reads: the layout pass a `Did` closed is read only to time it, which
  /// this does), so the auditor needs no `SessionStep` for it. Returns false, having changed nothing, for
  /// any other event: `handle` then takes it. Most events of an interactive transition are such stays.
  ///
  /// Asked only of an event whose kind `mayStayQuietly` names, as the auditor asks it: a lifted finger's
  /// `panEnded` or `panCancelled` would be taken as a finger down (testing the kind here again cost 6
  /// instructions a pan). Out of line: inlined, it made the step of every other event slower.
  @inline(never)
  mutating func steppedQuietStay(_ event: borrowing CompactEvent, line: Int, frameRate: Double) -> Bool {
    assert(Self.mayStayQuietly(event.kind), "steppedQuietStay asked of a \(event.kind)")
    guard takesShortcuts, takesQuietStays else { return false }
    let trigger = event.trigger
    if trigger == .gesture { return steppedQuietGesture(event) }
    guard quietStayTriggers & (1 &<< UInt64(trigger.rawValue)) != 0,
      let slot = storage.hintedSlot(of: event.id)
    else { return false }
    let (phase, plain) = storage.reading(slot) {
      (
        $0.pointee.lifecycle.phase,
        !$0.pointee.isRoot && $0.pointee.lifecycle.hasTransition && !$0.pointee.hasRefusal
      )
    }
    guard plain else { return false }
    let entry = table.entry(phase, trigger)
    guard entry.otherwise == .stay,
      stayMovesDeadlinesOnlyLater(trigger, slot: slot, timesAdvance(ofSlot: slot, to: event.t))
    else { return false }
    // As `steppedPlainly` asks them: an event that starts no request judges no presenter.
    if entry.hasGuards,
      Self.heldGuard(
        of: entry, slot: slot, trigger: trigger, problem: nil, takesStackAlong: true,
        wantsInteractiveStart: event.payload.wantsInteractiveStart, storage: storage, stack: stack,
        table: table)
        != nil
    {
      return false
    }
    storage.makeUnique()
    return storage.slots[slot].lifecycle.applyQuietStay(
      trigger, event: event, line: line, once: table.isOncePerTransition(trigger), frameRate: frameRate)
  }

  /// `handleGesture` for a `panBegan` or `panChanged` with nothing to report, outside `handle`: of an id the
  /// index's shortcut finds (not an idle root, which `handle` wakes), in no dismissal group (a finger then
  /// holds off every deadline it touches, so no timer is reported), and not a gesture after a committed
  /// interaction (`gesture-after-commit`). Returns false, having changed nothing, for any other.
  @inline(__always)
  private mutating func steppedQuietGesture(_ event: borrowing CompactEvent) -> Bool {
    guard let slot = storage.hintedSlot(of: event.id), stack.nodes[slot].group.isEmpty else { return false }
    let (phase, idle) = storage.reading(slot) { ($0.pointee.lifecycle.phase, $0.pointee.isIdle) }
    guard !idle else { return false }
    if phase.isInFlight {
      // What `handleGesture` asks before it reports `gesture-after-commit`, a finger being down.
      let mayCatch = event.kind == .panBegan && storage.readingTransition(slot, { $0.interruptible }) == true
      let reports =
        !mayCatch
        && storage.readingTransition(slot, { $0.commit != nil && !$0.hasReported(.gestureAfterCommit) })
          == true
      guard !reports else { return false }
    }
    storage.makeUnique()
    storage.slots[slot].noteGesture(at: event.t, fingerDown: true)
    return true
  }

  /// Whether an event of `kind` may be a quiet stay (`steppedQuietStay`): a bit test on the kind, so that
  /// every other event pays nothing for the question. The kinds whose trigger `quietStayTriggerMask` names
  /// (`QuietStayTests` checks the two agree), and a finger's `panBegan` and `panChanged`.
  @inline(__always)
  static func mayStayQuietly(_ kind: EventKind) -> Bool {
    switch kind {
    case .updateInteractiveTransition, .animationEnded, .containerViewWillLayoutSubviews,
      .containerViewDidLayoutSubviews, .viewWillAppear, .viewIsAppearing, .viewDidAppear, .viewDidDisappear,
      .panBegan, .panChanged:
      true
    // Any other kind (the test holds this switch against the mask for every kind, a new one too): as a
    // list of every kind, the switch compiled to a jump table, about 3 instructions an event more.
    default:
      false
    }
  }

  /// The triggers `steppedQuietStay` may take (bit `Trigger.rawValue`): those whose stay changes only the
  /// transition's times (`PresentationLifecycle.staysWithTimesOnly`), moves deadlines only later, and is not
  /// timed by the auditor, or is a layout pass's `Did`, whose timing rule the quiet stay judges itself (a
  /// size change's reads the step); less a gesture's and a mark's, which `handle` steps apart.
  static let quietStayTriggerMask: UInt64 = Trigger.allCases.reduce(0) { mask, trigger in
    let traits = trigger.traits
    let quiet =
      PresentationLifecycle.staysWithTimesOnly(trigger) && traits.contains(.movesDeadlinesOnlyLater)
      && (!traits.contains(.timed) || trigger == .layoutDid) && trigger != .gesture && trigger != .mark
    return quiet ? mask | 1 << UInt64(trigger.rawValue) : mask
  }

  /// Whether the times of `slot`'s transition are not ahead of `t`: a stay at `t` then moves its deadlines
  /// no earlier.
  @inline(__always)
  private func timesAdvance(ofSlot slot: Int, to t: Double) -> Bool {
    storage.readingTransition(slot) { t >= $0.lastT && t >= ($0.lastDriveT ?? -.infinity) } ?? true
  }

  /// Whether a plain stay on `trigger` (its times advancing or not) can only have moved the deadlines of
  /// `slot`'s transition later: then it reports no timer.
  @inline(__always)
  private func stayMovesDeadlinesOnlyLater(_ trigger: Trigger, slot: Int, _ timesAdvance: Bool) -> Bool {
    timesAdvance && trigger.traits.contains(.movesDeadlinesOnlyLater) && stack.nodes[slot].group.isEmpty
  }

  /// Whether an event starts a request of a presentation in `phase` (its unresolved `viewWill*` is then
  /// settled).
  private static func startsRequest(_ trigger: Trigger, from phase: Phase) -> Bool {
    (!phase.isLive && (trigger == .present || trigger == .presentationWillBegin))
      || (phase.isPresentedAndIdle
        && (trigger == .dismiss || trigger == .dismissalWillBegin || trigger == .controllerWillDismiss))
  }

  /// Triggers whose stay changes only times that move later (the transition's last event, its last
  /// drive) and side tracks: no declared duration, no commit.
  private static func onlyMovesDeadlinesLater(_ trigger: Trigger) -> Bool {
    trigger.traits.contains(.movesDeadlinesOnlyLater)
  }

  /// The other members of the dismissal group of `slot`, with their phases.
  private static func groupMembers(
    of slot: Int, storage: borrowing SessionStorage, stack: borrowing PresentationStack
  ) -> [GroupMember] {
    stack.nodes[slot].group.compactMap { member in
      guard let other = storage.slot(of: member), other != slot else { return nil }
      return GroupMember(id: storage.id(ofSlot: other), phase: storage.slots[other].lifecycle.phase)
    }
  }

  // MARK: The stack

  /// Links the presentation in `slot` to the presenter it stacks on; a presenter that already presents a
  /// live one is never overwritten (the evidence then stacks it on the top of that stack).
  private mutating func link(_ slot: Int, to requested: String) {
    let ref = storage.ref(ofSlot: slot)
    // A presentation presents only while live; a root always; for anything else the default root does.
    // Each id is looked up once (a request from a root looked the root's slot up three times here).
    let requestedIsRoot = SessionStorage.isRoot(requested)
    let livePresenter =
      requestedIsRoot
      ? nil
      : storage.slot(of: requested).flatMap {
        $0 != slot && storage.slots[$0].lifecycle.phase.isLive ? $0 : nil
      }
    var presenter: PresenterRef
    let existing: Int?
    var rootSlot: Int?
    if let livePresenter {
      presenter = .presentation(storage.ref(ofSlot: livePresenter))
      existing = stack.child(of: livePresenter, in: storage)
    } else {
      let root = requestedIsRoot ? requested : Self.defaultRoot
      presenter = .root(root)
      rootSlot = storage.slot(of: root)
      existing = rootSlot.flatMap { stack.child(of: $0, in: storage) }
    }
    if let existing, existing != slot, storage.slots[existing].lifecycle.phase.isLive {
      let top = stack.above(existing, in: storage, notLive: slot).last ?? existing
      presenter = .presentation(storage.ref(ofSlot: top))
    }
    stack.nodes[slot].presenter = presenter
    if !stack.nodes[slot].group.isEmpty { stack.nodes[slot].group = [] }
    if storage.readingTransition(slot, { $0.settledByGroup }) == true {
      storage.slots[slot].lifecycle.updateTransition { $0.settledByGroup = false }
    }
    switch presenter {
    case .root(let root):
      // The root's slot looked up above, when it has one (nothing since made or moved a slot).
      stack.nodes[rootSlot ?? slotCreating(root)].child = ref
    case .presentation(let presenterRef):
      if let presenterSlot = storage.slot(of: presenterRef),
        storage.slots[presenterSlot].lifecycle.phase != .absent
      {
        stack.nodes[presenterSlot].child = ref
        stack.nodes[presenterSlot].hasPresented = true
      }
    }
  }

  private mutating func unlink(_ slot: Int) {
    if let rootSlot = stack.unlink(slot, ref: storage.ref(ofSlot: slot), in: storage) {
      releaseIfVacant(rootSlot)  // memory follows the roots in use (and a few idle), not every root named
    }
  }

  /// Dismissing a presentation dismisses the whole stack above it: every member enters
  /// `dismissing.requested`, and whichever member logs the callbacks carries the dismissal
  /// (<doc:Lifecycle#The-session>).
  private mutating func dismissTogether(
    _ slot: Int, _ event: borrowing CompactEvent, line: Int, into effects: inout StepEffects
  ) {
    let above = stack.above(slot, in: storage)
    guard !above.isEmpty else { return }
    for member in above where storage.slots[member].lifecycle.phase.isPresentedAndIdle {
      var step = SessionStep(id: "", trigger: .dismiss, from: .absent, to: .absent)
      apply(.dismiss, to: member, event, line: line, takesStackAlong: false, into: &step)
      if !step.effects.lateViolations.isEmpty { effects.lateViolations += step.effects.lateViolations }
    }
    let group = ([slot] + above).map { storage.ref(ofSlot: $0) }
    for member in [slot] + above where storage.slots[member].lifecycle.phase != .absent {
      stack.nodes[member].group = group
    }
  }

  /// A transition reached `*DidEnd`: settle the stack, the dismissal group, and the tail window.
  private mutating func transitionEnded(_ slot: Int, at t: Double) {
    let phase = storage.slots[slot].lifecycle.phase
    if phase == .dismissed || phase == .withdrawn {
      let child = stack.child(of: slot, in: storage)
      unlink(slot)
      reattach(child, of: slot)
      queueEnded(storage.id(ofSlot: slot), at: t)
    }
    guard stack.nodes[slot].group.count > 1 else { return }
    // The members that logged nothing follow the one that ended; they may still log a late pair.
    for member in stack.otherMembers(of: slot, in: storage)
    where storage.slots[member].lifecycle.phase == .dismissingRequested {
      storage.slots[member].lifecycle.settleWithGroup(
        to: phase == .dismissed ? .dismissed : .presented, at: t)
      storage.setInFlight(member, false)
      if storage.slots[member].lifecycle.phase == .dismissed {
        unlink(member)
        queueEnded(storage.id(ofSlot: member), at: t)
      }
    }
  }

  /// A presentation that ended while one stacked on it lives on (evidence UIKit refused to order: a
  /// presentation that began over one that was dismissing) leaves that one on its own presenter, so every
  /// live presentation stays on a root's stack.
  private mutating func reattach(_ child: Int?, of ended: Int) {
    let endedRef = storage.ref(ofSlot: ended)
    guard let child, !stack.nodes[ended].group.contains(storage.ref(ofSlot: child)),
      storage.slots[child].lifecycle.phase.isLive, stack.nodes[child].presenter == .presentation(endedRef)
    else { return }
    // A presenter forgotten since (its slot given back) is no stack to return to: the default root's is, as
    // for a presentation with no presenter. (A snapshot names presenters by id, so it cannot carry a link to
    // a forgotten one: the audit resumed from it read the same.)
    let presenter = held(stack.nodes[ended].presenter) ?? .root(Self.defaultRoot)
    stack.nodes[child].presenter = presenter
    switch presenter {
    case .root(let root):
      stack.nodes[slotCreating(root)].child = storage.ref(ofSlot: child)
    case .presentation(let presenterRef):
      if let presenterSlot = storage.slot(of: presenterRef),
        storage.slots[presenterSlot].lifecycle.phase != .absent
      {
        stack.nodes[presenterSlot].child = storage.ref(ofSlot: child)
      }
    }
  }

  /// `presenter`, or `nil` when it names a presentation whose slot no longer holds it.
  private func held(_ presenter: PresenterRef?) -> PresenterRef? {
    if case .presentation(let ref) = presenter, storage.slot(of: ref) == nil { return nil }
    return presenter
  }

  /// The completion of a stack's dismissal is one: once a member's is accepted, every member has had it.
  private mutating func markCompletionSeen(inGroupOf slot: Int) {
    guard stack.nodes[slot].group.count > 1 else { return }
    for member in stack.nodes[slot].group {
      if let memberSlot = storage.slot(of: member) {
        storage.slots[memberSlot].lifecycle.updateTransition { $0.markSeen(.completion) }
      }
    }
  }

  private mutating func reportUnresolvedAppearance(ofSlot slot: Int, into late: inout [LateViolation]) {
    guard let pending = storage.slots[slot].lifecycle.takePendingAppearance(), !stack.nodes[slot].hasPresented
    else { return }
    late.append(
      LateViolation(
        rule: .appearanceUnbalanced, id: storage.id(ofSlot: slot), line: pending.line, t: pending.t,
        phase: storage.slots[slot].lifecycle.phase,
        detail: "\(pending.trigger.label) was never followed by its viewDid* before the transition ended"))
  }

  // MARK: Roots and gestures

  /// A root's event; returns the slot of the presentation it stepped instead (a `dismiss` steps the one the
  /// root presents), or -1.
  private mutating func handleRoot(
    _ trigger: Trigger, _ event: borrowing CompactEvent, slot: Int, line: Int, into step: inout SessionStep
  ) -> Int {
    let root = event.id  // a root is named as the event names it
    (step.from, step.to) = (.presented, .presented)
    switch trigger {
    case .viewWillAppear, .viewIsAppearing, .viewDidAppear, .viewWillDisappear, .viewDidDisappear,
      .sizeChange:
      break  // a root's own appearance and size: always legal (<doc:Rules#Appearance-events>)
    case .present:
      step.rule = .idInUse
      step.detail = .rootAlwaysPresent(root: root)
    case .dismiss:
      // UIKit: dismiss called on a presenter dismisses what it presents.
      if let child = stack.rootChild(of: root, in: storage) {
        storage.setRefusedRequest(nil, ofSlot: child)
        step.reset(trigger: .dismiss)
        (step.id, step.isAboutAnother) = (storage.id(ofSlot: child), true)
        apply(.dismiss, to: child, event, line: line, into: &step)
        if step.rule != nil { storage.setRefusedRequest(.dismiss, ofSlot: child) }
        storage.slots[child].refusedDismissCompletion = step.to == step.from
        return child
      }
      step.rule = .dismissNotPresented
      step.detail = .rootPresentsNothing(root: root)
      storage.slots[slot].refusedDismissCompletion = true
    case .completion where storage.slots[slot].refusedDismissCompletion:
      storage.slots[slot].refusedDismissCompletion = false  // the refused dismiss's completion block
    case .presentationWillBegin, .presentationDidEndTrue, .presentationDidEndFalse, .dismissalWillBegin,
      .dismissalDidEndTrue, .dismissalDidEndFalse, .animate, .startInteractive, .interruptibleAnimator,
      .update,
      .pause, .finish, .cancel, .completeTrue, .completeFalse, .animationEnded, .completion, .layoutWill,
      .layoutDid, .controllerWillDismiss, .controllerDidDismiss, .controllerDidAttemptToDismiss, .gesture,
      .mark:
      step.rule = .eventOutOfPhase
      step.detail = .rootIsNoPresentation(root: root)
    }
    return -1
  }

  private mutating func handleGesture(
    _ event: borrowing CompactEvent, slot: Int, into step: inout SessionStep
  ) {
    let fingerDown = event.kind == .panBegan || event.kind == .panChanged
    storage.slots[slot].noteGesture(at: event.t, fingerDown: fingerDown)
    let current = storage.reading(slot) { $0.pointee.lifecycle.phase }
    (step.from, step.to) = (current, current)
    // A finger on the screen holds off every deadline it touches.
    step.effects.deadlinesOnlyLater = fingerDown && stack.nodes[slot].group.isEmpty
    // A new touch on an interruptible transition may catch it (<doc:Rules#Interruptible-transitions>).
    let mayCatch =
      event.kind == .panBegan && storage.readingTransition(slot, { $0.interruptible }) == true
    // Whether the transition was committed is read apart from the commit, which only the rare finding
    // copies out.
    if fingerDown, !mayCatch, current.isInFlight,
      storage.readingTransition(slot, { $0.commit != nil && !$0.hasReported(.gestureAfterCommit) }) == true,
      let commit = storage.readingTransition(slot, { $0.commit }) ?? nil
    {
      storage.slots[slot].lifecycle.updateTransition { _ = $0.noteReported(.gestureAfterCommit) }
      step.rule = .gestureAfterCommit
      step.detail = .gestureAfterCommit(event.kind, commit.kind, t: commit.t)
    }
  }

  // MARK: The clock

  /// The trace's clock moved on to `t`: expires every timer it passed (a hang, an undriven interaction, a
  /// `present` UIKit dropped) and forgets the presentations whose tail window closed, saying what they left
  /// unresolved. `id` is the presentation whose own line moved the clock, if one did: a `present` whose own
  /// line shows its deadline passed began late (the main thread was blocked), a hang and no dropped request.
  ///
  /// Call it on every step forward of the trace's clock, before that line's own event: a timer is judged
  /// when a later line, of any presentation, has a `t` past it (<doc:Rules#Time-evidence>).
  package mutating func clockAdvanced(to t: Double, byLineOf id: String? = nil) -> ClockStep {
    var clock = ClockStep()
    clockAdvanced(to: t, byLineOf: id, expiring: true, into: &clock)
    return clock
  }

  /// `clockAdvanced(to:byLineOf:)` appending to a step the caller keeps and empties: the auditor's hot
  /// path, asked on nearly every event, which builds nothing unless something expired or ended. With
  /// `expiring` false (no timer the steps reported is due yet) the timers are not judged, and `nextDeadline`
  /// is left as it was.
  @inline(__always)
  mutating func clockAdvanced(to t: Double, byLineOf id: String?, expiring: Bool, into clock: inout ClockStep)
  {
    storage.makeUnique()
    if expiring { expireTimers(at: t, byLineOf: id, into: &clock) }
    if earliestEndedT < t - grace { forgetEnded(before: t - grace, into: &clock) }
  }

  /// The latest time `t` for which `earliestEndedT < t - grace` surely does not hold, `ended` standing for
  /// `earliestEndedT`: `ended + grace` rounds apart from `t - grace`, so it steps down until subtracting
  /// `grace` gives no more than `ended` (then no earlier `t` does either), or gives up with minus infinity.
  static func forgetsNothing(endedT ended: Double, grace: Double) -> Double {
    guard ended != .infinity else { return .infinity }
    var t = ended + grace
    for _ in 0..<4 {
      if t - grace <= ended { return t }
      t = t.nextDown
    }
    return -.infinity
  }

  /// Expires the timers the clock passed at `t`, in the order of the presentations' ids, and says when the
  /// earliest of the others comes.
  private mutating func expireTimers(at t: Double, byLineOf ownID: String?, into clock: inout ClockStep) {
    // The auditor's bound on the earliest timer goes stale as timers move later or are cancelled, so most
    // calls find nothing due; ordering the transitions by id costs more than judging them, and is done
    // only when some timer did pass.
    if let next = earliestTimerIfNoneDue(at: t) {
      clock.nextDeadline = next
      return
    }
    var next = Double.infinity
    for slot in storage.inFlightSlots.sorted(by: { storage.id(ofSlot: $0) < storage.id(ofSlot: $1) }) {
      let phase = storage.slots[slot].lifecycle.phase
      guard phase != .absent, let record = storage.slots[slot].lifecycle.transition,
        let timers = timers(of: record, inSlot: slot)
      else { continue }
      let id = storage.id(ofSlot: slot)
      if let undriven = timers.undriven {
        if undriven < t {
          storage.slots[slot].lifecycle.updateTransition { $0.undrivenExpired = true }
          clock.expiries.append(.undriven(id: id, transition: record))
        } else {
          next = min(next, undriven)
        }
      }
      guard let deadline = timers.hang else { continue }
      guard deadline.t < t else {
        next = min(next, deadline.t)
        continue
      }
      if deadline.dropsRequest, id != ownID, let presenter = dropRequest(ofSlot: slot) {
        clock.expiries.append(
          .droppedRequest(id: id, presenter: presenter, transition: record, deadline: deadline))
        continue
      }
      storage.slots[slot].lifecycle.updateTransition { $0.hangExpired = true }
      clock.expiries.append(.hang(id: id, phase: phase, transition: record, deadline: deadline))
    }
    clock.nextDeadline = next
  }

  /// When the earliest timer of the transitions in flight comes, if none of them passed by `t`; `nil` when
  /// one did. Reads each transition in place, in no particular order.
  private mutating func earliestTimerIfNoneDue(at t: Double) -> Double? {
    var next = Double.infinity
    for slot in storage.inFlightSlots {
      guard case .schedule(_, let hang, let undriven)? = timerChange(ofSlot: slot) else { continue }
      if let undriven {
        guard !(undriven < t) else { return nil }
        next = min(next, undriven)
      }
      if let hang {
        guard !(hang < t) else { return nil }
        next = min(next, hang)
      }
    }
    return next
  }

  /// Drops the `present` in `slot`, which nothing began before its deadline passed: UIKit dropped it
  /// without a callback (<doc:Rules#Recovery-follows-the-evidence>). It is refused after the fact: the id
  /// is absent again and no longer holds its presenter, and callbacks showing it happened after all are
  /// followed as after any refused `present`. Returns the presenter the request named, or `nil` (and
  /// changes nothing) when the slot holds no `present` still in `presenting.requested`.
  private mutating func dropRequest(ofSlot slot: Int) -> String? {
    guard storage.slots[slot].lifecycle.phase == .presentingRequested else { return nil }
    let presenter = name(of: stack.nodes[slot].presenter) ?? Self.defaultRoot
    let child = stack.child(of: slot, in: storage)
    unlink(slot)
    reattach(child, of: slot)
    storage.setInFlight(slot, false)
    storage.resetLifecycle(ofSlot: slot)
    stack.reset(slot)
    storage.setRefusedRequest(.present(presenter: presenter), ofSlot: slot)
    return presenter
  }

  /// Forgets ended presentations whose tail window closed before `cutoff`, noting the `viewWill*` they left
  /// unresolved. Memory then grows with the presentations alive at once, not with the trace's length.
  private mutating func forgetEnded(before cutoff: Double, into clock: inout ClockStep) {
    defer { earliestEndedT = endedQueueHead < endedQueue.count ? endedQueue[endedQueueHead].t : .infinity }
    while endedQueueHead < endedQueue.count, endedQueue[endedQueueHead].t < cutoff {
      let (id, t) = (endedQueue[endedQueueHead].id, endedQueue[endedQueueHead].t)
      endedQueueHead += 1
      // Read in place: read through the array, the slot was copied whole. The id queued is the `String`
      // the storage holds, which its shortcut usually knows: found without hashing (`slot(of:)` tries it).
      guard let slot = storage.slot(of: id),
        storage.reading(
          slot, { !$0.pointee.lifecycle.phase.isLive && $0.pointee.lifecycle.phase != .absent }),
        storage.readingTransition(slot, { $0.didEndT }) == t
      else { continue }
      reportUnresolvedAppearance(ofSlot: slot, into: &clock.unresolved)
      storage.resetLifecycle(ofSlot: slot)
      clock.forgotten?.append(id)
      stack.reset(slot)
      if storage.reading(slot, { $0.pointee.gesture?.isActive == false }) {
        storage.slots[slot].gesture = nil
      }
      if storage.reading(slot, { $0.pointee.hasRefusal }) { storage.setRefusedRequest(nil, ofSlot: slot) }
      releaseIfVacant(slot)
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

  /// The end of the trace at `clock`: every `viewWill*` left unresolved by a transition that ended more
  /// than `grace` before the end.
  ///
  /// Transitions still in flight, or ended just before the trace did, are not judged: the recording was cut
  /// (<doc:Rules#Deadlines>), or the hang is the finding.
  package mutating func finish(clock: Double) -> [LateViolation] {
    storage.makeUnique()
    var late: [LateViolation] = []
    for slot in storage.slots.indices {
      let phase = storage.slots[slot].lifecycle.phase
      guard phase != .absent, !phase.isInFlight else { continue }
      if let ended = storage.readingTransition(slot, { $0.didEndT }) ?? nil,
        clock - ended < grace
      {
        continue
      }
      reportUnresolvedAppearance(ofSlot: slot, into: &late)
    }
    // In the order of their ids. A presentation reports at most one, under its own id, so sorting what was
    // reported orders them as sorting every presentation held did (thousands of strings compared at the
    // end of every trace, for the few that report).
    late.sort { $0.id < $1.id }
    return late
  }
}

extension PresentationSession {
  /// The deadline of `id`'s transition in flight, while it can still hang (<doc:Rules#Deadlines>): `nil`
  /// once its hang timer expired.
  package func deadline(of id: String) -> TransitionDeadline? {
    guard let slot = storage.slot(of: id), let record = storage.slots[slot].lifecycle.transition else {
      return nil
    }
    return timers(of: record, inSlot: slot)?.hang
  }

  /// The timers of the transition in `slot`, whose facts `record` are a copy, while it is in flight.
  private func timers(of record: borrowing TransitionRecord, inSlot slot: Int) -> Timers? {
    let phase = storage.slots[slot].lifecycle.phase
    guard phase.isInFlight else { return nil }
    return Self.timers(
      phase: phase, record: record, gesture: storage.slots[slot].gesture,
      carrier: Self.carrier(ofSlot: slot, in: phase, storage: storage, stack: stack), grace: grace,
      undrivenAfter: undrivenAfter)
  }

  /// A transition's timers: when it becomes a hang (or a dropped request), and when an interaction
  /// nothing drives becomes undriven; each `nil` when it cannot, or already expired.
  typealias Timers = (hang: TransitionDeadline?, undriven: Double?)

  /// The timers of a transition in flight in `phase` with the facts `record`: the one place the steps'
  /// reports, the clock's judgement and `deadline(of:)` compute them.
  @inline(__always)
  private static func timers(
    phase: Phase, record: borrowing TransitionRecord, gesture: GestureState?,
    carrier: (now: Bool, endedAt: Double?), grace: Double, undrivenAfter: Double
  ) -> Timers {
    // A carrier's end moves the grace only of a member's own dismissal: a member still presenting when the
    // stack below it was dismissed keeps its presentation's deadline.
    let dismissing = phase == .dismissingRequested || phase == .dismissingBegan
    let hang =
      record.hangExpired
      ? nil
      : TransitionDeadline(
        phase: phase, record: record, gesture: gesture, carriedByAnotherMember: carrier.now,
        carriedUntil: dismissing ? carrier.endedAt : nil, grace: grace)
    let undriven =
      record.undrivenExpired
      ? nil
      : TransitionDeadline.undrivenDeadline(
        phase: phase, record: record, gesture: gesture, undrivenAfter: undrivenAfter)
    return (hang, undriven)
  }

  /// The timers of the transition in `slot` as a step reports them: scheduled while in flight, cancelled
  /// once it has none (`nil` for a presentation with no transition). Read in place: the steps ask on most
  /// events, and a transition's facts are a few hundred bytes that a copy would move.
  @inline(__always)
  private mutating func timerChange(ofSlot slot: Int) -> TimerChange? {
    let phase = storage.slots[slot].lifecycle.phase
    guard phase.isInFlight else {
      return storage.slots[slot].lifecycle.withTransition { .cancel(serial: $0.serial) }
    }
    // Whether another member can carry it is asked only of a member of a group: asked of every transition,
    // the question cost a copy of the whole session (184 bytes) on every timer reported while it was a
    // method of the session, and static still about 2.6 instructions an event more than this test.
    let carrier =
      stack.nodes[slot].group.isEmpty
      ? (now: false, endedAt: nil) : Self.carrier(ofSlot: slot, in: phase, storage: storage, stack: stack)
    let gesture = storage.reading(slot) { $0.pointee.gesture }
    let (grace, undrivenAfter) = (grace, undrivenAfter)
    return storage.slots[slot].lifecycle.withTransition { record in
      let timers = Self.timers(
        phase: phase, record: record, gesture: gesture, carrier: carrier, grace: grace,
        undrivenAfter: undrivenAfter)
      return TimerChange(serial: record.serial, hang: timers.hang?.t, undriven: timers.undriven)
    }
  }

  /// Reports the timers of the transition in `slot` after a step that may have brought them sooner; for a
  /// member that carries its stack's dismissal, the other members' too: a step of one member can give
  /// another a deadline (its dismissal is no longer carried, as when the member that animated it ends), and
  /// a hang that only the other member's silence shows would otherwise wait for that member's next event.
  @inline(__always)
  private mutating func reportTimers(ofSlot slot: Int, into step: inout SessionStep) {
    step.effects.timer = timerChange(ofSlot: slot)
    guard stack.nodes[slot].group.count > 1, Self.carriesGroup(slot, storage: storage) else { return }
    var timers: [TimerChange] = []
    timers.reserveCapacity(stack.nodes[slot].group.count - 1)
    for member in stack.nodes[slot].group {
      guard let other = storage.slot(of: member), other != slot, let timer = timerChange(ofSlot: other) else {
        continue
      }
      timers.append(timer)
    }
    if !timers.isEmpty { step.effects.memberTimers = timers }
  }

  /// Whether the presentation in `slot` has an animator or a completion, with which it carries the
  /// dismissal of its stack out for the other members (see `carrier(of:)`). This, the carrier and the
  /// group's members are static, lent the parts they read, as the guards are (see `holdsInCode`): as methods of
  /// the session, asked from its mutating step, each took a copy of the whole session (machine alone 838.7
  /// → 835.3 instructions an event).
  private static func carriesGroup(_ slot: Int, storage: borrowing SessionStorage) -> Bool {
    storage.reading(slot) {
      $0.pointee.lifecycle.readTransition { $0.hasAnimator || $0.completeValue != nil }
    }
      ?? false
  }

  /// Who carries the dismissal of the group of the presentation in `slot`, in `phase`, for it: only a
  /// member still waiting for its animator (requested or begun) can be carried by another member.
  @inline(__always)
  private static func carrier(
    ofSlot slot: Int, in phase: Phase, storage: borrowing SessionStorage, stack: borrowing PresentationStack
  ) -> (now: Bool, endedAt: Double?) {
    let waiting =
      phase == .presentingRequested || phase == .dismissingRequested || phase == .presentingBegan
      || phase == .dismissingBegan
    return waiting && !stack.nodes[slot].group.isEmpty
      ? carrier(of: slot, storage: storage, stack: stack) : (now: false, endedAt: nil)
  }

  /// Who carries the dismissal of the group of `slot` for it: whether another member is carrying it out
  /// now (in flight, with an animator or a completion), so this one cannot hang on its own, and else when
  /// the last member that carried it ended (`nil` when none did). One pass over the members.
  private static func carrier(
    of slot: Int, storage: borrowing SessionStorage, stack: borrowing PresentationStack
  ) -> (now: Bool, endedAt: Double?) {
    var endedAt: Double?
    for member in stack.nodes[slot].group {
      guard let other = storage.slot(of: member), other != slot,
        let record = storage.slots[other].lifecycle.transition,
        record.hasAnimator || record.completeValue != nil
      else { continue }
      if storage.slots[other].lifecycle.phase.isInFlight { return (true, nil) }
      if let ended = record.didEndT { endedAt = max(endedAt ?? ended, ended) }
    }
    return (false, endedAt)
  }

  /// The earliest line the presentation `id` holds that a finding settled later could name (`nil` when it
  /// holds none: its later findings name lines to come). A replay that hands each transition over once
  /// nothing can change it asks: a finding belongs to the transition its line falls in.
  func earliestPendingLine(of id: String) -> Int? {
    storage.slot(of: id).flatMap { earliestPendingLine(ofSlot: $0) }
  }

  /// The earliest line any finding settled later may name, over every presentation the session holds (`nil`
  /// when none). One pass over the slots: asked now and then, not per event.
  func earliestPendingLine() -> Int? {
    var earliest: Int?
    for slot in storage.slots.indices {
      if let line = earliestPendingLine(ofSlot: slot) { earliest = min(earliest ?? line, line) }
    }
    return earliest
  }

  /// The earliest line the presentation in `slot` holds that a finding settled later could name: its
  /// `viewWill*` still unresolved, and while its transition is in flight the lines its hang and its
  /// undriven interaction would be reported at, unless those timers already expired.
  private func earliestPendingLine(ofSlot slot: Int) -> Int? {
    storage.reading(slot) { slot -> Int? in
      var earliest = slot.pointee.lifecycle.pendingAppearance?.line
      guard slot.pointee.lifecycle.phase.isInFlight else { return earliest }
      slot.pointee.lifecycle.readTransition { record in
        if !record.hangExpired { earliest = min(earliest ?? record.lastLine, record.lastLine) }
        if !record.undrivenExpired, record.undrivenSince != nil {
          earliest = min(earliest ?? record.undrivenSinceLine, record.undrivenSinceLine)
        }
      }
      return earliest
    }
  }
}
