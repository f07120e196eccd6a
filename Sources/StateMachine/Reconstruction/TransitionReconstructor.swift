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
/// the step that carries them (``StepEffects/group``), so what it rebuilds is exactly what the auditor
/// judged.
///
/// ``ReplayStream`` also lets go of each transition once nothing later in the trace can change it (its
/// presentation was forgotten, or a later transition of it began and nothing the machine still holds
/// names an earlier line), so that it keeps the transitions in flight, not every transition of the trace.
public struct TransitionReconstructor: Sendable {
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
  }

  /// The open transition of each id, by number.
  private var open: [String: Int] = [:]
  /// The phase each id with an open transition is in, as the steps left it.
  private var phases: [String: Phase] = [:]
  /// Members of a dismissal group that ended with another member, by id: the dismissal their own late
  /// `dismissalTransitionWillBegin`/`DidEnd` pair belongs to, if they log one.
  private var settledMembers: [String: Int] = [:]
  /// What each id's latest presentation was shown in, which its dismissal carries.
  private var styles: [String: Styles] = [:]
  /// How many transitions may begin after the latest of a presentation the machine forgot while a
  /// finding (or a dismissal) of its id still belongs to it (``ReplayStream/lateFindingWindow``): without
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
  }
  /// The transitions not handed over yet, by number (numbered from 0 in the order they started).
  private var kept: [Int: Kept] = [:]
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
  /// trace unless a ``ReplayStream`` took them as they settled.
  public var transitions: [ReconstructedTransition] {
    queue[queueHead...].compactMap { kept[$0]?.transition }
  }

  public init() {}

  /// Records what `event` (decided by the machine as `step`) tells about its transition.
  public mutating func observe(_ event: borrowing Event, line: Int, step: SessionStep) {
    let id = step.id
    if step.beginsTransition {
      if let settled = settledMembers.removeValue(forKey: id), step.trigger == .dismissalWillBegin,
        step.from == .dismissed, kept[settled] != nil
      {
        // A member's late pair: the rest of the dismissal it was settled in, not a second dismissal.
        open[id] = settled
        kept[settled]?.transition.outcome = .unfinished
      } else {
        let kind: ReconstructedTransition.Kind = step.to.direction == .presenting ? .presentation : .dismissal
        let animated = step.effects.beganAnimated ?? true
        var transition = ReconstructedTransition(id: id, kind: kind, animated: animated, line: line)
        if kind == .presentation {
          styles[id] = Styles(style: step.trigger == .present ? event.payload.style : nil, latest: started)
        } else {
          forgetStylesIfStale(id)
        }
        transition.style = styles[id]?.style
        transition.resolvedStyle = styles[id]?.resolved
        open[id] = begin(transition)
        for member in step.effects.group where open[member.id] == nil && member.phase.direction == .dismissing
        {
          var dismissal = ReconstructedTransition(
            id: member.id, kind: .dismissal, animated: animated, line: line)
          dismissal.requestedT = event.t
          open[member.id] = begin(dismissal)
          settledMembers[member.id] = nil  // a new dismissal: an earlier settled one is over
        }
      }
    }
    for member in step.effects.group where open[member.id] != nil { phases[member.id] = member.phase }
    guard let index = open[id] else { return }
    phases[id] = step.to
    // The first resolved style of a presentation is the one UIKit showed (a recorder writes only that one,
    // TraceFormat.md). Kept even when the machine refused the callback: what UIKit resolved is not the
    // audit's to judge.
    if event.kind == .viewWillAppear, let resolved = event.payload.resolvedStyle,
      kept[index]?.transition.kind == .presentation, kept[index]?.transition.resolvedStyle == nil
    {
      kept[index]?.transition.resolvedStyle = resolved
      styles[id]?.resolved = resolved
    }
    kept[index]?.transition.record(event, line: line, step: step)
    if step.endsTransition {
      let outcome: ReconstructedTransition.Outcome =
        step.to == .presented || step.to == .dismissed ? .completed : .cancelled
      kept[index]?.transition.outcome = outcome
      close(id)
      // The members of its dismissal group still waiting (they logged no callbacks of their own) end with
      // it: the machine moves them within this step.
      for member in step.effects.group {
        guard let memberIndex = open[member.id], !member.phase.isInFlight else { continue }
        kept[memberIndex]?.transition.outcome = outcome
        kept[memberIndex]?.transition.lastLine = line
        kept[memberIndex]?.transition.endedT = event.t
        close(member.id)
        // Only a completed dismissal settles a member (the machine lets only its late pair follow).
        if outcome == .completed { settledMembers[member.id] = memberIndex }
      }
    }
  }

  /// Keeps a transition that just began; returns its number.
  private mutating func begin(_ transition: ReconstructedTransition) -> Int {
    let number = started
    forgetStylesIfStale(transition.id)
    styles[transition.id]?.latest = number
    styles[transition.id]?.forgotten = false
    started += 1
    let track: Int
    let opensTrack: Bool
    if let latest = numbersOfID[transition.id]?.last, let kept = kept[latest] {
      (track, opensTrack) = (kept.track, false)
    } else {
      (track, opensTrack) = (nextTrack, true)
      nextTrack += 1
    }
    kept[number] = Kept(transition: transition, track: track, opensTrack: opensTrack)
    numbersOfID[transition.id, default: []].append(number)
    queue.append(number)
    return number
  }

  /// Forgets the styles of `id` once its presentation was forgotten and more than `horizon` transitions
  /// began since its latest: a dismissal after that carries none, as a finding after that belongs to none.
  private mutating func forgetStylesIfStale(_ id: String) {
    if let remembered = styles[id], remembered.forgotten, started - remembered.latest > horizon {
      styles[id] = nil
    }
  }

  private mutating func close(_ id: String) {
    open[id] = nil
    phases[id] = nil
  }

  /// The triggers of a `*DidEnd`, read at every transition's end (a constant, not built there each time).
  fileprivate static let didEnds: Set<Trigger> = [
    .presentationDidEndTrue, .presentationDidEndFalse, .dismissalDidEndTrue, .dismissalDidEndFalse,
  ]

  /// Settles the transitions still open at the end of the trace: the ones that left flight by the steps
  /// of another (a group's member) ended where their phase says; the others stay unfinished.
  private mutating func settleOpen() {
    for (id, index) in open {
      let phase = phases[id] ?? .absent
      if !phase.isInFlight {
        kept[index]?.transition.outcome = phase == .dismissed || phase == .presented ? .completed : .cancelled
      }
    }
    open = [:]
    phases = [:]
    settledMembers = [:]
    styles = [:]
  }

  /// Closes the reconstruction: settles what is still open and gives each finding to its transition (the
  /// latest of its presentation that began at or before the finding's line).
  public mutating func finish(findings: [Finding]) -> [ReconstructedTransition] {
    settleOpen()
    var byID: [String: [Int]] = [:]
    for number in queue[queueHead...] {
      if let id = kept[number]?.transition.id { byID[id, default: []].append(number) }
    }
    for finding in findings {
      guard let candidates = byID[finding.id],
        let index = candidates.last(where: { (kept[$0]?.transition.firstLine ?? .max) <= finding.line })
      else { continue }
      kept[index]?.transition.findings.append(finding)
      if finding.rule == .transitionNeverCompleted { kept[index]?.transition.outcome = .neverCompleted }
    }
    let all = transitions
    kept = [:]
    numbersOfID = [:]
    queue = []
    queueHead = 0
    return all
  }

  // MARK: Letting go of settled transitions (ReplayStream)

  /// The machine forgot `id`'s presentation while the record at `line` was audited: no line it holds falls
  /// in the presentation's transitions any more. Only a later event of the id (which the machine takes for
  /// a presentation it never saw) can still bring a finding to its latest transition, for as long as
  /// that transition is within the `horizon` (``ReplayStream/lateFindingWindow``); so can a dismissal of
  /// the id (evidence of a presentation the machine never saw) carry its presentation's style.
  mutating func forgot(_ id: String, atLine line: Int) {
    for number in numbersOfID[id] ?? [] where kept[number]?.forgottenAt == nil {
      kept[number]?.forgottenAt = line
    }
    styles[id]?.forgotten = true
    settledMembers[id] = nil  // a late pair comes only while the machine holds the dismissed member
  }

  /// Gives a finding just settled to its transition: the latest of its presentation that began at or
  /// before its line, as `finish(findings:)` does, unless that transition's presentation was forgotten
  /// before the finding and more than `horizon` transitions began after it (then it belongs to none).
  /// Returns that transition's track, or `nil` when it belongs to none.
  mutating func attribute(_ finding: Finding) -> Int? {
    guard let numbers = numbersOfID[finding.id] else { return nil }
    for number in numbers.reversed() {
      guard let entry = kept[number], entry.transition.firstLine <= finding.line else { continue }
      if let forgottenAt = entry.forgottenAt, finding.line >= forgottenAt, started - number > horizon {
        return nil
      }
      guard !entry.released else {
        // Let go of too early: counted, so that the tests can see it never happens.
        missedAttributions += 1
        return nil
      }
      kept[number]?.transition.findings.append(finding)
      if finding.rule == .transitionNeverCompleted { kept[number]?.hung = true }
      return entry.track
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
        guard let entry = kept[number], open[id] != number, settledMembers[id] != number else { break }
        if position + 1 == numbers.count {
          // The latest: a later event of its id is its finding's until the horizon has moved on.
          guard entry.forgottenAt != nil, started - number > horizon else { break }
        } else if entry.forgottenAt == nil {
          if pending == nil { pending = pendingLine(id) ?? .max }
          guard let next = kept[numbers[position + 1]], next.transition.firstLine <= pending ?? .max else {
            break
          }
        }
        markReleased(number)
        count += 1
      }
      if count > 0 { released.append((id, count)) }
    }
    let stale = styles.filter { $0.value.forgotten && started - $0.value.latest > horizon }.map(\.key)
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
      for number in numbers where kept[number]?.released == false { markReleased(number) }
    }
    numbersOfID = [:]
  }

  /// The transition is final: its outcome is a hang's if one belongs to it, and its findings are in the
  /// order of their lines (then of their settling), as the report lists them.
  private mutating func markReleased(_ number: Int) {
    guard var entry = kept.removeValue(forKey: number) else { return }
    entry.released = true
    if entry.hung { entry.transition.outcome = .neverCompleted }
    let findings = entry.transition.findings
    if findings.indices.dropFirst().contains(where: { findings[$0 - 1].line > findings[$0].line }) {
      entry.transition.findings = findings.enumerated().sorted {
        ($0.element.line, $0.offset) < ($1.element.line, $1.offset)
      }.map(\.element)
    }
    kept[number] = entry
    releasedWaiting += 1
  }

  /// Hands over the transitions let go of, in the order they started: those at the head of the queue,
  /// and when more than `window` wait behind one still kept, all of them (out of order).
  mutating func handOver(
    window: Int, _ body: (ReconstructedTransition, _ track: Int, _ opensTrack: Bool) -> Void
  ) {
    while queueHead < queue.count, let entry = kept[queue[queueHead]], entry.released {
      kept[queue[queueHead]] = nil
      queueHead += 1
      releasedWaiting -= 1
      body(entry.transition, entry.track, entry.opensTrack)
    }
    if releasedWaiting > 0, queue.count - queueHead > window {
      var waiting: [Int] = []
      for number in queue[queueHead...] {
        guard let entry = kept[number] else { continue }
        guard entry.released else {
          waiting.append(number)
          continue
        }
        kept[number] = nil
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
  fileprivate mutating func record(_ event: borrowing Event, line: Int, step: SessionStep) {
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
      endedBy = TransitionReconstructor.didEnds.contains(step.trigger) ? nil : step.trigger
    }
  }
}
