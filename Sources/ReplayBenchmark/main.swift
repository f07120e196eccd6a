import Foundation
import PresentationStateMachine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// `swift run -c release ReplayBenchmark [options]`: generates a trace from a seed, then measures the full
// audit (`FileReport.audit`, what `replay audit` runs), the reader alone, a Foundation `JSONDecoder` +
// `Codable` decode of the same file, the floor (read and count newlines), `wc -l` in its own process (less its
// start-up), the machine alone on events in memory, and two files on one and on two cores. Each figure is
// the median of `--runs` runs.
// `--memory` measures something else: the peak memory of each `replay` command in its own process
// (MemoryBenchmark.swift).

let usage = """
  USAGE: swift run -c release ReplayBenchmark [options]

  OPTIONS:
    --events N          events to generate (default 1000000)
    --seed S            the generator's seed (default 42)
    --scenes N          window scenes running presentations at once (default 1000)
    --runs N            runs per measurement; the median is printed (default 3)
    --file PATH         measure this trace instead of generating one
    --output PATH       where to write the generated trace (default: the temporary directory)
    --keep              keep the generated trace
    --generate-only     write the trace and stop (for measuring `replay audit` itself, e.g. on 1 GB)
    --reference         also measure ReferenceTraceReader (slow)
    --skip-jsondecoder  skip the JSONDecoder baseline (slow)
    --recording         measure what one recorded callback costs, bare and through the UIKit glue
                        (--events calls per run, default 1000000), and nothing else
    --only PHASE        run one phase once, print nothing else (for profilers): audit, reader, replay,
                        reference, floor, jsondecoder, auditor, session, quiet (auditor, session and
                        quiet step the first --events events of --file, or as many generated ones;
                        quiet counts the events the auditor takes as quiet stays)
    --memory            the peak memory of every `replay` command, each in its own process, on a trace
                        of many presentations and a fleet of findings (`--memory --help` for its options)
    -h, --help          show this help
  """

struct Options {
  var events = 1_000_000
  var seed: UInt64 = 42
  var scenes = 1000
  var runs = 3
  var file: String?
  var output: String?
  var keep = false
  var generateOnly = false
  var reference = false
  var jsonDecoder = true
  var only: String?
  var recording = false
}

func parseOptions(_ arguments: [String]) -> Options? {
  var options = Options()
  var index = 0
  func value() -> String? {
    index += 1
    return index < arguments.count ? arguments[index] : nil
  }
  while index < arguments.count {
    switch arguments[index] {
    case "--events":
      guard let n = value().flatMap({ Int($0) }), n > 0 else { return nil }
      options.events = n
    case "--seed":
      guard let n = value().flatMap({ UInt64($0) }) else { return nil }
      options.seed = n
    case "--scenes":
      guard let n = value().flatMap({ Int($0) }), n > 0 else { return nil }
      options.scenes = n
    case "--runs":
      guard let n = value().flatMap({ Int($0) }), n > 0 else { return nil }
      options.runs = n
    case "--file":
      guard let path = value() else { return nil }
      options.file = path
    case "--output":
      guard let path = value() else { return nil }
      options.output = path
    case "--keep": options.keep = true
    case "--recording": options.recording = true
    case "--generate-only": options.generateOnly = true
    case "--reference": options.reference = true
    case "--skip-jsondecoder": options.jsonDecoder = false
    case "--only":
      guard let phase = value() else { return nil }
      options.only = phase
    default: return nil
    }
    index += 1
  }
  return options
}

/// What the generator wrote.
struct GeneratedTrace {
  var bytes = 0
  var events = 0
  var kinds: Set<EventKind> = []
  var unknownNames: Set<String> = []
}

/// Writes `events` generated events (and a header) to `path`, a megabyte at a time, with `TraceWriter`:
/// the library's generator with `--scenes` window scenes presenting at once and no end, and now and then
/// a line with an event name the format does not define (an app's own), which the reader must skip and
/// which the generator cannot produce (an `Event` has a known kind).
func writeTrace(to path: String, options: Options) -> GeneratedTrace? {
  guard FileManager.default.createFile(atPath: path, contents: nil),
    let handle = FileHandle(forWritingAtPath: path)
  else { return nil }
  defer { try? handle.close() }
  var generator = TraceGenerator(
    seed: options.seed, configuration: GeneratorConfiguration(episodes: .max, roots: options.scenes))
  var stream = generator.stream()
  var unknowns = SeededRandom(seed: options.seed)
  var summary = GeneratedTrace()
  let header = TraceHeader(
    expect: [],
    metadata: [
      ("app", .string("ReplayBenchmark")), ("seed", .number(Double(options.seed))),
      ("scenes", .number(Double(options.scenes))),
    ])
  var text = TraceWriter.line(for: header) + "\n"
  text.reserveCapacity(1 << 21)
  while summary.events < options.events, let event = stream.next() {
    if unknowns.below(400) == 0, summary.events + 1 < options.events {
      let name = unknowns.pick(["didTapCard", "cardSnapshotRendered"]) ?? "didTapCard"
      var line = "{\"t\":" + JSONText.number(event.t) + ",\"id\":"
      JSONText.appendString(event.id, to: &line)
      line += ",\"event\":"
      JSONText.appendString(name, to: &line)
      text += line + ",\"index\":\(unknowns.below(20))}\n"
      summary.unknownNames.insert(name)
      summary.events += 1
    }
    text += TraceWriter.line(for: event)
    text += "\n"
    summary.kinds.insert(event.kind)
    summary.events += 1
    if text.utf8.count >= 1 << 20 {
      summary.bytes += text.utf8.count
      handle.write(Data(text.utf8))
      text.removeAll(keepingCapacity: true)
    }
  }
  summary.bytes += text.utf8.count
  handle.write(Data(text.utf8))
  return summary
}

/// The first `count` known events of the trace (the generator's, as `writeTrace` writes them), for the
/// machine-alone measurement.
func eventsInMemory(options: Options, count: Int) -> [Event] {
  var generator = TraceGenerator(
    seed: options.seed, configuration: GeneratorConfiguration(episodes: .max, roots: options.scenes))
  var stream = generator.stream()
  var events: [Event] = []
  events.reserveCapacity(count)
  while events.count < count, let event = stream.next() { events.append(event) }
  return events
}

/// The first `limit` events of the trace at `path`, in memory (lines that are no event are skipped).
func eventsRead(from path: String, limit: Int) throws(ReadFailure) -> [Event] {
  var events: [Event] = []
  for record in try TraceReader(path: path) {
    guard events.count < limit else { break }
    if case .event(let event, _) = record { events.append(event) }
  }
  return events
}

/// How many presentations are alive (phase live) while the events are stepped, sampled.
func alivePresentations(_ events: [Event]) -> (mean: Double, max: Int) {
  var session = PresentationSession()
  var total = 0
  var samples = 0
  var most = 0
  for (index, event) in events.enumerated() {
    _ = session.handle(event, line: index + 1)
    if index % 1000 == 999 {
      let alive = session.lifecycles.values.count { $0.phase.isLive }
      total += alive
      samples += 1
      most = max(most, alive)
    }
  }
  return (samples == 0 ? 0 : Double(total) / Double(samples), most)
}

func format(_ value: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", value) }
func megabytes(_ bytes: Int) -> String { format(Double(bytes) / 1_048_576, 1) + " MiB" }

func row(_ name: String, seconds: Double, bytes: Int, events: Int, peak: Int?) -> String {
  let padded = name.padding(toLength: 34, withPad: " ", startingAt: 0)
  let time = format(seconds, 3).leftPadded(8)
  let mbps = format(Double(bytes) / 1e6 / seconds, 0).leftPadded(7)
  let eps = format(Double(events) / 1e6 / seconds, 2).leftPadded(7)
  return "\(padded)\(time) s \(mbps) MB/s \(eps) M events/s"
    + (peak.map { "   peak RSS " + megabytes($0) } ?? "")
}

extension String {
  func leftPadded(_ width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}

func runBenchmark() -> Int32 {
  let arguments = Array(CommandLine.arguments.dropFirst())
  if arguments.contains("--memory") {
    if arguments.contains("-h") || arguments.contains("--help") {
      print(MemoryBenchmark.usage)
      return 0
    }
    return MemoryBenchmark.run(arguments)
  }
  if arguments.contains("-h") || arguments.contains("--help") {
    print(usage)
    return 0
  }
  guard let options = parseOptions(arguments) else {
    FileHandle.standardError.write(Data("error: bad arguments\n\n\(usage)\n".utf8))
    return 64
  }
  #if DEBUG
    print("warning: a debug build; run `swift run -c release ReplayBenchmark` for meaningful figures")
  #endif
  if options.recording {
    print(
      MainActor.assumeIsolated { RecordingCost.report(calls: options.events, runs: options.runs) },
      terminator: "")
    return 0
  }

  let path: String
  var generated: GeneratedTrace?
  if let file = options.file {
    path = file
  } else {
    path =
      options.output
      ?? FileManager.default.temporaryDirectory.appendingPathComponent(
        "replay-benchmark-\(options.seed)-\(options.events).jsonl"
      ).path
    let (seconds, summary) = measure { writeTrace(to: path, options: options) }
    guard let summary else {
      FileHandle.standardError.write(Data("error: cannot write \(path)\n".utf8))
      return 1
    }
    generated = summary
    print(
      "generated \(path): \(summary.events) events, \(megabytes(summary.bytes)), seed \(options.seed), "
        + "\(options.scenes) scenes, in \(format(seconds, 1)) s")
    let missing = EventKind.allCases.filter { !summary.kinds.contains($0) }.map(\.rawValue)
    print(
      "  event kinds: \(summary.kinds.count) of \(EventKind.allCases.count)"
        + (missing.isEmpty ? " (all)" : ", missing: \(missing.joined(separator: ", "))")
        + "; unknown event names: \(summary.unknownNames.sorted().joined(separator: ", "))")
    if options.generateOnly { return 0 }
  }
  defer {
    if generated != nil, !options.keep, options.output == nil {
      try? FileManager.default.removeItem(atPath: path)
    }
  }
  let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
  if let phase = options.only { return runPhase(phase, path: path, options: options) }
  print("machine: \(ProcessInfo.processInfo.activeProcessorCount) cores; median of \(options.runs) runs\n")

  // The full audit, first, with its own peak memory.
  var auditTimes: [Double] = []
  var auditPeak = 0
  var report = FileReport(path: path)
  for _ in 0..<options.runs {
    let resettable = PeakMemory.reset()
    let (seconds, result) = measure { FileReport.audit(path: path) }
    auditTimes.append(seconds)
    auditPeak = resettable ? max(auditPeak, PeakMemory.bytes()) : PeakMemory.bytes()
    report = result
  }
  let events = report.events
  let audit = median(auditTimes)
  print(row("audit (FileReport.audit)", seconds: audit, bytes: bytes, events: events, peak: auditPeak))
  let errors = report.findings.count { $0.severity == .error }
  print(
    "  \(events) events, \(report.findings.count) findings (\(errors) errors), "
      + "\(report.inputErrors.count) input errors, \(report.notes.count) notes")
  for finding in report.findings.prefix(5) {
    print("  \(finding.line): [\(finding.rule.rawValue)] \(finding.message)")
  }

  let reader = median((0..<options.runs).map { _ in measure { readerPass(path: path) }.seconds })
  print(row("  reader only (TraceReader)", seconds: reader, bytes: bytes, events: events, peak: nil))
  // What `replay stats`, `show` and `export --table` read: the audit with every transition rebuilt. It once
  // copied its list of transitions on every event, which only a long trace shows.
  let replay = median((0..<options.runs).map { _ in measure { replayPass(path: path) }.seconds })
  print(row("replay (TraceReplay.run)", seconds: replay, bytes: bytes, events: events, peak: nil))
  if options.reference {
    let reference = median(
      (0..<options.runs).map { _ in measure { referenceReaderPass(path: path) }.seconds })
    print(row("  ReferenceTraceReader only", seconds: reference, bytes: bytes, events: events, peak: nil))
  }

  let floor = median((0..<options.runs).map { _ in measure { floorPass(path: path) }.seconds })
  print(row("floor (read 1 MiB chunks, count \\n)", seconds: floor, bytes: bytes, events: events, peak: nil))
  var wcTime: Double?
  if FileManager.default.isExecutableFile(atPath: "/usr/bin/wc"), wcLinesPass(paths: [path]) {
    // `wc -l` timed as a process carries its start-up, which the audit timed in this process does not: on
    // the default 83 MB trace the start-up was most of it, and the ratio looked three to five times better
    // than the two timed as whole processes on 1 GB. So `wc -l` counts as many copies of the file as add up
    // to about 2 GB (at most 64) in one process, less its start-up on an empty file, and the time is
    // divided by the copies. (At 1 GB, the start-up through `Process`, about 0.05 s and varying by 0.02,
    // still moved the result by a tenth.) Under 0.1 s of counting, the start-up's noise would decide it.
    let copies = max(1, min(64, (1 << 31) / max(bytes, 1)))
    let startUp = median(
      (0..<options.runs).map { _ in measure { wcLinesPass(paths: ["/dev/null"]) }.seconds })
    let paths = Array(repeating: path, count: copies)
    let timed = median((0..<options.runs).map { _ in measure { wcLinesPass(paths: paths) }.seconds })
    let counting = timed - startUp
    let name = "wc -l (file x\(copies), less start-up)"
    if counting >= 0.1 {
      let perCopy = counting / Double(copies)
      wcTime = perCopy
      print(row(name, seconds: perCopy, bytes: bytes, events: events, peak: nil))
    } else {
      print("\(name.padding(toLength: 34, withPad: " ", startingAt: 0)) too short to time: a larger --file")
    }
  }

  var decoderTime: Double?
  if options.jsonDecoder {
    let time = median((0..<options.runs).map { _ in measure { jsonDecoderPass(path: path) }.seconds })
    decoderTime = time
    print(row("JSONDecoder + Codable, per line", seconds: time, bytes: bytes, events: events, peak: nil))
  }

  // Two copies of the file audited on one core, then on two (what `replay audit --jobs N` does).
  let copy = path + ".copy"
  try? FileManager.default.removeItem(atPath: copy)
  if (try? FileManager.default.copyItem(atPath: path, toPath: copy)) != nil {
    defer { try? FileManager.default.removeItem(atPath: copy) }
    let one = median(
      (0..<options.runs).map { _ in measure { parallelAudit(paths: [path, copy], jobs: 1) }.seconds })
    let two = median(
      (0..<options.runs).map { _ in measure { parallelAudit(paths: [path, copy], jobs: 2) }.seconds })
    print(row("2 files, 1 job", seconds: one, bytes: 2 * bytes, events: 2 * events, peak: nil))
    print(row("2 files, 2 jobs", seconds: two, bytes: 2 * bytes, events: 2 * events, peak: nil))
    print("  speed-up on 2 jobs: \(format(one / two, 2))x")
  }

  // The machine alone, on events already in memory.
  let decoded = eventsInMemory(options: options, count: min(options.events, 1_000_000))
  let alive = alivePresentations(decoded)
  var inMemory = decoded.map { CompactEvent($0) }
  let auditor = median((0..<options.runs).map { _ in measure { auditorPass(&inMemory) }.seconds })
  let session = median((0..<options.runs).map { _ in measure { sessionPass(&inMemory) }.seconds })
  print(
    "\nmachine alone (\(inMemory.count) events in memory, presentations alive: mean \(format(alive.mean, 0)), "
      + "max \(alive.max)):")
  print("  Auditor.audit                    \(format(Double(inMemory.count) / 1e6 / auditor, 2)) M events/s")
  print("  PresentationSession.handle       \(format(Double(inMemory.count) / 1e6 / session, 2)) M events/s")
  let quiet = quietStays(&inMemory)
  print(
    "  quiet stays (no step)            \(quiet) of \(inMemory.count) events "
      + "(\(format(100 * Double(quiet) / Double(max(inMemory.count, 1)), 1)) %)")

  print("\nratios:")
  if let decoderTime {
    print("  audit vs JSONDecoder: \(format(decoderTime / audit, 1))x faster (target >= 20x)")
  }
  print("  audit vs floor: \(format(audit / floor, 1))x the floor's time (target <= 20x)")
  if let wcTime {
    print("  audit vs wc -l: \(format(audit / wcTime, 1))x wc -l's time (target <= 7x)")
  }
  print("  audit: \(format(Double(bytes) / 1e6 / audit, 0)) MB/s (target >= 1,000 MB/s)")
  return 0
}

/// One phase, once, for a profiler (`valgrind --tool=callgrind ReplayBenchmark --file F --only reader`).
func runPhase(_ phase: String, path: String, options: Options) -> Int32 {
  switch phase {
  case "audit": print(FileReport.audit(path: path).events)
  case "reader": print(readerPass(path: path))
  case "replay": print(replayPass(path: path))
  case "reference": print(referenceReaderPass(path: path))
  case "floor": print(floorPass(path: path))
  case "jsondecoder": print(jsonDecoderPass(path: path))
  case "auditor", "session", "quiet":
    // With --file, that trace's events (a trace made for one path of the machine); else generated ones.
    var events: [Event]
    do {
      events =
        options.file == nil
        ? eventsInMemory(options: options, count: options.events)
        : try eventsRead(from: path, limit: options.events)
    } catch {
      FileHandle.standardError.write(Data("error: \(error.message)\n".utf8))
      return 66
    }
    var compact = events.map { CompactEvent($0) }
    let start = DispatchTime.now().uptimeNanoseconds
    switch phase {
    case "auditor": print(auditorPass(&compact))
    case "session": print(sessionPass(&compact))
    default: print("\(quietStays(&compact)) of \(compact.count) events are quiet stays")
    }
    print(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, "s")
  default:
    FileHandle.standardError.write(Data("error: unknown phase \(phase)\n".utf8))
    return 64
  }
  return 0
}

exit(runBenchmark())
