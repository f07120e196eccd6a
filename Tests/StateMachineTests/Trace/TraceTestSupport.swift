import Testing

@testable import PresentationStateMachine

/// Helpers shared by the trace codec tests: reading text or bytes, and byte sources that misbehave.
enum TraceFixture {
  /// A valid event for the line before the line under test.
  static let goodBefore = #"{"t":1,"id":"p1","event":"present"}"#
  /// A valid event for the line after the line under test.
  static let goodAfter = #"{"t":2,"id":"p1","event":"presentationTransitionWillBegin"}"#

  static func read(_ text: String) -> [TraceRecord] { read(Array(text.utf8)) }
  static func read(_ bytes: [UInt8]) -> [TraceRecord] { Array(TraceReader(bytes: bytes)) }
  static func read(source: any ByteSource) -> [TraceRecord] { Array(TraceReader(source: source)) }

  static func events(_ records: [TraceRecord]) -> [Event] {
    records.compactMap { if case .event(let event, _) = $0 { event } else { nil } }
  }

  static func eventLines(_ records: [TraceRecord]) -> [Int] {
    records.compactMap { if case .event(_, let line) = $0 { line } else { nil } }
  }

  static func errors(_ records: [TraceRecord]) -> [InputError] {
    records.compactMap { if case .inputError(let error) = $0 { error } else { nil } }
  }

  static func notes(_ records: [TraceRecord]) -> [TraceNote] {
    records.compactMap { record in
      switch record {
      case .note(let note), .skippedEvent(_, _, _, _, let note?): note
      default: nil
      }
    }
  }

  /// Reads `goodBefore`, `bad` and `goodAfter` as lines 1 to 3, checks that lines 1 and 3 are events,
  /// and returns what line 2 became.
  static func recordBetweenGoodLines(
    _ bad: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
  ) -> [TraceRecord] {
    let bytes = Array(goodBefore.utf8) + [0x0A] + bad + [0x0A] + Array(goodAfter.utf8) + [0x0A]
    let records = read(bytes)
    #expect(eventLines(records) == [1, 3], "good lines lost: \(records)", sourceLocation: sourceLocation)
    #expect(events(records).map(\.kind) == [.present, .presentationTransitionWillBegin])
    return records.filter { if case .event = $0 { false } else { true } }
  }

  /// The input error that `bad` gives as line 2 between two good lines (which must both be read).
  static func errorBetweenGoodLines(
    _ bad: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
  ) -> InputError? {
    let others = recordBetweenGoodLines(bad, sourceLocation: sourceLocation)
    #expect(others.count == 1, "expected exactly one error, got \(others)", sourceLocation: sourceLocation)
    guard case .inputError(let error) = others.first else { return nil }
    return error
  }

  static func errorBetweenGoodLines(
    _ bad: String, sourceLocation: SourceLocation = #_sourceLocation
  ) -> InputError? {
    errorBetweenGoodLines(Array(bad.utf8), sourceLocation: sourceLocation)
  }
}

/// Serves bytes at most `chunk` at a time, to move line and UTF-8 boundaries across reads.
struct ChunkedByteSource: ByteSource {
  let bytes: [UInt8]
  let chunk: Int
  var offset = 0

  init(_ bytes: [UInt8], chunk: Int) {
    self.bytes = bytes
    self.chunk = chunk
  }

  mutating func read(into buffer: UnsafeMutableBufferPointer<UInt8>) throws(ReadFailure) -> Int {
    let count = min(chunk, buffer.count, bytes.count - offset)
    for index in 0..<count { buffer[index] = bytes[offset + index] }
    offset += count
    return count
  }
}

/// Serves `bytes` a few at a time, then throws `failure` on the read after the last one.
struct FailingByteSource: ByteSource {
  var inner: ChunkedByteSource
  let failure: ReadFailure

  init(_ bytes: [UInt8], chunk: Int = 5, failure: ReadFailure) {
    inner = ChunkedByteSource(bytes, chunk: chunk)
    self.failure = failure
  }

  mutating func read(into buffer: UnsafeMutableBufferPointer<UInt8>) throws(ReadFailure) -> Int {
    let count = try inner.read(into: buffer)
    if count == 0 { throw failure }
    return count
  }
}

/// Generates its bytes on the fly from literal pieces and long runs of one byte, so that a huge
/// line never exists as a whole in the test's memory.
struct GeneratedByteSource: ByteSource {
  enum Piece {
    case text(String)
    case run(UInt8, count: Int)
  }

  var pieces: [Piece]
  var pieceIndex = 0
  var offsetInPiece = 0

  init(_ pieces: [Piece]) { self.pieces = pieces }

  mutating func read(into buffer: UnsafeMutableBufferPointer<UInt8>) throws(ReadFailure) -> Int {
    var written = 0
    while written < buffer.count, pieceIndex < pieces.count {
      let room = buffer.count - written
      switch pieces[pieceIndex] {
      case .text(let text):
        let bytes = Array(text.utf8)
        let count = min(room, bytes.count - offsetInPiece)
        for index in 0..<count { buffer[written + index] = bytes[offsetInPiece + index] }
        advance(by: count, pieceLength: bytes.count)
        written += count
      case .run(let byte, let length):
        let count = min(room, length - offsetInPiece)
        UnsafeMutableBufferPointer(rebasing: buffer[written..<written + count]).update(repeating: byte)
        advance(by: count, pieceLength: length)
        written += count
      }
    }
    return written
  }

  private mutating func advance(by count: Int, pieceLength: Int) {
    offsetInPiece += count
    if offsetInPiece == pieceLength {
      pieceIndex += 1
      offsetInPiece = 0
    }
  }
}

/// SplitMix64, a tiny deterministic generator: the codec's property tests print their seed.
struct CodecRandom {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A value in `0..<bound` (modulo bias is irrelevant here).
  mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

  mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }

  mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}
