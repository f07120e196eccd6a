/// Where the session keeps each id it holds: a presentation id's slot number, found once per event.
///
/// ```swift
/// var index = PresentationIndex()
/// index.insert("p1", slot: 0)
/// index.slot(of: "p1") // 0
/// index.remove("p1")
/// ```
///
/// An open-addressed table with linear probing and backward-shift deletion (no tombstones, so lookups
/// never slow down as ids come and go). It hashes with `WordHash` instead of `Hasher`: the lookup is on
/// the path of every event, and a `Dictionary<String, Int>` lookup cost about 40 ns there against about
/// 15 ns for this one.
struct PresentationIndex: Sendable {
  /// One place of the table: an id, its hash and its slot, side by side. Kept as three parallel arrays, an
  /// insert or a removal paid a uniqueness check and a bounds check per array (about 300 instructions an
  /// insert, 245 a removal).
  struct Entry: Sendable {
    var key: String
    var hash: UInt64
    /// The slot stored under the entry, or -1 for an empty entry.
    var slot: Int32

    static let empty = Entry(key: "", hash: 0, slot: -1)
  }

  private var entries: [Entry]
  private var mask: Int
  private(set) var count = 0
  /// By a hash of an id's `String` bits, the entry that id was last found in (or -1): `slot(remembering:)`
  /// tries it before hashing the id's bytes. Only a hint: the entry's key must have the same bits, and two
  /// strings with the same bits are the same string (the same inline bytes, or the same storage, which
  /// the key keeps alive). A stale hint (the entry moved or was reused) just misses.
  private var shortcuts: [Int32]
  private static let shortcutBits = 12

  init() {
    entries = Array(repeating: .empty, count: 16)
    mask = 15
    shortcuts = Array(repeating: -1, count: 1 << Self.shortcutBits)
  }

  /// `slot(of:)` for the id of the event being stepped, which usually is the same `String` as the last
  /// time (the reader interns ids): found through `shortcuts` without hashing or comparing its bytes.
  @inline(__always)
  mutating func slot(remembering id: String) -> Int? {
    if let slot = hintedSlot(of: id) { return slot }
    return slot(rememberingUnhinted: id)
  }

  /// The slot the shortcut of `id`'s `String` bits points to, when its entry's key has those very bits
  /// (so the same inline bytes, or the same storage); `nil` otherwise, which decides nothing.
  @inline(__always)
  func hintedSlot(of id: String) -> Int? { hinted(id)?.slot }

  /// The entry the shortcut of `id`'s `String` bits points to, and its slot, when the entry holds those very
  /// bits; `nil` decides nothing. Read in place through the buffer: the step of every event inlines it.
  @inline(__always)
  private func hinted(_ id: String) -> (entry: Int, slot: Int)? {
    #if _pointerBitWidth(_64)
      let hinted = Int(shortcuts[Self.shortcut(of: id)])
      guard hinted >= 0 else { return nil }
      return entries.withUnsafeBufferPointer { entries in
        let entry = entries.baseAddress.unsafelyUnwrapped + hinted
        guard entry.pointee.slot >= 0,
          unsafeBitCast(entry.pointee.key, to: (UInt64, UInt64).self)
            == unsafeBitCast(id, to: (UInt64, UInt64).self)
        else { return nil }
        return (hinted, Int(entry.pointee.slot))
      }
    #else
      return nil
    #endif
  }

  /// The rest of `slot(remembering:)`, out of line, for a caller whose `hintedSlot(of:)` just missed: the
  /// hashed lookup, which then leaves a shortcut.
  @inline(never)
  mutating func slot(rememberingUnhinted id: String) -> Int? {
    guard let entry = entry(of: id) else { return nil }
    #if _pointerBitWidth(_64)
      shortcuts[Self.shortcut(of: id)] = Int32(truncatingIfNeeded: entry)
    #endif
    return Int(entries[entry].slot)
  }

  #if _pointerBitWidth(_64)
    /// Where `shortcuts` keeps the hint for a `String` with the bits of `id`.
    @inline(__always)
    private static func shortcut(of id: String) -> Int {
      let bits = unsafeBitCast(id, to: (UInt64, UInt64).self)
      return Int(
        truncatingIfNeeded: ((bits.0 ^ (bits.1 &>> 32) ^ (bits.1 &<< 17)) &* 0x9E37_79B9_7F4A_7C15)
          &>> UInt64(64 - Self.shortcutBits))
    }
  #endif

  /// The slot of `id`, or `nil` when the index does not hold it.
  @inline(__always)
  func slot(of id: String) -> Int? {
    entry(of: id).map { Int(entries[$0].slot) }
  }

  /// The entry that holds `id`, or `nil`.
  @inline(__always)
  private func entry(of id: String) -> Int? {
    let hash = Self.hash(id)
    var entry = Int(truncatingIfNeeded: hash) & mask
    while true {
      if entries[entry].slot < 0 { return nil }
      if entries[entry].hash == hash, entries[entry].key == id { return entry }
      entry = (entry + 1) & mask
    }
  }

  /// Stores `slot` under `id` (which the index must not hold yet).
  mutating func insert(_ id: String, slot: Int) {
    if (count + 1) * 2 > entries.count { grow() }
    let hash = Self.hash(id)
    var entry = Int(truncatingIfNeeded: hash) & mask
    while entries[entry].slot >= 0 { entry = (entry + 1) & mask }
    store(id, hash: hash, slot: slot, at: entry)
  }

  /// `slot(rememberingUnhinted:)`, storing `newSlot` under `id` when the index does not hold it: the probe
  /// that misses ends on the empty entry the id goes to, so a new id is hashed and probed once, not once to
  /// look and once to insert.
  @inline(never)
  mutating func slot(rememberingUnhinted id: String, inserting newSlot: Int) -> (slot: Int, inserted: Bool) {
    let hash = Self.hash(id)
    var entry = Int(truncatingIfNeeded: hash) & mask
    while entries[entry].slot >= 0 {
      if entries[entry].hash == hash, entries[entry].key == id {
        #if _pointerBitWidth(_64)
          shortcuts[Self.shortcut(of: id)] = Int32(truncatingIfNeeded: entry)
        #endif
        return (Int(entries[entry].slot), false)
      }
      entry = (entry + 1) & mask
    }
    if (count + 1) * 2 > entries.count {
      grow()
      entry = Int(truncatingIfNeeded: hash) & mask
      while entries[entry].slot >= 0 { entry = (entry + 1) & mask }
    }
    store(id, hash: hash, slot: newSlot, at: entry)
    return (newSlot, true)
  }

  /// Fills the empty `entry` with `id`.
  @inline(__always)
  private mutating func store(_ id: String, hash: UInt64, slot: Int, at entry: Int) {
    entries[entry] = Entry(key: id, hash: hash, slot: Int32(truncatingIfNeeded: slot))
    count += 1
    #if _pointerBitWidth(_64)
      shortcuts[Self.shortcut(of: id)] = Int32(truncatingIfNeeded: entry)  // the id's next step finds it
    #endif
  }

  /// Forgets `id`; later entries of its probe run move back, so no lookup has to step over a gap.
  mutating func remove(_ id: String) {
    // The storage forgets an id by the `String` it stored, which its shortcut usually still knows: found
    // without hashing the id or comparing its bytes.
    guard let entry = hinted(id)?.entry ?? entry(of: id) else { return }
    var gap = entry
    var next = (gap + 1) & mask
    while entries[next].slot >= 0 {
      let home = Int(truncatingIfNeeded: entries[next].hash) & mask
      // The entry at `next` may fill the gap when its home is not in the cyclic range (gap, next].
      if (next > gap && (home <= gap || home > next)) || (next < gap && home <= gap && home > next) {
        entries[gap] = entries[next]
        gap = next
      }
      next = (next + 1) & mask
    }
    entries[gap] = .empty
    count -= 1
  }

  private mutating func grow() {
    let old = entries
    let capacity = entries.count * 2
    entries = Array(repeating: .empty, count: capacity)
    mask = capacity - 1
    for entry in old where entry.slot >= 0 {
      var target = Int(truncatingIfNeeded: entry.hash) & mask
      while entries[target].slot >= 0 { target = (target + 1) & mask }
      entries[target] = entry
    }
  }

  @inline(__always)
  static func hash(_ id: String) -> UInt64 { WordHash.hash(id) }
}
