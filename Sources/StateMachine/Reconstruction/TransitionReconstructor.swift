/// Rebuilds every transition of a trace from the machine's steps, one event at a time.
///
/// ```swift
/// var reconstructor = TransitionReconstructor()
/// let step = auditor.auditStep(event, line: line, into: &findings)
/// reconstructor.observe(event, line: line, step: step)
/// let transitions = reconstructor.finish(findings: findings)
/// ```
///
/// It folds the steps and asks the machine nothing: a transition starts where a step enters a new
/// direction and ends where a step leaves flight, and the members of a stack's dismissal come and go with
/// the step that carries them (`StepEffects.group`), so what it rebuilds is exactly what the auditor
/// judged.
///
/// `ReplayStream` also lets go of each transition once nothing later in the trace can change it (its
/// presentation was forgotten, or a later transition of it began and nothing the machine still holds
/// names an earlier line), so that it keeps the transitions in flight, not every transition of the trace.
package struct TransitionReconstructor: Sendable {
  /// A transition not handed over yet, with what settling it needs.
  struct Kept: Sendable {
    var transition: ReconstructedTransition
    /// The timeline track of its presentation (numbered as presentations first appear among the
    /// transitions still kept).
    var track: Int
    /// It is the first transition on its track.
    var opensTrack: Bool
    /// The line of the record at which the machine forgot its presentation, after this transition began:
    /// a finding settled from there on is about a presentation the machine no longer held.
    var forgottenAt: Int?
    /// A `transition-never-completed` finding belongs to it: its outcome whatever its steps said.
    var hung = false
    /// Nothing later can change it: it waits only for its turn to be handed over.
    var released = false
    /// How many of `open` and `settledMembers` name it: a transition either names is not let go of (its
    /// own events, or its member's late pair, may still come).
    var pins = 0

    /// What a slot holds between two transitions.
    static let vacant = Kept(
      transition: ReconstructedTransition(id: "", kind: .presentation, animated: false, line: 0), track: 0,
      opensTrack: false)
  }

  /// The open transition of each id: its number, and the phase the steps left the id in. (One dictionary
  /// for both: an event looks its id up once.)
  private var open: [String: Open] = [:]

  struct Open: Sendable {
    var number: Int
    var phase: Phase?
  }
  /// Members of a dismissal group that ended with another member, by id: the dismissal their own late
  /// `dismissalTransitionWillBegin`/`DidEnd` pair belongs to, if they log one.
  private var settledMembers: [String: Int] = [:]
  /// What each id's latest presentation was shown in, which its dismissal carries.
  private var styles: [String: Styles] = [:]
  /// How many transitions may begin after the latest of a presentation the machine forgot while a
  /// finding (or a dismissal) of its id still belongs to it (`ReplayStream.lateFindingWindow`): without
  /// a stream, no limit.
  var horizon = Int.max

  /// The styles of an id's latest presentation, and how recent that id's transitions are.
  struct Styles: Sendable {
    /// The style its `present` named.
    var style: String?
    /// The style UIKit resolved, as its first `viewWillAppear` recorded it.
    var resolved: String?
    /// The number of the id's latest transition.
    var latest: Int
    /// The machine forgot the presentation since that transition began.
    var forgotten = false

    /// Another transition of the id began: the styles are recent again.
    mutating func renew(latest number: Int) {
      latest = number
      forgotten = false
    }
  }
  /// The transitions not handed over yet, in slots reused as they are handed over: read and changed in
  /// place (a dictionary of them would copy a transition, with a retain of each of its strings and
  /// arrays, on every read).
  private var entries: [Kept] = []
  private var vacantEntries: [Int] = []
  /// The slot in `entries` of each transition not handed over yet, by number (numbered from 0 in the
  /// order they started).
  private var entryOfNumber: [Int: Int] = [:]
  /// The numbers of each id's kept transitions, oldest first: always the id's latest ones, since an id's
  /// transitions are let go of oldest first.
  private var numbersOfID: [String: [Int]] = [:]
  /// The numbers not handed over yet, in the order they started, from `queueHead`.
  private var queue: [Int] = []
  private var queueHead = 0
  /// How many transitions began.
  private(set) var started = 0
  private var nextTrack = 1
  /// Whether a transition was handed over before one that started earlier (the reorder window was full).
  private(set) var handedOverOutOfOrder = false

  /// Every transition seen and not handed over yet, in the order they started: every transition of the
  /// trace unless a `ReplayStream` took them as they settled.
  package var transitions: [ReconstructedTransition] {
    queue[queueHead...].compactMap { entryOfNumber[$0].map { entries[$0].transition } }
  }

  /// Keeps `kept` as transition `number`.
  private mutating func keep(_ kept: Kept, number: Int) {
    if let slot = vacantEntries.popLast() {
      entries[slot] = kept
      entryOfNumber[number] = slot
    } else {
      entryOfNumber[number] = entries.count
      entries.append(kept)
    }
  }

  /// Takes transition `number` out of the kept ones, leaving its slot for the next.
  private mutating func take(_ number: Int) -> Kept? {
    guard let slot = entryOfNumber.removeValue(forKey: number) else { return nil }
    var taken = Kept.vacant
    swap(&taken, &entries[slot])
    vacantEntries.append(slot)
    return taken
  }

  package init() {}

  /// Records what `event` (decided by the machine as `step`) tells about its transition.
  package mutating func observe(_ event: borrowing CompactEvent, line: Int, step: SessionStep) {
    let id = step.id
    if step.beginsTransition {
      let settled = settledMembers.removeValue(forKey: id)
      pin(settled, by: -1)
      if let settled, step.trigger == .dismissalWillBegin, step.from == .dismissed,
        let slot = entryOfNumber[settled]
      {
        // A member's late pair: the rest of the dismissal it was settled in, not a second dismissal.
        setOpen(id, settled)
        entries[slot].transition.outcome = .unfinished
      } else {
        let kind: ReconstructedTransition.Kind = step.to.direction == .presenting ? .presentation : .dismissal
        let animated = step.effects.beganAnimated ?? true
        var transition = ReconstructedTransition(id: id, kind: kind, animated: animated, line: line)
        if kind == .presentation {
          let style = step.trigger == .present ? event.payload.style : nil
          styles[id] = Styles(style: style, latest: started)
          transition.style = style
        } else if let remembered = Self.renew(&styles[id], latest: started, horizon: horizon) {
          transition.style = remembered.style
          transition.resolvedStyle = remembered.resolved
        }
        setOpen(id, begin(transition))
        for member in step.effects.group where open[member.id] == nil && member.phase.direction == .dismissing
        {
          var dismissal = ReconstructedTransition(
            id: member.id, kind: .dismissal, animated: animated, line: line)
          dismissal.requestedT = event.t
          _ = Self.renew(&styles[member.id], latest: started, horizon: horizon)
          setOpen(member.id, begin(dismissal))
          // A new dismissal: an earlier settled one is over.
          pin(settledMembers.removeValue(forKey: member.id), by: -1)
        }
      }
    }
    for member in step.effects.group { open[member.id]?.phase = member.phase }
    guard let index = Self.step(&open[id], to: step.to), let slot = entryOfNumber[index] else { return }
    // The first resolved style of a presentation is the one UIKit showed (a recorder writes only that one,
    // TraceFormat.md). Kept even when the machine refused the callback: what UIKit resolved is not the
    // audit's to judge.
    if event.kind == .viewWillAppear, let resolved = event.payload.resolvedStyle,
      entries[slot].transition.kind == .presentation, entries[slot].transition.resolvedStyle == nil
    {
      entries[slot].transition.resolvedStyle = resolved
      styles[id]?.resolved = resolved
    }
    entries[slot].transition.record(event, line: line, step: step)
    if step.endsTransition {
      let outcome: ReconstructedTransition.Outcome =
        step.to == .presented || step.to == .dismissed ? .completed : .cancelled
      entries[slot].transition.outcome = outcome
      setOpen(id, nil)
      // The members of its dismissal group still waiting (they logged no callbacks of their own) end with
      // it: the machine moves them within this step.
      for member in step.effects.group {
        guard let memberIndex = open[member.id]?.number, !member.phase.isInFlight,
          let memberSlot = entryOfNumber[memberIndex]
        else { continue }
        entries[memberSlot].transition.outcome = outcome
        entries[memberSlot].transition.lastLine = line
        entries[memberSlot].transition.endedT = event.t
        setOpen(member.id, nil)
        // Only a completed dismissal settles a member (the machine lets only its late pair follow).
        if outcome == .completed {
          pin(settledMembers.updateValue(memberIndex, forKey: member.id), by: -1)
          pin(memberIndex, by: 1)
        }
      }
    }
  }

  /// The open transition's number of an id (`nil` when it has none), its phase set to `phase`: one
  /// lookup of the id for the common event.
  private static func step(_ open: inout Open?, to phase: Phase) -> Int? {
    open?.phase = phase
    return open?.number
  }

  /// The styles a dismissal carries, renewed for its transition (`latest`), or `nil` (and forgotten) when
  /// the presentation was forgotten more than `horizon` transitions ago: a dismissal after that carries
  /// none, as a finding after that belongs to none. One lookup of the id.
  private static func renew(_ remembered: inout Styles?, latest number: Int, horizon: Int) -> Styles? {
    if let styles = remembered, styles.forgotten, number - styles.latest > horizon { remembered = nil }
    remembered?.renew(latest: number)
    return remembered
  }

  /// Keeps a transition that just began; returns its number.
  private mutating func begin(_ transition: ReconstructedTransition) -> Int {
    let number = started
    started += 1
    // The id's latest transition kept, and this one after it: one lookup of the id.
    let latest = Self.append(number, to: &numbersOfID[transition.id, default: []])
    let track: Int
    let opensTrack: Bool
    if let latest, let slot = entryOfNumber[latest] {
      (track, opensTrack) = (entries[slot].track, false)
    } else {
      (track, opensTrack) = (nextTrack, true)
      nextTrack += 1
    }
    keep(Kept(transition: transition, track: track, opensTrack: opensTrack), number: number)
    queue.append(number)
    return number
  }

  /// Appends `number` and returns the number that was last.
  private static func append(_ number: Int, to numbers: inout [Int]) -> Int? {
    defer { numbers.append(number) }
    return numbers.last
  }

  /// Makes `number` the open transition of `id` (none for `nil`), keeping the pins in step.
  private mutating func setOpen(_ id: String, _ number: Int?) {
    if let number {
      pin(open.updateValue(Open(number: number), forKey: id)?.number, by: -1)
      pin(number, by: 1)
    } else {
      pin(open.removeValue(forKey: id)?.number, by: -1)
    }
  }

  private mutating func pin(_ number: Int?, by change: Int) {
    if let number, let slot = entryOfNumber[number] { entries[slot].pins += change }
  }

  /// Settles the transitions still open at the end of the trace: the ones that left flight by the steps
  /// of another (a group's member) ended where their phase says; the others stay unfinished.
  private mutating func settleOpen() {
    for (_, open) in open {
      let phase = open.phase ?? .absent
      if !phase.isInFlight, let slot = entryOfNumber[open.number] {
        entries[slot].transition.outcome =
          phase == .dismissed || phase == .presented ? .completed : .cancelled
      }
    }
    open = [:]
    settledMembers = [:]
    styles = [:]
  }

  /// Closes the reconstruction: settles what is still open and gives each finding to its transition (the
  /// latest of its presentation that began at or before the finding's line).
  package mutating func finish(findings: [Finding]) -> [ReconstructedTransition] {
    settleOpen()
    var byID: [String: [Int]] = [:]
    for number in queue[queueHead...] {
      if let slot = entryOfNumber[number] { byID[entries[slot].transition.id, default: []].append(slot) }
    }
    for finding in findings {
      guard let candidates = byID[finding.id],
        let slot = candidates.last(where: { entries[$0].transition.firstLine <= finding.line })
      else { continue }
      entries[slot].transition.findings.append(finding)
      if Self.neverCompletes(entries[slot].transition, by: finding) {
        entries[slot].transition.outcome = .neverCompleted
      }
    }
    let all = transitions
    entries = []
    vacantEntries = []
    entryOfNumber = [:]
    numbersOfID = [:]
    queue = []
    queueHead = 0
    return all
  }

  /// Whether `finding` makes `transition` one that never completed: a hang, or the request UIKit dropped.
  /// A presentation whose own request drew `presenter-unknown` and that never began was a request UIKit
  /// dropped once its deadline passed (a refused request begins no transition, and an implicit present
  /// judged by the stack rules begins at its finding): it never completed either.
  private static func neverCompletes(_ transition: ReconstructedTransition, by finding: Finding) -> Bool {
    if finding.rule == .transitionNeverCompleted { return true }
    return finding.rule == .presenterUnknown && transition.kind == .presentation
      && transition.firstLine == finding.line && transition.willBeginT == nil
      && transition.animationStartT == nil && transition.endedT == nil
  }

  // MARK: Letting go of settled transitions (ReplayStream)

  /// The machine forgot `id`'s presentation while the record at `line` was audited: no line it holds falls
  /// in the presentation's transitions any more. Only a later event of the id (which the machine takes for
  /// a presentation it never saw) can still bring a finding to its latest transition, for as long as
  /// that transition is within the `horizon` (`ReplayStream.lateFindingWindow`); so can a dismissal of
  /// the id (evidence of a presentation the machine never saw) carry its presentation's style.
  mutating func forgot(_ id: String, atLine line: Int) {
    for number in numbersOfID[id] ?? [] {
      if let slot = entryOfNumber[number], entries[slot].forgottenAt == nil {
        entries[slot].forgottenAt = line
      }
    }
    styles[id]?.forgotten = true
    // A late pair comes only while the machine holds the dismissed member.
    pin(settledMembers.removeValue(forKey: id), by: -1)
  }

  /// Gives a finding just settled to its transition: the latest of its presentation that began at or
  /// before its line, as `finish(findings:)` does, unless that transition's presentation was forgotten
  /// before the finding and more than `horizon` transitions began after it (then it belongs to none).
  /// Returns that transition's track, or `nil` when it belongs to none.
  mutating func attribute(_ finding: Finding) -> Int? {
    guard let numbers = numbersOfID[finding.id] else { return nil }
    for number in numbers.reversed() {
      guard let slot = entryOfNumber[number], entries[slot].transition.firstLine <= finding.line else {
        continue
      }
      if let forgottenAt = entries[slot].forgottenAt, finding.line >= forgottenAt, started - number > horizon
      {
        return nil
      }
      guard !entries[slot].released else {
        // Let go of too early: counted, so that the tests can see it never happens.
        missedAttributions += 1
        return nil
      }
      entries[slot].transition.findings.append(finding)
      if Self.neverCompletes(entries[slot].transition, by: finding) { entries[slot].hung = true }
      return entries[slot].track
    }
    return nil
  }

  /// Findings whose transition had already been let go of (never, unless `release` is wrong).
  private(set) var missedAttributions = 0
  /// Transitions let go of and waiting for their turn to be handed over.
  private var releasedWaiting = 0

  /// Lets go of every transition that nothing later can change: closed (not open, not a dismissed member
  /// awaiting its late pair), and either a later transition of the same presentation began and nothing
  /// the machine holds names a line before it (`pendingLine(id)`, the earliest line the machine holds
  /// that a later finding of `id` could name), or its presentation was forgotten and, for the latest,
  /// more than `horizon` transitions began after it. Each id's transitions go oldest first; the styles
  /// of ids forgotten that long ago go too.
  mutating func release(pendingLine: (String) -> Int?) {
    var released: [(id: String, count: Int)] = []
    for (id, numbers) in numbersOfID {
      var count = 0
      // The earliest line `id`'s later findings may name, asked once per id and only when needed.
      var pending: Int?
      for (position, number) in numbers.enumerated() {
        guard let slot = entryOfNumber[number], entries[slot].pins == 0 else { break }
        let forgotten = entries[slot].forgottenAt != nil
        if position + 1 == numbers.count {
          // The latest: a later event of its id is its finding's until the horizon has moved on.
          guard forgotten, started - number > horizon else { break }
        } else if !forgotten {
          if pending == nil { pending = pendingLine(id) ?? .max }
          guard let next = entryOfNumber[numbers[position + 1]],
            entries[next].transition.firstLine <= pending ?? .max
          else { break }
        }
        markReleased(number)
        count += 1
      }
      if count > 0 { released.append((id, count)) }
    }
    var stale: [String] = []
    for (id, remembered) in styles where remembered.forgotten && started - remembered.latest > horizon {
      stale.append(id)
    }
    for id in stale { styles[id] = nil }
    for (id, count) in released {
      if numbersOfID[id]?.count == count {
        numbersOfID[id] = nil
      } else {
        numbersOfID[id]?.removeFirst(count)
      }
    }
  }

  /// Lets go of everything: the end of the trace (after `settleOpen`).
  private mutating func releaseAll() {
    for numbers in numbersOfID.values {
      for number in numbers { markReleased(number) }
    }
    numbersOfID = [:]
  }

  /// The transition is final: its outcome is a hang's if one belongs to it, and its findings are in the
  /// order of their lines (then of their settling), as the report lists them.
  private mutating func markReleased(_ number: Int) {
    guard let slot = entryOfNumber[number], !entries[slot].released else { return }
    entries[slot].released = true
    if entries[slot].hung { entries[slot].transition.outcome = .neverCompleted }
    let findings = entries[slot].transition.findings
    if findings.indices.dropFirst().contains(where: { findings[$0 - 1].line > findings[$0].line }) {
      entries[slot].transition.findings = findings.enumerated().sorted {
        ($0.element.line, $0.offset) < ($1.element.line, $1.offset)
      }.map(\.element)
    }
    releasedWaiting += 1
  }

  /// Hands over the transitions let go of, in the order they started: those at the head of the queue,
  /// and when more than `window` wait behind one still kept, all of them (out of order).
  mutating func handOver(
    window: Int, _ body: (ReconstructedTransition, _ track: Int, _ opensTrack: Bool) -> Void
  ) {
    while queueHead < queue.count, let slot = entryOfNumber[queue[queueHead]], entries[slot].released,
      let entry = take(queue[queueHead])
    {
      queueHead += 1
      releasedWaiting -= 1
      body(entry.transition, entry.track, entry.opensTrack)
    }
    if releasedWaiting > 0, queue.count - queueHead > window {
      var waiting: [Int] = []
      for number in queue[queueHead...] {
        guard let slot = entryOfNumber[number] else { continue }
        guard entries[slot].released, let entry = take(number) else {
          waiting.append(number)
          continue
        }
        releasedWaiting -= 1
        handedOverOutOfOrder = true
        body(entry.transition, entry.track, entry.opensTrack)
      }
      queue = waiting
      queueHead = 0
    } else if queueHead > 4096, queueHead * 2 > queue.count {
      queue.removeFirst(queueHead)
      queueHead = 0
    }
  }

  /// The end of the trace: settles what is still open and hands every transition over, in order.
  mutating func finishStream(_ body: (ReconstructedTransition, _ track: Int, _ opensTrack: Bool) -> Void) {
    settleOpen()
    releaseAll()
    handOver(window: .max, body)
  }

  /// How many presentations have transitions kept: what a release pass walks.
  var keptPresentations: Int { numbersOfID.count }
}

extension ReconstructedTransition {
  /// What one event of the transition tells, in place.
  ///
  /// A method of the transition, not of the reconstructor: a reconstructor's method would read `self`
  /// while the stored transition is written, and Swift then copies `self` first, so the write found the
  /// storage shared and copied all of it, on every event (a `replay stats` of 200,000 events took 65 s).
  fileprivate mutating func record(_ event: borrowing CompactEvent, line: Int, step: SessionStep) {
    lastLine = line
    guard !step.effects.refused else { return }
    let t = event.t
    if step.from != step.to, step.to == .presentingBegan || step.to == .dismissingBegan,
      step.trigger != .presentationWillBegin, step.trigger != .dismissalWillBegin,
      willBeginT == nil
    {
      // Begun by the callback that stands for the *WillBegin the app could not log.
      willBeginT = t
      begunBy = step.trigger
    }
    if step.to.isRunning { startedRunning = true }
    switch step.trigger {
    case .present, .dismiss:
      requestedT = requestedT ?? t
    case .controllerWillDismiss:
      if requestedT == nil {
        requestedT = t
        swipe = true
      }
    case .presentationWillBegin, .dismissalWillBegin:
      willBeginT = willBeginT ?? t
      controllerLogged = true
    case .animate, .startInteractive, .interruptibleAnimator:
      animatorLogged = true
      animationStartT = min(animationStartT ?? t, t)
      if step.trigger == .startInteractive { interactive = true }
      if step.trigger == .interruptibleAnimator { interruptible = true }
      // UIKit asks for the interruptible animator again and again: its duration is the animator's only
      // when nothing declared one.
      if let duration = event.payload.duration,
        step.trigger != .interruptibleAnimator || declaredDuration == nil
      {
        declaredDuration = duration
      }
    case .update:
      if let percent = event.payload.percent { progress.append(.init(t: t, percent: percent)) }
    case .pause:
      if step.from.isCommitted || step.from.isRunning {
        interruptions.append(.init(t: t, line: line, caught: commit))
        commit = nil
      }
    case .finish, .cancel:
      guard commit == nil else { return }
      commit = .init(
        kind: step.trigger == .finish ? .finish : .cancel, t: t,
        progress: progress.last.map { min(max($0.percent, 0), 1) } ?? 0,
        completionSpeed: event.payload.completionSpeed ?? 1)
    case .completeTrue, .completeFalse:
      animatorLogged = true
      if completeT == nil {
        completeT = t
        didComplete = step.trigger == .completeTrue
      }
    case .presentationDidEndTrue, .presentationDidEndFalse, .dismissalDidEndTrue, .dismissalDidEndFalse:
      didEndT = didEndT ?? t
      controllerLogged = true
    case .layoutWill:
      layoutPasses.append(.init(willT: t, didT: t, line: line))
    case .layoutDid:
      if let last = layoutPasses.last, last.willT == last.didT, last.willT != nil {
        layoutPasses[layoutPasses.count - 1].didT = t
      } else {
        layoutPasses.append(.init(willT: nil, didT: t, line: line))
      }
    case .animationEnded, .completion, .viewWillAppear, .viewIsAppearing, .viewDidAppear, .viewWillDisappear,
      .viewDidDisappear, .sizeChange, .controllerDidDismiss, .controllerDidAttemptToDismiss, .gesture, .mark:
      break
    }
    if step.endsTransition {
      endedT = t
      // A *DidEnd is the end every transition has: only what stood for it is named.
      endedBy = step.trigger.traits.contains(.didEnd) ? nil : step.trigger
    }
  }
}
