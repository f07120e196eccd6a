/// The memory of a session's slots: fixed-width records (`SessionStorage.Slot`) the storage owns, written
/// in place with no uniqueness check per write.
///
/// ```swift
/// var buffer = SlotBuffer()
/// buffer.append(SessionStorage.Slot(isRoot: false, generation: 0))
/// buffer.slots[0].isIdle = true
/// ```
///
/// A session is a value (an auditor is copied, and the copy stepped on), so the storage copies the buffer
/// before it writes to one it shares (`SessionStorage.makeUnique()`, once a step), as an array does on
/// every write. A slot holds no reference, so copying and freeing the buffer move bytes only.
final class SlotBuffer: @unchecked Sendable {
  private(set) var base: UnsafeMutablePointer<SessionStorage.Slot>
  private(set) var count = 0
  private var capacity: Int

  /// An empty buffer with room for `capacity` slots: none until the first is added, so that a session that
  /// holds nothing (the explorer keeps thousands of them) takes no memory for its slots.
  init(capacity: Int = 0) {
    // A slot is built over an old one and the memory freed without destroying any (`SlotLayoutTests`).
    assert(_isPOD(SessionStorage.Slot.self), "a slot holds a reference: the buffer would leak it")
    self.capacity = capacity
    base = UnsafeMutablePointer.allocate(capacity: capacity)
  }

  deinit { base.deallocate() }

  /// The slots, read and written in place, each where the buffer holds it when it is accessed.
  @inline(__always)
  var slots: Slots { Slots(buffer: self) }

  /// The slots by number: each access finds the slot where the buffer holds it then, so an index that takes
  /// a slot for a new id (`storage.slots[slotCreating(id)]`, which may move them all) still reaches it.
  /// Held by a value the storage keeps alive, it retains nothing.
  struct Slots: RandomAccessCollection {
    unowned(unsafe) let buffer: SlotBuffer

    @inline(__always) var startIndex: Int { 0 }
    @inline(__always) var endIndex: Int { buffer.count }

    @inline(__always)
    subscript(slot: Int) -> SessionStorage.Slot {
      unsafeAddress {
        assert(slot >= 0 && slot < buffer.count, "slot \(slot) of \(buffer.count)")
        return UnsafePointer(buffer.base + slot)
      }
      nonmutating unsafeMutableAddress {
        assert(slot >= 0 && slot < buffer.count, "slot \(slot) of \(buffer.count)")
        return buffer.base + slot
      }
    }
  }

  /// A buffer holding the same slots, with room for as many.
  func copy() -> SlotBuffer {
    let copy = SlotBuffer(capacity: count)
    copy.base.initialize(from: base, count: count)
    copy.count = count
    return copy
  }

  /// Adds `slot` after the others.
  func append(_ slot: SessionStorage.Slot) {
    if count == capacity {
      let grownCapacity = max(4, capacity * 2)
      let grown = UnsafeMutablePointer<SessionStorage.Slot>.allocate(capacity: grownCapacity)
      grown.moveInitialize(from: base, count: count)
      base.deallocate()
      base = grown
      capacity = grownCapacity
    }
    (base + count).initialize(to: slot)
    count += 1
  }
}
