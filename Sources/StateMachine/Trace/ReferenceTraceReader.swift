#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The straightforward trace reader: gathers each line into an array, parses it into a JSON object tree and
/// decodes that; the reference that the fast `TraceReader` is checked against.
///
/// ```swift
/// let fast = Array(TraceReader(bytes: bytes))
/// let reference = Array(ReferenceTraceReader(bytes: bytes))
/// fast == reference // the differential tests check this on every test input and on mutations of them
/// ```
///
/// It gives exactly the records of `TraceReader` (same events, same errors at the same line and column, same
/// notes), about thirty times slower; keep it simple rather than fast.
package struct ReferenceTraceReader: Sequence, IteratorProtocol {
  /// The longest line the reader keeps (the same limit as `TraceReader`).
  package static let maximumLineLength = TraceReader.maximumLineLength
  /// How many bytes are read from the source at once.
  package static let chunkSize = 64 << 10

  private var source: any ByteSource
  private var chunk: [UInt8]
  private var chunkStart = 0
  private var chunkEnd = 0
  private var line: [UInt8] = []
  private var lineNumber = 0
  private var lineIsOverlong = false
  private var sourceEnded = false
  private var decoder = LineDecoder()

  /// A reader over any byte source.
  package init(source: any ByteSource) {
    self.init(source: source, chunkSize: Self.chunkSize)
  }

  private init(source: any ByteSource, chunkSize: Int) {
    self.source = source
    chunk = [UInt8](repeating: 0, count: chunkSize)
  }

  /// A reader over a file on disk; throws when the file cannot be opened.
  package init(path: String) throws(ReadFailure) {
    self.init(source: try FileByteSource(path: path))
  }

  /// A reader over bytes already in memory.
  package init(bytes: [UInt8]) {
    // No bigger chunk than the bytes need: the libFuzzer audit target reads short inputs by the million.
    self.init(source: MemoryByteSource(bytes), chunkSize: Swift.min(Self.chunkSize, bytes.count + 1))
  }

  /// The number of the last line read (1-based), blank lines included.
  package var currentLine: Int { lineNumber }

  package mutating func next() -> TraceRecord? {
    while true {
      switch nextLine() {
      case .end: return nil
      case .failed(let failure):
        return .inputError(InputError(line: lineNumber + 1, column: 1, message: failure.message))
      case .line:
        if lineIsOverlong {
          return .inputError(
            InputError(
              line: lineNumber, column: Self.maximumLineLength + 1,
              message: "line is longer than \(Self.maximumLineLength >> 20) MiB; skipped"))
        }
        if line.last == 0x0D { line.removeLast() }
        if lineNumber == 1, line.starts(with: [0xEF, 0xBB, 0xBF]) {
          // A UTF-8 byte-order mark (some editors and exporters add one): blank it, so columns stay exact.
          line.replaceSubrange(0..<3, with: [0x20, 0x20, 0x20])
        }
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
        if let record = decoder.decode(line, line: lineNumber) { return record }
      }
    }
  }

  private enum LineResult {
    case line
    case end
    case failed(ReadFailure)
  }

  /// The index of the first `\n` in `bytes[start..<end]`, by `memchr` (a byte loop is slow in debug builds).
  private static func firstNewline(in bytes: [UInt8], from start: Int, to end: Int) -> Int? {
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress, end > start,
        let found = memchr(base + start, 0x0A, end - start)
      else { return nil }
      return start + (UnsafeRawPointer(found) - UnsafeRawPointer(base + start))
    }
  }

  /// Gathers the next line's bytes (without `\n`) into `line`.
  private mutating func nextLine() -> LineResult {
    line.removeAll(keepingCapacity: line.capacity <= 1 << 20)
    lineIsOverlong = false
    var sawAnyByte = false
    while true {
      if chunkStart == chunkEnd {
        if sourceEnded { break }
        do {
          let count = try chunk.withUnsafeMutableBufferPointer { buffer throws(ReadFailure) in
            try source.read(into: buffer)
          }
          chunkStart = 0
          chunkEnd = count
          if count == 0 {
            sourceEnded = true
            break
          }
        } catch {
          sourceEnded = true
          return .failed(error)
        }
      }
      sawAnyByte = true
      let newline = Self.firstNewline(in: chunk, from: chunkStart, to: chunkEnd)
      let end = newline ?? chunkEnd
      if !lineIsOverlong {
        if line.count + (end - chunkStart) > Self.maximumLineLength {
          lineIsOverlong = true
          line.removeAll()
        } else {
          line.append(contentsOf: chunk[chunkStart..<end])
        }
      }
      if let newline {
        chunkStart = newline + 1
        lineNumber += 1
        return .line
      }
      chunkStart = chunkEnd
    }
    guard sawAnyByte else { return .end }
    lineNumber += 1
    return .line
  }
}
