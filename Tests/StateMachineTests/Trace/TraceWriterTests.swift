import Testing

@testable import PresentationStateMachine

/// The canonical writer: exact spelling, and encode → decode → encode byte-identical for every kind of
/// event and for headers.
@Suite struct TraceWriterTests {
  /// Decodes one written event line the way the reader does.
  static func decode(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) -> Event? {
    let records = TraceFixture.read(line + "\n")
    guard case .event(let event, _) = records.first, records.count == 1 else {
      Issue.record("\(line) did not read back as one event: \(records)", sourceLocation: sourceLocation)
      return nil
    }
    return event
  }

  /// A value of `type` for payload key number `index`, different from key to key.
  static func sampleValue(_ type: PayloadKey.ValueType, index: Int) -> JSONValue {
    switch type {
    case .bool: .bool(index.isMultiple(of: 2))
    case .number: .number([0.1, 1e-7, 390, 1843.2071, -0.0, 0.35, -12.5, 1e21][index % 8])
    case .string: .string(["root", "root:tv", "카드", "q\"\\/\n\t\u{1}", "😀", "formSheet"][index % 6])
    }
  }

  /// One event of every kind with every payload key it understands, plus unknown keys.
  static let everyKind: [Event] = EventKind.allCases.enumerated().map { offset, kind in
    var payload = Payload()
    for (index, key) in kind.payloadKeys.enumerated() {
      payload[key] = sampleValue(key.valueType, index: offset + index)
    }
    return Event(
      t: 1843.2071 + Double(offset) / 64, id: ["p1", "카드", "😀", "p\"2"][offset % 4], kind: kind,
      payload: payload,
      extra: offset.isMultiple(of: 3)
        ? [("app.note", .string("é\u{0}")), ("zz", .array([.null, .object([("a", .number(1e-7))])]))] : [])
  }

  /// Events whose kinds carry no payload keys, or only optional ones, written without them.
  static let everyKindBare: [Event] = EventKind.allCases.filter { $0.requiredPayloadKeys.isEmpty }.map {
    Event(t: 0, id: "p1", kind: $0)
  }

  static let numbers: [Event] = [
    0.1, 1e-7, 390, 1843.2071, -0.0, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 2e53,
  ].map {
    Event(t: $0, id: "n", kind: .animateTransition, payload: Payload(duration: $0))
  }

  @Test(arguments: everyKind + everyKindBare + numbers)
  func encodeDecodeEncodeIsByteIdentical(event: Event) throws {
    let line = TraceWriter.line(for: event)
    let decoded = try #require(Self.decode(line))
    #expect(decoded == event, "\(line)")
    #expect(TraceWriter.line(for: decoded) == line)
  }

  @Test func everyKindIsCovered() {
    #expect(Set(Self.everyKind.map(\.kind)) == Set(EventKind.allCases))
    #expect(
      Self.everyKind.allSatisfy { event in event.kind.payloadKeys.allSatisfy { event.payload[$0] != nil } })
  }

  @Test func writesTIdEventThenPayloadInKindOrderThenExtrasSorted() throws {
    let text =
      #"{"zz":0,"style":"s","aa":[],"animated":false,"presenter":"p0","event":"present","id":"x","t":390}"#
    let event = try #require(Self.decode(text))
    let expected =
      #"{"t":390,"id":"x","event":"present","presenter":"p0","animated":false,"style":"s","aa":[],"zz":0}"#
    #expect(TraceWriter.line(for: event) == expected)
  }

  @Test func writesTheDocumentedExample() {
    let event = Event(t: 0.5, id: "p1", kind: .completeTransition, payload: Payload(didComplete: true))
    #expect(
      TraceWriter.line(for: event) == #"{"t":0.5,"id":"p1","event":"completeTransition","didComplete":true}"#)
  }

  @Test func sortsNestedObjectKeysAndEscapesStrings() throws {
    let text =
      #"{"t":1e-7,"id":"q\"\\\u0001\u007F\t\/","event":"completion","#
      + #""z":{"b":1,"a":[true,null]},"a":"\u00e9"}"#
    let event = try #require(Self.decode(text))
    let expected =
      #"{"t":1e-07,"id":"q\"\\\u0001\u007f\t/","event":"completion","#
      + #""a":"é","z":{"a":[true,null],"b":1}}"#
    #expect(TraceWriter.line(for: event) == expected)
  }

  @Test func writesNegativeZeroAsZero() {
    let event = Event(t: -0.0, id: "p1", kind: .updateInteractiveTransition, payload: Payload(percent: -0.0))
    #expect(
      TraceWriter.line(for: event) == #"{"t":0,"id":"p1","event":"updateInteractiveTransition","percent":0}"#)
  }

  @Test func leavesOutExtraKeysThatWouldCollideWithTheFormatsOwn() throws {
    let event = Event(
      t: 1, id: "p1", kind: .dismiss,
      extra: [
        ("animated", .string("yes")), ("event", .null), ("t", .number(5)), ("x", .number(1)),
        ("x", .number(2)),
      ])
    let line = TraceWriter.line(for: event)
    #expect(line == #"{"t":1,"id":"p1","event":"dismiss","x":1}"#)
    #expect(Self.decode(line) == Event(t: 1, id: "p1", kind: .dismiss, extra: [("x", .number(1))]))
  }

  @Test func leavesOutHeaderMetadataThatWouldCollideWithTheHeadersOwnKeys() {
    let header = TraceHeader(
      expect: ["complete-twice"],
      metadata: [("format", .string("x")), ("version", .number(2)), ("expect", .null), ("app", .string("A"))])
    #expect(
      TraceWriter.line(for: header)
        == #"{"format":"presentation-trace","version":1,"expect":["complete-twice"],"app":"A"}"#)
  }

  static let headers: [TraceHeader] = [
    TraceHeader(),
    TraceHeader(expect: []),
    TraceHeader(expect: ["complete-twice", "layout-hitch"]),
    TraceHeader(
      expect: ["did-end-mismatch"],
      metadata: [
        ("app", .string("Cards")),
        ("device", .object([("model", .string("iPhone15,2")), ("scale", .number(3))])),
        ("os", .string("iOS 17.4")), ("recordedAt", .string("2024-03-01T10:00:00Z")),
        ("note", .string("카드 😀 \"quoted\"\n")), ("frames", .array([.number(0.016), .number(1e-7), .null])),
      ]),
  ]

  @Test(arguments: headers)
  func headerEncodeDecodeEncodeIsByteIdentical(header: TraceHeader) throws {
    let line = TraceWriter.line(for: header)
    let records = TraceFixture.read(line + "\n")
    guard case .header(let decoded, line: 1) = try #require(records.first) else {
      Issue.record("\(line) read back as \(records)")
      return
    }
    #expect(decoded == header, "\(line)")
    #expect(TraceWriter.line(for: decoded) == line)
  }

  @Test func writesAHeaderInCanonicalOrder() {
    let header = TraceHeader(
      expect: ["a"], metadata: [("app", .string("Cards")), ("device", .string("iPad"))])
    #expect(
      TraceWriter.line(for: header)
        == #"{"format":"presentation-trace","version":1,"expect":["a"],"app":"Cards","device":"iPad"}"#)
  }

  @Test func wholeTraceReadsBackAsTheSameRecords() {
    let header = Self.headers[3]
    let events = Self.everyKind + Self.numbers
    let text = TraceWriter.trace(header: header, events: events)
    #expect(text.hasSuffix("}\n"))
    let records = TraceFixture.read(text)
    #expect(records.first == .header(header, line: 1))
    #expect(TraceFixture.events(records) == events)
    #expect(TraceFixture.eventLines(records) == Array(2...(events.count + 1)))
    let rewritten = TraceWriter.trace(header: header, events: TraceFixture.events(records))
    #expect(rewritten == text)
  }

  @Test func traceWithoutHeaderStartsWithTheFirstEvent() {
    #expect(TraceWriter.trace(header: nil, events: []) == "")
    let event = Event(t: 1, id: "p1", kind: .completion)
    #expect(TraceWriter.trace(header: nil, events: [event]) == TraceWriter.line(for: event) + "\n")
  }
}

/// Hundreds of pseudo-random events, written, read back and written again.
@Suite struct TraceWriterPropertyTests {
  static let seed: UInt64 = 0x5EED_C0DEC
  static let alphabet: [String] = [
    "a", "Z", "0", " ", "\"", "\\", "/", "\n", "\r", "\t", "\u{0}", "\u{1F}", "\u{7F}", "é", "e\u{301}",
    "카", "드", "😀", "🇰🇷", "\u{FEFF}", "\u{2028}", "{", "}", ",", ":",
  ]

  static func string(_ random: inout CodecRandom, minimumLength: Int = 0) -> String {
    let length = minimumLength + random.below(7)
    return (0..<length).map { _ in random.pick(alphabet) }.joined()
  }

  static func number(_ random: inout CodecRandom) -> Double {
    switch random.below(6) {
    case 0: return Double(random.below(2_000_001) - 1_000_000)
    case 1: return Double(random.below(1_000_000)) / 1000
    case 2: return Double(random.next() >> 11) / Double(1 << 53)
    case 3: return Double(random.below(1000)) * 1e-7
    case 4: return random.pick([0.1, 1e-7, 390, 1843.2071, -0.0, 0.35, 1e21, 2e53, .leastNonzeroMagnitude])
    default:
      while true {
        let value = Double(bitPattern: random.next())
        if value.isFinite { return value }
      }
    }
  }

  /// Any JSON value; object keys are unique and sorted, as the writer writes them.
  static func value(_ random: inout CodecRandom, depth: Int = 0) -> JSONValue {
    switch random.below(depth < 3 ? 6 : 4) {
    case 0: return .null
    case 1: return .bool(random.chance(50))
    case 2: return .number(number(&random))
    case 3: return .string(string(&random))
    case 4: return .array((0..<random.below(4)).map { _ in value(&random, depth: depth + 1) })
    default: return .object(members(&random, depth: depth + 1))
    }
  }

  static func members(_ random: inout CodecRandom, depth: Int) -> [(key: String, value: JSONValue)] {
    var keys: Set<String> = []
    var members: [(key: String, value: JSONValue)] = []
    for _ in 0..<random.below(4) {
      let key = "x" + string(&random)
      guard keys.insert(key).inserted else { continue }
      members.append((key, value(&random, depth: depth)))
    }
    return members.sorted { $0.key < $1.key }
  }

  static func event(_ random: inout CodecRandom) -> Event {
    let kind = random.pick(EventKind.allCases)
    var payload = Payload()
    for key in kind.payloadKeys where kind.requiredPayloadKeys.contains(key) || random.chance(50) {
      switch key.valueType {
      case .bool: payload[key] = .bool(random.chance(50))
      case .number: payload[key] = .number(number(&random))
      case .string: payload[key] = .string(string(&random))
      }
    }
    let extra = random.chance(30) ? members(&random, depth: 0) : []
    return Event(
      t: number(&random), id: string(&random, minimumLength: 1), kind: kind, payload: payload, extra: extra)
  }

  @Test func randomEventsRoundTripByteIdentically() {
    var random = CodecRandom(seed: Self.seed)
    var failures = 0
    for index in 0..<400 where failures < 5 {
      let event = Self.event(&random)
      let line = TraceWriter.line(for: event)
      let records = TraceFixture.read(line)
      guard case .event(let decoded, _) = records.first, records.count == 1 else {
        Issue.record("seed \(Self.seed), event \(index): \(line) read back as \(records)")
        failures += 1
        continue
      }
      #expect(decoded == event, "seed \(Self.seed), event \(index): \(line)")
      #expect(TraceWriter.line(for: decoded) == line, "seed \(Self.seed), event \(index)")
      if decoded != event || TraceWriter.line(for: decoded) != line { failures += 1 }
    }
  }

  @Test func randomTraceReadsBackLineForLine() {
    var random = CodecRandom(seed: Self.seed &+ 1)
    let events = (0..<300).map { _ in Self.event(&random) }
    let text = TraceWriter.trace(header: TraceHeader(expect: []), events: events)
    let records = TraceFixture.read(text)
    #expect(TraceFixture.errors(records).isEmpty, "seed \(Self.seed &+ 1)")
    #expect(TraceFixture.events(records) == events, "seed \(Self.seed &+ 1)")
    #expect(TraceFixture.eventLines(records) == Array(2...301), "seed \(Self.seed &+ 1)")
  }
}
