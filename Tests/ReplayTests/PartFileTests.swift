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

/// `export --out DIR` writes each part under an unguessable temporary created with O_EXCL|O_NOFOLLOW in
/// DIR: a planted link never makes it write outside DIR, exports at once never share a temporary, and a
/// fatal signal or a dead exporter leaves none behind for long.
@Suite struct PartFileTests {
  let exports = ExportTableCommandTests()
  static let valid = ExportTableCommandTests.traces + "/valid"

  static func directory() throws -> String {
    let path = ExportTableCommandTests.temporaryDirectory()
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// Every name in `directory`, with what each is: a file's content, or where a link points.
  static func snapshot(_ directory: String) throws -> [String: String] {
    var entries: [String: String] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
      let path = directory + "/" + name
      if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
        entries[name] = "link to " + target
      } else {
        entries[name] = (try? String(contentsOfFile: path, encoding: .utf8)) ?? "?"
      }
    }
    return entries
  }

  static func isRegularFile(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
  }

  /// The CSV rows of the valid traces, as a part file must hold them whole.
  func expectedRows(_ extra: [String] = []) -> String {
    exports.run(["export", "--table", "transitions", "--format", "csv"] + extra + [Self.valid]).rows
  }

  /// Links planted in DIR, at the name the temporary used to have (`.part-0-of-1.csv.tmp-PID`, PID this
  /// process's), at the part's own name, and at names of the new form, all pointing outside DIR: the
  /// export writes none of the files outside and replaces no link but the part's own name.
  @Test func linksPlantedInTheDirectoryNeverMakeItWriteOutside() throws {
    let directory = try Self.directory()
    let outside = try Self.directory()
    defer {
      try? FileManager.default.removeItem(atPath: directory)
      try? FileManager.default.removeItem(atPath: outside)
    }
    try "victim".write(toFile: outside + "/victim", atomically: true, encoding: .utf8)
    let planted = [
      ".part-0-of-1.csv.tmp-\(getpid())", "part-0-of-1.csv",
      ".part-0-of-1.csv.tmp-\(getpid())-0000000000000000@\(PartFile.host)",
      ".part-0-of-1.csv.tmp-\(getpid())-ffffffffffffffff@\(PartFile.host)",
      // Of the new form, with a process that is gone: a stale temporary's name, but a link.
      ".part-0-of-1.csv.tmp-\(Self.deadPID())-0123456789abcdef@\(PartFile.host)",
    ]
    for (index, name) in planted.enumerated() {
      let target = index == 1 ? outside + "/victim" : outside + "/new-\(index)"
      try FileManager.default.createSymbolicLink(atPath: directory + "/" + name, withDestinationPath: target)
    }
    let before = try Self.snapshot(outside)
    let export = exports.run([
      "export", "--table", "transitions", "--format", "csv", "--out", directory, Self.valid,
    ])
    #expect(export.result.status == .clean, "\(export.result.stderr)")
    #expect(try Self.snapshot(outside) == before, "nothing outside DIR was written or removed")
    #expect(Self.isRegularFile(directory + "/part-0-of-1.csv"), "the part replaced the link at its name")
    #expect(try String(contentsOfFile: directory + "/part-0-of-1.csv", encoding: .utf8) == expectedRows())
    let left = try Self.snapshot(directory)
    for name in planted where name != "part-0-of-1.csv" {
      #expect(left[name]?.hasPrefix("link to ") == true, "\(name) is left as it was")
    }
    #expect(left.count == planted.count, "no temporary is left: \(left.keys.sorted())")
  }

  /// Two exports of the same part into one DIR at once, in one process (one PID: the temporaries'
  /// old names were equal, and each truncated the other's), and two of different parts: every part
  /// is whole, and no temporary is left.
  @Test func exportsIntoOneDirectoryAtOnceWriteWholeParts() throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let whole = expectedRows()
    for round in 0..<5 {
      let statuses = Statuses()
      let shards: [[String]] = [[], [], ["--shard", "0/2"], ["--shard", "1/2"]]
      DispatchQueue.concurrentPerform(iterations: shards.count) { index in
        let export = ExportTableCommandTests().run(
          ["export", "--table", "transitions", "--format", "csv", "--jobs", "1"] + shards[index] + [
            "--out", directory, Self.valid,
          ])
        statuses.append(export.result.status)
      }
      #expect(statuses.value == Array(repeating: .clean, count: shards.count), "round \(round)")
      #expect(try String(contentsOfFile: directory + "/part-0-of-1.csv", encoding: .utf8) == whole)
      for index in 0..<2 {
        let part = try String(contentsOfFile: directory + "/part-\(index)-of-2.csv", encoding: .utf8)
        #expect(part == expectedRows(["--shard", "\(index)/2"]))
      }
      let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
      #expect(names == ["part-0-of-1.csv", "part-0-of-2.csv", "part-1-of-2.csv"])
    }
    // And as processes of their own, at once.
    let children = try (0..<2).map { index in
      try BuiltReplay.start([
        "export", "--table", "transitions", "--format", "csv", "--shard", "\(index)/2", "--out",
        directory + "/processes", Self.valid,
      ])
    }
    for (index, child) in children.enumerated() {
      let run = child.finish(timeout: 60)
      #expect(!run.timedOut && run.status == 0, "\(run.stderr)")
      let part = try String(contentsOfFile: directory + "/processes/part-\(index)-of-2.csv", encoding: .utf8)
      #expect(part == expectedRows(["--shard", "\(index)/2"]))
    }
  }

  /// A fatal signal removes the temporary before the process dies of it. The export is held with its
  /// temporary open by a FIFO named as its trace (a named file is read whatever it is) that nothing
  /// writes to.
  @Test(arguments: [SIGTERM, SIGINT])
  func aSignalToAnExportLeavesNoTemporary(_ number: Int32) throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let fifo = directory + "/held.jsonl"
    #expect(mkfifo(fifo, 0o644) == 0)
    let out = directory + "/out"
    let child = try BuiltReplay.start([
      "export", "--table", "transitions", "--format", "csv", "--out", out, fifo,
    ])
    let temporaryExists = RecordingFixtureWait.until(timeout: 30) {
      ((try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []).contains { $0.hasPrefix(".part-") }
    }
    #expect(temporaryExists, "the export never created its temporary")
    kill(child.process.processIdentifier, number)
    let run = child.finish(timeout: 30)
    #expect(!run.timedOut)
    #expect(run.signalled && run.status == number, "died of the signal, as uncaught")
    #expect(try FileManager.default.contentsOfDirectory(atPath: out) == [], "no temporary, no part")
  }

  /// A temporary whose export is gone (SIGKILL, a crash) is removed by the next export into DIR on the
  /// same host, with a note; one of a running export, of another host, or of another naming stays.
  @Test func theNextExportRemovesStaleTemporaries() throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let sleeper = Process()
    sleeper.executableURL = URL(fileURLWithPath: "/bin/sh")
    sleeper.arguments = ["-c", "sleep 60"]
    try sleeper.run()
    defer { sleeper.terminate() }
    let stale = ".part-3-of-4.jsonl.tmp-\(Self.deadPID())-00000000000000aa@\(PartFile.host)"
    let kept = [
      ".part-3-of-4.jsonl.tmp-\(sleeper.processIdentifier)-00000000000000bb@\(PartFile.host)",
      ".part-3-of-4.jsonl.tmp-\(Self.deadPID())-00000000000000cc@another-host",
      ".part-3-of-4.jsonl.tmp-\(Self.deadPID())",
      "notes.txt",
    ]
    for name in [stale] + kept {
      try "half".write(toFile: directory + "/" + name, atomically: false, encoding: .utf8)
    }
    let export = exports.run(["export", "--table", "traces", "--out", directory, Self.valid])
    #expect(export.result.status == .clean)
    #expect(
      export.diagnostics
        == "\(directory)/\(stale): note: removed, the temporary of an export that is no longer running\n")
    let names = Set(try FileManager.default.contentsOfDirectory(atPath: directory))
    #expect(names == Set(kept + ["part-0-of-1.jsonl"]))
  }

  @Test func theTemporaryIsReadableAsAnyNewFileAndNamedAsItsPart() throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let part = try PartFile(directory: directory, name: "part-0-of-1.csv")
    #expect(
      PartFile.owner(ofTemporary: part.temporaryName).map { "\($0.pid) \($0.host)" }
        == "\(getpid()) \(PartFile.host)")
    try part.write("a,b\r\n")
    // Created 0644 less the umask: as a file this process creates with that mode.
    let reference = directory + "/reference"
    close(open(reference, O_WRONLY | O_CREAT, 0o644))
    var info = stat()
    var expected = stat()
    #expect(stat(directory + "/" + part.temporaryName, &info) == 0 && stat(reference, &expected) == 0)
    #expect(info.st_mode & 0o777 == expected.st_mode & 0o777)
    try part.commit()
    #expect(try String(contentsOfFile: directory + "/part-0-of-1.csv", encoding: .utf8) == "a,b\r\n")
    #expect(!FileManager.default.fileExists(atPath: directory + "/" + part.temporaryName))
    let other = try PartFile(directory: directory, name: "part-0-of-1.csv")
    #expect(other.temporaryName != part.temporaryName)
    other.discard()
    #expect(
      Set(try FileManager.default.contentsOfDirectory(atPath: directory)) == ["part-0-of-1.csv", "reference"])
  }

  @Test(
    arguments: [
      (".part-0-of-1.csv.tmp-12-0123456789abcdef@host.example-1", "12 host.example-1"),
      (".part-10-of-12.jsonl.tmp-4000000-ffffffffffffffff@h", "4000000 h"),
      (".part-0-of-1.csv.tmp-12", nil), (".part-0-of-1.txt.tmp-12-0123456789abcdef@h", nil),
      (".part-0-of-1.csv.tmp-12-0123456789abcdeg@h", nil), ("part-0-of-1.csv.tmp-12-0123456789abcdef@h", nil),
      (".part-a-of-1.csv.tmp-12-0123456789abcdef@h", nil), (".part-0-of-1.csv.tmp-0-0123456789abcdef@h", nil),
      (".part-0-of-1.csv.tmp-12-0123456789abcdef@", nil),
      (".x.part-0-of-1.csv.tmp-12-0123456789abcdef@h", nil),
    ] as [(String, String?)])
  func onlyThisNamingIsATemporary(name: String, owner: String?) {
    #expect(PartFile.owner(ofTemporary: name).map { "\($0.pid) \($0.host)" } == owner)
  }

  /// Exit statuses gathered from several threads.
  final class Statuses: @unchecked Sendable {
    // `values` is read and written only while holding `lock`.
    private let lock = NSLock()
    private var values: [AuditExitStatus] = []
    var value: [AuditExitStatus] {
      lock.lock()
      defer { lock.unlock() }
      return values
    }
    func append(_ status: AuditExitStatus) {
      lock.lock()
      values.append(status)
      lock.unlock()
    }
  }

  /// The id of a process that has ended (and was waited for).
  static func deadPID() -> pid_t {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "exit 0"]
    guard (try? process.run()) != nil else { return 999_999 }
    process.waitUntilExit()
    return process.processIdentifier
  }
}
