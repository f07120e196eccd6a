import Testing

@testable import PresentationStateMachine

/// Line splitting does not depend on how the source cuts its reads, and a failing source stops the reader
/// with an input error.
@Suite struct ByteSourceTests {
  /// A trace with a header, CRLF and LF endings, blank lines, multi-byte UTF-8 split at every possible
  /// place by small reads, a bad line, an unknown event, and no newline at the end.
  static let trace: [UInt8] = Array(
    (#"{"format":"presentation-trace","version":1,"expect":[]}"# + "\r\n"
      + #"{"t":1,"id":"카드","event":"present","presenter":"root"}"# + "\n"
      + "\r\n   \n"
      + #"{"t":1.25,"id":"😀","event":"mark","name":"é\u00e9","extra":{"k":[1,2]}}"# + "\r\n"
      + #"{"t":"bad","id":"p1","event":"dismiss"}"# + "\n"
      + #"{"t":2,"id":"p1","event":"didTapCard"}"# + "\n"
      + #"{"t":3,"id":"카드","event":"dismiss","animated":false}"#).utf8)

  @Test func wholeTraceReadsAsExpected() {
    let records = TraceFixture.read(Self.trace)
    #expect(records.count == 6)
    #expect(TraceFixture.eventLines(records) == [2, 5, 8])
    #expect(TraceFixture.errors(records).map(\.line) == [6])
    #expect(TraceFixture.notes(records).map(\.line) == [7])
  }

  @Test(arguments: [1, 2, 3, 7, 64, 4096])
  func recordsDoNotDependOnTheReadSize(chunk: Int) {
    let whole = TraceFixture.read(Self.trace)
    let chunked = TraceFixture.read(source: ChunkedByteSource(Self.trace, chunk: chunk))
    #expect(chunked == whole, "read \(chunk) bytes at a time")
  }

  @Test(arguments: [1, 7])
  func carriageReturnAndNewlineInSeparateReadsAreOneLineEnd(chunk: Int) {
    let bytes = Array((TraceFixture.goodBefore + "\r\n" + TraceFixture.goodAfter + "\r\n").utf8)
    let records = TraceFixture.read(source: ChunkedByteSource(bytes, chunk: chunk))
    #expect(TraceFixture.eventLines(records) == [1, 2])
    #expect(TraceFixture.events(records).map(\.id) == ["p1", "p1"])
  }

  @Test func readFailureMidLineIsAnInputErrorAndReadingStops() {
    let bytes = Array(
      (TraceFixture.goodBefore + "\n" + TraceFixture.goodAfter + "\n" + #"{"t":3,"id":"#).utf8)
    var reader = TraceReader(
      source: FailingByteSource(bytes, failure: ReadFailure(message: "read failed: Input/output error")))
    var records: [TraceRecord] = []
    while let record = reader.next() { records.append(record) }
    #expect(TraceFixture.eventLines(records) == [1, 2])
    #expect(
      TraceFixture.errors(records) == [
        InputError(line: 3, column: 1, message: "read failed: Input/output error")
      ])
    #expect(records.count == 3)
    #expect(reader.next() == nil)
  }

  @Test func readFailureAtALineBoundaryIsReportedOnTheNextLine() {
    let bytes = Array((TraceFixture.goodBefore + "\n").utf8)
    let records = TraceFixture.read(source: FailingByteSource(bytes, failure: ReadFailure(message: "gone")))
    #expect(
      records == [
        .event(Event(t: 1, id: "p1", kind: .present), line: 1),
        .inputError(InputError(line: 2, column: 1, message: "gone")),
      ])
  }

  @Test func readFailureOnTheFirstReadIsTheOnlyRecord() {
    let records = TraceFixture.read(source: FailingByteSource([], failure: ReadFailure(message: "EIO")))
    #expect(records == [.inputError(InputError(line: 1, column: 1, message: "EIO"))])
  }

  @Test func memoryByteSourceServesItsBytesThenZero() throws {
    var source = MemoryByteSource(Array("abcde".utf8))
    var buffer = [UInt8](repeating: 0, count: 3)
    let first = try buffer.withUnsafeMutableBufferPointer { buffer throws(ReadFailure) in
      try source.read(into: buffer)
    }
    #expect(first == 3)
    #expect(buffer == Array("abc".utf8))
    let second = try buffer.withUnsafeMutableBufferPointer { buffer throws(ReadFailure) in
      try source.read(into: buffer)
    }
    #expect(second == 2)
    #expect(buffer.prefix(2) == Array("de".utf8)[...])
    let third = try buffer.withUnsafeMutableBufferPointer { buffer throws(ReadFailure) in
      try source.read(into: buffer)
    }
    #expect(third == 0)
  }
}
