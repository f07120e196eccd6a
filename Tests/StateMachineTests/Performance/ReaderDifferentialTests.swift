import Foundation
import Testing

@testable import PresentationStateMachine

/// The fast `TraceReader` against `ReferenceTraceReader`, the straightforward reader it replaced: the same
/// records (events bit for bit, errors at the same line and column with the same message, the same notes)
/// on every trace under `traces/`, on every line the codec tests use, on tricky lines aimed at the edges of
/// the fast path, and on thousands of random mutations of all of them, read whole, through small buffers
/// and in small reads.
///
/// Mutations come from a fixed seed, printed in every failure; `REPLAY_DIFFERENTIAL_ITERATIONS` runs more
/// (`REPLAY_DIFFERENTIAL_SEED` picks another seed).
@Suite struct ReaderDifferentialTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Every `*.jsonl` under `traces/` (the samples, the rule traces, near-misses, regressions).
  static let traceFiles: [String] = {
    let directory = root.appendingPathComponent("traces").path
    guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
    return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".jsonl") }.sorted()
      .map { directory + "/" + $0 }
  }()

  static func contents(_ path: String) -> [UInt8] {
    (try? Data(contentsOf: URL(fileURLWithPath: path))).map { Array($0) } ?? []
  }

  /// The one-line raw string literals (`#"..."#`) of the codec tests: every line they feed the reader.
  static let codecTestLines: [String] = {
    let directory = root.appendingPathComponent("Tests/StateMachineTests/Trace")
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    var lines: [String] = []
    for file in files.sorted() where file.hasSuffix(".swift") {
      guard let text = try? String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8) else {
        continue
      }
      var rest = Substring(text)
      while let open = rest.range(of: "#\"") {
        rest = rest[open.upperBound...]
        guard let close = rest.range(of: "\"#") else { break }
        let literal = rest[..<close.lowerBound]
        rest = rest[close.upperBound...]
        if !literal.contains("\n"), !literal.contains("\\#"), literal.contains("{") {
          lines.append(String(literal))
        }
      }
    }
    return lines
  }()

  /// Lines aimed at the edges of the fast path: each either takes it or must fall back to the same result.
  static let edgeLines: [String] = [
    #"{"t":1,"id":"p1","event":"present"}"#,
    #"{"t":-0,"id":"p1","event":"present"}"#,
    #"{"t":-0.0,"id":"p1","event":"present"}"#,
    #"{"t":0.1,"id":"p1","event":"present"}"#,
    #"{"t":1000.306100,"id":"p1","event":"completion"}"#,
    #"{"t":9007199254740992,"id":"p1","event":"completion"}"#,
    #"{"t":9007199254740993,"id":"p1","event":"completion"}"#,
    #"{"t":1234567890123456789,"id":"p1","event":"completion"}"#,
    #"{"t":12345678901234567890,"id":"p1","event":"completion"}"#,
    #"{"t":0.0000000000000000000001,"id":"p1","event":"completion"}"#,
    #"{"t":0.00000000000000000000001,"id":"p1","event":"completion"}"#,
    #"{"t":1.2345678901234567890123,"id":"p1","event":"completion"}"#,
    #"{"t":86429.12345678901,"id":"p1","event":"completion"}"#,
    #"{"t":0.30000000000000004,"id":"p1","event":"completion"}"#,
    #"{"t":1e3,"id":"p1","event":"completion"}"#,
    #"{"t":1E-7,"id":"p1","event":"completion"}"#,
    #"{"t":1e400,"id":"p1","event":"completion"}"#,
    #"{"t":-1e400,"id":"p1","event":"completion"}"#,
    #"{"t":1e-400,"id":"p1","event":"completion"}"#,
    #"{"t":1.7976931348623157e308,"id":"p1","event":"completion"}"#,
    #"{"t":01,"id":"p1","event":"completion"}"#,
    #"{"t":1.,"id":"p1","event":"completion"}"#,
    #"{"t":.5,"id":"p1","event":"completion"}"#,
    #"{"t":-,"id":"p1","event":"completion"}"#,
    #"{"t":1e,"id":"p1","event":"completion"}"#,
    #"{"t":+1,"id":"p1","event":"completion"}"#,
    #"{"t":NaN,"id":"p1","event":"completion"}"#,
    #"{"t":-Infinity,"id":"p1","event":"completion"}"#,
    #"{"t":"1","id":"p1","event":"completion"}"#,
    #"{"t":1,"id":"","event":"completion"}"#,
    #"{"t":1,"id":7,"event":"completion"}"#,
    #"{"t":1,"id":"p1","event":null}"#,
    #"{"t":1,"id":"p1","event":"Completion"}"#,
    #"{"t":1,"id":"p1","event":"completio"}"#,
    #"{"t":1,"id":"p1","event":"completionX"}"#,
    #"{"t":1,"id":"p1","event":""}"#,
    #"{"t":1,"id":"p1","event":"didTapCard","index":3,"section":"today","flag":true,"none":null}"#,
    #"{"t":1,"id":"p1","event":"didTapCard","animated":"yes"}"#,
    #"{"t":1,"id":"p1","event":"didTapCard","nested":{"a":1}}"#,
    #"{"t":1,"id":"p1","event":"didTapCard","t":2}"#,
    #"{"t":1,"id":"p1","event":"mark","name":"a","x":1,"x":2}"#,
    #"{"t":1,"id":"p1","event":"mark","a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9}"#,
    #"{"t":1,"id":"p1","event":"mark","z":"last","a":"first","m":[1,2]}"#,
    #"{"t":1,"id":"p1","event":"mark","format":"sheet"}"#,
    #"{"t":1,"id":"p1","event":"completeTransition"}"#,
    #"{"t":1,"id":"p1","event":"completeTransition","didComplete":1}"#,
    #"{"t":1,"id":"p1","event":"completeTransition","didComplete":false,"animated":true}"#,
    #"{"t":1,"id":"p1","event":"completeTransition","didComplete":true,"didComplete":true}"#,
    #"{"t":1,"id":"p1","event":"present","presenter":null}"#,
    #"{"t":1,"id":"p1","event":"present","presenter":"root:tv","animated":false,"style":"custom"}"#,
    #"{"style":"custom","animated":false,"presenter":"root","event":"present","id":"p1","t":1}"#,
    #"{"t":1,"id":"p1","event":"present","style":"custom","duration":0.3}"#,
    #"{"t":1,"id":"p1","event":"updateInteractiveTransition","percent":1.5}"#,
    #"{"t":1,"id":"p1","event":"updateInteractiveTransition","percent":true}"#,
    #"{"t":1,"id":"p1","event":"viewWillTransitionToSize","width":390}"#,
    #"{"t":1,"id":"p1","event":"viewWillTransitionToSize","width":390,"height":844}"#,
    #"{"t":1,"id":"p1","event":"panChanged","translation":-12.5,"velocity":-0}"#,
    #"{"t":1,"id":"p1","event":"viewWillAppear","animated":true,"resolvedStyle":"pageSheet"}"#,
    #"{"t":1,"id":"p1","event":"viewWillAppear","resolvedStyle":"automatic","animated":false}"#,
    #"{"t":1,"id":"p1","event":"viewWillAppear","resolvedStyle":null}"#,
    #"{"t":1,"id":"p1","event":"viewWillAppear","resolvedStyle":7}"#,
    #"{"t":1,"id":"p1","event":"viewWillAppear","resolvedStyle":"sheet\u00e9"}"#,
    #"{"t":1,"id":"p1","event":"viewDidAppear","resolvedStyle":"pageSheet"}"#,
    #"{"t":1,"id":"p1","event":"present","style":"automatic","resolvedStyle":"formSheet"}"#,
    #"{"t":1,"id":"p1","event":"mark","name":"caf\u00e9"}"#,
    #"{"t":1,"id":"p\"1","event":"present"}"#,
    #"{"t":1,"id":"p\\1","event":"present"}"#,
    #"{"t":1,"id":"p\/1","event":"present"}"#,
    #"{"t":1,"id":"カード","event":"present"}"#,
    #"{"t":1,"id":"e\u0301","event":"present"}"#,
    #"{"t":1,"id":"a-very-long-presentation-identifier-of-more-than-forty-eight-bytes-0x600003a4c000","event":"completion"}"#,
    #"{"t" : 1 , "id" : "p1" , "event" : "present" }"#,
    "\t{\"t\":1,\"id\":\"p1\",\"event\":\"present\"}\t ",
    "{\"t\":1,\r\"id\":\"p1\",\"event\":\"present\"}",
    "{\"t\":1,\"id\":\"p\t1\",\"event\":\"present\"}",
    "{\"t\":1,\"id\":\"p\u{7F}1\",\"event\":\"present\"}",
    #"{"t":1,"id":"p1","event":"present"}x"#,
    #"{"t":1,"id":"p1","event":"present"}}"#,
    #"{"t":1,"id":"p1","event":"present",}"#,
    #"{"t":1,"id":"p1","event":"present""#,
    #"{"t":1,"id":"p1","event":"pres"#,
    #"{"t":1,"id":"p1","event""#,
    #"{"t":1,"id":"p1","#,
    #"{"t":1"#,
    #"{"t":1,"id":"p1","event":"present","animated":tru}"#,
    #"{"t":1,"id":"p1","event":"present","animated":falsey}"#,
    #"{"t":1,"id":"p1","event":"present","animated":nul}"#,
    #"{"t":1,"id":"p1","event":"dismiss","animated":true}"#,
    #"{"t":1,"id":"p1"}"#,
    #"{"t":1,"event":"present"}"#,
    #"{"id":"p1","event":"present"}"#,
    #"{}"#,
    #"[]"#,
    #"{"format":"presentation-trace","version":1}"#,
    #"{"format":"presentation-trace","version":1,"event":"present","t":1,"id":"p1"}"#,
    #"{"t":1,"id":"p1","event":"present","format":"presentation-trace"}"#,
  ]

  // MARK: Reading

  /// What `read(into:)` (the path `FileReport` takes) gives, as records.
  static func readSteps(_ reader: TraceReader) -> [TraceRecord] {
    var reader = reader
    var event = Event(t: -1, id: "stale", kind: .mark, payload: Payload(presenter: "x", width: 1, name: "n"))
    var records: [TraceRecord] = []
    while true {
      switch reader.read(into: &event) {
      case .event(let line): records.append(.event(event, line: line))
      case .record(let record): records.append(record)
      case .end: return records
      }
    }
  }

  /// What `readAll` (the path of the audit and the replay, each event straight into the machine's form) gives: each compact event
  /// as `CompactEventTests.description` words it, every other record as it is. An event the reference
  /// decoder read comes as a record, which the audit makes compact as it feeds it (`TraceAudit.feed`).
  static func readAllCompactSteps(_ reader: TraceReader) -> [String] {
    var reader = reader
    var event = Event(t: -1, id: "stale", kind: .mark, payload: Payload(presenter: "x", width: 1, name: "n"))
    var compact = CompactEvent(event)
    var steps: [String] = []
    reader.readAll(
      into: &compact, through: &event,
      onEvent: { event, line in steps.append("\(line): " + CompactEventTests.description(copy event)) },
      onRecord: { steps += compactSteps(of: [$0]) })
    return steps
  }

  /// The reference reader's records as `readAllCompactSteps` words them.
  static func compactSteps(of records: [TraceRecord]) -> [String] {
    records.map { record in
      if case .event(let event, let line) = record {
        return "\(line): " + CompactEventTests.expectedDescription(of: event)
      }
      return "\(record)"
    }
  }

  /// Every way the fast reader reads `bytes`, each with its name.
  static func fastReadings(_ bytes: [UInt8]) -> [(String, [TraceRecord])] {
    [
      ("next()", Array(TraceReader(bytes: bytes))),
      ("read(into:)", readSteps(TraceReader(bytes: bytes))),
      ("buffer 7", readSteps(TraceReader(source: MemoryByteSource(bytes), bufferSize: 7))),
      ("buffer 64", Array(TraceReader(source: MemoryByteSource(bytes), bufferSize: 64))),
      ("reads of 3", readSteps(TraceReader(source: ChunkedByteSource(bytes, chunk: 3), bufferSize: 50))),
    ]
  }

  /// Checks that every reading equals the reference, as values and as text (which tells -0.0 from 0.0).
  static func expectSameRecords(
    _ bytes: [UInt8], _ what: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let reference = Array(ReferenceTraceReader(bytes: bytes))
    let expected = "\(reference)"
    for (name, records) in fastReadings(bytes) where records != reference || "\(records)" != expected {
      recordDifference(bytes, "\(what()), \(name)", fast: records, reference: reference, sourceLocation)
      return
    }
    let compactReference = compactSteps(of: reference)
    for (name, reader) in [
      ("readAll, compact", TraceReader(bytes: bytes)),
      ("readAll, compact, buffer 9", TraceReader(source: MemoryByteSource(bytes), bufferSize: 9)),
    ] {
      let steps = readAllCompactSteps(reader)
      guard steps != compactReference else { continue }
      recordDifference(bytes, "\(what()), \(name)", fast: steps, reference: compactReference, sourceLocation)
      return
    }
  }

  /// Records that a reading of `bytes` differs from the reference, with the input and both readings.
  static func recordDifference(
    _ bytes: [UInt8], _ what: String, fast: some Any, reference: some Any, _ sourceLocation: SourceLocation
  ) {
    let text = String(decoding: bytes.prefix(600), as: UTF8.self)
    let message: String =
      "\(what): fast reader differs\ninput: \(text.debugDescription)\nfast:      \(fast)\n"
      + "reference: \(reference)"
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
  }

  // MARK: Tests

  @Test func thereAreInputsToCompare() {
    #expect(Self.traceFiles.count >= 50, "found \(Self.traceFiles.count) traces")
    #expect(Self.codecTestLines.count >= 50, "found \(Self.codecTestLines.count) codec test lines")
  }

  @Test func everyBundledTraceReadsTheSame() {
    for path in Self.traceFiles { Self.expectSameRecords(Self.contents(path), path) }
  }

  @Test func everyCodecTestLineReadsTheSame() {
    for line in Self.codecTestLines + Self.edgeLines {
      let bytes = Array(line.utf8)
      Self.expectSameRecords(bytes, "line \(line)")
      // Between two good lines, after a header, and with CRLF.
      let framed =
        Array((TraceFixture.goodBefore + "\n").utf8) + bytes
        + Array(("\n" + TraceFixture.goodAfter + "\n").utf8)
      Self.expectSameRecords(framed, "framed line \(line)")
      Self.expectSameRecords(
        Array(#"{"format":"presentation-trace","version":1}"#.utf8) + [0x0A] + bytes + [0x0D, 0x0A],
        "after a header: \(line)")
    }
  }

  @Test func writtenTracesOfEveryKindReadTheSame() {
    var random = CodecRandom(seed: 0x5EED_0006)
    for round in 0..<200 {
      var events: [Event] = []
      for _ in 0..<20 { events.append(Self.randomEvent(&random)) }
      let text = TraceWriter.trace(header: round % 3 == 0 ? TraceHeader(expect: []) : nil, events: events)
      Self.expectSameRecords(Array(text.utf8), "written trace, seed 0x5EED0006, round \(round)")
    }
  }

  @Test func mutationsReadTheSame() {
    let environment = ProcessInfo.processInfo.environment
    let seed = environment["REPLAY_DIFFERENTIAL_SEED"].flatMap { UInt64($0) } ?? 0x0006_D1FF
    let iterations = environment["REPLAY_DIFFERENTIAL_ITERATIONS"].flatMap { Int($0) } ?? 4000
    var random = CodecRandom(seed: seed)
    let sources: [[UInt8]] =
      Self.traceFiles.map(Self.contents) + Self.codecTestLines.map { Array($0.utf8) }
      + Self.edgeLines.map { Array($0.utf8) }
    for iteration in 0..<iterations {
      var bytes = Self.window(of: random.pick(sources), &random)
      let mutations = 1 + random.below(3)
      var applied: [String] = []
      for _ in 0..<mutations { applied.append(Self.mutate(&bytes, &random)) }
      Self.expectSameRecords(
        bytes, "seed \(seed), iteration \(iteration), mutations \(applied.joined(separator: ", "))")
    }
  }

  @Test func aLongLineAcrossTheBufferReadsTheSame() {
    let id = String(repeating: "x", count: 300)
    let text =
      TraceFixture.goodBefore + "\n" + #"{"t":1.5,"id":"\#(id)","event":"present","presenter":"root"}"# + "\n"
      + #"{"t":2,"id":"p2","event":"mark","blob":"\#(String(repeating: "é", count: 200))"}"# + "\r\n"
      + TraceFixture.goodAfter
    Self.expectSameRecords(Array(text.utf8), "long lines")
  }

  // MARK: Generators

  /// A few consecutive lines of `bytes`, so that mutations land on a small input.
  static func window(of bytes: [UInt8], _ random: inout CodecRandom) -> [UInt8] {
    let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
    guard lines.count > 8 else { return bytes }
    let start = random.below(lines.count - 4)
    let count = 1 + random.below(8)
    return Array(lines[start..<min(lines.count, start + count)].joined(separator: [0x0A]))
  }

  static let interestingBytes: [UInt8] =
    Array(#"{}[]",:\ -.0123456789eE+tfnu"#.utf8) + [
      0x00, 0x09, 0x0A, 0x0D, 0x1F, 0x7F, 0x80, 0xBF, 0xC0, 0xC3, 0xE2, 0xED, 0xF0, 0xF4, 0xF8, 0xFF,
    ]

  static let interestingTexts: [String] = [
    "1e400", "-1e400", "1e-400", "123456789012345678901234567890", "-0", "0.30000000000000004",
    "9007199254740993", "1.7976931348623157e308", "NaN", "Infinity", "\\u0000", "\\ud83d\\ude00", "\\ud83d",
    "\u{FEFF}", "é", "\u{1F600}", "null", "true", "false", "[1,{\"a\":[]}]", "{}", "\"", "\\", " ", "\r",
    "\r\n", "\n", ",\"x\":1", ",\"t\":1", ",\"event\":\"mark\"", ",\"id\":\"q\"", ",\"animated\":true",
    ",\"percent\":2", ",\"presenter\":\"root\"", ",\"format\":\"presentation-trace\"",
    ",\"resolvedStyle\":\"pageSheet\"", ",\"resolvedStyle\":1",
  ]

  /// Applies one random mutation and says which.
  static func mutate(_ bytes: inout [UInt8], _ random: inout CodecRandom) -> String {
    let position = bytes.isEmpty ? 0 : random.below(bytes.count + 1)
    switch random.below(10) {
    case 0 where !bytes.isEmpty:
      let index = min(position, bytes.count - 1)
      bytes[index] = random.pick(interestingBytes)
      return "set byte \(index)"
    case 1 where !bytes.isEmpty:
      let index = min(position, bytes.count - 1)
      bytes[index] ^= UInt8(1 << random.below(8))
      return "flip a bit of byte \(index)"
    case 2:
      bytes.insert(random.pick(interestingBytes), at: position)
      return "insert a byte at \(position)"
    case 3 where !bytes.isEmpty:
      let count = min(1 + random.below(6), bytes.count - min(position, bytes.count - 1))
      let start = min(position, bytes.count - 1)
      bytes.removeSubrange(start..<start + count)
      return "delete \(count) bytes at \(start)"
    case 4:
      bytes.insert(contentsOf: Array(random.pick(interestingTexts).utf8), at: position)
      return "insert text at \(position)"
    case 5:
      // Cut a line short: everything from `position` to the next newline.
      let end = bytes[position...].firstIndex(of: 0x0A) ?? bytes.count
      bytes.removeSubrange(position..<end)
      return "truncate the line at \(position)"
    case 6:
      var crlf: [UInt8] = []
      for byte in bytes {
        if byte == 0x0A { crlf.append(0x0D) }
        crlf.append(byte)
      }
      bytes = crlf
      return "CRLF"
    case 7:
      // Replace a number with a huge, tiny or long one.
      guard let digit = bytes[position...].firstIndex(where: { (0x30...0x39).contains($0) }) else {
        return "none"
      }
      var end = digit
      while end < bytes.count, (0x30...0x39).contains(bytes[end]) || bytes[end] == 0x2E { end += 1 }
      let replacement = random.pick([
        "1e400", "123456789012345678901234567890", "0.000000000000000000000000001", "9007199254740993",
        "12345678901234567.5", "0", "-0.0", "4.9e-324", "1.5e3", "00", "1.2.3",
      ])
      bytes.replaceSubrange(digit..<end, with: Array(replacement.utf8))
      return "number \(replacement) at \(digit)"
    case 8:
      bytes.insert(
        contentsOf: random.pick([
          [0xEF, 0xBB, 0xBF], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xC0, 0xAF],
        ]), at: position)
      return "bad UTF-8 or a BOM at \(position)"
    default:
      // Duplicate a line (a repeated line, or a blank one when the window is a single line).
      let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
      let line = lines[random.below(lines.count)]
      bytes += [0x0A] + line
      return "repeat a line"
    }
  }

  /// A random event with random payload values of every kind the format allows, and unknown keys.
  static func randomEvent(_ random: inout CodecRandom) -> Event {
    let kind = random.pick(EventKind.allCases)
    let ids = ["p1", "card", "root", "root:tv", "s1.card-12", "e\u{301}", "q\"uote", "tab\t", "カード", ""]
    var event = Event(t: randomNumber(&random).magnitude, id: random.pick(ids), kind: kind)
    for key in kind.payloadKeys where random.chance(70) {
      switch key.valueType {
      case .bool: event.payload[key] = .bool(random.chance(50))
      case .number: event.payload[key] = .number(randomNumber(&random))
      case .string: event.payload[key] = .string(random.pick(ids))
      }
    }
    if random.chance(15) {
      event.extra = [
        (
          random.pick(["x", "thread", "index", "animated", "t"]),
          random.pick([.null, .bool(true), .number(3), .string("s")])
        )
      ]
    }
    return event
  }

  static func randomNumber(_ random: inout CodecRandom) -> Double {
    switch random.below(6) {
    case 0: Double(random.below(100_000)) / 1000
    case 1: Double(random.below(1 << 20)) * 1.000_000_1
    case 2: 0.1 + Double(random.below(10)) * 0.2
    case 3: Double(bitPattern: random.next() & 0x7FEF_FFFF_FFFF_FFFF)
    case 4: -Double(random.below(1000)) / 7
    default: Double(random.below(1_000_000_000)) / 1_000_000 + 1000
    }
  }
}
