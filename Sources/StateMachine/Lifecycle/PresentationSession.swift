/// Every presentation of a trace at once: the lifecycles by id, the presenter stack of each root, and the
/// gestures; one entry point takes an event and says what happened, as one `SessionStep`.
///
/// ```swift
/// var session = PresentationSession()
/// let step = session.handle(Event(t: 0, id: "p1", kind: .present), line: 1)
/// step.to   // .presentingRequested
/// step.rule // nil
/// ```
///
/// Each event goes through the same stages: find the id's slot; ask `TransitionTable` what the event
/// does in the id's phase, answering the row's guards (`TableGuard`) from the lifecycle and the stack;
/// let the lifecycle apply the decision; then the stack follows (a presentation joins or leaves its
/// presenter's stack, a dismissal from below takes the stack above along); and two reporting rules keep
/// one finding per root cause (a refused request's consequences, and rules a driver repeats, are reported
/// once). `handle` never traps: a refused request changes no state (<doc:Rules#In-flight>) and is
/// remembered, so callbacks that show it happened anyway are followed without a second finding
/// (<doc:Rules#Recovery-follows-the-evidence>).
package struct PresentationSession: Sendable {
  /// The root a `present` without `presenter`, and an implicit present, stack on.
  package static let defaultRoot = "root"

  var storage = SessionStorage()
  /// How many presentations the session holds (ended ones included until it forgets them).
  var presentationCount: Int { storage.count }
  /// The transition table, as the steps read it.
  private let table = TransitionTable.compiledTable
  var stack = PresentationStack()
  var reportedUnknownCount = 0
  /// The number of the latest transition that began (``TransitionRecord/serial``).
  var serial: UInt64 = 0

  /// A presentation that ended at `t`, forgotten once the tail window after it closes.
  struct EndedPresentation: Sendable, Codable {
    var id: String
    var t: Double
  }

  var endedQueue: [EndedPresentation] = []
  var endedQueueHead = 0
  /// The ids forgotten since the log was last taken, while a caller keeps one (`nil`: none is kept). A
  /// replay that hands each transition over once nothing can change it asks which presentations ended for
  /// good: a finding about one of them is about a presentation the machine no longer holds.
  var forgottenLog: [String]?
  /// When the presentation at the head of `endedQueue` ended (infinity when none waits): the clock moves on
  /// nearly every event, and this answers "anything to forget?" without touching the queue.
  var earliestEndedT = Double.infinity

  package init() {}

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
    for slot in storage.slots where slot.lifecycle.phase != .absent {
      all[slot.lifecycle.id] = slot.lifecycle
    }
    return all
  }

  /// The pan gesture of every id that has one.
  package var gestures: [String: GestureState] {
    var all: [String: GestureState] = [:]
    for slot in storage.slots { if let gesture = slot.gesture { all[slot.lifecycle.id] = gesture } }
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

  /// How many ids hold a slot: what the session's memory grows with.
  var slotsInUse: Int { storage.count }

  /// Whether any transition is in flight.
  package var hasTransitionsInFlight: Bool { !storage.inFlightSlots.isEmpty }

  /// The slots with a transition in flight, ordered by id (the order findings about them are reported in).
  var inFlightSlotsByID: [Int] {
    storage.inFlightSlots.sorted { storage.id(ofSlot: $0) < storage.id(ofSlot: $1) }
  }

  /// The id in `slot`.
  func id(ofSlot slot: Int) -> String { storage.id(ofSlot: slot) }

  /// The lifecycle in `slot` (a step's slot), if the session holds one there.
  func lifecycle(atSlot slot: Int) -> PresentationLifecycle? {
    storage.slots.indices.contains(slot) && storage.slots[slot].lifecycle.phase != .absent
      ? storage.slots[slot].lifecycle : nil
  }

  // MARK: Slots

  @inline(__always)
  mutating func slotCreating(_ id: String) -> Int {
    let slot = storage.slotCreating(id)
    stack.ensureNode(slot)
    return slot
  }

  /// Gives the slot back when nothing about its id is left to remember, in the storage or the stack.
  mutating func releaseIfVacant(_ slot: Int) {
    guard storage.slots[slot].isVacant, stack.nodes[slot].isVacant,
      storage.slot(of: storage.id(ofSlot: slot)) == slot
    else { return }
    storage.release(slot)
  }

  // MARK: Events

  /// Applies one event and says what happened.
  package mutating func handle(_ event: borrowing Event, line: Int) -> SessionStep {
    var step = SessionStep(id: "", trigger: .mark, from: .absent, to: .absent)
    handle(event, line: line, into: &step)
    step.id = id(of: step, event)
    return step
  }

  /// `handle(_:line:)` into a step the caller keeps from event to event: the auditor's hot path, which
  /// builds no step per event. The step's `id` is left as it was: `id(of:_:)` names it for the caller that
  /// needs it (a finding), so that the common step retains no string.
  @inline(__always)
  mutating func handle(_ event: borrowing Event, line: Int, into step: inout SessionStep) {
    let trigger = Trigger(event)
    step.reset(trigger: trigger)
    if trigger == .mark {
      let phase = phase(of: event.id)
      (step.from, step.to) = (phase, phase)
      return
    }
    let slot = slotCreating(event.id)
    if trigger == .gesture {
      handleGesture(event, slot: slot, into: &step)
      return
    }
    if storage.slots[slot].isRoot {
      handleRoot(trigger, event, slot: slot, line: line, into: &step)
      releaseIfVacant(slot)  // a root that presents nothing keeps no slot
      return
    }
    switch trigger {
    case .present:
      storage.slots[slot].refused = nil
      storage.slots[slot].refusedDismissCompletion = false
      let presenter = event.payload.presenter ?? Self.defaultRoot
      apply(.present, to: slot, event, line: line, presenter: presenter, into: &step)
      if step.rule != nil { storage.slots[slot].refused = .present(presenter: presenter) }
    case .dismiss:
      storage.slots[slot].refused = nil
      apply(.dismiss, to: slot, event, line: line, into: &step)
      if step.rule != nil { storage.slots[slot].refused = .dismiss }
      // UIKit runs a refused dismiss's completion block at once (<doc:Rules#Completion>).
      storage.slots[slot].refusedDismissCompletion = step.to == step.from
    case .presentationWillBegin, .presentationDidEndTrue, .presentationDidEndFalse, .dismissalWillBegin,
      .dismissalDidEndTrue, .dismissalDidEndFalse, .animate, .startInteractive, .interruptibleAnimator,
      .update,
      .pause, .finish, .cancel, .completeTrue, .completeFalse, .animationEnded, .completion, .layoutWill,
      .layoutDid, .viewWillAppear, .viewIsAppearing, .viewDidAppear, .viewWillDisappear, .viewDidDisappear,
      .sizeChange,
      .controllerWillDismiss, .controllerDidDismiss, .controllerDidAttemptToDismiss, .gesture, .mark:
      apply(trigger, to: slot, event, line: line, into: &step)
    }
    // A transition of its own, with nothing presented above it: its appearance callbacks are its own again
    // (a presenter's late viewDid* is only awaited until then).
    if stack.nodes[slot].hasPresented, step.to.direction != nil, step.from.direction != step.to.direction,
      !presentsLive(slot)
    {
      stack.nodes[slot].hasPresented = false
    }
  }

  /// Whether the presentation in `slot` presents a live presentation now.
  private func presentsLive(_ slot: Int) -> Bool {
    guard let child = stack.child(of: slot, in: storage) else { return false }
    return storage.slots[child].lifecycle.phase.isLive
  }

  /// Whether `trigger`, an appearance callback of the presentation in `slot`, is a presenter's: while it
  /// presents another, and, after the presented one's transition ended, for the callbacks that go on with
  /// the presenter's pending `viewWill*`: its `viewDid*`, `viewIsAppearing`, or the `viewWillAppear` that
  /// reverts a `viewWillDisappear` when the presented one was cancelled (full screen removes and restores
  /// the presenter's view: <doc:Rules#Appearance-events>).
  private func presentsAnother(_ slot: Int, _ trigger: Trigger) -> Bool {
    if presentsLive(slot) { return true }
    guard stack.nodes[slot].hasPresented,
      let pending = storage.slots[slot].lifecycle.pendingAppearance?.trigger
    else { return false }
    let goesOnAppearing =
      (trigger == .viewIsAppearing || trigger == .viewDidAppear) && pending == .viewWillAppear
    let goesOnDisappearing =
      (trigger == .viewDidDisappear || trigger == .viewWillAppear) && pending == .viewWillDisappear
    return goesOnAppearing || goesOnDisappearing
  }

  /// The presentation a step of `handle(_:line:into:)` is about: the id of its slot, or the event's own for
  /// a step about no slot (a mark, a root's own event).
  @inline(__always)
  func id(of step: borrowing SessionStep, _ event: borrowing Event) -> String {
    step.effects.slot >= 0 ? storage.id(ofSlot: step.effects.slot) : event.id
  }

  /// What a refused `present` of the id, or an implicit one, is checked against: the presenter named by
  /// the request, or the one an implicit present stacks on.
  private func requestedPresenter(_ trigger: Trigger, slot: Int, presenter: String?) -> String? {
    if let presenter { return presenter }
    guard trigger == .presentationWillBegin, storage.slots[slot].refused?.presenter == nil else {
      return nil
    }
    return stack.implicitPresenter(in: storage)
  }

  /// Whether `condition` holds for the presentation in `slot` receiving `trigger`.
  private func holds(
    _ condition: TableGuard, slot: Int, trigger: Trigger, problem: (TableGuard, StepDetail)?,
    takesStackAlong: Bool, wantsInteractiveStart: Bool?
  ) -> Bool {
    func fact(_ read: (borrowing TransitionRecord) -> Bool) -> Bool {
      storage.reading(slot) { $0.pointee.lifecycle.readTransition(read) } ?? false
    }
    switch condition {
    case .alreadyDelivered: return fact { $0.hasSeen(trigger) }
    case .echoOfEarlyDidEnd: return fact { $0.completeValue == nil && $0.completeExcused }
    case .noCompleteTransitionYet: return fact { $0.completeValue == nil }
    case .finishDeferred: return fact { $0.deferredCommit == .finish }
    case .cancelDeferred: return fact { $0.deferredCommit == .cancel }
    case .presentsAnother: return presentsAnother(slot, trigger)
    case .settledByGroup: return fact { $0.settledByGroup }
    case .groupCompletionPending:
      guard fact({ !$0.hasSeen(.completion) }) else { return false }
      return stack.otherMembers(of: slot, in: storage).contains { member in
        storage.slots[member].lifecycle.readTransition { $0.completeValue != nil } == true
          || storage.slots[member].lifecycle.phase == .dismissed
      }
    case .presenterInFlight, .presenterNotPresented, .presenterTransitioningAnother,
      .presenterPresentsAnother:
      return problem?.0 == condition
    case .cancelDeferredWithoutController:
      return fact { $0.deferredCommit == .cancel && !$0.controllerLogged }
    case .interruptible: return fact { $0.interruptible }
    case .startsRunning: return wantsInteractiveStart == false && fact { $0.interruptible }
    case .startedRunning:
      return fact {
        !$0.wantsInteractiveStart && !$0.hadUpdate && $0.commit == nil
          && $0.lastDriveT == $0.interactiveStartT
      }
    case .withoutController: return fact { !$0.controllerLogged }
    case .observed: return fact { $0.isObserved }
    case .endedWithoutController:
      return fact { !$0.controllerLogged && !$0.didEndLogged && $0.didEndT != nil }
    case .completesRefusedDismiss: return storage.slots[slot].refusedDismissCompletion
    case .cancelledLate: return fact { $0.lateCommit == .cancel }
    case .finishedLate: return fact { $0.lateCommit == .finish }
    case .systemStyleUnseen: return fact { $0.systemStyle && $0.isObserved }
    case .stackAboveInFlight:
      // Only a dismiss the app asked for: a member that a dismissal from below takes along is not refused.
      return takesStackAlong
        && stack.above(slot, in: storage).contains { storage.slots[$0].lifecycle.phase.isInFlight }
    }
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
      .cancelledLate, .finishedLate, .systemStyleUnseen:
      return nil
    }
  }

  /// One event of a presentation, through the table: the machine's general step.
  ///
  /// A member of a stack dismissed from below is dismissed with `takesStackAlong` false: the member that
  /// was asked carries the rest of the stack.
  private mutating func apply(
    _ trigger: Trigger, to slot: Int, _ event: borrowing Event, line: Int, presenter: String? = nil,
    takesStackAlong: Bool = true, into step: inout SessionStep
  ) {
    let from = storage.slots[slot].lifecycle.phase
    let refused = storage.slots[slot].refused
    // The presenter the stack rules judge: the request's, or the one an implicit present stacks on.
    let requested = !from.isLive ? requestedPresenter(trigger, slot: slot, presenter: presenter) : nil
    let problem = requested.flatMap { stack.problem(presenting: slot, from: $0, in: storage) }
    let (decision, held) = table.decide(from, trigger) { condition in
      holds(
        condition, slot: slot, trigger: trigger, problem: problem, takesStackAlong: takesStackAlong,
        wantsInteractiveStart: event.payload.wantsInteractiveStart)
    }
    (step.trigger, step.from, step.to) = (trigger, from, from)
    step.effects.slot = slot
    if decision.isRejection, from == .absent {
      // Nothing to apply to: a refused event creates no lifecycle.
      step.rule = decision.rule
    } else {
      if Self.startsRequest(trigger, from: from), !decision.isRejection {
        var late: [LateViolation] = []
        reportUnresolvedAppearance(ofSlot: slot, into: &late)
        if !late.isEmpty { step.effects.lateViolations += late }
      }
      // A stay can move deadlines no earlier when its time is not behind the transition's own.
      let timesAdvance =
        decision == .stay
        && (storage.slots[slot].lifecycle.readTransition {
          event.t >= $0.lastT && event.t >= ($0.lastDriveT ?? -.infinity)
        } ?? true)
      storage.slots[slot].lifecycle.apply(
        decision, trigger, event: event, line: line, once: table.isOncePerTransition(trigger),
        serial: &serial,
        into: &step)
      if decision == .stay, held == nil, step.rule == nil, refused == nil, trigger != .completion {
        // A plain stay: the phase, the stack, the request and the reports are as they were.
        step.effects.deadlinesOnlyLater =
          timesAdvance && trigger.traits.contains(.movesDeadlinesOnlyLater) && stack.nodes[slot].group.isEmpty
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
      link(slot, to: presenter ?? refused?.presenter ?? requested ?? stack.implicitPresenter(in: storage))
      if storage.slots[slot].reportedUnknown {
        storage.slots[slot].reportedUnknown = false
        reportedUnknownCount -= 1
      }
    }
    if let refused, step.rule != nil, Self.followsRefused(refused, trigger, step.rule) {
      step.rule = nil  // the refused request's consequence, already reported
      step.detail = nil
    }
    dropRepeatedRule(from: &step, slot: slot)
    if step.rule == .unknownPresentation {
      if storage.slots[slot].reportedUnknown {
        step.rule = nil  // one root cause, one finding
      } else if reportedUnknownCount < 4096 {
        storage.slots[slot].reportedUnknown = true
        reportedUnknownCount += 1
      }
    }
    if to.isInFlight { storage.slots[slot].refused = nil }
    storage.setInFlight(slot, to.isInFlight)
    if takesStackAlong, from.isPresentedAndIdle, to.direction == .dismissing {
      dismissTogether(slot, event, line: line, into: &step.effects)  // dismissing lower in the stack
    }
    if from != to, from.isLive, !to.isInFlight { transitionEnded(slot, at: event.t) }
    if trigger == .completion, step.rule == nil { markCompletionSeen(inGroupOf: slot) }
    let begins = to.direction != nil && from.direction != to.direction
    if begins {
      step.effects.beganAnimated = storage.slots[slot].lifecycle.readTransition { $0.animated } ?? true
    }
    if begins || (from.isInFlight && !to.isInFlight), !stack.nodes[slot].group.isEmpty {
      step.effects.group = groupMembers(of: slot)
    }
    step.effects.refused = decision.isRejection
  }

  /// Whether an event starts a request of a presentation in `phase` (its unresolved `viewWill*` is then
  /// settled).
  private static func startsRequest(_ trigger: Trigger, from phase: Phase) -> Bool {
    (!phase.isLive && (trigger == .present || trigger == .presentationWillBegin))
      || (phase.isPresentedAndIdle
        && (trigger == .dismiss || trigger == .dismissalWillBegin || trigger == .controllerWillDismiss))
  }

  /// Whether a finding on `trigger` is the consequence of a refused request (<doc:Rules#Recovery-follows-the-evidence>): the callback that shows the refused transition happened anyway, or any event of an id
  /// a refused present left absent.
  private static func followsRefused(
    _ request: SessionStorage.RefusedRequest, _ trigger: Trigger, _ rule: Rule?
  ) -> Bool {
    switch request {
    case .present:
      trigger == .presentationWillBegin || rule == .unknownPresentation || rule == .dismissNotPresented
    case .dismiss: trigger == .dismissalWillBegin || rule == .unknownPresentation
    }
  }

  /// Drops a rule a driver repeats (`Rule.isReportedOncePerTransition`) when the transition already
  /// reported it: one root cause, one finding.
  private mutating func dropRepeatedRule(from step: inout SessionStep, slot: Int) {
    guard let rule = step.rule, rule.isReportedOncePerTransition else { return }
    var reportedBefore = false
    storage.slots[slot].lifecycle.updateTransition { reportedBefore = $0.noteReported(rule) }
    if reportedBefore {
      step.rule = nil
      step.detail = nil
    }
  }

  /// The other members of the dismissal group of `slot`, with their phases.
  private func groupMembers(of slot: Int) -> [GroupMember] {
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
    let requestedSlot = storage.slot(of: requested)
    let requestedIsLive =
      requestedSlot.map { $0 != slot && storage.slots[$0].lifecycle.phase.isLive } ?? false
    let name = SessionStorage.isRoot(requested) || requestedIsLive ? requested : Self.defaultRoot
    var presenter: PresenterRef
    let existing: Int?
    if SessionStorage.isRoot(name) {
      presenter = .root(name)
      existing = stack.rootChild(of: name, in: storage)
    } else {
      let presenterSlot = storage.slot(of: name)
      presenter = presenterSlot.map { .presentation(storage.ref(ofSlot: $0)) } ?? .root(Self.defaultRoot)
      existing = presenterSlot.flatMap { stack.child(of: $0, in: storage) }
    }
    if let existing, existing != slot, storage.slots[existing].lifecycle.phase.isLive {
      let top = stack.above(existing, in: storage, notLive: slot).last ?? existing
      presenter = .presentation(storage.ref(ofSlot: top))
    }
    stack.nodes[slot].presenter = presenter
    stack.nodes[slot].group = []
    storage.slots[slot].lifecycle.updateTransition { $0.settledByGroup = false }
    switch presenter {
    case .root(let root):
      stack.nodes[slotCreating(root)].child = ref
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
      releaseIfVacant(rootSlot)  // memory follows the roots in use, not every root ever named
    }
  }

  /// Dismissing a presentation dismisses the whole stack above it: every member enters
  /// `dismissing.requested`, and whichever member logs the callbacks carries the dismissal
  /// (<doc:Lifecycle#The-session>).
  private mutating func dismissTogether(
    _ slot: Int, _ event: borrowing Event, line: Int, into effects: inout StepEffects
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
    let presenter = stack.nodes[ended].presenter ?? .root(Self.defaultRoot)
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

  private mutating func handleRoot(
    _ trigger: Trigger, _ event: borrowing Event, slot: Int, line: Int, into step: inout SessionStep
  ) {
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
        storage.slots[child].refused = nil
        step.reset(trigger: .dismiss)
        apply(.dismiss, to: child, event, line: line, into: &step)
        if step.rule != nil { storage.slots[child].refused = .dismiss }
        storage.slots[child].refusedDismissCompletion = step.to == step.from
        return
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
  }

  private mutating func handleGesture(_ event: borrowing Event, slot: Int, into step: inout SessionStep) {
    var gesture = storage.slots[slot].gesture ?? GestureState()
    gesture.lastT = event.t
    let fingerDown = event.kind == .panBegan || event.kind == .panChanged
    gesture.isActive = fingerDown
    if !fingerDown { gesture.endedT = event.t }
    storage.slots[slot].gesture = gesture
    let current = storage.slots[slot].lifecycle.phase
    (step.from, step.to) = (current, current)
    step.effects.slot = slot
    // A finger on the screen holds off every deadline it touches.
    step.effects.deadlinesOnlyLater = fingerDown && stack.nodes[slot].group.isEmpty
    // A new touch on an interruptible transition may catch it (<doc:Rules#Interruptible-transitions>).
    let mayCatch =
      event.kind == .panBegan && storage.slots[slot].lifecycle.readTransition({ $0.interruptible }) == true
    if fingerDown, !mayCatch, current.isInFlight,
      let commit = storage.slots[slot].lifecycle.readTransition({ $0.commit }) ?? nil,
      storage.slots[slot].lifecycle.readTransition({ $0.hasReported(.gestureAfterCommit) }) == false
    {
      storage.slots[slot].lifecycle.updateTransition { _ = $0.noteReported(.gestureAfterCommit) }
      step.rule = .gestureAfterCommit
      step.detail = .gestureAfterCommit(event.kind, commit.kind, t: commit.t)
    }
  }

  // MARK: Ending

  /// Drops the `present` in `slot`, which nothing began before its deadline passed: UIKit dropped it
  /// without a callback (<doc:Rules#Recovery-follows-the-evidence>). It is refused after the fact: the id
  /// is absent again and no longer holds its presenter, and callbacks showing it happened after all are
  /// followed as after any refused `present`. Returns the presenter the request named, or `nil` (and
  /// changes nothing) when the slot holds no `present` still in `presenting.requested`.
  ///
  /// The auditor calls it when it judges the deadline (`TransitionDeadline.dropsRequest`), as it lets the
  /// session forget ended presentations: steps the trace's clock takes, not its events.
  mutating func dropRequest(ofSlot slot: Int) -> String? {
    guard storage.slots.indices.contains(slot), storage.slots[slot].lifecycle.phase == .presentingRequested
    else { return nil }
    let presenter = name(of: stack.nodes[slot].presenter) ?? Self.defaultRoot
    let child = stack.child(of: slot, in: storage)
    unlink(slot)
    reattach(child, of: slot)
    storage.setInFlight(slot, false)
    storage.slots[slot].lifecycle = PresentationLifecycle(id: storage.id(ofSlot: slot))
    stack.reset(slot)
    storage.slots[slot].refused = .present(presenter: presenter)
    return presenter
  }

  /// Forgets ended presentations whose tail window closed before `cutoff`; returns the `viewWill*` they
  /// left unresolved.
  ///
  /// Memory then grows with the presentations alive at once, not with the trace's length. Nobody has to
  /// call it for that: the ``Auditor`` forgets as the trace's clock passes each tail window, on every
  /// event it audits (`grace` after the end), so every way of auditing a trace stays bounded by itself.
  @inline(__always)
  mutating func forgetEnded(before cutoff: Double) -> [LateViolation] {
    var late: [LateViolation] = []
    forgetEnded(before: cutoff, unresolved: &late)
    return late
  }

  /// `forgetEnded(before:)` that appends to the caller's list: asked on nearly every event, it builds no
  /// list when nothing ended long enough ago.
  @inline(__always)
  mutating func forgetEnded(before cutoff: Double, unresolved late: inout [LateViolation]) {
    if earliestEndedT < cutoff { forgetEndedNow(before: cutoff, into: &late) }
  }

  private mutating func forgetEndedNow(before cutoff: Double, into late: inout [LateViolation]) {
    defer { earliestEndedT = endedQueueHead < endedQueue.count ? endedQueue[endedQueueHead].t : .infinity }
    while endedQueueHead < endedQueue.count, endedQueue[endedQueueHead].t < cutoff {
      let (id, t) = (endedQueue[endedQueueHead].id, endedQueue[endedQueueHead].t)
      endedQueueHead += 1
      guard let slot = storage.slot(of: id), !storage.slots[slot].lifecycle.phase.isLive,
        storage.slots[slot].lifecycle.phase != .absent,
        storage.slots[slot].lifecycle.readTransition({ $0.didEndT }) == t
      else { continue }
      reportUnresolvedAppearance(ofSlot: slot, into: &late)
      storage.slots[slot].lifecycle = PresentationLifecycle(id: id)
      forgottenLog?.append(id)
      stack.reset(slot)
      if storage.slots[slot].gesture?.isActive == false { storage.slots[slot].gesture = nil }
      storage.slots[slot].refused = nil
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
  package mutating func finish(clock: Double, grace: Double) -> [LateViolation] {
    let held = storage.slots.indices.filter { storage.slots[$0].lifecycle.phase != .absent }.sorted {
      storage.id(ofSlot: $0) < storage.id(ofSlot: $1)
    }
    var late: [LateViolation] = []
    for slot in held where !storage.slots[slot].lifecycle.phase.isInFlight {
      if let ended = storage.slots[slot].lifecycle.readTransition({ $0.didEndT }) ?? nil,
        clock - ended < grace
      {
        continue
      }
      reportUnresolvedAppearance(ofSlot: slot, into: &late)
    }
    return late
  }
}

extension PresentationSession {
  /// The deadline of `id`'s transition in flight, if it can hang (<doc:Rules#Deadlines>). The auditor's
  /// own `deadline(of:)` also leaves out a transition it already reported as a hang.
  package func deadline(of id: String, grace: Double) -> TransitionDeadline? {
    storage.slot(of: id).flatMap { deadline(ofSlot: $0, grace: grace) }
  }

  /// The deadline of the transition in `slot`, if it can hang.
  @inline(__always)
  func deadline(ofSlot slot: Int, grace: Double) -> TransitionDeadline? {
    guard storage.slots.indices.contains(slot) else { return nil }
    let phase = storage.reading(slot) { $0.pointee.lifecycle.phase }
    guard phase.isInFlight else { return nil }
    // Only a member still waiting for its animator (requested or begun) can be carried by another member.
    let waiting =
      phase == .presentingRequested || phase == .dismissingRequested || phase == .presentingBegan
      || phase == .dismissingBegan
    let carrier = waiting && !stack.nodes[slot].group.isEmpty ? carrier(of: slot) : (now: false, endedAt: nil)
    // A carrier's end moves the grace only of a member's own dismissal: a member still presenting when the
    // stack below it was dismissed keeps its presentation's deadline.
    let dismissing = phase == .dismissingRequested || phase == .dismissingBegan
    return storage.reading(slot) { slot in
      slot.pointee.lifecycle.readTransition { record in
        TransitionDeadline(
          phase: phase, record: record, gesture: slot.pointee.gesture, carriedByAnotherMember: carrier.now,
          carriedUntil: dismissing ? carrier.endedAt : nil, grace: grace)
      } ?? nil
    }
  }

  /// What the auditor asks after every step that may have moved a deadline: the transition's number, when it
  /// becomes a hang, and when an interaction nothing drives becomes `interaction-undriven` (`nil` when it
  /// cannot). Mutating only so that it reads the slots in place.
  @inline(__always)
  mutating func judgement(ofSlot slot: Int, grace: Double, undrivenAfter: Double)
    -> (serial: UInt64, hang: Double?, undriven: Double?)?
  {
    guard storage.slots.indices.contains(slot) else { return nil }
    let phase = storage.slots[slot].lifecycle.phase
    guard phase.isInFlight else { return nil }
    let waiting =
      phase == .presentingRequested || phase == .dismissingRequested || phase == .presentingBegan
      || phase == .dismissingBegan
    let carrier =
      waiting && !stack.nodes[slot].group.isEmpty ? carrier(of: slot) : (now: false, endedAt: nil)
    let dismissing = phase == .dismissingRequested || phase == .dismissingBegan
    let gesture = storage.slots[slot].gesture
    return storage.slots[slot].lifecycle.withTransition { record in
      let hang = TransitionDeadline(
        phase: phase, record: record, gesture: gesture, carriedByAnotherMember: carrier.now,
        carriedUntil: dismissing ? carrier.endedAt : nil, grace: grace)
      return (
        record.serial, hang?.t,
        TransitionDeadline.undrivenDeadline(
          phase: phase, record: record, gesture: gesture, undrivenAfter: undrivenAfter)
      )
    }
  }

  /// Who carries the dismissal of the group of `slot` for it: whether another member is carrying it out
  /// now (in flight, with an animator or a completion), so this one cannot hang on its own, and else when
  /// the last member that carried it ended (`nil` when none did). One pass over the members.
  private func carrier(of slot: Int) -> (now: Bool, endedAt: Double?) {
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

  /// The earliest line the presentation in `slot` holds that a finding settled later could name: its
  /// `viewWill*` still unresolved, and while its transition is in flight the lines a hang or an undriven
  /// interaction would be reported at (`reported` says whether the auditor already reported each for this
  /// transition: it never reports one twice). `nil` when it holds none: its later findings name lines to
  /// come.
  func earliestPendingLine(
    ofSlot slot: Int, reported: (_ serial: UInt64) -> (hang: Bool, undriven: Bool)
  ) -> Int? {
    guard storage.slots.indices.contains(slot) else { return nil }
    return storage.reading(slot) { slot -> Int? in
      var earliest = slot.pointee.lifecycle.pendingAppearance?.line
      guard slot.pointee.lifecycle.phase.isInFlight else { return earliest }
      slot.pointee.lifecycle.readTransition { record in
        let (hang, undriven) = reported(record.serial)
        if !hang { earliest = min(earliest ?? record.lastLine, record.lastLine) }
        if !undriven, record.undrivenSince != nil {
          earliest = min(earliest ?? record.undrivenSinceLine, record.undrivenSinceLine)
        }
      }
      return earliest
    }
  }

  /// How many slots the storage has (held, or vacant and kept for reuse).
  var slotCount: Int { storage.slots.count }

  /// Reads the transition in `slot` in place: the auditor asks on every event, and a transition's facts
  /// are a few hundred bytes that a returned value would copy.
  @inline(__always)
  func readTransition<Result>(
    atSlot slot: Int, _ read: (Phase, borrowing TransitionRecord, GestureState?) -> Result
  ) -> Result? {
    guard storage.slots.indices.contains(slot) else { return nil }
    return storage.reading(slot) { slot in
      slot.pointee.lifecycle.readTransition { read(slot.pointee.lifecycle.phase, $0, slot.pointee.gesture) }
    }
  }

  /// Whether the presentation in `slot` belongs to a dismissal group and has an animator or a completion,
  /// with which it carries the dismissal out for the other members (see `carrier(of:)`).
  @inline(__always)
  func mayCarryGroup(slot: Int) -> Bool {
    guard storage.slots.indices.contains(slot), stack.nodes[slot].group.count > 1 else { return false }
    return storage.reading(slot) {
      $0.pointee.lifecycle.readTransition { $0.hasAnimator || $0.completeValue != nil }
    }
      ?? false
  }

  /// The slots of the other members of the dismissal group of the presentation in `slot`.
  @inline(__always)
  func otherGroupMemberSlots(ofSlot slot: Int) -> [Int] {
    guard storage.slots.indices.contains(slot), storage.slots[slot].lifecycle.phase != .absent else {
      return []
    }
    return stack.otherMembers(of: slot, in: storage)
  }

  /// The phase and transition facts in `slot`, without copying its lifecycle.
  @inline(__always)
  func transition(atSlot slot: Int) -> (phase: Phase, record: TransitionRecord)? {
    guard storage.slots.indices.contains(slot), let record = storage.slots[slot].lifecycle.transition else {
      return nil
    }
    return (storage.slots[slot].lifecycle.phase, record)
  }
}
