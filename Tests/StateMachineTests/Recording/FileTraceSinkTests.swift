import Foundation
import Testing

@testable import StateMachine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct FileTraceSinkTests {
  static func contents(_ path: String) -> String {
    (try? String(contentsOfFile: path, encoding: .utf8)) ?? "<unreadable>"
  }

  @Test func buffersUntilFlushedThenWritesWholeLines() throws {
    let path = try RecordingFixture.temporaryTracePath()
    let sink = try FileTraceSink(path: path, flushInterval: nil)
    try sink.write(#"{"t":1,"id":"p1","event":"present"}"#)
    #expect(Self.contents(path) == "")
    try sink.flush()
    #expect(Self.contents(path) == "{\"t\":1,\"id\":\"p1\",\"event\":\"present\"}\n")
    try sink.close()
  }

  @Test func aFullBufferIsWrittenWithoutAFlush() throws {
    let path = try RecordingFixture.temporaryTracePath()
    let sink = try FileTraceSink(path: path, bufferCapacity: 100, flushInterval: nil)
    let line = String(repeating: "x", count: 40)
    try sink.write(line)
    try sink.write(line)
    #expect(Self.contents(path) == "")
    try sink.write(line)  // 123 bytes >= 100: written
    #expect(Self.contents(path) == String(repeating: line + "\n", count: 3))
    try sink.close()
  }

  @Test func theIntervalFlushWritesWithoutBeingAskedAndStopsAtClose() throws {
    let path = try RecordingFixture.temporaryTracePath()
    let sink = try FileTraceSink(path: path, flushInterval: 0.02)
    #expect(sink.isFlushingOnInterval)
    try sink.write("first")
    #expect(RecordingFixture.eventually { Self.contents(path) == "first\n" })
    try sink.close()
    #expect(!sink.isFlushingOnInterval)
    #expect(throws: RecordingError.self) { try sink.write("late") }
    #expect(Self.contents(path) == "first\n")
  }

  @Test func truncateStartsAnEmptyTraceAndAppendKeepsTheOldOne() throws {
    let path = try RecordingFixture.temporaryTracePath()
    try "old\n".write(toFile: path, atomically: false, encoding: .utf8)
    let appending = try FileTraceSink(path: path, mode: .append, flushInterval: nil)
    try appending.writeHeader(#"{"format":"presentation-trace","version":1}"#)  // not into a non-empty file
    try appending.write("new")
    try appending.close()
    #expect(Self.contents(path) == "old\nnew\n")
    let truncating = try FileTraceSink(path: path, flushInterval: nil)
    try truncating.writeHeader("header")
    try truncating.close()
    #expect(Self.contents(path) == "header\n")
  }

  @Test func appendingAfterACutLineEndsItFirst() throws {
    let path = try RecordingFixture.temporaryTracePath()
    let cut = #"{"t":1,"id":"p1","event":"present"}"# + "\n" + #"{"t":2,"id":"p1","ev"#
    try cut.write(toFile: path, atomically: false, encoding: .utf8)
    let sink = try FileTraceSink(path: path, mode: .append, flushInterval: nil)
    try sink.write(#"{"t":3,"id":"p1","event":"presentationTransitionWillBegin"}"#)
    try sink.close()
    let records = try RecordingFixture.records(atPath: path)
    #expect(RecordingFixture.events(records).map(\.line) == [1, 3])
    #expect(RecordingFixture.errors(records).map(\.line) == [2])
  }

  // MARK: - Faults, for real

  @Test func aMissingDirectoryCannotBeOpened() throws {
    let path = try RecordingFixture.temporaryDirectory().appendingPathComponent("no/such/dir/trace.jsonl")
      .path
    let error = try #require(throws: RecordingError.self) { try FileTraceSink(path: path) }
    #expect(error.kind == .cannotOpen)
    #expect(error.code == ENOENT)
    #expect(error.message.contains(path))
  }

  @Test(.enabled(if: geteuid() != 0, "root ignores directory permissions; the other fault tests still run"))
  func aReadOnlyDirectoryCannotBeOpened() throws {
    let directory = try RecordingFixture.temporaryDirectory()
    chmod(directory.path, 0o555)
    defer { chmod(directory.path, 0o755) }
    let error = try #require(throws: RecordingError.self) {
      try FileTraceSink(path: directory.appendingPathComponent("trace.jsonl").path)
    }
    #expect(error.kind == .cannotOpen)
    #expect(error.code == EACCES)
  }

  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full (Linux)"))
  func aFullDiskIsThrownAndStopsTheSink() throws {
    let log = ErrorLog()
    let sink = try FileTraceSink(path: "/dev/full", flushInterval: nil) { log.append($0) }
    try sink.write(#"{"t":1,"id":"p1","event":"present"}"#)
    let error = try #require(throws: RecordingError.self) { try sink.flush() }
    #expect(error.kind == .writeFailed)
    #expect(error.code == ENOSPC)
    #expect(error.message.contains("ENOSPC"))
    #expect(error.message.contains("1 line not written"))
    #expect(throws: error) { try sink.write("more") }
    #expect(throws: error) { try sink.close() }
    #expect(log.errors.isEmpty)  // thrown to the caller, not reported twice
  }

  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full (Linux)"))
  func aFullDiskOnTheTimerReachesTheErrorHandlerAndTheRecorder() throws {
    let sinkErrors = ErrorLog()
    let recorderErrors = ErrorLog()
    let sink = try FileTraceSink(path: "/dev/full", flushInterval: 0.01) { sinkErrors.append($0) }
    let recorder = TraceRecorder(sink: sink, clock: VirtualTraceClock()) { recorderErrors.append($0) }
    recorder.mark("one", id: "p1")
    #expect(RecordingFixture.eventually { !sinkErrors.errors.isEmpty })
    #expect(sinkErrors.errors.map(\.code) == [ENOSPC])
    #expect(!sink.isFlushingOnInterval)
    recorder.mark("two", id: "p1")  // the sink is stopped: the recorder hears of it on its next event
    #expect(recorderErrors.errors.map(\.code) == [ENOSPC])
    #expect(recorder.droppedEvents == 1)
    #expect(throws: RecordingError.self) { try recorder.close() }
  }

  @Test func aDescriptorClosedBehindTheSinksBackIsEBADF() throws {
    let path = try RecordingFixture.temporaryTracePath()
    let sink = try FileTraceSink(path: path, flushInterval: nil)
    try sink.write("kept")
    try sink.flush()
    // Replace the sink's descriptor by one open for reading only: what a stray close() plus an
    // unrelated open() in the app would do, without a window where the number is free.
    let readOnly = open(path, O_RDONLY)
    #expect(readOnly >= 0)
    #expect(dup2(readOnly, sink.descriptor) == sink.descriptor)
    close(readOnly)
    try sink.write("lost")
    let error = try #require(throws: RecordingError.self) { try sink.flush() }
    #expect(error.kind == .writeFailed)
    #expect(error.code == EBADF)
    #expect(throws: error) { try sink.close() }
    #expect(Self.contents(path) == "kept\n")
  }

  @Test func aRemovedFileIsReported() throws {
    let path = try RecordingFixture.temporaryTracePath()
    let sink = try FileTraceSink(path: path, flushInterval: nil)
    try sink.write("one")
    try sink.flush()
    try FileManager.default.removeItem(atPath: path)
    try sink.write("two")
    let error = try #require(throws: RecordingError.self) { try sink.flush() }
    #expect(error.kind == .fileRemoved)
    #expect(error.message.contains("deleted"))
    #expect(throws: error) { try sink.write("three") }
  }

  @Test func aReplacedFileIsReported() throws {
    let path = try RecordingFixture.temporaryTracePath()
    let sink = try FileTraceSink(path: path, flushInterval: nil)
    try sink.write("one")
    try sink.flush()
    let other = path + ".new"
    try "other\n".write(toFile: other, atomically: false, encoding: .utf8)
    #expect(rename(other, path) == 0)
    try sink.write("two")
    let error = try #require(throws: RecordingError.self) { try sink.flush() }
    #expect(error.kind == .fileReplaced)
    #expect(Self.contents(path) == "other\n")
  }

  @Test func aDirectoryCannotBeOpenedAsATrace() throws {
    let directory = try RecordingFixture.temporaryDirectory()
    let error = try #require(throws: RecordingError.self) { try FileTraceSink(path: directory.path) }
    #expect(error.kind == .cannotOpen)
    #expect(error.code == EISDIR)
  }
}
