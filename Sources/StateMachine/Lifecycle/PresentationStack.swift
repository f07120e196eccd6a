/// The presenter stacks of every window scene: who presents whom, and which presentations are dismissed
/// together, by typed references to the session's slots.
///
/// ```swift
/// stack.above(slot, in: storage)      // the live presentations stacked above, nearest first
/// stack.problem(presenting: slot, from: "root", in: storage)  // nil, or the stack rule a present breaks
/// ```
///
/// Each root (`"root"`, or `"root:NAME"` for one window scene of several) is always present and has its own
/// stack. A presentation's node says who presents it, whom it presents, and the dismissal group it belongs
/// to when a stack was dismissed from below (<doc:Lifecycle#The-session>). The stack reads
/// phases from the storage; it never changes a lifecycle.
struct PresentationStack: Sendable {
  /// One id's place in the stacks.
  struct Node: Sendable, Hashable {
    var presenter: PresenterRef?
    /// The presentation this one (or this root) currently presents.
    var child: PresentationRef?
    /// It has presented another; its own appearance callbacks are then a presenter's.
    var hasPresented = false
    /// The presentations dismissed together with this one (dismissing lower in the stack), lowest first.
    var group: [PresentationRef] = []

    var isVacant: Bool { presenter == nil && child == nil && !hasPresented && group.isEmpty }
  }

  /// By slot, parallel to the storage's slots: read and changed in place (`stack.nodes[slot]…`).
  var nodes: [Node] = []

  /// Makes room for `slot` (a slot the storage just created).
  @inline(__always)
  mutating func ensureNode(_ slot: Int) {
    while nodes.count <= slot { nodes.append(Node()) }
  }

  /// Forgets the node of `slot` (its id was forgotten).
  mutating func reset(_ slot: Int) { nodes[slot] = Node() }

  /// The slot of the presentation `slot` presents, while that id is held.
  @inline(__always)
  func child(of slot: Int, in storage: SessionStorage) -> Int? {
    nodes[slot].child.flatMap { storage.slot(of: $0) }
  }

  /// The live presentations stacked above `slot`, nearest first. `notLive` is read as not live (a
  /// presentation joining a stack is not on it yet).
  func above(_ slot: Int, in storage: SessionStorage, notLive: Int? = nil) -> [Int] {
    var above: [Int] = []
    var current = child(of: slot, in: storage)
    while let child = current, child != notLive, storage.slots[child].lifecycle.phase.isLive, child != slot,
      !above.contains(child)
    {
      above.append(child)
      current = self.child(of: child, in: storage)
    }
    return above
  }

  /// The slot of the presentation `root` presents, if the root presents one.
  func rootChild(of root: String, in storage: SessionStorage) -> Int? {
    storage.slot(of: root).flatMap { child(of: $0, in: storage) }
  }

  /// The first stack rule a `present` of `slot` from `presenter` breaks, in the order of <doc:Rules#One-finding-per-event>, as the table's guard and the finding's detail.
  func problem(presenting slot: Int, from presenter: String, in storage: SessionStorage)
    -> (TableGuard, StepDetail)?
  {
    let child: Int?
    if SessionStorage.isRoot(presenter) {
      child = rootChild(of: presenter, in: storage)
    } else {
      let presenterSlot = storage.slot(of: presenter)
      let presenterPhase = presenterSlot.map { storage.slots[$0].lifecycle.phase } ?? .absent
      if presenterPhase.isInFlight {
        return (.presenterInFlight, .presenterInFlight(presenter: presenter, phase: presenterPhase))
      }
      guard presenterPhase.isPresentedAndIdle, let presenterSlot else {
        return (.presenterNotPresented, .presenterNotPresented(presenter: presenter, phase: presenterPhase))
      }
      child = self.child(of: presenterSlot, in: storage)
    }
    if let child, child != slot {
      let childPhase = storage.slots[child].lifecycle.phase
      let childID = storage.id(ofSlot: child)
      if childPhase.isInFlight {
        return (
          .presenterTransitioningAnother,
          .presenterTransitioning(presenter: presenter, child: childID, phase: childPhase)
        )
      }
      if childPhase.isLive {
        return (.presenterPresentsAnother, .presenterBusy(presenter: presenter, child: childID))
      }
    }
    return nil
  }

  /// The presenter of an implicit present (<doc:Rules#Optional-request-events>): the default root's
  /// top-most presented presentation, or the root itself when none is presented and idle.
  func implicitPresenter(in storage: SessionStorage) -> String {
    let root = PresentationSession.defaultRoot
    guard let child = rootChild(of: root, in: storage) else { return root }
    let top = ([child] + above(child, in: storage)).last {
      storage.slots[$0].lifecycle.phase.isPresentedAndIdle
    }
    return top.map { storage.id(ofSlot: $0) } ?? root
  }

  /// The other members of the dismissal group of `slot` that the storage holds a lifecycle for, lowest
  /// first (none outside a group, which is every presentation but a stack dismissed from below).
  func otherMembers(of slot: Int, in storage: SessionStorage) -> [Int] {
    guard nodes[slot].group.count > 1 else { return [] }
    return nodes[slot].group.compactMap { member in
      guard let other = storage.slot(of: member), other != slot,
        storage.slots[other].lifecycle.phase != .absent
      else { return nil }
      return other
    }
  }

  /// Removes `slot` from its presenter: the presenter's child is cleared if it was `slot`. Returns the
  /// slot of a root it presented from, which may now be vacant.
  mutating func unlink(_ slot: Int, ref: PresentationRef, in storage: SessionStorage) -> Int? {
    switch nodes[slot].presenter {
    case nil:
      return nil
    case .root(let root):
      guard let rootSlot = storage.slot(of: root), nodes[rootSlot].child == ref else { return nil }
      nodes[rootSlot].child = nil
      return rootSlot
    case .presentation(let presenter):
      if let presenterSlot = storage.slot(of: presenter),
        storage.slots[presenterSlot].lifecycle.phase != .absent,
        nodes[presenterSlot].child == ref
      {
        nodes[presenterSlot].child = nil
      }
      return nil
    }
  }
}
