import Testing

@testable import PresentationStateMachine

/// A trace of a new unknown event name on every line keeps no more than the limit's notes and names, and a
/// name as long as a line is noted by its first characters: the audit, `stats`, `export` and `state` once
/// kept a note and a name per distinct name (a 62 MB trace of 1.5 million names took 281 MB).
@Suite struct UnknownEventNoteLimitTests {
  static let limit = UnknownEventNotes.limit

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
    let spelled = String(repeating: "a", count: UnknownEventNotes.notedNameLength) + "…"
    #expect(report.notes.map(\.message) == ["unknown event \"\(spelled)\" skipped (reported once per name)"])
  }
  /// A resumed audit counts the names its snapshot noted: each run's reader starts afresh, and the names
  /// kept in the snapshot once grew by up to 101 a run.
  @Test func aResumedAuditCountsTheNamesItsSnapshotNoted() throws {
    let first = Self.trace(names: (1...60).map { "early\($0)" })
    let whole = first + Self.trace(names: (1...200).map { "late\($0)" })
    let start = try IncrementalAudit.run(bytes: first, path: "names.jsonl")
    #expect(start.report.notes.count == 60)
    let resumed = try IncrementalAudit.run(bytes: whole, path: "names.jsonl", resumingFrom: start.snapshot)
    #expect(resumed.report.notes.count == Self.limit - 60 + 1)
    #expect(
      resumed.report.notes.last?.message.contains("more than \(Self.limit) unknown event names") == true)
    #expect(resumed.snapshot.reportedUnknownEvents.count == Self.limit + 1)
    let again = try IncrementalAudit.run(
      bytes: whole + Self.trace(names: (1...50).map { "later\($0)" }), path: "names.jsonl",
      resumingFrom: resumed.snapshot)
    #expect(again.report.notes.isEmpty)
    #expect(again.snapshot.reportedUnknownEvents.count == Self.limit + 1)
  }

  /// A name of a few characters, each a letter and many combining marks, is noted by its first scalars:
  /// cut by characters, its note kept the whole name (400 KB).
  @Test func aNameOfCombiningMarksIsCutByScalars() {
    let name = "a" + String(repeating: "\u{301}", count: 200_000)
    let note = Self.report(names: [name]).notes.first?.message ?? ""
    #expect(note.utf8.count < 1_000, "the note holds \(note.utf8.count) bytes")
    #expect(UnknownEventNotes.notedName(name).unicodeScalars.count == UnknownEventNotes.notedNameLength + 1)
  }
}
