/// Finds which of a fixed set of byte patterns starts at a position of a line, comparing eight bytes at a
/// time: no `String`, no scan for where the pattern ends.
///
/// ```swift
/// let table = BytePatternTable([(Array(#","width":"#.utf8), 5), (Array(#","height":"#.utf8), 6)], bucketOffset: 2)
/// let line = Array(#"{"t":1,"id":"a","event":"viewWillTransitionToSize","width":390,"height":844}"#.utf8)
/// line.withUnsafeBufferPointer { table.match($0.baseAddress!, at: 50, count: $0.count) }  // (5, 9)
/// ```
///
/// The writer-layout decoder (`EventLineScanner.decodeWriterLayout`) matches payload keys with their
/// quotes and colon (`,"width":`) and event names with their quotes (`":"present"`). A pattern that ends in
/// a byte no name contains (a quote, a colon) matches only that exact name, so a match needs no further
/// check. Every pattern is at least eight bytes long, so the last word is loaded inside the pattern (it
/// overlaps the one before), never past the line. Candidates are bucketed by the four bytes at
/// `bucketOffset`, the first bytes of the name.
///
/// The storage is allocated once and only read after `init`, which is what makes sharing it `Sendable`.
final class BytePatternTable: @unchecked Sendable {
  /// The shortest pattern the table takes: one whole word.
  static let minimumLength = 8
  private static let bucketBits = 6

  /// Per pattern, its words: one per eight bytes, the last one ending where the pattern ends.
  private let words: UnsafeMutablePointer<UInt64>
  /// Per pattern: where its words start, its length in bytes, and its code.
  private let wordStarts: UnsafeMutablePointer<Int32>
  private let lengths: UnsafeMutablePointer<Int32>
  private let codes: UnsafeMutablePointer<Int>
  /// Per bucket, the first pattern in it (patterns are stored bucket by bucket); one more entry at the end.
  private let bucketStarts: UnsafeMutablePointer<Int32>
  private let bucketOffset: Int

  /// A table of `entries`, each a pattern and the code `match` answers for it. Each pattern must be at
  /// least `minimumLength` bytes and `bucketOffset + 4` bytes long, and none may be a prefix of another.
  init(_ entries: [(pattern: [UInt8], code: Int)], bucketOffset: Int) {
    let patterns = entries.map(\.pattern)
    precondition(patterns.allSatisfy { $0.count >= max(Self.minimumLength, bucketOffset + 4) })
    self.bucketOffset = bucketOffset
    let bucketCount = 1 << Self.bucketBits
    let order = patterns.indices.sorted {
      (Self.bucket(of: patterns[$0], at: bucketOffset), $0) < (
        Self.bucket(of: patterns[$1], at: bucketOffset), $1
      )
    }
    var allWords: [UInt64] = []
    var starts: [Int32] = []
    var lengthList: [Int32] = []
    var codeList: [Int] = []
    var firstOfBucket = [Int32](repeating: Int32(patterns.count), count: bucketCount + 1)
    for (position, index) in order.enumerated().reversed() {
      firstOfBucket[Self.bucket(of: patterns[index], at: bucketOffset)] = Int32(position)
    }
    for bucket in stride(from: bucketCount - 1, through: 0, by: -1)
    where firstOfBucket[bucket] > firstOfBucket[bucket + 1] {
      firstOfBucket[bucket] = firstOfBucket[bucket + 1]
    }
    for index in order {
      let pattern = patterns[index]
      starts.append(Int32(allWords.count))
      lengthList.append(Int32(pattern.count))
      codeList.append(entries[index].code)
      for offset in Self.wordOffsets(length: pattern.count) {
        allWords.append(Self.word(pattern, at: offset))
      }
    }
    words = Self.copy(allWords)
    wordStarts = Self.copy(starts)
    lengths = Self.copy(lengthList)
    codes = Self.copy(codeList)
    bucketStarts = Self.copy(firstOfBucket)
  }

  deinit {
    words.deallocate()
    wordStarts.deallocate()
    lengths.deallocate()
    codes.deallocate()
    bucketStarts.deallocate()
  }

  /// The code and length of the pattern that `p[i..<n]` starts with, or `nil`.
  @inline(__always)
  func match(_ p: UnsafePointer<UInt8>, at i: Int, count n: Int) -> (code: Int, length: Int)? {
    let available = n &- i
    guard available >= Self.minimumLength else { return nil }
    let line = UnsafeRawPointer(p + i)
    let key = line.loadUnaligned(fromByteOffset: bucketOffset, as: UInt32.self)
    let bucket = Int(truncatingIfNeeded: (key &* 0x9E37_79B1) >> UInt32(32 - Self.bucketBits))
    var entry = Int(bucketStarts[bucket])
    let last = Int(bucketStarts[bucket + 1])
    candidates: while entry < last {
      defer { entry += 1 }
      let length = Int(lengths[entry])
      guard length <= available else { continue }
      let first = words + Int(wordStarts[entry])
      // The last word first: the names of a bucket share their first bytes, and differ at their ends
      // (`…WillBegin"` and `…DidEnd"`, `panChanged"` and `panCancelled"`).
      let lastWord = (length &- 1) >> 3
      guard line.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self) == first[lastWord] else {
        continue
      }
      var offset = 0
      var word = first
      while offset &+ 8 < length {
        guard line.loadUnaligned(fromByteOffset: offset, as: UInt64.self) == word.pointee else {
          continue candidates
        }
        offset &+= 8
        word += 1
      }
      return (codes[entry], length)
    }
    return nil
  }

  /// Where the words of a pattern of `length` bytes start: every eight bytes, the last one at `length - 8`.
  private static func wordOffsets(length: Int) -> [Int] {
    Array(stride(from: 0, to: length - 8, by: 8)) + [length - 8]
  }

  /// The eight bytes of `pattern` at `offset`, as `loadUnaligned` reads them from memory.
  private static func word(_ pattern: [UInt8], at offset: Int) -> UInt64 {
    pattern[offset..<offset + 8].withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
  }

  private static func bucket(of pattern: [UInt8], at offset: Int) -> Int {
    let key = pattern[offset..<offset + 4].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
    return Int(truncatingIfNeeded: (key &* 0x9E37_79B1) >> UInt32(32 - bucketBits))
  }

  private static func copy<Element>(_ elements: [Element]) -> UnsafeMutablePointer<Element> {
    let storage = UnsafeMutablePointer<Element>.allocate(capacity: max(elements.count, 1))
    elements.withUnsafeBufferPointer { buffer in
      if let base = buffer.baseAddress { storage.initialize(from: base, count: buffer.count) }
    }
    return storage
  }
}
