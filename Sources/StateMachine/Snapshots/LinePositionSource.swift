#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A byte source that passes another one through and counts the line ends it delivered, so an
/// incremental audit knows where the last complete line ended in the byte stream.
///
/// ```swift
/// let counted = LinePositionSource(MemoryByteSource(bytes), primer: [])
/// for record in TraceReader(source: counted) { … }
/// counted.lineEnds  // complete lines read; counted.lastLineEnd: the byte after the last one's "\n"
/// ```
///
/// A resumed audit starts mid-file: `primer` (one line the caller then skips) is delivered first, so the
/// reader treats the first line after the offset as what it is, a line after the first one (a header
/// there is misplaced, as it is in one pass). The primer is not counted.
final class LinePositionSource: ByteSource {
  private var inner: any ByteSource
  private var primer: [UInt8]
  /// Bytes of `inner` delivered.
  private(set) var delivered = 0
  /// Line ends (`\n`) among them.
  private(set) var lineEnds = 0
  /// The byte after the last `\n` delivered (0 before the first one).
  private(set) var lastLineEnd = 0

  init(_ inner: any ByteSource, primer: [UInt8]) {
    self.inner = inner
    self.primer = primer
  }

  func read(into buffer: UnsafeMutableBufferPointer<UInt8>) throws(ReadFailure) -> Int {
    guard let base = buffer.baseAddress else { return 0 }
    if !primer.isEmpty {
      let count = min(primer.count, buffer.count)
      for index in 0..<count { buffer[index] = primer[index] }
      primer.removeFirst(count)
      return count
    }
    let count = try inner.read(into: buffer)
    var start = 0
    while start < count, let found = memchr(base + start, 0x0A, count - start) {
      let newline = UnsafeMutableRawPointer(found) - UnsafeMutableRawPointer(base)
      lineEnds += 1
      lastLineEnd = delivered + newline + 1
      start = newline + 1
    }
    delivered += count
    return count
  }
}
