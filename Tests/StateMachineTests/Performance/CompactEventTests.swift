import Testing

@testable import PresentationStateMachine

/// The event the machine steps (`CompactEvent`) against the `Event` it is made from: every key it keeps
/// reads as the event's, its trigger is the event's, and it stays small enough to be copied without a call.
/// `WriterLayoutTests` and `ReaderDifferentialTests` hold the reader's compact path to the same.
@Suite struct CompactEventTests {
  /// Everything a compact event says, numbers as bits (0 and -0 differ): what the tests compare, and what a
  /// failing one shows.
  static func description(_ event: CompactEvent) -> String {
    words(t: event.t, id: event.id, kind: event.kind, trigger: event.trigger, payload: event.payload)
  }

  /// What the compact event of `event` should say, read from the event's own payload.
  static func expectedDescription(of event: Event) -> String {
    words(t: event.t, id: event.id, kind: event.kind, trigger: Trigger(event), payload: event.payload)
  }

  private static func words(
    t: Double, id: String, kind: EventKind, trigger: Trigger, payload: some MachineReadPayload
  ) -> String {
    let numbers = [payload.width, payload.height, payload.duration, payload.percent, payload.completionSpeed]
    let flags = [payload.animated, payload.completed, payload.didComplete, payload.wantsInteractiveStart]
    return
      "t \(t.bitPattern) id \(id.debugDescription) \(kind) \(trigger) "
      + "presenter \(String(describing: payload.presenter)) style \(String(describing: payload.style)) "
      + "resolved \(String(describing: payload.resolvedStyle)) numbers \(numbers.map { $0?.bitPattern }) flags \(flags)"
  }

  @Test func everyKeyItKeepsReadsAsTheEventsOwn() {
    var random = CodecRandom(seed: 0xC0_4AC7)
    for round in 0..<5000 {
      // Any key of any kind, held or not, over a payload that held others before (slots keep old values).
      var event = Event(
        t: ReaderDifferentialTests.randomNumber(&random), id: "p", kind: random.pick(EventKind.allCases))
      for _ in 0..<2 {
        for key in PayloadKey.allCases where random.chance(50) {
          switch key.valueType {
          case .bool: event.payload[key] = random.chance(20) ? nil : .bool(random.chance(50))
          case .number:
            event.payload[key] =
              random.chance(20) ? nil : .number(ReaderDifferentialTests.randomNumber(&random))
          case .string:
            event.payload[key] = random.chance(20) ? nil : .string(random.pick(["", "root", "custom"]))
          }
        }
      }
      #expect(Self.description(CompactEvent(event)) == Self.expectedDescription(of: event), "round \(round)")
    }
  }

  @Test func itsTriggerIsTheEventsForEveryKindAndOutcome() {
    for kind in EventKind.allCases {
      for completed in [nil, false, true] as [Bool?] {
        for didComplete in [nil, false, true] as [Bool?] {
          var payload = Payload()
          payload.completed = completed
          payload.didComplete = didComplete
          let event = Event(t: 1, id: "p", kind: kind, payload: payload)
          #expect(CompactEvent(event).trigger == Trigger(event), "\(kind) \(payload)")
        }
      }
    }
  }

  /// Above 128 bytes Swift copies a value lent from memory with a call to `memcpy` (an `Event`'s 168
  /// bytes, about 29 instructions an event); below, with a few register moves. It is 117 bytes: its small
  /// fields come last, after the payload's own.
  @Test func itStaysSmallEnoughToCopyWithoutACall() {
    #expect(MemoryLayout<CompactEvent>.size <= 120)
    #expect(MemoryLayout<Event>.size > MemoryLayout<CompactEvent>.size)
  }

  /// As `Payload`, a compact payload keeps no string it let go: a line without a key empties that key's
  /// string where the reader writes lines in place (read through `Mirror`, since no accessor shows a string
  /// whose key is not held).
  @Test func aLineLetsGoOfTheStringsTheLastOneHeld() {
    let lines = [
      #"{"t":1,"id":"card","event":"present","presenter":"root:scene","animated":true,"style":"custom"}"#,
      #"{"t":2,"id":"card","event":"viewWillAppear","animated":true,"resolvedStyle":"pageSheet"}"#,
      #"{"t":3,"id":"card","event":"dismiss","animated":true}"#,
    ]
    let held: [[String: String]] = [
      ["presenterValue": "root:scene", "styleValue": "custom", "resolvedStyleValue": ""],
      ["presenterValue": "", "styleValue": "", "resolvedStyleValue": "pageSheet"],
      ["presenterValue": "", "styleValue": "", "resolvedStyleValue": ""],
    ]
    var scanner = EventLineScanner()
    var event = CompactEvent(Event(t: 0, id: "", kind: .mark))
    for (line, expected) in zip(lines, held) {
      var bytes = Array(line.utf8)
      let end = bytes.withUnsafeMutableBufferPointer { buffer in
        buffer.baseAddress.map { scanner.decodeWriterObject($0, limit: buffer.count, into: &event) } ?? -1
      }
      #expect(end == line.utf8.count, "\(line)")
      var strings: [String: String] = [:]
      for child in Mirror(reflecting: event.payload).children {
        if let label = child.label, let value = child.value as? String { strings[label] = value }
      }
      #expect(strings == expected, "\(line)")
    }
  }

  @Test func itKeepsEveryStringButAMarksName() {
    let kept = PayloadKey.allCases.filter {
      $0.valueType == .string && CompactPayload.keepsString(slot: $0.slot)
    }
    #expect(kept == [.presenter, .style, .resolvedStyle])
  }
}

/// The payload keys the machine and the reconstruction read, as `Payload` and `CompactPayload` both answer
/// them.
protocol MachineReadPayload {
  var presenter: String? { get }
  var style: String? { get }
  var resolvedStyle: String? { get }
  var animated: Bool? { get }
  var completed: Bool? { get }
  var didComplete: Bool? { get }
  var wantsInteractiveStart: Bool? { get }
  var width: Double? { get }
  var height: Double? { get }
  var duration: Double? { get }
  var percent: Double? { get }
  var completionSpeed: Double? { get }
}

extension Payload: MachineReadPayload {}
extension CompactPayload: MachineReadPayload {}
