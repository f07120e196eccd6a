import Dispatch
import Foundation
import PresentationStateMachine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Wall-clock time of a block, in seconds.
func measure<T>(_ body: () throws -> T) rethrows -> (seconds: Double, value: T) {
  let start = DispatchTime.now().uptimeNanoseconds
  let value = try body()
  return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, value)
}

/// Peak resident memory of this process: Linux's `VmHWM` (which can be reset between phases through
/// `/proc/self/clear_refs`), elsewhere `getrusage`'s `ru_maxrss` (a high-water mark for the whole run).
enum PeakMemory {
  /// Starts a new high-water mark where the platform allows it; says whether it could.
  @discardableResult
  static func reset() -> Bool {
    #if os(Linux)
      guard let file = fopen("/proc/self/clear_refs", "w") else { return false }
      defer { fclose(file) }
      return fputs("5", file) >= 0
    #else
      return false
    #endif
  }

  /// Peak resident memory in bytes.
  static func bytes() -> Int {
    #if os(Linux)
      if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
      {
        return kilobytes * 1024
      }
    #endif
    var usage = rusage()
    #if canImport(Glibc)
      getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
      getrusage(RUSAGE_SELF, &usage)
    #endif
    #if canImport(Darwin)
      return Int(usage.ru_maxrss)  // bytes on Darwin
    #else
      return Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
    #endif
  }
}

/// `wc -l` on the files, in its own process: a baseline every machine has, timed in the same run as the
/// audit, so that the ratio of the two holds while this machine's speed drifts. `false` when there is no
/// `wc` to run.
func wcLinesPass(paths: [String]) -> Bool {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/wc")
  process.arguments = ["-l"] + paths
  process.standardOutput = FileHandle.nullDevice
  do { try process.run() } catch { return false }
  process.waitUntilExit()
  return process.terminationStatus == 0
}

/// The floor: read the file in big chunks and count newlines, nothing else.
func floorPass(path: String) -> Int {
  let size = 1 << 20
  let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
  defer { buffer.deallocate() }
  let descriptor = open(path, O_RDONLY)
  guard descriptor >= 0 else { return 0 }
  defer { close(descriptor) }
  var lines = 0
  while true {
    let count = read(descriptor, buffer, size)
    if count <= 0 { break }
    var cursor = UnsafeRawPointer(buffer)
    let end = UnsafeRawPointer(buffer + count)
    while cursor < end, let found = memchr(cursor, 0x0A, end - cursor) {
      lines += 1
      cursor = UnsafeRawPointer(found) + 1
    }
  }
  return lines
}

/// What the obvious approach decodes: every key of the format, through `Codable`.
private struct CodableLine: Decodable {
  var t: Double?
  var id: String?
  var event: String?
  var presenter: String?
  var animated: Bool?
  var style: String?
  var completed: Bool?
  var didComplete: Bool?
  var width: Double?
  var height: Double?
  var duration: Double?
  var percent: Double?
  var completionSpeed: Double?
  var translation: Double?
  var velocity: Double?
  var name: String?
}

/// Foundation's `JSONDecoder` with `Codable`, line by line: the baseline a user would write first. Lines
/// are split with `memchr` over 1 MiB reads, so the figure is the decoder's, not the splitting's.
func jsonDecoderPass(path: String) -> Int {
  let decoder = JSONDecoder()
  let size = 1 << 20
  var buffer = [UInt8](repeating: 0, count: size)
  let descriptor = open(path, O_RDONLY)
  guard descriptor >= 0 else { return 0 }
  defer { close(descriptor) }
  var events = 0
  var kept = 0  // bytes of an unfinished line at the front of the buffer
  func decode(_ line: UnsafeRawBufferPointer) {
    guard !line.isEmpty, let decoded = try? decoder.decode(CodableLine.self, from: Data(line)) else { return }
    if decoded.t != nil { events += 1 }
  }
  while true {
    if kept == buffer.count { buffer += [UInt8](repeating: 0, count: buffer.count) }
    let count = buffer.withUnsafeMutableBytes { raw in
      read(descriptor, raw.baseAddress.map { $0 + kept }, raw.count - kept)
    }
    if count <= 0 { break }
    let filled = kept + count
    kept = buffer.withUnsafeMutableBytes { raw -> Int in
      guard let base = raw.baseAddress else { return 0 }
      var lineStart = 0
      while lineStart < filled, let found = memchr(base + lineStart, 0x0A, filled - lineStart) {
        let newline = found - base
        decode(UnsafeRawBufferPointer(start: base + lineStart, count: newline - lineStart))
        lineStart = newline + 1
      }
      memmove(base, base + lineStart, filled - lineStart)
      return filled - lineStart
    }
  }
  buffer.withUnsafeBytes { raw in decode(UnsafeRawBufferPointer(rebasing: raw[0..<kept])) }
  return events
}

/// The audit with every transition rebuilt (`replay stats`, `show`, `export --table`): how many transitions.
func replayPass(path: String) -> Int {
  TraceReplay.run(path: path).transitions.count
}

/// The fast reader alone, without the auditor: how much of an audit is reading.
func readerPass(path: String) -> Int {
  guard var reader = try? TraceReader(path: path) else { return 0 }
  var event = Event(t: 0, id: "", kind: .mark)
  var events = 0
  while true {
    switch reader.read(into: &event) {
    case .event: events += 1
    case .record: continue
    case .end: return events
    }
  }
}

/// The reference reader alone, for comparison.
func referenceReaderPass(path: String) -> Int {
  guard let reader = try? ReferenceTraceReader(path: path) else { return 0 }
  var events = 0
  for record in reader {
    if case .event = record { events += 1 }
  }
  return events
}

/// The machine alone: an `Auditor` stepping events already decoded in memory, in the form the machine
/// reads (`CompactEvent`, which the reader's events are turned into where they enter the machine).
func auditorPass(_ events: inout [CompactEvent]) -> Int {
  var auditor = Auditor()
  var findings: [Finding] = []
  lend(&events) { event, line in auditor.audit(event, line: line, into: &findings) }
  auditor.finish(into: &findings)
  return findings.count
}

/// How many of `events` the auditor takes as quiet stays, which settle nothing and take no step of the
/// machine: the share that weighs the compact-session probe's two paths into an estimate for a whole
/// trace (Performance.md, "What it does not reach"). Not timed: `auditorPass` is.
func quietStays(_ events: inout [CompactEvent]) -> Int {
  var auditor = Auditor()
  var findings: [Finding] = []
  var quiet = 0
  lend(&events) { event, line in
    if auditor.auditTakingQuietStay(event, line: line, into: &findings) { quiet += 1 }
  }
  return quiet
}

/// The session alone (no deadlines, no findings): the presentation machines and their stacks.
func sessionPass(_ events: inout [CompactEvent]) -> Int {
  var session = PresentationSession()
  var rejected = 0
  lend(&events) { event, line in
    if session.handle(event, line: line).rule != nil { rejected += 1 }
  }
  return rejected
}

/// Hands each event to `body` in turn, in place: as an `inout` argument, which the body's calls borrow
/// with a copy of its bytes and no retain (Swift copies a value held in place before lending it to a call,
/// since it cannot prove the call leaves that memory alone; a compact event's 117 bytes are a few register
/// moves, an `Event`'s 168 a call to `memcpy`). Borrowing an element of the array instead copies it and
/// retains its strings; moving each event out into a local and back copies its bytes twice.
func lend(_ events: inout [CompactEvent], _ body: (inout CompactEvent, Int) -> Void) {
  events.withUnsafeMutableBufferPointer { events in
    for index in events.indices { body(&events[index], index + 1) }
  }
}

/// `replay audit`'s many-file path: `TraceBatch` with `jobs` threads.
func parallelAudit(paths: [String], jobs: Int) -> [FileReport] {
  TraceBatch.map(paths, jobs: jobs) { FileReport.audit(path: $0) }
}

/// The median of a few timings (the machine is noisy; the median of three is what the Performance article quotes).
func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  guard !sorted.isEmpty else { return 0 }
  return sorted.count % 2 == 1
    ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}
