// A probe for the reader's side of the rewrite the Performance article describes ("What the rewrite would
// reach"), not the reader: what decoding a trace costs when a line in the writer's layout becomes a
// compact event (kind, interned id, time, line, the payload's numbers and flags, an interned presenter and
// style) instead of an `Event` with its strings. `compact-session-probe.sh` counts it with callgrind on the
// benchmark's trace, beside `TraceReader.read` counted the same way, and checks every event it decodes
// against Python's `json` module (`dump` prints them one a line).
//
// It reads as the writer-layout path of `TraceReader` does, eight bytes at a time: the fixed parts
// (`{"t":`, `,"id":"`, `,"event":"`) compared as words, numbers read eight digits at a time, a string's
// closing quote found by testing a word for a quote, a backslash, a control byte or a non-ASCII one at
// once, the id interned (hashed a word at a time, its first sixteen bytes kept in the entry to compare),
// the event's name and each payload key found in a table by their length and first word, and the line
// decoded before its end is looked for. A line in any other layout (the header, an escape, a key it does
// not know) is passed over and counted: the reader's general scanner and reference decoder take those.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A compact event: no strings.
struct CompactEvent {
  var t = 0.0
  var first = Double.nan  // duration, percent, width, translation, completionSpeed or index
  var second = Double.nan  // height or velocity
  var line: Int32 = 0
  var id: Int32 = 0
  var presenter: Int32 = -1
  var style: Int32 = -1
  var kind: UInt8 = 0  // `Names.unknown` for an event the probe does not know, named by `name`
  var name: Int32 = -1
  var flags: UInt8 = 0  // bit 0 animated, 1 completed, 2 didComplete, 3 wantsInteractiveStart
  var has: UInt8 = 0  // the same bits: which of them the line holds
}

/// Word tricks on eight bytes of a line, the first in the lowest bits.
enum Word {
  static let ones: UInt64 = 0x0101_0101_0101_0101
  static let highs: UInt64 = 0x8080_8080_8080_8080

  @inline(__always) static func load(_ p: UnsafePointer<UInt8>) -> UInt64 {
    UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
  }

  /// The first `count` (0...8) bytes of `word`, the rest zero.
  @inline(__always) static func prefix(_ word: UInt64, _ count: Int) -> UInt64 {
    count >= 8 ? word : word & ((1 &<< UInt64(truncatingIfNeeded: 8 &* count)) &- 1)
  }

  /// How many leading bytes of `word` are ASCII digits (0...8).
  @inline(__always) static func leadingDigits(_ word: UInt64) -> Int {
    let offset = word &- 0x3030_3030_3030_3030
    let marks = (offset | (offset &+ 0x7676_7676_7676_7676)) & highs
    return marks.trailingZeroBitCount >> 3
  }

  /// The value of the first `digits` (1...8) bytes of `word`, all digits.
  @inline(__always) static func value(_ word: UInt64, digits: Int) -> UInt64 {
    var value = word &<< UInt64(truncatingIfNeeded: 64 &- 8 &* digits)
    value = ((value & 0x0F0F_0F0F_0F0F_0F0F) &* 2561) >> 8
    value = ((value & 0x00FF_00FF_00FF_00FF) &* 6_553_601) >> 16
    return ((value & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) >> 32
  }

  /// How many leading bytes of `word` a plain string goes on through (0...8): it stops at a quote, a
  /// backslash, a control byte or a non-ASCII one. Each test marks its lowest match exactly, so the lowest
  /// mark of all is the first such byte.
  @inline(__always) static func plainBytes(_ word: UInt64) -> Int {
    let quote = word ^ (ones &* 0x22)
    let backslash = word ^ (ones &* 0x5C)
    let marks =
      ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- ones &* 0x20) & ~word)
      | word
    return (marks & highs).trailingZeroBitCount >> 3
  }
}

/// Interns byte strings: the same bytes, the same integer. Entries keep a string's hash, its length and
/// its first sixteen bytes, so that a short one is compared without reading the arena.
struct Interner {
  struct Entry {
    var hash: UInt64 = 0
    var first: UInt64 = 0
    var second: UInt64 = 0
    var count: Int32 = 0
    var id: Int32 = -1
  }
  var entries: UnsafeMutablePointer<Entry>
  var mask: Int
  var arena: UnsafeMutablePointer<UInt8>
  var arenaCount = 0
  var arenaCapacity: Int
  var starts: [Int] = []

  init() {
    entries = UnsafeMutablePointer<Entry>.allocate(capacity: 1 << 14)
    entries.initialize(repeating: Entry(), count: 1 << 14)
    mask = (1 << 14) - 1
    arenaCapacity = 1 << 16
    arena = UnsafeMutablePointer<UInt8>.allocate(capacity: arenaCapacity)
  }

  /// The id of `count` bytes at `bytes` (which can be read eight bytes past them).
  @inline(__always)
  mutating func intern(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let first = Word.prefix(Word.load(bytes), count)
    let second = count > 8 ? Word.prefix(Word.load(bytes + 8), count &- 8) : 0
    var hash = (first &* 0x9E37_79B9_7F4A_7C15) ^ (second &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(count)
    var index = 16
    while index < count {
      hash = (hash ^ Word.prefix(Word.load(bytes + index), count &- index)) &* 0xFF51_AFD7_ED55_8CCD
      index &+= 8
    }
    hash ^= hash >> 29
    var position = Int(truncatingIfNeeded: hash) & mask
    while true {
      let entry = entries[position]
      if entry.id < 0 { break }
      if entry.hash == hash, entry.count == Int32(count), entry.first == first, entry.second == second,
        count <= 16 || memcmp(arena + starts[Int(entry.id)], bytes, count) == 0
      {
        return entry.id
      }
      position = (position &+ 1) & mask
    }
    return insert(bytes, count, hash: hash, first: first, second: second, at: position)
  }

  @inline(never)
  private mutating func insert(
    _ bytes: UnsafePointer<UInt8>, _ count: Int, hash: UInt64, first: UInt64, second: UInt64, at position: Int
  ) -> Int32 {
    let id = Int32(starts.count)
    if arenaCount + count > arenaCapacity {
      let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: arenaCapacity * 2)
      grown.update(from: arena, count: arenaCount)
      arena.deallocate()
      arena = grown
      arenaCapacity *= 2
    }
    (arena + arenaCount).update(from: bytes, count: count)
    starts.append(arenaCount)
    arenaCount += count
    entries[position] = Entry(hash: hash, first: first, second: second, count: Int32(count), id: id)
    if starts.count * 2 > mask { grow() }
    return id
  }

  private mutating func grow() {
    let old = entries
    let oldCount = mask + 1
    entries = UnsafeMutablePointer<Entry>.allocate(capacity: oldCount * 2)
    entries.initialize(repeating: Entry(), count: oldCount * 2)
    mask = oldCount * 2 - 1
    for index in 0..<oldCount where old[index].id >= 0 {
      var position = Int(truncatingIfNeeded: old[index].hash) & mask
      while entries[position].id >= 0 { position = (position &+ 1) & mask }
      entries[position] = old[index]
    }
    old.deallocate()
  }

  func text(_ id: Int32) -> String {
    let start = starts[Int(id)]
    let end = Int(id) + 1 < starts.count ? starts[Int(id) + 1] : arenaCount
    return String(decoding: UnsafeBufferPointer(start: arena + start, count: end - start), as: UTF8.self)
  }
}

/// Names (event kinds, payload keys) found by a hash of their length and first word in a table of 256
/// entries, then compared a word at a time.
struct Names {
  /// The kind of an event whose name is in no table: the reader keeps its name, as the machine's does.
  static let unknown: UInt8 = 255
  let names: [[UInt8]]
  let slots: UnsafeMutablePointer<Int16>  // the name's index, -1 for none
  let words: UnsafeMutablePointer<UInt64>  // each name's words, six a name (names are at most 48 bytes)

  init(_ names: [String]) {
    self.names = names.map { Array($0.utf8) }
    slots = UnsafeMutablePointer<Int16>.allocate(capacity: 256)
    slots.initialize(repeating: -1, count: 256)
    words = UnsafeMutablePointer<UInt64>.allocate(capacity: 6 * names.count)
    words.initialize(repeating: 0, count: 6 * names.count)
    for (index, name) in self.names.enumerated() {
      precondition(name.count <= 48, "a name longer than six words")
      for (offset, byte) in name.enumerated() {
        words[6 * index + offset / 8] |= UInt64(byte) << (8 * (offset % 8))
      }
      var slot = Self.slot(words[6 * index], name.count)
      while slots[slot] >= 0 { slot = (slot &+ 1) & 255 }
      slots[slot] = Int16(index)
    }
  }

  /// A name's slot, from its length and its first word. (Hashing its last word too, as many names share
  /// their first eight bytes, cost more than the collisions it spared: 684.9 instructions a line against
  /// 673.7.)
  @inline(__always)
  static func slot(_ first: UInt64, _ count: Int) -> Int {
    Int(((first ^ UInt64(count)) &* 0x9E37_79B9_7F4A_7C15) >> 56)
  }

  /// The index of the `count` bytes at `bytes` (readable eight bytes past them), or -1.
  @inline(__always)
  func find(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
    guard count <= 48 else { return -1 }
    let first = Word.prefix(Word.load(bytes), count)
    var slot = Self.slot(first, count)
    while true {
      let index = Int(slots[slot])
      if index < 0 { return -1 }
      if names[index].count == count, words[6 * index] == first {
        var offset = 8
        var same = true
        while offset < count {
          if words[6 * index + offset / 8] != Word.prefix(Word.load(bytes + offset), count &- offset) {
            same = false
            break
          }
          offset &+= 8
        }
        if same { return index }
      }
      slot = (slot &+ 1) & 255
    }
  }
}

let kinds = Names([
  "present", "dismiss", "presentationTransitionWillBegin", "presentationTransitionDidEnd",
  "dismissalTransitionWillBegin", "dismissalTransitionDidEnd", "animateTransition",
  "startInteractiveTransition", "interruptibleAnimator", "updateInteractiveTransition",
  "pauseInteractiveTransition", "finishInteractiveTransition", "cancelInteractiveTransition",
  "completeTransition", "animationEnded", "completion", "containerViewWillLayoutSubviews",
  "containerViewDidLayoutSubviews", "viewWillAppear", "viewIsAppearing", "viewDidAppear",
  "viewWillDisappear", "viewDidDisappear", "viewWillTransitionToSize",
  "presentationControllerWillDismiss", "presentationControllerDidDismiss",
  "presentationControllerDidAttemptToDismiss", "panBegan", "panChanged", "panEnded", "panCancelled",
  "mark",
])
/// Each key and where its value goes: 0 `first`, 1 `second`, 2 a flag (its bit), 3 presenter, 4 style.
let keys = Names([
  "duration", "percent", "width", "translation", "completionSpeed", "index", "height", "velocity",
  "animated", "completed", "didComplete", "wantsInteractiveStart", "presenter", "style",
])
let keyField: [(field: UInt8, bit: UInt8)] = [
  (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (1, 0), (1, 0), (2, 1), (2, 2), (2, 4), (2, 8), (3, 0),
  (4, 0),
]

/// Powers of ten: exact as doubles up to 10^22, so that one division rounds once.
let powers: [Double] = (0...22).map { exponent in
  var value = 1.0
  for _ in 0..<exponent { value *= 10 }
  return value
}
let integerPowers: [UInt64] = (0...8).map { exponent in
  var value: UInt64 = 1
  for _ in 0..<exponent { value *= 10 }
  return value
}

struct Reader {
  var interner = Interner()
  var other = 0

  /// Digits at `cursor`, up to sixteen, appended to `mantissa`: how many.
  @inline(__always)
  func digits(_ cursor: inout UnsafePointer<UInt8>, into mantissa: inout UInt64) -> Int {
    var word = Word.load(cursor)
    var count = Word.leadingDigits(word)
    guard count > 0 else { return 0 }
    mantissa = mantissa &* integerPowers[count] &+ Word.value(word, digits: count)
    cursor += count
    if count == 8 {
      word = Word.load(cursor)
      let more = Word.leadingDigits(word)
      if more > 0 {
        mantissa = mantissa &* integerPowers[more] &+ Word.value(word, digits: more)
        cursor += more
        count &+= more
      }
    }
    return count
  }

  /// The number at `cursor`: an optional minus, digits, an optional fraction; nil for any other form.
  @inline(__always)
  func number(_ cursor: inout UnsafePointer<UInt8>) -> Double? {
    let negative = cursor.pointee == UInt8(ascii: "-")
    if negative { cursor += 1 }
    var mantissa: UInt64 = 0
    let whole = digits(&cursor, into: &mantissa)
    guard whole > 0 else { return nil }
    var scale = 0
    if cursor.pointee == UInt8(ascii: ".") {
      cursor += 1
      scale = digits(&cursor, into: &mantissa)
      guard scale > 0 else { return nil }
    }
    // Fifteen digits or fewer make a mantissa a double holds exactly.
    guard whole &+ scale <= 15, cursor.pointee == UInt8(ascii: ",") || cursor.pointee == UInt8(ascii: "}")
    else { return nil }
    let value = Double(mantissa) / powers[scale]
    return negative ? -value : value
  }

  /// A plain string's bytes from `cursor` (after its opening quote) to its closing quote, which the cursor
  /// passes; nil when another byte (a backslash, a control byte, a non-ASCII one) comes first.
  @inline(__always)
  func string(_ cursor: inout UnsafePointer<UInt8>) -> (UnsafePointer<UInt8>, Int)? {
    let start = cursor
    while true {
      let plain = Word.plainBytes(Word.load(cursor))
      cursor += plain
      if plain < 8 { break }
    }
    guard cursor.pointee == UInt8(ascii: "\"") else { return nil }
    let count = cursor - start
    cursor += 1
    return (start, count)
  }

  /// Decodes the line at `start` into `event`: the cursor after its `}` when it is in the writer's layout.
  @inline(__always)
  mutating func decode(_ start: UnsafePointer<UInt8>, into event: inout CompactEvent) -> UnsafePointer<UInt8>?
  {
    // `{"t":` and `,"id":"`, `,"event":"`, compared as words.
    let opening: UInt64 = 0x3A_2274_227B  // {"t":
    guard Word.prefix(Word.load(start), 5) == opening else { return nil }
    var cursor = start + 5
    guard let t = number(&cursor) else { return nil }
    let idKey: UInt64 = 0x22_3A22_6469_222C  // ,"id":"
    guard Word.prefix(Word.load(cursor), 7) == idKey else { return nil }
    cursor += 7
    guard let (idStart, idCount) = string(&cursor) else { return nil }
    let eventKey: UInt64 = 0x3A22_746E_6576_6522  // "event":  after the comma
    guard cursor.pointee == UInt8(ascii: ","), Word.load(cursor + 1) == eventKey,
      (cursor + 9).pointee == UInt8(ascii: "\"")
    else { return nil }
    cursor += 10
    guard let (nameStart, nameCount) = string(&cursor) else { return nil }
    let kind = kinds.find(nameStart, nameCount)
    event.t = t
    event.id = interner.intern(idStart, idCount)
    if kind >= 0 {
      event.kind = UInt8(truncatingIfNeeded: kind)
    } else {
      event.kind = Names.unknown
      event.name = interner.intern(nameStart, nameCount)
    }
    event.first = .nan
    event.second = .nan
    event.presenter = -1
    event.style = -1
    event.flags = 0
    event.has = 0
    while cursor.pointee == UInt8(ascii: ",") {
      guard (cursor + 1).pointee == UInt8(ascii: "\"") else { return nil }
      cursor += 2
      guard let (keyStart, keyCount) = string(&cursor), cursor.pointee == UInt8(ascii: ":") else {
        return nil
      }
      cursor += 1
      let key = keys.find(keyStart, keyCount)
      guard key >= 0 else { return nil }
      let (field, bit) = keyField[key]
      switch field {
      case 0, 1:
        guard let value = number(&cursor) else { return nil }
        if field == 0 { event.first = value } else { event.second = value }
      case 2:
        let word = Word.load(cursor)
        if Word.prefix(word, 4) == 0x6575_7274 {  // true
          event.flags |= bit
          cursor += 4
        } else if Word.prefix(word, 5) == 0x65_736C_6166 {  // false
          cursor += 5
        } else {
          return nil
        }
        event.has |= bit
      default:
        guard cursor.pointee == UInt8(ascii: "\"") else { return nil }
        cursor += 1
        guard let (valueStart, valueCount) = string(&cursor) else { return nil }
        let value = interner.intern(valueStart, valueCount)
        if field == 3 { event.presenter = value } else { event.style = value }
      }
    }
    guard cursor.pointee == UInt8(ascii: "}") else { return nil }
    return cursor + 1
  }
}

/// Reads `path` 128 KiB at a time (with sixteen bytes past the data, zero, so that a word read near the
/// end stays in the buffer) and hands each decoded line's compact event to `body`; returns the lines.
func readLines(_ path: String, _ reader: inout Reader, _ body: (CompactEvent, inout Reader) -> Void) -> Int {
  let descriptor = open(path, O_RDONLY)
  guard descriptor >= 0 else { fatalError("cannot open \(path)") }
  defer { close(descriptor) }
  let capacity = 1 << 17
  let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity + 16)
  defer { buffer.deallocate() }
  var held = 0
  var line: Int32 = 0
  var event = CompactEvent()
  var lines = 0
  while true {
    let count = read(descriptor, buffer + held, capacity - held)
    if count < 0 { fatalError("cannot read \(path)") }
    let filled = held + max(count, 0)
    (buffer + filled).initialize(repeating: 0, count: 16)
    var cursor = UnsafePointer(buffer)
    let end = UnsafePointer(buffer) + filled
    while cursor < end {
      // Decoded first; its end is the line's when a newline follows the object.
      if let after = reader.decode(cursor, into: &event), after < end, after.pointee == 0x0A {
        line &+= 1
        lines &+= 1
        event.line = line
        body(event, &reader)
        cursor = after + 1
        continue
      }
      guard let found = memchr(cursor, 0x0A, end - cursor) else { break }
      line &+= 1
      lines &+= 1
      reader.other &+= 1
      cursor = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) + 1
    }
    held = end - cursor
    if held > 0 { memmove(buffer, cursor, held) }
    if count == 0 { return lines }
    if held == capacity { fatalError("a line longer than the buffer") }
  }
}

/// The loop callgrind counts (`--toggle-collect='*readLines*'`); the sum keeps the events used.
@inline(never)
func count(_ path: String, _ reader: inout Reader) -> (lines: Int, sum: Double) {
  var sum = 0.0
  let lines = readLines(path, &reader) { event, _ in sum += event.t + Double(event.id) + Double(event.kind) }
  return (lines, sum)
}

func text(_ value: Double) -> String { value.isNaN ? "-" : "\(value)" }

let arguments = CommandLine.arguments
guard arguments.count == 3, arguments[1] == "count" || arguments[1] == "dump" else {
  fatalError("usage: probe count|dump FILE")
}
var reader = Reader()
if arguments[1] == "count" {
  let (lines, sum) = count(arguments[2], &reader)
  print(
    "\(lines) lines, \(reader.other) in another layout, \(reader.interner.starts.count) strings, sum \(sum)")
} else {
  _ = readLines(arguments[2], &reader) { event, reader in
    let presenter = event.presenter >= 0 ? reader.interner.text(event.presenter) : "-"
    let style = event.style >= 0 ? reader.interner.text(event.style) : "-"
    let flags = (0..<4).map { bit in
      event.has & (1 << bit) == 0 ? "-" : event.flags & (1 << bit) != 0 ? "1" : "0"
    }.joined()
    print(
      "\(event.line) \(text(event.t)) \(reader.interner.text(event.id)) "
        + "\(event.kind == Names.unknown ? reader.interner.text(event.name) : String(decoding: kinds.names[Int(event.kind)], as: UTF8.self)) "
        + "\(text(event.first)) \(text(event.second)) \(presenter) \(style) \(flags)")
  }
}
