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

  /// A directory the user may not write to: as a normal user directly; as root (which ignores
  /// permissions) from a child process that drops to user `nobody` first (`setpriv`), which runs the
  /// example program against the directory.
  @Test func aReadOnlyDirectoryCannotBeOpened() throws {
    let directory = try RecordingFixture.temporaryDirectory()
    chmod(directory.path, 0o555)
    defer { chmod(directory.path, 0o755) }
    let path = directory.appendingPathComponent("trace.jsonl").path
    guard geteuid() == 0 else {
      let error = try #require(throws: RecordingError.self) { try FileTraceSink(path: path) }
      #expect(error.kind == .cannotOpen)
      #expect(error.code == EACCES)
      return
    }
    let setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
    guard let setpriv, let example = RecordingFixture.builtExecutable("RecorderExample") else {
      print("skipped: running as root, and no setpriv or RecorderExample to open the file as another user")
      try Test.cancel("root without setpriv or RecorderExample")
    }
    let child = Process()
    child.executableURL = URL(fileURLWithPath: setpriv)
    child.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", example, path]
    let errors = Pipe()
    child.standardError = errors
    child.standardOutput = Pipe()
    try child.run()
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    child.waitUntilExit()
    #expect(child.terminationStatus == 1, "\(text)")
    #expect(text.contains("cannot open \(path) for recording"), "\(text)")
    #expect(text.contains("(EACCES)"), "\(text)")
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  /// A read-only filesystem (a tmpfs mounted `ro`; root only, skipped with the reason otherwise).
  @Test func aReadOnlyFilesystemCannotBeOpened() throws {
    let mount = try TemporaryMount.orCancel(sizeKiB: 64, readOnly: true)
    defer { mount.unmount() }
    let path = mount.directory.appendingPathComponent("trace.jsonl").path
    let error = try #require(throws: RecordingError.self) { try FileTraceSink(path: path) }
    #expect(error.kind == .cannotOpen)
    #expect(error.code == EROFS)
    #expect(error.message.contains("(EROFS)"))
  }

  /// A 64 KiB filesystem filled by lines of 100 bytes: the write that runs out of space stops in the
  /// middle of a line, which is cut away again, so the file ends in a whole line and every line of it
  /// reads.
  @Test func aFullSmallFilesystemLeavesWholeLinesOnly() throws {
    let mount = try TemporaryMount.orCancel(sizeKiB: 64, readOnly: false)
    defer { mount.unmount() }
    let path = mount.directory.appendingPathComponent("trace.jsonl").path
    let sink = try FileTraceSink(path: path, bufferCapacity: 3_000, flushInterval: nil)
    func line(_ index: Int) -> String {
      let start = #"{"t":\#(1000 + index),"id":"p1","event":"mark","name":""#
      return start + String(repeating: "x", count: 99 - start.utf8.count - 2) + #""}"#
    }
    #expect(line(0).utf8.count == 99)
    var accepted = 0
    var failure: RecordingError?
    for index in 0..<2_000 {
      do throws(RecordingError) {
        try sink.write(line(index))
        accepted += 1
      } catch {
        failure = error
        break
      }
    }
    let error = try #require(failure)
    #expect(error.kind == .writeFailed)
    #expect(error.code == ENOSPC)
    #expect(error.message.contains("the partly written line was removed"), "\(error.message)")
    let bytes = try #require(FileManager.default.contents(atPath: path))
    #expect(bytes.count % 100 == 0)
    #expect(bytes.last == 0x0A)
    let records = try RecordingFixture.records(atPath: path)
    #expect(RecordingFixture.errors(records).isEmpty)
    #expect(RecordingFixture.events(records).map(\.line) == Array(1...(bytes.count / 100)))
    // Lines the sink accepted and then lost are counted in the error, and nothing else is.
    #expect(error.lostLines == accepted - bytes.count / 100)
    #expect(throws: error) { try sink.close() }
  }

  /// The recorder's counters after a full filesystem are what the file holds: recorded events are the
  /// events in it, everything else dropped, and the error's lost lines are the difference.
  @Test func aFullSmallFilesystemKeepsTheRecordersCountsTrue() throws {
    let mount = try TemporaryMount.orCancel(sizeKiB: 64, readOnly: false)
    defer { mount.unmount() }
    let path = mount.directory.appendingPathComponent("trace.jsonl").path
    let log = ErrorLog()
    let recorder = TraceRecorder(
      sink: try FileTraceSink(path: path, bufferCapacity: 4_000, flushInterval: nil),
      clock: VirtualTraceClock(start: 1, step: 0.001),
      header: TraceHeader(), liveAuditor: LiveAuditor()
    ) { log.append($0) }
    var attempts = 0
    while recorder.failure == nil, attempts < 10_000 {
      recorder.record(.updateInteractiveTransition, id: "card", Payload(percent: 0.5))
      attempts += 1
    }
    #expect(throws: RecordingError.self) { try recorder.close() }
    let error = try #require(log.errors.first)
    #expect(log.errors.count == 1)
    #expect(error.code == ENOSPC)
    let records = try RecordingFixture.records(atPath: path)
    let inFile = RecordingFixture.events(records).count
    #expect(RecordingFixture.errors(records).isEmpty)
    #expect(inFile > 100)
    #expect(recorder.recordedEvents == inFile)
    #expect(recorder.droppedEvents == attempts - inFile)
    #expect(error.lostLines == attempts - 1 - inFile)
    #expect(
      error.message.contains("\(error.lostLines) recorded lines not written, nor the line being written"))
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
    #expect(error.message.contains("1 recorded line not written"))
    #expect(error.lostLines == 1)
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
    // "one" was accepted, then lost by the timer's flush; "two" was refused.
    #expect(sinkErrors.errors.map(\.lostLines) == [1])
    #expect(recorder.recordedEvents == 0)
    #expect(recorder.droppedEvents == 2)
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
