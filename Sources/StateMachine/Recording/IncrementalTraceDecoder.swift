#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Decodes a trace from bytes pushed as they arrive (a file being written, a socket), one complete line
/// at a time: what `replay tail` reads a growing file with.
///
/// ```swift
/// var decoder = IncrementalTraceDecoder()
/// for record in decoder.feed(Array("{\"t\":1,\"id\":\"p1\",\"event\":\"present\"}\n{\"t\":".utf8)) {
///   print(record)             // the first line; the second waits for its newline
/// }
/// let rest = decoder.finish() // the trace ended: the cut line is an input error, "(truncated line?)"
/// ```
///
/// A line is decoded once its `\n` arrives; bytes after the last `\n` wait for the next `feed`. Lines are
/// handled exactly as `TraceReader` handles them (CRLF, blank lines, a byte-order mark, lines longer than
/// `TraceReader.maximumLineLength`, one note per unknown event name), so the records are the same
/// however the bytes were split.
package struct IncrementalTraceDecoder: Sendable {
  private var decoder = LineDecoder()
  private var pending: [UInt8] = []
  private var pendingIsOverlong = false
  private var lineNumber = 0

  package init() {}

  /// The number of the last complete line decoded (1-based), blank lines included.
  package var currentLine: Int { lineNumber }

  /// Bytes received after the last `\n`: a line still being written.
  package var pendingByteCount: Int { pending.count }

  /// Takes the next bytes of the trace and returns the records of every line they complete.
  package mutating func feed(_ bytes: [UInt8]) -> [TraceRecord] {
    bytes.withUnsafeBufferPointer { feed($0) }
  }

  /// Takes the next bytes of the trace and returns the records of every line they complete.
  package mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>) -> [TraceRecord] {
    guard let base = bytes.baseAddress else { return [] }
    var records: [TraceRecord] = []
    var start = 0
    while start < bytes.count {
      let found = memchr(base + start, 0x0A, bytes.count - start)
      let end = found.map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? bytes.count
      append(UnsafeBufferPointer(rebasing: bytes[start..<end]))
      guard found != nil else { break }
      lineNumber += 1
      if let record = takeLine() { records.append(record) }
      start = end + 1
    }
    return records
  }

  /// The end of the trace: decodes a last line that has no `\n` (a cut line is reported as truncated).
  package mutating func finish() -> [TraceRecord] {
    guard !pending.isEmpty || pendingIsOverlong else { return [] }
    lineNumber += 1
    return takeLine().map { [$0] } ?? []
  }

  private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard !pendingIsOverlong else { return }
    if pending.count + bytes.count > TraceReader.maximumLineLength {
      pendingIsOverlong = true
      pending = []
    } else {
      pending.append(contentsOf: bytes)
    }
  }

  /// The record of the line in `pending` (numbered `lineNumber`), as `TraceReader` makes it.
  private mutating func takeLine() -> TraceRecord? {
    defer {
      pending.removeAll(keepingCapacity: pending.capacity <= 1 << 20)
      pendingIsOverlong = false
    }
    if pendingIsOverlong {
      return .inputError(
        InputError(
          line: lineNumber, column: TraceReader.maximumLineLength + 1,
          message: "line is longer than \(TraceReader.maximumLineLength >> 20) MiB; skipped"))
    }
    if pending.last == 0x0D { pending.removeLast() }
    if lineNumber == 1, pending.starts(with: [0xEF, 0xBB, 0xBF]) {
      pending.replaceSubrange(0..<3, with: [0x20, 0x20, 0x20])
    }
    if pending.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return nil }
    return decoder.decode(pending, line: lineNumber)
  }
}
