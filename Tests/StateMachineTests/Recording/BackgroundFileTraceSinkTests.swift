import Dispatch
import Foundation
import Testing

@testable import PresentationStateMachine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Holds a sink's writer before its `write(2)` until the test lets it go: a disk that does not return.
final class WriterGate: @unchecked Sendable {
  /// Signalled each time the writer reaches the gate.
  let reached = DispatchSemaphore(value: 0)
  private let release = DispatchSemaphore(value: 0)
  private let lock = NSLock()
  private var isOpen = false

  /// The sink's `beforeWrite`: waits while the gate is closed.
  func pass() {
    reached.signal()
    lock.lock()
    let open = isOpen
    lock.unlock()
    if !open { release.wait() }
  }

  /// Lets the held write go, and every later one.
  func open() {
    lock.lock()
    isOpen = true
    lock.unlock()
    release.signal()
  }
}

/// An identifier of the calling thread, to tell where a handler ran.
func currentThreadID() -> UInt {
  #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
  #else
    UInt(pthread_self())
  #endif
}

@Suite struct BackgroundFileTraceSinkTests {
  static let header = TraceHeader(metadata: [("app", .string("Cards"))])
  static var headerLine: String { TraceWriter.line(for: header) + "\n" }

  static func contents(_ path: String) -> String {
    (try? String(contentsOfFile: path, encoding: .utf8)) ?? "<unreadable>"
  }

  static func make(
    _ path: String, header: TraceHeader? = BackgroundFileTraceSinkTests.header,
    bufferCapacity: Int = 64 << 10,
    flushDelay: Double? = nil, backlogLimit: Int = 4 << 20, gate: WriterGate? = nil, log: ErrorLog? = nil
  ) throws -> BackgroundFileTraceSink {
    var onError: (@Sendable (RecordingError) -> Void)?
    if let log { onError = { log.append($0) } }
    var beforeWrite: (@Sendable () -> Void)?
    if let gate { beforeWrite = { gate.pass() } }
    return try BackgroundFileTraceSink(
      creatingNew: path, header: header, bufferCapacity: bufferCapacity, flushDelay: flushDelay,
      backlogLimit: backlogLimit, onError: onError, beforeWrite: beforeWrite)
  }

  /// Points the sink's descriptor at `other` (opened with `flags`): a disk that fails, without a window
  /// where the descriptor number is free.
  static func redirect(_ sink: BackgroundFileTraceSink, to other: String, flags: Int32) {
    let replacement = open(other, flags)
    #expect(replacement >= 0)
    #expect(dup2(replacement, sink.descriptor) == sink.descriptor)
    close(replacement)
  }

  @Test func theHeaderIsInTheFileBeforeTheInitializerReturns() throws {
    let path = try RecordingFixture.temporaryTracePath()
    let sink = try Self.make(path)
    #expect(Self.contents(path) == Self.headerLine)
    #expect(sink.existingTrace() == Array(Self.headerLine.utf8))
    try sink.writeHeader("not written: the sink wrote its own")
    try sink.close()
    #expect(Self.contents(path) == Self.headerLine)
  }

  @Test func anExistingFileIsRefusedAndLeftAsItWas() throws {
    let path = try RecordingFixture.temporaryTracePath()
    try "an earlier launch\n".write(toFile: path, atomically: false, encoding: .utf8)
    let error = try #require(throws: RecordingError.self) { try Self.make(path) }
    #expect(error.kind == .cannotOpen)
    #expect(error.code == EEXIST)
    #expect(Self.contents(path) == "an earlier launch\n")
  }

  @Test func linesWaitInMemoryUntilAFlushWritesThem() throws {
    let path = try RecordingFixture.temporaryTracePath()
    let sink = try Self.make(path)
    try sink.write("one")
    try sink.write("two")
    #expect(Self.contents(path) == Self.headerLine)
    try sink.flush()
    #expect(Self.contents(path) == Self.headerLine + "one\ntwo\n")
    try sink.close()
  }

  @Test func aFlushRequestWritesWithoutTheCallerWaiting() throws {
    let path = try RecordingFixture.temporaryTracePath()
    let sink = try Self.make(path)
    try sink.write("one")
    sink.requestFlush()
    #expect(RecordingFixture.eventually { Self.contents(path) == Self.headerLine + "one\n" })
    sink.requestFlush()  // nothing waiting: nothing to do
    try sink.close()
  }

  @Test func theDelayWritesALineWithoutBeingAsked() throws {
    let path = try RecordingFixture.temporaryTracePath()
    let sink = try Self.make(path, flushDelay: 0.01)
    try sink.write("one")
    #expect(RecordingFixture.eventually { Self.contents(path) == Self.headerLine + "one\n" })
    try sink.write("two")  // a new delay starts with the first line in an empty buffer
    #expect(RecordingFixture.eventually { Self.contents(path) == Self.headerLine + "one\ntwo\n" })
    try sink.close()
  }

  @Test func aFullBufferWakesTheWriter() throws {
    let path = try RecordingFixture.temporaryTracePath()
    let sink = try Self.make(path, header: nil, bufferCapacity: 100)
    let line = String(repeating: "x", count: 40)
    try sink.write(line)
    try sink.write(line)
    try sink.write(line)  // 123 bytes >= 100
    #expect(RecordingFixture.eventually { Self.contents(path) == String(repeating: line + "\n", count: 3) })
    try sink.close()
  }

  /// The writer is held inside its first write; the recording thread records 2,000 events (many times
  /// the buffer) and every call returns. Measured by the calls returning, on a thread of their own so a
  /// blocked call fails the test instead of hanging it.
  @Test func theRecordingThreadIsNeverBlockedByASlowWrite() throws {
    let path = try RecordingFixture.temporaryTracePath()
    let gate = WriterGate()
    let sink = try Self.make(path, bufferCapacity: 256, gate: gate)
    let recorder = TraceRecorder(sink: sink, clock: VirtualTraceClock(start: 1, step: 0.001))
    recorder.mark("first", id: "p1")
    sink.requestFlush()
    #expect(gate.reached.wait(timeout: .now() + 10) == .success)  // the writer is inside its write now
    let returned = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      for index in 0..<2_000 { recorder.mark("m\(index)", id: "p1") }
      try? sink.flush()  // blocking: waits for the writer, so it is not called until the gate is open
      returned.signal()
    }
    let recordingReturned = RecordingFixture.eventually { sink.waitingBytes > 2_000 * 30 }
    #expect(recordingReturned, "the recording calls did not return while the writer was held")
    #expect(Self.contents(path) == Self.headerLine)  // nothing but the header reached the file yet
    gate.open()
    #expect(returned.wait(timeout: .now() + 10) == .success)
    try recorder.close()
    let records = try RecordingFixture.records(atPath: path)
    #expect(RecordingFixture.errors(records).isEmpty)
    #expect(RecordingFixture.events(records).count == 2_001)
    #expect(recorder.recordedEvents == 2_001)
  }

  /// A writer that never returns: past the backlog limit the recording stops, once, without blocking;
  /// the batch held in the writer is cut off the file again, so the file holds what the counts say.
  @Test func aBacklogOverTheLimitStopsTheRecordingOnce() throws {
    let path = try RecordingFixture.temporaryTracePath()
    let gate = WriterGate()
    let log = ErrorLog()
    let sink = try Self.make(path, bufferCapacity: 512, backlogLimit: 4_096, gate: gate, log: log)
    let recorder = TraceRecorder(sink: sink, clock: VirtualTraceClock(start: 1, step: 0.001))
    recorder.mark("first", id: "p1")
    sink.requestFlush()
    #expect(gate.reached.wait(timeout: .now() + 10) == .success)
    var attempts = 0
    while recorder.failure == nil, attempts < 10_000 {
      recorder.mark("m\(attempts)", id: "p1")
      attempts += 1
    }
    #expect(attempts < 10_000)
    #expect(RecordingFixture.eventually { !log.errors.isEmpty })
    gate.open()
    #expect(throws: RecordingError.self) { try recorder.close() }
    #expect(!RecordingFixture.eventually(timeout: 0.2) { log.errors.count > 1 })
    let error = try #require(log.errors.first)
    #expect(error.kind == .writeFailed)
    #expect(error.message.contains("fast enough"), "\(error.message)")
    #expect(error.lostLines == attempts)  // "first" (held in the writer) and all but the refused line
    #expect(Self.contents(path) == Self.headerLine)
    #expect(recorder.recordedEvents == 0)
    #expect(recorder.droppedEvents == attempts + 1)
  }

  /// `/dev/full` in place of the file: the failed write reaches `onError` exactly once, off the
  /// recording thread, names the lines it lost, and later calls throw it without reporting it again.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full (Linux)"))
  func aFullDiskReachesOnErrorOnceOffTheRecordingThread() throws {
    let path = try RecordingFixture.temporaryTracePath()
    let threads = ThreadLog()
    let log = ErrorLog()
    let sink = try BackgroundFileTraceSink(creatingNew: path, header: Self.header, flushDelay: nil) { error in
      threads.append(currentThreadID())
      log.append(error)
    }
    let recorderErrors = ErrorLog()
    let recorder = TraceRecorder(sink: sink, clock: VirtualTraceClock()) { recorderErrors.append($0) }
    Self.redirect(sink, to: "/dev/full", flags: O_WRONLY)
    for index in 0..<3 { recorder.mark("m\(index)", id: "p1") }
    sink.requestFlush()
    #expect(RecordingFixture.eventually { !log.errors.isEmpty })
    let error = try #require(log.errors.first)
    #expect(error.kind == .writeFailed)
    #expect(error.code == ENOSPC)
    #expect(error.lostLines == 3)
    #expect(error.message.contains("cannot write \(path): "), "\(error.message)")
    #expect(error.message.contains("(ENOSPC); recording stopped, 3 recorded lines not written"))
    recorder.mark("refused", id: "p1")  // the recorder hears of the failure here
    #expect(throws: error) { try sink.flush() }
    #expect(throws: error) { try recorder.close() }
    #expect(!RecordingFixture.eventually(timeout: 0.2) { log.errors.count > 1 })
    #expect(log.errors == [error])
    #expect(!threads.ids.contains(currentThreadID()))
    #expect(recorderErrors.errors == [error])  // the recorder's own handler, at its next event
    #expect(recorder.recordedEvents == 0)
    #expect(recorder.droppedEvents == 4)
    #expect(Self.contents(path) == Self.headerLine)
  }

  /// A descriptor closed behind the sink's back (`EBADF`): the lines written before stay, the lines of
  /// the failed batch are the ones the error names, and nothing crashes.
  @Test func aFailedWriteLosesOnlyTheLinesItNames() throws {
    let path = try RecordingFixture.temporaryTracePath()
    let log = ErrorLog()
    let sink = try Self.make(path, log: log)
    let recorder = TraceRecorder(sink: sink, clock: VirtualTraceClock(start: 1, step: 0.001))
    recorder.mark("kept", id: "p1")
    try recorder.flush()
    Self.redirect(sink, to: path, flags: O_RDONLY)
    recorder.mark("lost 1", id: "p1")
    recorder.mark("lost 2", id: "p1")
    sink.requestFlush()
    #expect(RecordingFixture.eventually { !log.errors.isEmpty })
    let error = try #require(log.errors.first)
    #expect(error.code == EBADF)
    #expect(error.lostLines == 2)
    #expect(error.message.contains("2 recorded lines not written"), "\(error.message)")
    #expect(throws: error) { try recorder.close() }
    #expect(log.errors.count == 1)
    let records = try RecordingFixture.records(atPath: path)
    #expect(RecordingFixture.events(records).map(\.event.payload.name) == ["kept"])
    #expect(recorder.recordedEvents == 1)
  }

  /// A 64 KiB filesystem (root only): the write that runs out of space keeps its whole lines and cuts the
  /// partial one, so every line of the file reads and the recorder's count is the file's.
  @Test func aFullSmallFilesystemLeavesWholeLinesAndTrueCounts() throws {
    let mount = try TemporaryMount.orCancel(sizeKiB: 64, readOnly: false)
    defer { mount.unmount() }
    let path = mount.directory.appendingPathComponent("trace.jsonl").path
    let log = ErrorLog()
    let sink = try Self.make(path, bufferCapacity: 4_000, log: log)
    let recorder = TraceRecorder(sink: sink, clock: VirtualTraceClock(start: 1, step: 0.001))
    var attempts = 0
    while recorder.failure == nil, attempts < 20_000 {
      recorder.record(.updateInteractiveTransition, id: "card", Payload(percent: 0.5))
      attempts += 1
      if attempts % 100 == 0 { try? recorder.flush() }
    }
    #expect(throws: RecordingError.self) { try recorder.close() }
    #expect(RecordingFixture.eventually { !log.errors.isEmpty })
    let error = try #require(log.errors.first)
    #expect(log.errors.count == 1)
    #expect(error.code == ENOSPC)
    let records = try RecordingFixture.records(atPath: path)
    let inFile = RecordingFixture.events(records).count
    #expect(RecordingFixture.errors(records).isEmpty)
    #expect(inFile > 100)
    #expect(recorder.recordedEvents == inFile)
    #expect(recorder.droppedEvents == attempts - inFile)
  }

  @Test func aRemovedFileIsReportedOnce() throws {
    let path = try RecordingFixture.temporaryTracePath()
    let log = ErrorLog()
    let sink = try Self.make(path, log: log)
    try FileManager.default.removeItem(atPath: path)
    try sink.write("one")
    let error = try #require(throws: RecordingError.self) { try sink.flush() }
    #expect(error.kind == .fileRemoved)
    #expect(error.lostLines == 1)
    #expect(error.message.contains("deleted"))
    #expect(throws: error) { try sink.write("two") }
    #expect(RecordingFixture.eventually { log.errors == [error] })
  }

  @Test func closingRefusesLaterLinesAndMayBeRepeated() throws {
    let path = try RecordingFixture.temporaryTracePath()
    let sink = try Self.make(path, flushDelay: 0.01)
    try sink.write("one")
    try sink.close()
    try sink.close()
    let error = try #require(throws: RecordingError.self) { try sink.write("late") }
    #expect(error.kind == .closed)
    sink.requestFlush()
    #expect(Self.contents(path) == Self.headerLine + "one\n")
  }

  /// A sink let go without `close()` writes what is waiting and closes its file.
  @Test func aReleasedSinkWritesWhatIsWaiting() throws {
    let path = try RecordingFixture.temporaryTracePath()
    do {
      let sink = try Self.make(path, flushDelay: 10)
      try sink.write("one")
    }
    #expect(Self.contents(path) == Self.headerLine + "one\n")
  }

  /// The recorder's live auditor reads the header the sink wrote, so its line numbers are the file's.
  @Test func aLiveAuditorCountsTheHeaderLine() throws {
    let path = try RecordingFixture.temporaryTracePath()
    let live = LiveAuditor()
    let recorder = TraceRecorder(
      sink: try Self.make(path), clock: VirtualTraceClock(start: 1, step: 0.001), liveAuditor: live)
    recorder.record(.completeTransition, id: "card", Payload(didComplete: true))
    recorder.record(.completeTransition, id: "card", Payload(didComplete: true))
    try recorder.close()
    let offline = FileReport.audit(path: path)
    #expect(offline.inputErrors.isEmpty)
    #expect(!offline.findings.isEmpty)
    #expect(live.findings.map(\.line).sorted() == offline.findings.map(\.line).sorted())
  }
}

/// Captures thread identifiers from any thread.
final class ThreadLog: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [UInt] = []

  var ids: [UInt] {
    lock.lock()
    defer { lock.unlock() }
    return stored
  }

  func append(_ id: UInt) {
    lock.lock()
    stored.append(id)
    lock.unlock()
  }
}
