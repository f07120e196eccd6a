import Testing

@testable import PresentationStateMachine

/// A trace of a new unknown event name on every line keeps no more than the limit's notes and names, and a
/// name as long as a line is noted by its first characters: the audit, `stats`, `export` and `state` once
/// kept a note and a name per distinct name (a 62 MB trace of 1.5 million names took 281 MB).
@Suite struct UnknownEventNoteLimitTests {
  static let limit = LineDecoder.unknownEventNoteLimit

  static func trace(names: [String]) -> [UInt8] {
    let lines = names.enumerated().map { #"{"t":\#($0.offset + 1),"id":"p1","event":"\#($0.element)"}"# }
    return Array((lines.joined(separator: "\n") + "\n").utf8)
  }

  static func report(names: [String]) -> FileReport {
    FileReport.audit(path: "names.jsonl") { () throws(ReadFailure) in TraceReader(bytes: trace(names: names))
    }
  }

  @Test func pastTheLimitOneNoteSaysSoAndLaterNamesGoUnnoted() {
    let report = Self.report(names: (1...(3 * Self.limit)).map { "custom\($0)" })
    #expect(report.notes.count == Self.limit + 1)
    #expect(report.notes.prefix(Self.limit).allSatisfy { $0.message.hasSuffix("(reported once per name)") })
    #expect(
      report.notes.last?.message
        == "unknown event \"custom\(Self.limit + 1)\" skipped; more than \(Self.limit) unknown event names in "
        + "this trace, so later ones are skipped without a note")
    #expect(report.notes.last?.line == Self.limit + 1)
    #expect(report.events == 0 && report.inputErrors.isEmpty)
  }

  @Test func underTheLimitEveryNameIsNotedOnce() {
    let names = (1...Self.limit).map { "custom\($0)" }
    let report = Self.report(names: names + names)
    #expect(report.notes.count == Self.limit)
    #expect(report.notes.allSatisfy { $0.message.hasSuffix("(reported once per name)") })
  }

  @Test func aLongNameIsNotedByItsFirstCharacters() {
    let long = String(repeating: "a", count: 5_000)
    let report = Self.report(names: [long + "x", long + "y"])
    let spelled = String(repeating: "a", count: LineDecoder.notedNameLength) + "…"
    #expect(report.notes.map(\.message) == ["unknown event \"\(spelled)\" skipped (reported once per name)"])
  }
}
