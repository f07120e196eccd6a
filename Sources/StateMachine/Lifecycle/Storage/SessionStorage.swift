/// Where the session keeps what it knows about each id: one slot per id in one buffer the storage owns,
/// found through the id's interned hash, with the speed tricks of the machine's hot path kept in this one
/// file.
///
/// ```swift
/// var storage = SessionStorage()
/// let slot = storage.slotCreating("p1")
/// storage.slots[slot].lifecycle.phase // .absent
/// ```
///
/// A slot is given back when nothing about its id is left to remember (`isVacant(_:)`), and reused for the next
/// id; its generation then moves on, so a `PresentationRef` to the old id no longer resolves. A root is the
/// exception, up to `idleRootLimit` of them: it keeps its slot while idle, since it presents again and again.
/// Memory grows with the ids alive at once, not with the trace.
///
/// A slot is a fixed-width record: numbers, flags and times, with no reference to count, so that reading,
/// writing or moving one retains and releases nothing (`SlotLayoutTests` holds it so). The texts an id
/// brings, the id itself and the presenter a refused `present` named, are kept in arrays beside the slots,
/// by slot number: a step reads them only where it links a presentation to its presenter, forgets an id
/// or words a finding; the session's document and its views by id (`lifecycles`, `gestures`) read them
/// too.
struct SessionStorage: Sendable {
  /// Everything the session knows about one id.
  struct Slot: Sendable {
    var lifecycle: PresentationLifecycle
    var gesture: GestureState?
    /// Which request UIKit refused, remembered so that callbacks showing it happened anyway are followed
    /// silently (<doc:Rules#Recovery-follows-the-evidence>); a refused `present`'s presenter is kept beside
    /// the slots (`refusedRequest(ofSlot:)`).
    var refused: RefusedRequest.Kind?
    /// The id's last request was a `dismiss` UIKit refused, whose completion block (run at once) has not
    /// come yet.
    var refusedDismissCompletion = false
    /// `unknown-presentation` was reported for the id and not yet followed by a presentation.
    var reportedUnknown = false
    let isRoot: Bool
    /// Where the slot stands in `inFlightSlots`, or -1.
    var inFlightPosition: Int32 = -1
    var generation: UInt32 = 0
    /// The slot holds an id: false once it is given back, until an id takes it again.
    var isHeld = true
    /// A root kept in its slot though nothing about it is left to remember (see `keepsIdle(_:)`).
    var isIdle = false

    /// Inlined, as the lifecycle's: the slot is then built in the memory it goes to.
    @inline(__always)
    init(isRoot: Bool, generation: UInt32) {
      lifecycle = PresentationLifecycle()
      self.isRoot = isRoot
      self.generation = generation
    }

    /// Notes a pan event of the id at `t` in its gesture, in place (a gesture read out, changed and written
    /// back cost a copy each way on every pan event).
    @inline(__always)
    mutating func noteGesture(at t: Double, fingerDown: Bool) {
      if case .none = gesture { gesture = GestureState() }
      gesture?.lastT = t
      gesture?.isActive = fingerDown
      if !fingerDown { gesture?.endedT = t }
    }

    /// The facts the table's guards test for `trigger` (`TableGuard.bitTest`): the transition's, and the
    /// slot's own (a refused request, `unknown-presentation` reported).
    @inline(__always)
    func guardFacts(for trigger: Trigger) -> GuardFacts {
      var facts = lifecycle.guardFacts(for: trigger)
      switch refused {
      case .dismiss?: facts.formUnion([.requestRefused, .dismissRefused])
      case .present?: facts.formUnion([.requestRefused, .presentRefused])
      case nil: break
      }
      if refusedDismissCompletion { facts.insert(.refusedDismissCompletion) }
      if reportedUnknown { facts.insert(.unknownReported) }
      return facts
    }

    /// Whether a request of the id was refused.
    @inline(__always)
    var hasRefusal: Bool { refused != nil }
  }

  /// A `present` or `dismiss` UIKit refused, as a session's document gives it.
  enum RefusedRequest: Sendable, Codable, Hashable {
    /// A refused `present` and the presenter it named: a later `presentationTransitionWillBegin` of the
    /// id stacks on it.
    case present(presenter: String)
    case dismiss

    /// Which request it was, as a slot keeps it.
    enum Kind: UInt8, Sendable {
      case present, dismiss
    }

    /// The presenter a refused `present` named.
    var presenter: String? {
      switch self {
      case .present(let presenter): presenter
      case .dismiss: nil
      }
    }
  }

  private var index = PresentationIndex()
  /// The slots' memory, which the storage owns: an array checked its uniqueness on every write (a call
  /// to the runtime, two or three a step), the buffer once a step (`makeUnique()`).
  private var buffer = SlotBuffer()
  /// Every slot, by number, read and written in place (`storage.slots[slot].lifecycle…`). A step writes
  /// only after `makeUnique()`, which the session's mutating entry points call first.
  var slots: SlotBuffer.Slots {
    @inline(__always) get { buffer.slots }
  }
  /// The id in each slot, kept beside the slots (a slot holds no text).
  private var ids: [String] = []
  /// The presenter each slot's refused `present` named (`""` for any other slot), beside the slots as the
  /// ids are.
  private var refusedPresenters: [String] = []
  private var vacantSlots: [Int] = []
  /// The slots with a transition in flight, in no order.
  private(set) var inFlightSlots: [Int] = []

  /// How many ids hold a slot for what the session remembers about them: the presentations, and the roots
  /// that present one (the idle roots kept are not counted).
  var count: Int { index.count - idleRootCount }

  /// How many slots hold an id, idle roots included: what the session's memory grows with.
  var slotCount: Int { index.count }

  /// The most roots kept idle in their slots (`keepsIdle(_:)`).
  static let idleRootLimit = 64
  /// How many slots hold an idle root.
  private(set) var idleRootCount = 0

  /// The slot of `id`, if the storage holds it: through the index's shortcut when it knows the `String` (a
  /// presenter named by the request, a root as its presentations name it), which saves hashing the id and
  /// comparing its bytes, two or three times a `present` (about 18 instructions an event over a card
  /// presented and dismissed again and again).
  @inline(__always)
  func slot(of id: String) -> Int? { index.hintedSlot(of: id) ?? index.slot(of: id) }

  /// The slot of `id` when the index's shortcut knows its `String` (`nil` decides nothing): the lookup of
  /// the auditor's quiet stay, which leaves every other case to the step.
  @inline(__always)
  func hintedSlot(of id: String) -> Int? { index.hintedSlot(of: id) }

  /// A reference to the id in `slot`.
  @inline(__always)
  func ref(ofSlot slot: Int) -> PresentationRef {
    PresentationRef(slot: Int32(truncatingIfNeeded: slot), generation: slots[slot].generation)
  }

  /// The slot `ref` names, while it still holds that id.
  @inline(__always)
  func slot(of ref: PresentationRef) -> Int? {
    let slot = Int(ref.slot)
    return slots.indices.contains(slot) && slots[slot].generation == ref.generation ? slot : nil
  }

  /// The id in `slot`.
  @inline(__always)
  func id(ofSlot slot: Int) -> String { ids[slot] }

  /// Whether `slot` holds an id with nothing left to remember about it (the slot can be reused for
  /// another id), read field by field in place: read as a property of the slot, it cost a copy of the
  /// whole slot each time a presentation was forgotten.
  @inline(__always)
  func isVacant(_ slot: Int) -> Bool {
    reading(slot) { slot in
      slot.pointee.isHeld && slot.pointee.lifecycle.phase == .absent && !slot.pointee.reportedUnknown
        && !slot.pointee.refusedDismissCompletion && !slot.pointee.hasRefusal && slot.pointee.gesture == nil
    }
  }

  /// Reads the slot in place through a pointer (`$0.pointee.lifecycle…`), several fields in one access
  /// (`slots[slot].field` reads one in place too; a borrowed `Slot` handed to a closure would be a copy of
  /// the slot, a few hundred bytes). `slot` must be a slot of the storage.
  @inline(__always)
  func reading<Result>(_ slot: Int, _ read: (UnsafePointer<Slot>) -> Result) -> Result {
    read(buffer.base + slot)
  }

  /// Reads the transition's facts of the id in `slot` in place, if it has any (`reading(_:_:)` for the
  /// lifecycle's `readTransition`: a method called on the array's element reads a copy of the slot).
  @inline(__always)
  func readingTransition<Result>(_ slot: Int, _ read: (borrowing TransitionRecord) -> Result) -> Result? {
    reading(slot) { $0.pointee.lifecycle.readTransition(read) }
  }

  /// The slot of `id`, taking a vacant one (or a new one) for an id not held yet.
  @inline(__always)
  mutating func slotCreating(_ id: String) -> Int {
    index.hintedSlot(of: id) ?? slotCreatingUnhinted(id)
  }

  /// `slotCreating` when the index's shortcut does not know the `String`: out of line, so that the step
  /// of nearly every event inlines only the shortcut.
  @inline(never)
  private mutating func slotCreatingUnhinted(_ id: String) -> Int {
    let (slot, inserted) = index.slot(rememberingUnhinted: id, inserting: vacantSlots.last ?? slots.count)
    guard inserted else { return slot }
    assertUnique()
    if slot < slots.count {
      vacantSlots.removeLast()
      // Built in the buffer's memory: assigned through an array's subscript, the new slot was built aside
      // and copied in. A slot holds no reference (`SlotLayoutTests`), so the old one needs no destroying.
      let place = buffer.base + slot
      place.initialize(to: Slot(isRoot: Self.isRoot(id), generation: place.pointee.generation))
      ids[slot] = id
    } else {
      buffer.append(Slot(isRoot: Self.isRoot(id), generation: 0))
      ids.append(id)
      refusedPresenters.append("")
    }
    return slot
  }

  /// Starts the lifecycle in `slot` over, in place.
  mutating func resetLifecycle(ofSlot slot: Int) {
    assertUnique()
    (buffer.base + slot).pointee.lifecycle = PresentationLifecycle()
  }

  /// Makes the slots this storage's own before a step writes them: copies them when another value of the
  /// storage shares them (an auditor copied, and the copy stepped on). Every mutating entry point of the
  /// session calls it first; nothing else writes the slots.
  @inline(__always)
  mutating func makeUnique() {
    if !isKnownUniquelyReferenced(&buffer) { buffer = buffer.copy() }
  }

  /// Traps, in a debug build, where a write finds the slots shared: a mutating entry point of the session
  /// that did not call `makeUnique()` first (the tests run debug builds; `SessionCopyTests` steps copies).
  @inline(__always)
  private mutating func assertUnique() {
    assert(isKnownUniquelyReferenced(&buffer), "the session wrote slots it shares: call makeUnique() first")
  }

  /// The request UIKit refused of the id in `slot`, with the presenter a refused `present` named.
  func refusedRequest(ofSlot slot: Int) -> RefusedRequest? {
    switch reading(slot, { $0.pointee.refused }) {
    case .present?: .present(presenter: refusedPresenters[slot])
    case .dismiss?: .dismiss
    case nil: nil
    }
  }

  /// Remembers the request UIKit refused of the id in `slot` (`nil`: none).
  mutating func setRefusedRequest(_ request: RefusedRequest?, ofSlot slot: Int) {
    assertUnique()
    switch request {
    case .present(let presenter)?:
      slots[slot].refused = .present
      refusedPresenters[slot] = presenter
    case .dismiss?:
      slots[slot].refused = .dismiss
      refusedPresenters[slot] = ""
    case nil:
      slots[slot].refused = nil
      refusedPresenters[slot] = ""
    }
  }

  /// Whether the vacant `slot` stays held as an idle root rather than being given back: a root presents
  /// again and again (a scene's presentation is presented and dismissed, the default root's cards one
  /// after another), and giving its slot back when its presentation ended, to take one again at the next
  /// present, cost about 1,000 instructions a cycle. At most `idleRootLimit` roots are kept, so memory still
  /// follows the roots in use, not every root a trace names. The caller checked that `slot` is vacant.
  @inline(__always)
  mutating func keepsIdle(_ slot: Int) -> Bool {
    let (isRoot, isIdle) = reading(slot) { ($0.pointee.isRoot, $0.pointee.isIdle) }
    guard isRoot else { return false }
    if isIdle { return true }
    guard idleRootCount < Self.idleRootLimit else { return false }
    slots[slot].isIdle = true
    idleRootCount += 1
    return true
  }

  /// The idle root in `slot` is in use again (it is about to present, or to be told something): it counts
  /// as held until it is idle again.
  @inline(__always)
  mutating func wakeIfIdle(_ slot: Int) {
    guard reading(slot, { $0.pointee.isIdle }) else { return }
    slots[slot].isIdle = false
    idleRootCount -= 1
  }

  /// Gives the slot back (its id forgotten, its generation moved on); the caller checked that nothing about
  /// the id is left to remember, here and in the stack.
  mutating func release(_ slot: Int) {
    assertUnique()
    index.remove(ids[slot])
    // Its fields already say nothing (the caller checked it is vacant; its `isRoot` stays the old id's, read
    // by nothing until an id takes it); only whether it holds an id and its generation change. Built anew
    // here, a slot cost a write of the whole record (468 bytes then) and a copy of it each time a
    // presentation was forgotten, and it is built anew when an id takes it again.
    slots[slot].isHeld = false
    slots[slot].generation &+= 1
    ids[slot] = ""  // a vacant slot holds no refusal, so no refused presenter either
    vacantSlots.append(slot)
  }

  /// Keeps `inFlightSlots` in step with the slot's phase.
  @inline(__always)
  mutating func setInFlight(_ slot: Int, _ inFlight: Bool) {
    // Read in place first: most steps leave the slot where it was, and a write access (even one that writes
    // nothing) checked the array's uniqueness on every general step.
    let position = Int(reading(slot) { $0.pointee.inFlightPosition })
    guard inFlight != (position >= 0) else { return }
    moveInFlight(slot, inFlight, position: position)
  }

  /// `setInFlight` for a slot whose transition just went in flight or out of it.
  @inline(never)
  private mutating func moveInFlight(_ slot: Int, _ inFlight: Bool, position: Int) {
    assertUnique()
    if inFlight, position < 0 {
      slots[slot].inFlightPosition = Int32(truncatingIfNeeded: inFlightSlots.count)
      inFlightSlots.append(slot)
    } else if !inFlight, position >= 0 {
      let last = inFlightSlots.removeLast()
      if last != slot {
        inFlightSlots[position] = last
        slots[last].inFlightPosition = Int32(truncatingIfNeeded: position)
      }
      slots[slot].inFlightPosition = -1
    }
  }

  /// Whether `id` names a root (`"root"` or `"root:NAME"`).
  static func isRoot(_ id: String) -> Bool {
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
}
