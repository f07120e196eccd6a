#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a trace as a stream of records, one line at a time, in constant memory.
///
/// ```swift
/// let reader = try TraceReader(path: "traces/valid/card-present-dismiss.jsonl")
/// for record in reader {
///   if case .event(let event, let line) = record { print(line, event.kind) }
///   if case .inputError(let error) = record { print("\(error.line):\(error.column): \(error.message)") }
/// }
/// ```
///
/// CRLF and blank lines are accepted; a bad line becomes an `.inputError` and reading goes on with the
/// next line, so nothing after it is lost. A line longer than `maximumLineLength` is reported and skipped
/// without being held in memory.
///
/// Lines are decoded in place, inside one fixed buffer that only ever keeps the unfinished tail line
/// between reads: the common event line is scanned straight from its bytes (`EventLineScanner`: no JSON
/// tree, no per-line `String` or array, ids interned); anything else, a header or a line with an error
/// included, goes to `LineDecoder`, so records and errors are exactly those of `ReferenceTraceReader`.
public struct TraceReader: Sequence, IteratorProtocol {
  /// The longest line the reader keeps; longer lines are reported as input errors and skipped.
  public static let maximumLineLength = 16 << 20
  /// How many bytes are read from the source at once: the size of the reader's one buffer.
  public static let chunkSize = 128 << 10

  private var source: any ByteSource
  private var buffer: ReadBuffer
  /// The bytes not yet consumed are `buffer[start..<end]`.
  private var start = 0
  private var end = 0
  private var lineNumber = 0
  private var sourceEnded = false
  /// A line longer than the buffer, gathered here (rare: event lines are about 100 bytes).
  private var longLine: [UInt8] = []
  private var decoder = LineDecoder()
  private var scanner = EventLineScanner()

  /// A reader over any byte source.
  package init(source: any ByteSource) {
    self.init(source: source, bufferSize: Self.chunkSize)
  }

  /// A reader whose buffer holds `bufferSize` bytes (tests use small ones to move lines across reads).
  init(source: any ByteSource, bufferSize: Int) {
    self.source = source
    buffer = ReadBuffer(capacity: Swift.max(bufferSize, 1))
  }

  /// A reader over a file on disk; throws when the file cannot be opened.
  public init(path: String) throws(Failure) {
    self.init(source: try FileByteSource(path: path))
  }

  /// A reader over bytes already in memory.
  public init(bytes: [UInt8]) {
    // No bigger buffer than the bytes need: a short trace's reader allocates and frees no 128 KiB.
    self.init(source: MemoryByteSource(bytes), bufferSize: Swift.min(Self.chunkSize, bytes.count + 1))
  }

  /// The number of the last line read (1-based), blank lines included.
  public var currentLine: Int { lineNumber }

  public mutating func next() -> TraceRecord? {
    var event = Event(t: 0, id: "", kind: .mark)
    switch read(into: &event) {
    case .event(let line): return .event(event, line: line)
    case .record(let record): return record
    case .end: return nil
    }
  }

  /// What `read(into:)` found.
  public enum Step {
    /// An event, written into the `Event` passed in, at this line.
    case event(line: Int)
    /// Any other record: a header, an input error, a note, a skipped unknown event. (Boxed, so that a
    /// step stays small: events, the common case, are not records.)
    indirect case record(TraceRecord)
    /// The end of the trace.
    case end
  }

  /// Reads the next record like `next()`, but writes an event into `event`, reusing its storage: the
  /// fastest way through a trace (`FileReport` reads this way).
  ///
  /// ```swift
  /// var reader = try TraceReader(path: path)
  /// var event = Event(t: 0, id: "", kind: .mark)
  /// while true {
  ///   switch reader.read(into: &event) {
  ///   case .event(let line): auditor.audit(event, line: line, into: &findings)
  ///   case .record(let record): print(record)  // header, input error, note, unknown event
  ///   case .end: return
  ///   }
  /// }
  /// ```
  ///
  /// An event record (`TraceRecord.event`) with its payload is about 200 bytes; handing each one over by
  /// value costs more than decoding it, so the hot path overwrites one `Event` in place instead.
  public mutating func read(into event: inout Event) -> Step {
    read(into: &event, writerLineTried: false)
  }

  /// `read(into:)`; `writerLineTried` when the caller has just tried the line at `start` as a writer-layout
  /// line (`readAll`), so that it is not decoded twice.
  private mutating func read(into event: inout Event, writerLineTried: Bool) -> Step {
    if !isKnownUniquelyReferenced(&buffer) { buffer = buffer.copy() }
    let base = buffer.base
    let capacity = buffer.capacity
    var triesWriterLine = !writerLineTried
    while true {
      if triesWriterLine, let line = readWriterLine(into: &event) { return .event(line: line) }
      triesWriterLine = true
      if start < end, let found = memchr(base + start, 0x0A, end - start) {
        let newline = UnsafeMutableRawPointer(found) - UnsafeMutableRawPointer(base)
        let lineStart = start
        start = newline + 1
        lineNumber += 1
        let step = decodeLine(base + lineStart, count: newline - lineStart, into: &event)
        if case .end = step { continue }
        return step
      }
      if sourceEnded {
        guard start < end else { return .end }
        let lineStart = start
        start = end
        lineNumber += 1
        let step = decodeLine(base + lineStart, count: end - lineStart, into: &event)
        if case .end = step { continue }
        return step
      }
      // No line end in the buffer: keep the unfinished line, at the front, and read more after it.
      if start > 0 {
        if end > start { memmove(base, base + start, end - start) }
        end -= start
        start = 0
      }
      if end == capacity {
        let step = readLongLine(into: &event)
        if case .end = step { continue }
        return step
      }
      do {
        let count = try source.read(
          into: UnsafeMutableBufferPointer(start: base + end, count: capacity - end))
        if count == 0 { sourceEnded = true } else { end += count }
      } catch {
        return .record(readFailed(error))
      }
    }
  }

  /// `readAll(into:through:onEvent:onRecord:while:)` with its two events of its own: the way the audit and a
  /// resumed audit read (the replay and `replay state` keep their own, which measured fewer instructions).
  ///
  /// ```swift
  /// reader.readAll(
  ///   onEvent: { event, line in auditor.audit(event, line: line, into: &findings) },
  ///   onRecord: { record in print(record) })
  /// ```
  @inline(__always)
  mutating func readAll(
    onEvent: (borrowing CompactEvent, Int) -> Void, onRecord: (TraceRecord) -> Void,
    while keepsReading: () -> Bool = { true }
  ) {
    var event = Event(t: 0, id: "", kind: .mark)
    var compact = CompactEvent(event)
    readAll(into: &compact, through: &event, onEvent: onEvent, onRecord: onRecord, while: keepsReading)
  }

  /// Reads to the end of the trace, or until `keepsReading()` says no before a line (a replay that holds
  /// what it reads stops at its limit instead of reading a long trace to its end), handing each event to
  /// `onEvent` with its line number and every other record to `onRecord`: `read(into:)` in a loop, without
  /// a call and a `Step` per line, each event in the form the machine reads. A line in the writer's layout
  /// is decoded straight into `compact`, in place; any other goes through `event`, as `read(into:)` decodes
  /// it, and is made compact from there. Inlined, the default condition folds away.
  ///
  /// ```swift
  /// var (compact, event) = (CompactEvent(Event(t: 0, id: "", kind: .mark)), Event(t: 0, id: "", kind: .mark))
  /// reader.readAll(
  ///   into: &compact, through: &event,
  ///   onEvent: { event, line in auditor.audit(event, line: line, into: &findings) },
  ///   onRecord: { record in print(record) })
  /// ```
  @inline(__always)
  mutating func readAll(
    into compact: inout CompactEvent, through event: inout Event,
    onEvent: (borrowing CompactEvent, Int) -> Void, onRecord: (TraceRecord) -> Void,
    while keepsReading: () -> Bool = { true }
  ) {
    while keepsReading() {
      // One call of `onEvent`, so that it is inlined into the loop (called from two places, it was not).
      let line: Int
      if let read = readWriterLine(into: &compact) {
        line = read
      } else {
        switch read(into: &event, writerLineTried: true) {
        case .event(let read):
          compact = CompactEvent(event)
          line = read
        case .record(let record):
          onRecord(record)
          continue
        case .end: return
        }
      }
      onEvent(compact, line)
    }
  }

  /// The common line, decoded before its end is looked for: a line in the writer's layout ends at its `}`,
  /// so when a newline follows, that was the whole line (`decodeWriterObject`). Its number, or `nil` when
  /// the next line is not one (or not all in the buffer yet): `read(into:)` then takes it. It only reads
  /// the buffer, so a reader copy sharing it does not matter.
  @inline(__always)
  private mutating func readWriterLine<Decoded: DecodedEvent>(into event: inout Decoded) -> Int? {
    guard start < end, scanner.takesWriterLayout else { return nil }
    let base = buffer.base
    let available = end &- start
    let length = scanner.decodeWriterObject(base + start, limit: available, into: &event)
    guard length > 0, length < available else { return nil }
    // A line ends in "\n" or, written on Windows, "\r\n" (whose "\r" `decodeLine` would drop).
    let after = base + (start &+ length)
    var terminator = after[0] == 0x0A ? 1 : 0
    if terminator == 0, after[0] == 0x0D, length &+ 1 < available, after[1] == 0x0A {
      terminator = 2
    }
    guard terminator > 0 else { return nil }
    start &+= length &+ terminator
    lineNumber &+= 1
    decoder.markLineDecoded()
    return lineNumber
  }

  /// A read failed: the unfinished line is lost, reading stops, and the failure is the next line's error.
  private mutating func readFailed(_ failure: ReadFailure) -> TraceRecord {
    sourceEnded = true
    start = 0
    end = 0
    return .inputError(InputError(line: lineNumber + 1, column: 1, message: failure.message))
  }

  /// Gathers a line that fills the whole buffer into `longLine`, reading on until its end, and decodes it;
  /// past `maximumLineLength` the bytes are dropped and the line is reported. `.end` for a blank line.
  private mutating func readLongLine(into event: inout Event) -> Step {
    let base = buffer.base
    let capacity = buffer.capacity
    var length = end
    longLine.removeAll(keepingCapacity: longLine.capacity <= 1 << 20)
    longLine.append(contentsOf: UnsafeBufferPointer(start: base, count: end))
    start = 0
    end = 0
    while true {
      let count: Int
      do {
        count = try source.read(into: UnsafeMutableBufferPointer(start: base, count: capacity))
      } catch {
        longLine.removeAll()
        return .record(readFailed(error))
      }
      if count == 0 {
        sourceEnded = true
        break
      }
      let found = memchr(base, 0x0A, count)
      let piece = found.map { UnsafeMutableRawPointer($0) - UnsafeMutableRawPointer(base) } ?? count
      length += piece
      if length <= Self.maximumLineLength {
        longLine.append(contentsOf: UnsafeBufferPointer(start: base, count: piece))
      } else if !longLine.isEmpty {
        longLine.removeAll()
      }
      if found != nil {
        start = piece + 1
        end = count
        break
      }
    }
    lineNumber += 1
    if length > Self.maximumLineLength {
      longLine.removeAll()
      return .record(
        .inputError(
          InputError(
            line: lineNumber, column: Self.maximumLineLength + 1,
            message: "line is longer than \(Self.maximumLineLength >> 20) MiB; skipped")))
    }
    var lineBytes = longLine
    longLine = []
    defer {
      lineBytes.removeAll(keepingCapacity: lineBytes.capacity <= 1 << 20)
      longLine = lineBytes
    }
    return lineBytes.withUnsafeMutableBufferPointer { line in
      guard let bytes = line.baseAddress else { return .end }
      return decodeLine(bytes, count: line.count, into: &event)
    }
  }

  /// Decodes one line (without its `\n`) in place; `.end` for a blank line.
  private mutating func decodeLine(
    _ bytes: UnsafeMutablePointer<UInt8>, count: Int, into event: inout Event
  ) -> Step {
    var count = count
    if count > 0, bytes[count - 1] == 0x0D { count -= 1 }
    if lineNumber == 1, count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
      // A UTF-8 byte-order mark (some editors and exporters add one): blank it, so columns stay exact.
      bytes[0] = 0x20
      bytes[1] = 0x20
      bytes[2] = 0x20
    }
    var index = 0
    while index < count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0D { index += 1 }
    if index == count { return .end }
    switch scanner.decode(bytes, count: count, into: &event) {
    case .event:
      decoder.markLineDecoded()
      return .event(line: lineNumber)
    case .unknownEvent(let name):
      decoder.markLineDecoded()
      return .record(decoder.skippedEvent(name: name, t: event.t, id: event.id, line: lineNumber))
    case .fallback:
      guard let record = decoder.decode(UnsafeBufferPointer(start: bytes, count: count), line: lineNumber)
      else { return .end }
      return .record(record)
    }
  }
}

/// The reader's one buffer, allocated once; copied only if a reader value is copied mid-read.
private final class ReadBuffer {
  let base: UnsafeMutablePointer<UInt8>
  let capacity: Int

  init(capacity: Int) {
    self.capacity = capacity
    base = .allocate(capacity: capacity)
  }

  deinit { base.deallocate() }

  func copy() -> ReadBuffer {
    let copy = ReadBuffer(capacity: capacity)
    copy.base.update(from: base, count: capacity)
    return copy
  }
}
