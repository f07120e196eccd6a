/// One run of `OrderingAcceptor` over a projected trace: every presentation's stage, who presents whom,
/// and for each event whether the contract allows it there.
///
/// ```swift
/// var run = AcceptorRun()
/// run.step(Event(t: 0, id: "p1", kind: .present), at: 0)  // .legal
/// ```
struct AcceptorRun: Sendable {
  /// What one event is.
  enum Step: Sendable, Equatable {
    case legal
    case violation
    /// Outside the acceptor's subset, for this reason.
    case undefined(String)
  }

  private var table: [String: AcceptorPresentation] = [:]
  /// presenter -> the presentation it presented last.
  private var child: [String: String] = [:]
  private let root = "root"

  private func live(_ id: String) -> Bool { table[id]?.isLive ?? false }

  private func liveChild(of presenter: String) -> String? {
    guard let id = child[presenter], live(id), table[id]?.presenter == presenter else { return nil }
    return id
  }

  private func topOfRoot() -> String {
    var top = root
    while let next = liveChild(of: top) { top = next }
    return top
  }

  mutating func step(_ event: Event, at index: Int) -> Step {
    let id = event.id
    guard OrderingAcceptor.kinds.contains(event.kind) else {
      return .undefined("\(event.kind.rawValue) not judged")
    }
    guard !OrderingAcceptor.isRoot(id) else { return .undefined("event of a root") }
    var p = table[id] ?? AcceptorPresentation()
    let result: Step
    switch event.kind {
    case .present: result = present(event, &p, at: index)
    case .dismiss: result = dismiss(id, &p, at: index)
    case .presentationTransitionWillBegin: result = presentationWillBegin(id, &p, at: index)
    case .dismissalTransitionWillBegin: result = dismissalWillBegin(id, &p, at: index)
    case .presentationControllerWillDismiss: result = willDismiss(id, &p, at: index)
    case .presentationControllerDidAttemptToDismiss: result = p.isIdle ? .legal : .violation
    case .animateTransition, .interruptibleAnimator, .startInteractiveTransition:
      result = AcceptorInteraction.animatorEvent(event, &p, at: index)
    case .updateInteractiveTransition, .pauseInteractiveTransition, .finishInteractiveTransition,
      .cancelInteractiveTransition:
      result = AcceptorInteraction.interactionEvent(event, &p)
    case .completeTransition: result = AcceptorInteraction.completeTransition(event, &p, at: index)
    case .presentationTransitionDidEnd, .dismissalTransitionDidEnd: result = didEnd(event, &p, at: index)
    case .animationEnded, .completion: result = tailEvent(event.kind, &p, at: index)
    case .viewWillAppear, .viewIsAppearing, .viewDidAppear, .viewWillDisappear, .viewDidDisappear:
      result = appearance(event.kind, id, &p, at: index)
    case .containerViewWillLayoutSubviews, .containerViewDidLayoutSubviews, .viewWillTransitionToSize,
      .panBegan, .panChanged, .panEnded, .panCancelled, .presentationControllerDidDismiss, .mark:
      result = .undefined("\(event.kind.rawValue) not judged")
    }
    if result == .legal { table[id] = p }
    return result
  }

  // MARK: Requests and the presentation controller

  private mutating func present(_ event: Event, _ p: inout AcceptorPresentation, at index: Int) -> Step {
    let id = event.id
    let presenter = event.payload.presenter ?? root
    if p.isLive || presenter == id { return .violation }  // id-in-use
    if !OrderingAcceptor.isRoot(presenter) {
      // presenter-unknown, present-while-transitioning
      guard let q = table[presenter], q.isIdle else { return .violation }
    }
    // presenter-busy, or present-while-transitioning when what it presents is in flight
    // (<doc:Rules#Presenter-in-flight>)
    if liveChild(of: presenter) != nil { return .violation }
    p.request(dismissing: false, at: index)
    p.systemStyle = (event.payload.style ?? "custom") != "custom"
    p.presenter = presenter
    adopt(id, by: presenter)
    return .legal
  }

  /// `id` is now what `presenter` presents.
  private mutating func adopt(_ id: String, by presenter: String) {
    child[presenter] = id
    child[id] = nil
  }

  private mutating func dismiss(_ id: String, _ p: inout AcceptorPresentation, at index: Int) -> Step {
    // dismiss-while-transitioning, dismiss-not-presented
    guard p.isIdle else { return .violation }
    if liveChild(of: id) != nil { return .undefined("dismissal of a stack") }
    p.request(dismissing: true, at: index)
    return .legal
  }

  private mutating func presentationWillBegin(_ id: String, _ p: inout AcceptorPresentation, at index: Int)
    -> Step
  {
    if !p.isLive {
      // An implicit present on the default root's top-most presentation
      // (<doc:Rules#Optional-request-events>).
      let top = topOfRoot()
      if top != root, !(table[top]?.isIdle ?? false) { return .undefined("implicit present on busy") }
      p.request(dismissing: false, at: index)
      p.stage = .began
      p.controller = true
      p.presenter = top
      adopt(id, by: top)
      return .legal
    }
    guard !p.dismissing, !p.controller else { return .violation }
    switch p.stage {
    case .requested:
      p.stage = .began
    case .began where !p.animator:
      // Begun by viewWillAppear: the app owns the controller after all, followed
      // (<doc:Rules#Presentations-observed-from-outside>).
      break
    case .gone, .began, .animating, .running, .interactive, .finishing, .cancelling, .completed, .cancelled,
      .shown, .over:
      return .violation
    }
    p.controller = true
    return .legal
  }

  private mutating func dismissalWillBegin(_ id: String, _ p: inout AcceptorPresentation, at index: Int)
    -> Step
  {
    if p.isIdle {
      // A system dismissal recorded from its callbacks (<doc:Rules#Optional-request-events>).
      if liveChild(of: id) != nil { return .undefined("system dismissal of a stack") }
      p.request(dismissing: true, at: index)
      p.stage = .began
      p.controller = true
      return .legal
    }
    guard p.isLive, p.dismissing, !p.controller else { return .violation }
    switch p.stage {
    case .requested:
      p.stage = .began
    case .began where !p.animator:
      // Begun by viewWillDisappear: the app owns the controller after all, followed
      // (<doc:Rules#Presentations-observed-from-outside>).
      break
    case .gone, .began, .animating, .running, .interactive, .finishing, .cancelling, .completed, .cancelled,
      .shown, .over:
      return .violation
    }
    p.controller = true
    return .legal
  }

  private mutating func willDismiss(_ id: String, _ p: inout AcceptorPresentation, at index: Int) -> Step {
    // A sheet swipe: a system dismissal request from idle, or news of the swipe during a dismissal, once.
    if p.isIdle {
      if liveChild(of: id) != nil { return .undefined("system dismissal of a stack") }
      p.request(dismissing: true, at: index)
    } else {
      guard p.dismissing, p.beforeComplete, !p.willDismissSeen else { return .violation }
    }
    p.willDismissSeen = true
    return .legal
  }

  private func didEnd(_ event: Event, _ p: inout AcceptorPresentation, at index: Int) -> Step {
    guard (event.kind == .dismissalTransitionDidEnd) == p.dismissing, p.stage != .gone else {
      return .violation
    }
    let value = event.payload.completed != false
    switch p.stage {
    case .completed, .cancelled:
      guard p.complete == value else { return .violation }  // did-end-mismatch
    case .began where !p.animator:
      // A system-driven transition: no completeTransition (a cancelled swipe ends false).
      guard p.controller else { return .undefined("DidEnd of a transition seen from outside") }
    case .shown, .over:
      // The tail of a transition with no WillBegin logged: a DidEnd the recording caught is accepted there
      // (<doc:Rules#Transitions-recorded-from-the-animator-alone>), once, agreeing with completeTransition.
      guard !p.controller, !p.tail.contains(event.kind) else { return .violation }
      guard let complete = p.complete else {
        return .undefined("DidEnd after a transition seen from outside")
      }
      guard complete == value else { return .violation }
      p.tail.insert(event.kind)
      return .legal
    case .gone, .requested, .began, .animating, .running, .interactive, .finishing, .cancelling:
      return .violation  // did-end-before-complete, or no transition began
    }
    p.tail.insert(event.kind)
    p.end(completed: value, at: index)
    return .legal
  }

  /// `animationEnded` and `completion`: once each in the tail of a transition; `completion` after a
  /// completed, cancelled or aborted one alike (<doc:Rules#Completion>).
  private func tailEvent(_ kind: EventKind, _ p: inout AcceptorPresentation, at index: Int) -> Step {
    if p.tail.contains(kind) { return .violation }
    switch p.stage {
    case .requested where kind == .completion && p.systemStyle && p.seenFromOutside:
      // UIKit runs the block only at the transition's end: a system style's transition ran unseen.
      p.end(completed: true, at: index)
    case .completed, .cancelled, .shown, .over:
      if p.stage == .shown || p.stage == .over {
        guard p.lastCompleted != nil else { return .violation }
      }
      if kind == .animationEnded, !p.animator { return .undefined("animationEnded, no animator") }
    case .began where kind == .animationEnded:
      return .undefined("animationEnded before complete")
    case .gone, .requested, .began, .animating, .running, .interactive, .finishing, .cancelling:
      return .violation
    }
    p.tail.insert(kind)
    return .legal
  }

  // MARK: Appearance

  /// An appearance callback of `id`: a presenter's (legal whenever it is live, <doc:Rules#Appearance-events>)
  /// while it presents a live presentation, or, for a `viewDid*` or `viewIsAppearing`, in the tail of the one
  /// it presented last (full screen removes and restores the presenter's view, and its `viewDid*` may come
  /// after the presented transition ended); else its own, read by `AcceptorAppearance`.
  private func appearance(_ kind: EventKind, _ id: String, _ p: inout AcceptorPresentation, at index: Int)
    -> Step
  {
    if p.isLive, let last = child[id], table[last]?.presenter == id, let q = table[last] {
      if q.isLive {
        if kind == .viewWillAppear || kind == .viewWillDisappear { p.presenterPending = kind }
        // A viewDid* resolves only its own viewWill* (an unbalanced one leaves it waiting).
        if kind == .viewDidAppear, p.presenterPending == .viewWillAppear { p.presenterPending = nil }
        if kind == .viewDidDisappear, p.presenterPending == .viewWillDisappear { p.presenterPending = nil }
        return .legal
      }
      // After it ended, the presenter's pending viewWill* goes on: its viewDid* (or viewIsAppearing), or
      // the viewWillAppear that reverts a viewWillDisappear when the presented one was cancelled.
      let goesOnAppearing =
        (kind == .viewDidAppear || kind == .viewIsAppearing) && p.presenterPending == .viewWillAppear
      let goesOnDisappearing =
        (kind == .viewDidDisappear || kind == .viewWillAppear) && p.presenterPending == .viewWillDisappear
      if goesOnAppearing || goesOnDisappearing, q.stage == .over, q.endIndex > p.requestIndex {
        if kind == .viewWillAppear { p.presenterPending = .viewWillAppear }
        if kind == .viewDidAppear || kind == .viewDidDisappear { p.presenterPending = nil }
        return .legal
      }
    }
    var own = p
    let result = AcceptorAppearance.own(kind, &own, at: index)
    if result == .legal { p = own }
    return result
  }

}
