#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds which of a fixed set of names a run of bytes spells, without creating a `String`.
///
/// ```swift
/// let table = ByteNameTable(["t", "id", "event"])
/// let bytes = Array("event".utf8)
/// bytes.withUnsafeBufferPointer { table.index(of: $0.baseAddress!, count: $0.count) } // 2
/// ```
///
/// The fast trace reader matches event names and keys with it: an open-addressed table keyed by the
/// length and three of the bytes, each candidate confirmed byte for byte. Names are compared as bytes, so
/// it is exact for the ASCII names of the format (the reader sends anything else to the slow path).
struct ByteNameTable: Sendable {
  private var slots: [Int16]
  private var storage: [UInt8]
  private var offsets: [Int]
  private var lengths: [Int]
  private let mask: Int

  init(_ names: [String]) {
    var size = 16
    while size < names.count * 4 { size <<= 1 }
    mask = size - 1
    slots = [Int16](repeating: -1, count: size)
    storage = []
    offsets = []
    lengths = []
    for (index, name) in names.enumerated() {
      let bytes = Array(name.utf8)
      offsets.append(storage.count)
      lengths.append(bytes.count)
      storage.append(contentsOf: bytes)
      guard !bytes.isEmpty else { continue }
      var slot = bytes.withUnsafeBufferPointer { buffer in
        buffer.baseAddress.map { Self.hash($0, buffer.count) } ?? 0
      }
      slot &= mask
      while slots[slot] >= 0 { slot = (slot + 1) & mask }
      slots[slot] = Int16(index)
    }
  }

  @inline(__always)
  private static func hash(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
    count &* 31 &+ Int(bytes[0]) &* 7 &+ Int(bytes[count &- 1]) &* 131 &+ Int(bytes[count >> 1]) &* 17
  }

  /// The index (in the order given to `init`) of the name `bytes[0..<count]` spells, or `nil`.
  @inline(__always)
  func index(of bytes: UnsafePointer<UInt8>, count: Int) -> Int? {
    guard count > 0 else { return nil }
    var slot = Self.hash(bytes, count) & mask
    return storage.withUnsafeBufferPointer { names -> Int? in
      guard let base = names.baseAddress else { return nil }
      while true {
        let entry = Int(slots[slot])
        if entry < 0 { return nil }
        if lengths[entry] == count, memcmp(base + offsets[entry], bytes, count) == 0 { return entry }
        slot = (slot + 1) & mask
      }
    }
  }
}
