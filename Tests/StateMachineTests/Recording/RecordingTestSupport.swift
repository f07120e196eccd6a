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

/// Helpers shared by the recording tests: temporary files, the bundled traces, replaying a trace through a
/// recorder, and polling with a generous deadline instead of sleeping for a guessed time.
enum RecordingFixture {
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static let tracesDirectory = packageRoot.appendingPathComponent("traces")

  /// The bundled traces under `traces/<folder>`, as paths relative to `traces/`.
  static func traces(in folder: String) -> [String] {
    let root = tracesDirectory.appendingPathComponent(folder).path
    guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
    return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".jsonl") }.sorted().map {
      "\(folder)/\($0)"
    }
  }

  /// A fresh directory under the system's temporary directory.
  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "recording-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// A path for a trace file in a fresh temporary directory (the file does not exist yet).
  static func temporaryTracePath(_ name: String = "trace.jsonl") throws -> String {
    try temporaryDirectory().appendingPathComponent(name).path
  }

  static func records(atPath path: String) throws -> [TraceRecord] {
    Array(try TraceReader(path: path))
  }

  static func events(_ records: [TraceRecord]) -> [(event: Event, line: Int)] {
    records.compactMap { if case .event(let event, let line) = $0 { (event, line) } else { nil } }
  }

  static func errors(_ records: [TraceRecord]) -> [InputError] {
    records.compactMap { if case .inputError(let error) = $0 { error } else { nil } }
  }

  /// The header and the events of a bundled trace (skipped unknown events and errors left out).
  static func script(of relativePath: String) throws -> (header: TraceHeader?, events: [Event]) {
    let records = try records(atPath: tracesDirectory.appendingPathComponent(relativePath).path)
    var header: TraceHeader?
    var events: [Event] = []
    for record in records {
      switch record {
      case .header(let found, _): header = found
      case .event(let event, _): events.append(event)
      default: break
      }
    }
    return (header, events)
  }

  /// Records `events` through a recorder whose virtual clock reads each event's own `t`, so the output
  /// is the trace again, written by the recorder.
  static func rerecord(
    _ events: [Event], header: TraceHeader?, to sink: any TraceSink, liveAuditor: LiveAuditor? = nil
  ) -> TraceRecorder {
    let clock = VirtualTraceClock()
    let recorder = TraceRecorder(sink: sink, clock: clock, header: header, liveAuditor: liveAuditor)
    for event in events {
      clock.set(event.t)
      recorder.record(event.kind, id: event.id, event.payload)
    }
    return recorder
  }

  /// Polls `condition` every 10 ms until it holds or `timeout` seconds pass; returns whether it held.
  static func eventually(timeout: Double = 10, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if try condition() { return true }
      usleep(10_000)
    }
    return try condition()
  }

  /// The directory with the package's built executables (`RecorderExample`, `replay`), found from the
  /// running test bundle.
  static func builtExecutable(_ name: String) -> String? {
    var candidates: [URL] = []
    if let executable = Bundle.main.executableURL {
      candidates.append(executable.deletingLastPathComponent())
    }
    candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
      candidates.append(bundle.bundleURL.deletingLastPathComponent())
    }
    for directory in candidates {
      let path = directory.appendingPathComponent(name).path
      if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
  }

  /// A test-only error carrying a message.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }
}

/// Captures what a recorder's or sink's error handler receives, from any thread.
final class ErrorLog: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [RecordingError] = []

  var errors: [RecordingError] {
    lock.lock()
    defer { lock.unlock() }
    return stored
  }

  func append(_ error: RecordingError) {
    lock.lock()
    stored.append(error)
    lock.unlock()
  }
}

/// A small tmpfs mounted for one test (root only): a read-only or a full filesystem, for real.
///
/// ```swift
/// let mount = try TemporaryMount(sizeKiB: 64, readOnly: false)
/// defer { mount.unmount() }
/// ```
struct TemporaryMount {
  let directory: URL

  /// Mounts a tmpfs of `sizeKiB` at a fresh directory; throws why it could not (not root, no
  /// `CAP_SYS_ADMIN`, no tmpfs), which the test prints as its reason to skip.
  init(sizeKiB: Int, readOnly: Bool) throws {
    directory = try RecordingFixture.temporaryDirectory()
    let flags = readOnly ? UInt(MS_RDONLY) : 0
    guard mount("none", directory.path, "tmpfs", flags, "size=\(sizeKiB)k,mode=0755") == 0 else {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(at: directory)
      throw RecordingFixture.Failure(
        description: "cannot mount a \(sizeKiB) KiB tmpfs at \(directory.path): \(reason)")
    }
  }

  /// Unmounts (lazily, so a descriptor left open cannot keep it) and removes the directory.
  func unmount() {
    _ = umount2(directory.path, Int32(MNT_DETACH))
    try? FileManager.default.removeItem(at: directory)
  }

  /// A mount, or a cancelled test that prints why there is none.
  static func orCancel(sizeKiB: Int, readOnly: Bool) throws -> TemporaryMount {
    do {
      return try TemporaryMount(sizeKiB: sizeKiB, readOnly: readOnly)
    } catch {
      print("skipped: \(error)")
      try Test.cancel("\(error)")
    }
  }
}
