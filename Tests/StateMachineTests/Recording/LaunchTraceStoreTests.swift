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

@Suite struct LaunchTraceStoreTests {
  final class FeedViewController {}
  final class SheetViewController {}

  static let metadata = LaunchTrace.Metadata(
    appVersion: "2.3", appBuild: "417", osVersion: "iOS 17.4 \"beta\"", deviceModel: "iPhone15,2")

  /// 2025-03-14 09:15:02.250 UTC.
  static let launchTime = WallClockTime(seconds: 1_741_943_702, milliseconds: 250)

  static func names(in folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
  }

  /// A trace file name of the store's naming for a launch `day` days into 2001.
  static func oldName(day: Int, pid: Int32 = 100) -> String {
    LaunchTraceName.make(
      time: WallClockTime(seconds: 978_307_200 + day * 86_400, milliseconds: 0), pid: pid, random: 0xabc)
  }

  /// Records one clean sheet presentation and dismissal (the appearance callbacks of a system sheet).
  static func recordASheet(_ recorder: PresentationRecorder) {
    let feed = FeedViewController()
    let sheet = SheetViewController()
    recorder.registerRoot(feed)
    recorder.present(sheet, presenter: feed, animated: true, style: .pageSheet)
    recorder.viewWillAppear(sheet, animated: true)
    recorder.viewIsAppearing(sheet, animated: true)
    recorder.viewDidAppear(sheet, animated: true)
    recorder.completion(sheet)
    recorder.dismiss(sheet, animated: true)
    recorder.viewWillDisappear(sheet, animated: true)
    recorder.viewDidDisappear(sheet, animated: true)
    recorder.completion(sheet)
  }

  @Test func theFileIsNamedByTimeProcessAndRandomDigits() {
    #expect(Self.launchTime.compact == "20250314-091502.250")
    #expect(Self.launchTime.iso8601 == "2025-03-14T09:15:02.250Z")
    #expect(WallClockTime(seconds: 951_782_400, milliseconds: 7).compact == "20000229-000000.007")
    #expect(WallClockTime(seconds: -1, milliseconds: 0).iso8601 == "1969-12-31T23:59:59.000Z")
    let name = LaunchTraceName.make(time: Self.launchTime, pid: 4242, random: 0x9f3a_1c07)
    #expect(name == "trace-20250314-091502.250-4242-9f3a1c07.jsonl")
    #expect(LaunchTraceName.make(time: Self.launchTime, pid: 7, random: 0xab).hasSuffix("-7-000000ab.jsonl"))
    #expect(LaunchTraceName.isLaunchTrace(name))
    for other in [
      "trace-old.jsonl", "notes.txt", name + ".bak", "x" + name, name.uppercased(),
      "trace-20250314-091502-4242-9f3a1c07.jsonl", "trace-20250314-091502.250-4242-9f3a1c0.jsonl",
      "trace-20250314-091502.250--9f3a1c07.jsonl", "trace-20250314-091502.250-4242-9F3A1C07.jsonl",
      "trace-2025031a-091502.250-4242-9f3a1c07.jsonl",
    ] {
      #expect(!LaunchTraceName.isLaunchTrace(other), "\(other)")
    }
  }

  /// The header is the first line, carries the metadata as given (quotes and all), and a clean session
  /// recorded through the launch audits clean, live and offline.
  @Test func theHeaderCarriesTheMetadataAndTheTraceAuditsClean() throws {
    let folder = try RecordingFixture.temporaryDirectory()
    let live = LiveAuditor()
    let log = ErrorLog()
    let launch = try LaunchTraceStore(directory: folder.path).open(metadata: Self.metadata, liveAuditor: live)
    {
      log.append($0)
    }
    Self.recordASheet(launch.recorder)
    launch.requestFlush()
    try launch.close()
    let records = try RecordingFixture.records(atPath: launch.path)
    guard case .header(let header, let line) = records.first else {
      Issue.record("the first line is no header: \(String(describing: records.first))")
      return
    }
    #expect(line == 1)
    #expect(header.version == 1)
    #expect(
      header.metadata.map(\.key) == ["appVersion", "appBuild", "osVersion", "deviceModel", "recordedAt"])
    let values = header.metadata.map(\.value.stringValue)
    #expect(values.prefix(4).elementsEqual(["2.3", "417", "iOS 17.4 \"beta\"", "iPhone15,2"]))
    let recordedAt = try #require(header.metadata.last?.value.stringValue)
    #expect(launch.path.contains(recordedAt.filter(\.isNumber).prefix(8)))  // the same date as the name
    let report = FileReport.audit(path: launch.path)
    #expect(report.inputErrors.isEmpty)
    #expect(report.findings.isEmpty, "\(report.findings.map(\.message))")
    #expect(report.events == 9)
    #expect(live.findings.isEmpty)
    #expect(log.errors.isEmpty)
    #expect(launch.recorder.trace.recordedEvents == 9)
  }

  /// A second launch in the same folder, at the same millisecond and (at first) with the same random
  /// digits, gets a file of its own: the first launch's file (not even closed, as after a crash) keeps
  /// every byte.
  @Test func aSecondLaunchDoesNotTouchTheFirstLaunchsFile() throws {
    let folder = try RecordingFixture.temporaryDirectory()
    let store = LaunchTraceStore(directory: folder.path)
    let first = try store.open(
      metadata: Self.metadata, time: Self.launchTime, random: { 7 }, onError: { _ in })
    Self.recordASheet(first.recorder)
    try first.flush()
    let before = try #require(FileManager.default.contents(atPath: first.path))
    var digits = [UInt32(7), 7, 8].makeIterator()
    let second = try store.open(
      metadata: Self.metadata, time: Self.launchTime, random: { digits.next() ?? 9 }, onError: { _ in })
    #expect(second.path != first.path)
    #expect(second.path.hasSuffix("-00000008.jsonl"))  // two taken names retried
    Self.recordASheet(second.recorder)
    try second.close()
    #expect(FileManager.default.contents(atPath: first.path) == before)
    #expect(second.removedTraces.isEmpty)
    #expect(store.traces() == [first.path, second.path])
    try first.close()
    #expect(FileReport.audit(path: first.path).events == 9)
    #expect(FileReport.audit(path: second.path).events == 9)
    // With the real clock and random digits too.
    let third = try store.open(metadata: Self.metadata) { _ in }
    #expect(![first.path, second.path].contains(third.path))
    try third.close()
  }

  /// `keep` 3 in a folder of six earlier traces and files of other namings: the four oldest traces go,
  /// the two newest and this launch's stay, and nothing else is touched.
  @Test func keepRemovesOnlyTheOldestOfItsOwnNaming() throws {
    let folder = try RecordingFixture.temporaryDirectory()
    let old = (1...6).map { Self.oldName(day: $0) }
    let foreign = [
      "notes.txt", "trace-old.jsonl", Self.oldName(day: 0) + ".bak", "trace-20000101-000000.jsonl",
    ]
    for name in old + foreign {
      try "kept?\n".write(to: folder.appendingPathComponent(name), atomically: false, encoding: .utf8)
    }
    // A folder named like the oldest trace: not a trace file, never removed, never counted.
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent(Self.oldName(day: 0)), withIntermediateDirectories: false)
    let store = LaunchTraceStore(directory: folder.path, keep: 3)
    let launch = try store.open(metadata: Self.metadata) { _ in }
    #expect(launch.removedTraces == old.prefix(4).map { folder.appendingPathComponent($0).path })
    let current = URL(fileURLWithPath: launch.path).lastPathComponent
    #expect(
      try Self.names(in: folder) == (old.suffix(2) + foreign + [Self.oldName(day: 0), current]).sorted())
    #expect(store.traces() == (old.suffix(2) + [current]).map { folder.appendingPathComponent($0).path })
    try launch.close()
  }

  /// Traces named after this launch (a clock set back) sort after it: pruning still never removes this
  /// launch's file. `keep` below 1 keeps this launch alone.
  @Test func thisLaunchsFileIsNeverPruned() throws {
    let folder = try RecordingFixture.temporaryDirectory()
    let future = (1...3).map { day in
      LaunchTraceName.make(
        time: WallClockTime(seconds: 4_102_444_800 + day * 86_400, milliseconds: 0), pid: 1, random: 1)
    }
    for name in future {
      try "later\n".write(to: folder.appendingPathComponent(name), atomically: false, encoding: .utf8)
    }
    let launch = try LaunchTraceStore(directory: folder.path, keep: 2).open(metadata: Self.metadata) { _ in }
    let current = URL(fileURLWithPath: launch.path).lastPathComponent
    #expect(try Self.names(in: folder) == [current, future[2]])
    try launch.close()
    let only = try LaunchTraceStore(directory: folder.path, keep: 0).open(metadata: Self.metadata) { _ in }
    #expect(try Self.names(in: folder) == [URL(fileURLWithPath: only.path).lastPathComponent])
    #expect(only.removedTraces.count == 2)
    try only.close()
  }

  @Test func theFolderAndItsParentsAreCreated() throws {
    let folder = try RecordingFixture.temporaryDirectory().appendingPathComponent(
      "Application Support/Traces/")
    let store = LaunchTraceStore(directory: folder.path)
    #expect(store.traces().isEmpty)
    let launch = try store.open(metadata: Self.metadata) { _ in }
    #expect(store.traces() == [launch.path])
    #expect(!launch.path.contains("//"))
    #if canImport(Darwin)
      #expect(launch.isExcludedFromBackup)
    #else
      #expect(!launch.isExcludedFromBackup)  // no backup to be excluded from
    #endif
    try launch.close()
  }

  @Test func aFolderThatCannotBeCreatedIsThrown() throws {
    let file = try RecordingFixture.temporaryTracePath("in-the-way")
    try "".write(toFile: file, atomically: false, encoding: .utf8)
    let error = try #require(throws: RecordingError.self) {
      try LaunchTraceStore(directory: file + "/Traces").open(metadata: Self.metadata) { _ in }
    }
    #expect(error.kind == .cannotOpen)
    #expect(error.code == ENOTDIR)
    #expect(error.message.contains("cannot create the trace folder \(file)"), "\(error.message)")
  }

  /// A read-only filesystem (root only, skipped with the reason otherwise): the launch fails to open,
  /// with the POSIX error, and nothing is written.
  @Test func aReadOnlyFolderIsThrownWhenTheLaunchOpens() throws {
    let mount = try TemporaryMount.orCancel(sizeKiB: 64, readOnly: true)
    defer { mount.unmount() }
    let error = try #require(throws: RecordingError.self) {
      try LaunchTraceStore(directory: mount.directory.path).open(metadata: Self.metadata) { _ in }
    }
    #expect(error.kind == .cannotOpen)
    #expect(error.code == EROFS)
  }

  /// A write failure of a launch reaches the `onError` given to `open` once, through the sink alone
  /// (the recorder's own report of it is not passed on); an invalid event still reaches it.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full (Linux)"))
  func aWriteFailureReachesTheStoresHandlerOnce() throws {
    let folder = try RecordingFixture.temporaryDirectory()
    let log = ErrorLog()
    let launch = try LaunchTraceStore(directory: folder.path).open(metadata: Self.metadata) { log.append($0) }
    launch.recorder.trace.record(.present, id: "")  // refused at the call: an empty id
    #expect(log.errors.map(\.kind) == [.invalidEvent])
    BackgroundFileTraceSinkTests.redirect(launch.sink, to: "/dev/full", flags: O_WRONLY)
    Self.recordASheet(launch.recorder)
    launch.requestFlush()
    #expect(RecordingFixture.eventually { log.errors.count == 2 })
    launch.recorder.trace.mark("after", id: "p1")  // the recorder learns of it here, and stays quiet
    #expect(throws: RecordingError.self) { try launch.flush() }
    #expect(throws: RecordingError.self) { try launch.close() }
    #expect(!RecordingFixture.eventually(timeout: 0.2) { log.errors.count > 2 })
    #expect(log.errors.map(\.code) == [nil, ENOSPC])
    #expect(log.errors.last?.lostLines == 9)
  }
}
