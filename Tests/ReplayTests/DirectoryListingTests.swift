import Foundation
import Testing

@testable import PresentationStateMachine
@testable import Replay

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// In a directory only regular files are read: a FIFO (which blocked the run forever), a socket or a
/// device is passed over with a note. A file named on the command line is read whatever it is, and a name
/// that is not UTF-8 is read, named or found.
@Suite struct DirectoryListingTests {
  /// A trace with one finding (complete-twice on line 6).
  static let trace =
    (ReplayCLITests.cleanTrace + [#"{"t":1.4,"id":"p1","event":"completeTransition","didComplete":true}"#])
    .joined(separator: "\n") + "\n"

  /// `bad\xFF.jsonl`: a Latin-1 or broken name, not UTF-8.
  static let badName: [UInt8] = Array("bad".utf8) + [0xFF] + Array(".jsonl".utf8)

  static func temporaryDirectory() throws -> SystemPath {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("listing-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return SystemPath(url.path)
  }

  /// Writes `text` to the file the bytes name, with POSIX `open` (Foundation takes only strings).
  static func write(_ text: String, to path: SystemPath) throws {
    let descriptor = path.withCString { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
    guard descriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    try handle.write(contentsOf: Data(text.utf8))
  }

  /// A directory holding two traces beside a FIFO, a link to a FIFO, a link to a device, and (where the
  /// platform lets a path name one) a socket, each named `*.jsonl`.
  static func specialDirectory() throws -> SystemPath {
    let directory = try temporaryDirectory()
    try write(trace, to: directory.appending(Array("a.jsonl".utf8)))
    try FileManager.default.createDirectory(
      atPath: directory.appending(Array("sub".utf8)).text, withIntermediateDirectories: true)
    try write(trace, to: directory.appending(Array("sub/b.jsonl".utf8)))
    let fifo = directory.appending(Array("fifo.jsonl".utf8))
    #expect(fifo.withCString { mkfifo($0, 0o644) } == 0)
    try FileManager.default.createSymbolicLink(
      atPath: directory.appending(Array("link-to-fifo.jsonl".utf8)).text, withDestinationPath: fifo.text)
    try FileManager.default.createSymbolicLink(
      atPath: directory.appending(Array("zero.jsonl".utf8)).text, withDestinationPath: "/dev/zero")
    bindSocket(at: directory.appending(Array("socket.jsonl".utf8)))
    return directory
  }

  /// A Unix socket bound at `path` (left bound: the test's directory goes with it), if the path fits.
  static func bindSocket(at path: SystemPath) {
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { return }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let capacity = MemoryLayout.size(ofValue: address.sun_path)
    guard path.bytes.count < capacity else { return }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      for (index, byte) in path.bytes.enumerated() { raw[index] = byte }
    }
    _ = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
  }

  /// The listing itself: no special file is listed, each named in a note, the traces are.
  @Test func aDirectoryListsRegularFilesOnlyAndNotesTheRest() throws {
    let directory = try Self.specialDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory.text) }
    let listing = DirectoryListing.traces(below: directory)
    #expect(listing.files.map(\.path) == [directory.text + "/a.jsonl", directory.text + "/sub/b.jsonl"])
    #expect(listing.files.allSatisfy { $0.foundInDirectory })
    let notes = listing.notes.joined()
    #expect(notes.contains("\(directory.text)/fifo.jsonl: note: skipped, not a regular file (a FIFO)\n"))
    #expect(
      notes.contains(
        "\(directory.text)/link-to-fifo.jsonl: note: skipped, not a regular file (a link to a FIFO)\n"))
    #expect(
      notes.contains("\(directory.text)/zero.jsonl: note: skipped, not a regular file (a link to a device)\n")
    )
    if FileManager.default.fileExists(atPath: directory.text + "/socket.jsonl") {
      #expect(
        notes.contains("\(directory.text)/socket.jsonl: note: skipped, not a regular file (a socket)\n"))
    }
  }

  /// A FIFO found between the listing and the read is refused when opened, never waited on.
  @Test func aFileFoundInADirectoryIsOpenedOnlyWhenRegular() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory.text) }
    let fifo = directory.appending(Array("late.jsonl".utf8))
    #expect(fifo.withCString { mkfifo($0, 0o644) } == 0)
    let report = TraceFile(fifo, foundInDirectory: true).audit(configuration: AuditConfiguration())
    #expect(report.readFailure == "\(fifo.text) is not a regular file (a FIFO)")
  }

  /// The commands over such a directory, run as a child process with a deadline: they blocked forever
  /// on the FIFO before; a regression fails here instead of hanging the test run.
  @Test(arguments: [
    ["audit"], ["stats"], ["export", "--table", "transitions", "--format", "csv"],
    ["audit", "--format", "json"],
  ])
  func theCommandsPassOverSpecialFilesWithANote(_ command: [String]) throws {
    let directory = try Self.specialDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory.text) }
    let run = try BuiltReplay.run(command + [directory.text], timeout: 60)
    #expect(!run.timedOut, "\(command) blocked")
    #expect(run.status == (command.first == "audit" ? 1 : 0), "\(command): \(run.stderr)")
    #expect(run.stderr.contains("fifo.jsonl: note: skipped, not a regular file (a FIFO)"), "\(run.stderr)")
    #expect(!run.stderr.contains("error"), "\(run.stderr)")
    if command == ["audit"] {
      #expect(run.stdout.hasSuffix("audited 2 files, 12 events: 2 errors, 0 warnings in 2 files (failed)\n"))
    }
  }

  /// A FIFO named on the command line is read like any file: a process substitution or a pipe works.
  @Test func aFifoNamedOnTheCommandLineIsRead() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory.text) }
    let fifo = directory.appending(Array("named.jsonl".utf8))
    #expect(fifo.withCString { mkfifo($0, 0o644) } == 0)
    let child = try BuiltReplay.start(["audit", fifo.text])
    // Open for writing once the child has opened it for reading (without waiting forever if it never does).
    var descriptor: Int32 = -1
    let deadline = Date().addingTimeInterval(30)
    while descriptor < 0, Date() < deadline {
      descriptor = fifo.withCString { open($0, O_WRONLY | O_NONBLOCK) }
      if descriptor < 0 { usleep(10_000) }
    }
    if descriptor >= 0 {
      _ = fcntl(descriptor, F_SETFL, 0)
      let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
      try handle.write(contentsOf: Data(Self.trace.utf8))
      try handle.close()
    }
    let run = child.finish(timeout: 30)
    #expect(descriptor >= 0 && !run.timedOut)
    #expect(run.status == 1)
    #expect(run.stdout.contains("named.jsonl:6:1: error: [complete-twice]"), "\(run.stdout)\(run.stderr)")
  }

  /// A name that is not UTF-8 is read in a directory and when named (as the bytes the system passes);
  /// the reports print it with U+FFFD for the bad byte.
  @Test func aNameThatIsNotUTF8IsRead() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory.text) }
    let file = directory.appending(Self.badName)
    try Self.write(Self.trace, to: file)
    let shown = directory.text + "/bad\u{FFFD}.jsonl"
    #expect(file.text == shown)

    let listing = DirectoryListing.traces(below: directory)
    #expect(listing.files.map(\.systemPath) == [file])
    let cli = ReplayCLITests()
    let found = cli.run(["audit", directory.text])
    #expect(found.status == .findings, "\(found.stdout)")
    #expect(found.stdout.contains("\(shown):6:1: error: [complete-twice]"))

    // Named: the bytes reach the command through its context, as main.swift passes argv.
    var context = ReplayCLI.Context()
    context.argumentBytes = [Array("audit".utf8), file.bytes]
    let named = ReplayCLI.run(["audit", shown], context: context)
    #expect(named.status == .findings, "\(named.stdout)")
    #expect(named.stdout.contains("\(shown):6:1: error: [complete-twice]"))
    // Without the bytes, the decoded name names no file.
    #expect(cli.run(["audit", shown]).status == .inputError)
    for command in [["show"], ["state", "--at", "6"], ["stats"], ["export", "--format", "svg"]] {
      context.argumentBytes = command.map { Array($0.utf8) } + [file.bytes]
      let result = ReplayCLI.run(command + [shown], context: context)
      #expect(result.stderr.isEmpty && !result.stdout.isEmpty, "\(command): \(result.stderr)")
    }

    // The built command, given the raw bytes by a shell (Foundation passes only UTF-8 arguments).
    let script = #"exec "$REPLAY" audit "$DIR/$(printf 'bad\377.jsonl')""#
    let shell = try BuiltReplay.runShell(script, environment: ["DIR": directory.text])
    #expect(!shell.timedOut)
    #expect(shell.status == 1, "\(shell.stdout)\(shell.stderr)")
    #expect(shell.stdout.contains("bad\u{FFFD}.jsonl:6:1: error: [complete-twice]"), "\(shell.stdout)")
  }
}
