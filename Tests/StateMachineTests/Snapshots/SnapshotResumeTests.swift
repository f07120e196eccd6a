import Foundation
import Testing

@testable import PresentationStateMachine

/// Auditing the first N lines, snapshotting through JSON, and resuming from line N+1 gives the findings
/// and the state of one pass, for every N: over bundled traces and over generated ones (clean, and
/// mutated so that they have findings).
@Suite struct SnapshotResumeTests {
  /// Sessions with hangs, stacks, interactions, timing and late findings: every kind of state to carry over.
  static let traces = BundledTracesTests.traceFiles.filter { path in
    path.hasPrefix("mixed/") || path.hasPrefix("rules/transition-never-completed")
      || path.hasPrefix("rules/appearance-unbalanced") || path == "valid/dismiss-lower-in-stack.jsonl"
      || path == "valid/interactive-dismiss-finished.jsonl" || path == "rules/completion-late.jsonl"
      || path == "rules/interaction-undriven.jsonl" || path == "rules/time-went-backwards.jsonl"
      || path.hasPrefix("regressions/resume-")
  }

  /// Fixed seeds for the generated traces; a failure names its seed.
  static let seeds: [UInt64] = [1, 2, 3, 5, 8, 13, 21, 34]

  static func bytes(_ relative: String) throws -> [UInt8] {
    Array(try Data(contentsOf: BundledTracesTests.tracesDirectory.appendingPathComponent(relative)))
  }

  /// A generated trace: clean for an even seed, with one labelled mutation (so findings) for an odd one.
  static func generated(seed: UInt64) -> (bytes: [UInt8], label: String) {
    var generator = TraceGenerator(seed: seed, configuration: GeneratorConfiguration(episodes: 8))
    var events = generator.events()
    var label = "seed \(seed), clean"
    if seed % 2 == 1 {
      // Mutate until the audit has findings (a single mutation can be harmless: a duplicated mark), so
      // the property compares findings, not two empty lists.
      var mutator = TraceMutator(seed: seed)
      var labels: [String] = []
      for _ in 0..<8 {
        let mutated = mutator.mutate(events)
        events = mutated.events
        labels.append(mutated.mutation?.description ?? "no mutation")
        let text = TraceWriter.trace(header: generator.header(), events: events)
        var report = FileReport(path: "")
        report.consume(TraceReader(bytes: Array(text.utf8)))
        if !report.findings.isEmpty { break }
      }
      label = "seed \(seed), " + labels.joined(separator: "; ")
    }
    return (Array(TraceWriter.trace(header: generator.header(), events: events).utf8), label)
  }

  /// The byte offsets where each line starts after the first (each just after a `\n`), and for each a
  /// point a few bytes into the next line (a snapshot taken while that line was being written).
  static func splits(_ bytes: [UInt8]) -> [Int] {
    var splits: [Int] = []
    for (index, byte) in bytes.enumerated() where byte == 0x0A && index + 1 < bytes.count {
      splits.append(index + 1)
      if index + 6 < bytes.count { splits.append(index + 6) }
    }
    return splits
  }

  static func reportOrder(_ a: Finding, _ b: Finding) -> Bool {
    (a.line, a.rule.rawValue, a.id, a.message) < (b.line, b.rule.rawValue, b.id, b.message)
  }

  static func text(_ findings: [Finding]) -> [String] {
    findings.map { "\($0.line) \($0.rule.rawValue) \($0.message)" }
  }

  /// Checks the property for every split of `bytes`; returns the first failing split's description.
  static func resumeEqualsOnePass(_ bytes: [UInt8], label: String) throws -> String? {
    let onePass = try IncrementalAudit.run(bytes: bytes, path: label)
    let state = try onePass.snapshot.auditor.jsonForComparison()
    for split in splits(bytes) {
      let first = try IncrementalAudit.run(bytes: Array(bytes[..<split]), path: label)
      let restored = try AuditSnapshot(json: try first.snapshot.json())
      let second = try IncrementalAudit.run(bytes: bytes, path: label, resumingFrom: restored)
      // A finding about an earlier line can be settled after the split (an appearance left unresolved
      // when its transition ends): the second run reports it, so compare the findings as a set in report
      // order, not run by run.
      let resumed = (first.report.findings + second.report.findings).sorted(by: Self.reportOrder)
      let place = "\(label): split at byte \(split) (snapshot after line \(first.snapshot.line))"
      let whole = onePass.report.findings.sorted(by: Self.reportOrder)
      guard text(resumed) == text(whole) else {
        return "\(place): findings \(text(resumed)) != one pass \(text(whole))"
      }
      guard first.report.inputErrors + second.report.inputErrors == onePass.report.inputErrors else {
        return "\(place): input errors differ"
      }
      guard second.snapshot.line == onePass.snapshot.line, second.snapshot.log == onePass.snapshot.log,
        second.snapshot.events == onePass.snapshot.events,
        try second.snapshot.auditor.jsonForComparison() == state
      else { return "\(place): the state after resuming differs from the state of one pass" }
    }
    return nil
  }

  @Test(arguments: traces)
  func resumingAtEveryLineGivesTheFindingsOfOnePass(_ relative: String) throws {
    let failure = try Self.resumeEqualsOnePass(try Self.bytes(relative), label: relative)
    #expect(failure == nil, "\(failure ?? "")")
  }

  @Test(arguments: seeds)
  func resumingAGeneratedTraceAtEveryLineGivesTheFindingsOfOnePass(seed: UInt64) throws {
    let (bytes, label) = Self.generated(seed: seed)
    let failure = try Self.resumeEqualsOnePass(bytes, label: label)
    #expect(failure == nil, "\(failure ?? "") (seeds \(Self.seeds); rerun with this one)")
  }

  @Test func theMutatedSeedsHaveFindings() throws {
    // Otherwise the property above would only ever compare empty lists.
    let withFindings = try Self.seeds.filter { seed in
      try !IncrementalAudit.run(bytes: Self.generated(seed: seed).bytes, path: "").report.findings.isEmpty
    }
    #expect(withFindings.count >= 2, "seeds with findings: \(withFindings)")
  }

  // MARK: The snapshot belongs to one log

  static let shopping = "mixed/shopping-session.jsonl"

  /// The bytes of the first `lines` lines of `relative`.
  static func prefix(_ relative: String, lines: Int) throws -> [UInt8] {
    let bytes = try Self.bytes(relative)
    var seen = 0
    for (index, byte) in bytes.enumerated() where byte == 0x0A {
      seen += 1
      if seen == lines { return Array(bytes[...index]) }
    }
    return bytes
  }

  @Test func aSnapshotRecordsItsOffsetAndAFingerprintOfTheBytesBefore() throws {
    let prefix = try Self.prefix(Self.shopping, lines: 100)
    let snapshot = try IncrementalAudit.run(bytes: prefix, path: "").snapshot
    #expect(snapshot.line == 100 && snapshot.log.length == prefix.count)
    #expect(snapshot.log.tailLength == LogFingerprint.tailSize)
    #expect(snapshot.log.matches(tail: prefix.suffix(LogFingerprint.tailSize)))
    #expect(snapshot.version == 6)
  }

  @Test func aShorterLogIsRefused() throws {
    let snapshot = try IncrementalAudit.run(bytes: try Self.prefix(Self.shopping, lines: 100), path: "")
      .snapshot
    let short = try Self.prefix(Self.shopping, lines: 50)
    do {
      _ = try IncrementalAudit.run(bytes: short, path: "", resumingFrom: snapshot)
      Issue.record("a log shorter than the snapshot's offset was resumed")
    } catch {
      #expect(error.message.contains("shorter than where the snapshot stopped (byte \(snapshot.log.length)"))
    }
  }

  @Test func anotherLogIsRefused() throws {
    let snapshot = try IncrementalAudit.run(bytes: try Self.prefix(Self.shopping, lines: 100), path: "")
      .snapshot
    var other = try Self.bytes("mixed/photos-session.jsonl")
    while other.count < snapshot.log.length + 100 {
      other += Array(#"{"t":99999,"id":"x","event":"mark","name":"pad"}"#.utf8) + [0x0A]
    }
    #expect(throws: AuditSnapshotError.self) {
      try IncrementalAudit.run(bytes: other, path: "", resumingFrom: snapshot)
    }
    // One byte changed just before the offset is enough.
    var edited = try Self.bytes(Self.shopping)
    edited[snapshot.log.length - 3] ^= 0x01
    #expect(throws: AuditSnapshotError.self) {
      try IncrementalAudit.run(bytes: edited, path: "", resumingFrom: snapshot)
    }
  }

  @Test func resumingReadsOnlyTheBytesAfterTheOffset() throws {
    let whole = try Self.bytes(Self.shopping)
    let snapshot = try IncrementalAudit.run(bytes: try Self.prefix(Self.shopping, lines: 100), path: "")
      .snapshot
    final class Counting: ByteSource {
      var inner: MemoryByteSource
      var count = 0
      init(_ bytes: [UInt8]) { inner = MemoryByteSource(bytes) }
      func read(into buffer: UnsafeMutableBufferPointer<UInt8>) throws(ReadFailure) -> Int {
        let read = try inner.read(into: buffer)
        count += read
        return read
      }
    }
    let source = Counting(Array(whole[snapshot.log.length...]))
    let result = IncrementalAudit.run(
      source: source, path: "", resumingFrom: snapshot, configuration: AuditConfiguration()
    ) { offset, count in Array(whole[offset..<(offset + count)]) }
    #expect(source.count == whole.count - snapshot.log.length)
    #expect(result.report.findings.map(\.rule).contains(.transitionNeverCompleted))
  }

  @Test func aLineStillBeingWrittenIsLeftForTheNextRun() throws {
    let complete = try Self.prefix(Self.shopping, lines: 10)
    let half = try Self.prefix(Self.shopping, lines: 11)[complete.count...].prefix(20)
    let first = try IncrementalAudit.run(bytes: complete + half, path: "")
    #expect(first.snapshot.line == 10 && first.snapshot.log.length == complete.count)
    #expect(first.report.inputErrors.isEmpty)
    #expect(first.report.notes.map(\.line) == [11])
    let second = try IncrementalAudit.run(
      bytes: try Self.prefix(Self.shopping, lines: 11), path: "", resumingFrom: first.snapshot)
    #expect(second.report.events == 1 && second.snapshot.line == 11 && second.report.notes.isEmpty)
  }

  @Test func aHeaderAfterTheOffsetIsMisplacedAsInOnePass() throws {
    let prefix = try Self.prefix(Self.shopping, lines: 5)
    let header = Array(#"{"format":"presentation-trace","version":1}"#.utf8) + [0x0A]
    let first = try IncrementalAudit.run(bytes: prefix, path: "")
    let resumed = try IncrementalAudit.run(bytes: prefix + header, path: "", resumingFrom: first.snapshot)
    let onePass = try IncrementalAudit.run(bytes: prefix + header, path: "")
    #expect(resumed.report.inputErrors.map(\.line) == [6])
    #expect(resumed.report.inputErrors.map(\.message) == onePass.report.inputErrors.map(\.message))
  }

  @Test func anUnknownEventIsNotedOnceOverEveryRun() throws {
    let mark = { (t: Int) in Array(#"{"t":\#(t),"id":"a","event":"didTapCard"}"#.utf8) + [0x0A] }
    let first = try IncrementalAudit.run(bytes: mark(1), path: "")
    #expect(first.report.notes.count == 1)
    let second = try IncrementalAudit.run(bytes: mark(1) + mark(2), path: "", resumingFrom: first.snapshot)
    #expect(second.report.notes.isEmpty)
    #expect(second.snapshot.reportedUnknownEvents == ["didTapCard"])
  }

  // MARK: Edited by hand

  /// A snapshot after the first 100 lines of the shopping session.
  static func shoppingSnapshot() throws -> AuditSnapshot {
    try IncrementalAudit.run(bytes: try prefix(shopping, lines: 100), path: "").snapshot
  }

  /// `snapshot` as JSON, edited, and signed again: an edit its checksum no longer tells apart, which
  /// only the consistency checks can refuse.
  static func resigned(_ snapshot: AuditSnapshot, _ edit: (inout [String: Any]) throws -> Void) throws -> Data
  {
    var object = try #require(try JSONSerialization.jsonObject(with: try snapshot.json()) as? [String: Any])
    object["checksum"] = nil
    try edit(&object)
    let edited = try JSONSerialization.data(withJSONObject: object)
    return try AuditSnapshot.decoder().decode(AuditSnapshot.self, from: edited).json()
  }

  /// The message `AuditSnapshot(json:)` refuses `data` with, or `nil` when it reads it.
  static func refusal(_ data: Data) -> String? {
    do {
      _ = try AuditSnapshot(json: data)
      return nil
    } catch {
      return error.message
    }
  }

  @Test func aSnapshotEndsWithTheChecksumOfItsBody() throws {
    let json = try Self.shoppingSnapshot().json()
    let text = String(decoding: json, as: UTF8.self)
    let checksum = try #require(text.firstMatch(of: /,"checksum":"([0-9a-f]{16})"}$/))
    let body = String(text[..<checksum.range.lowerBound]) + "}"
    #expect(checksum.output.1 == ModelFingerprint.fnv1a(body))
    #expect(Self.refusal(json) == nil)
  }

  @Test func anEditedByteIsRefusedByTheChecksum() throws {
    let json = try Self.shoppingSnapshot().json()
    var text = String(decoding: json, as: UTF8.self)
    // The line, one less: "line":100 -> "line":99, a length the JSON still reads.
    text = text.replacingOccurrences(of: #""line":100,"#, with: #""line":99,"#)
    #expect(text.utf8.count == json.count - 1)
    #expect(Self.refusal(Data(text.utf8))?.contains("its checksum does not match its content") == true)
    // Reformatted with the same values, or without its checksum: the bytes are no longer the ones signed.
    let object = try JSONSerialization.jsonObject(with: json)
    let pretty = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
    #expect(Self.refusal(pretty)?.contains("its checksum does not match its content") == true)
    var unsigned = try #require(object as? [String: Any])
    unsigned["checksum"] = nil
    #expect(
      Self.refusal(try JSONSerialization.data(withJSONObject: unsigned))?.contains("checksum does not match")
        == true)
  }

  @Test func anEditPastTheChecksumIsRefusedByTheConsistencyChecks() throws {
    let snapshot = try Self.shoppingSnapshot()
    func expectRefused(_ data: Data, saying reason: String, _ comment: Comment) {
      let message = Self.refusal(data)
      #expect(message?.contains("edited by hand or damaged (") == true, comment)
      #expect(message?.contains(reason) == true, "\(comment): \(message ?? "read")")
      #expect(message?.contains("audit the whole trace again without --resume") == true, comment)
    }
    var edited = snapshot
    edited.line = Int.max
    expectRefused(try edited.json(), saying: "does not fit byte", "line at Int.max")
    edited = snapshot
    edited.events = Int.max
    expectRefused(try edited.json(), saying: "events in 100 lines", "events at Int.max")
    edited = snapshot
    edited.log.tailLength = 1 << 40
    expectRefused(try edited.json(), saying: "the fingerprint covers 1099511627776 bytes", "a 1 TiB tail")
    edited = snapshot
    edited.log.length = -1
    expectRefused(try edited.json(), saying: "negative", "a negative offset")
    // Ten lines back, with as many events: the state holds what those lines did, which a snapshot after
    // line 90 cannot.
    edited = snapshot
    edited.line = 90
    edited.events = min(snapshot.events, 90)
    expectRefused(try edited.json(), saying: "past line 90", "line 10 lower")
    let phase = try Self.resigned(snapshot) { object in
      var auditor = try #require(object["auditor"] as? [String: Any])
      var session = try #require(auditor["session"] as? [String: Any])
      var lifecycles = try #require(session["lifecycles"] as? [String: Any])
      // A presentation with a transition, put in flight the other way.
      let (id, value) = try #require(
        lifecycles.sorted { $0.key < $1.key }.first { ($0.value as? [String: Any])?["transition"] != nil })
      var lifecycle = try #require(value as? [String: Any])
      let transition = try #require(lifecycle["transition"] as? [String: Any])
      lifecycle["phase"] =
        transition["direction"] as? String == "presenting"
        ? Phase.dismissingAnimating.rawValue : Phase.presentingAnimating.rawValue
      lifecycles[id] = lifecycle
      session["lifecycles"] = lifecycles
      auditor["session"] = session
      object["auditor"] = auditor
    }
    expectRefused(phase, saying: "animating without a", "a phase its transition does not allow")
    // A lifecycle that names another id than the one it is filed under: the session's document refuses it
    // as it is read (a slot keeps no id of its own to check later), signed again by hand here.
    var object = try #require(try JSONSerialization.jsonObject(with: try snapshot.json()) as? [String: Any])
    object["checksum"] = nil
    var auditor = try #require(object["auditor"] as? [String: Any])
    var session = try #require(auditor["session"] as? [String: Any])
    var lifecycles = try #require(session["lifecycles"] as? [String: Any])
    let filed = try #require(lifecycles.keys.sorted().first)
    var lifecycle = try #require(lifecycles[filed] as? [String: Any])
    lifecycle["id"] = filed + ".other"
    lifecycles[filed] = lifecycle
    session["lifecycles"] = lifecycles
    auditor["session"] = session
    object["auditor"] = auditor
    let misfiled = AuditSnapshot.signed(
      try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
    expectRefused(misfiled, saying: "the presentation filed as \(filed) is named \(filed).other", "misfiled")
  }

  /// Found by the libFuzzer resume target: a session that had begun no transition, holding transition 1,
  /// was read and resumed, and the audit then wrote a snapshot that reading refused.
  @Test func aTransitionNumberedPastItsSessionIsRefused() throws {
    let trace = "regressions/resume-transition-numbered-past-its-session.jsonl"
    let snapshot = try IncrementalAudit.run(bytes: try Self.prefix(trace, lines: 4), path: "").snapshot
    #expect(snapshot.auditor.session.serial == 1)
    let edited = try Self.resigned(snapshot) { object in
      var auditor = try #require(object["auditor"] as? [String: Any])
      var session = try #require(auditor["session"] as? [String: Any])
      session["serial"] = 0
      auditor["session"] = session
      object["auditor"] = auditor
    }
    let message = Self.refusal(edited)
    #expect(
      message?.contains("colors: transition 1 of a session that began 0") == true, "\(message ?? "read")")
    // As written, the snapshot reads back, resumes, and what the resumed audit writes reads back too.
    let resumed = try IncrementalAudit.run(
      bytes: try Self.bytes(trace), path: "", resumingFrom: try AuditSnapshot(json: try snapshot.json()))
    #expect(Self.refusal(try resumed.snapshot.json()) == nil)
  }

  /// A count of transitions no trace of that many lines can begin is refused: resumed, it would wrap as
  /// the next transition begins, and the snapshot written then would be refused.
  @Test func aTransitionCountNoTraceCanReachIsRefused() throws {
    let snapshot = try IncrementalAudit.run(bytes: try Self.prefix(Self.shopping, lines: 100), path: "")
      .snapshot
    let edited = try Self.resigned(snapshot) { object in
      var auditor = try #require(object["auditor"] as? [String: Any])
      var session = try #require(auditor["session"] as? [String: Any])
      session["serial"] = UInt64.max
      auditor["session"] = session
      object["auditor"] = auditor
    }
    let message = Self.refusal(edited)
    #expect(message?.contains("\(UInt64.max) transitions begun in 100 lines") == true, "\(message ?? "read")")
  }

  @Test func aSnapshotBuiltInCodeIsCheckedToo() throws {
    var snapshot = try Self.shoppingSnapshot()
    snapshot.line = Int.max
    let whole = try Self.bytes(Self.shopping)
    do {
      _ = try IncrementalAudit.run(bytes: whole, path: "", resumingFrom: snapshot)
      Issue.record("a snapshot at line Int.max was resumed")
    } catch {
      #expect(error.message.contains("edited by hand or damaged"))
    }
  }

  // MARK: The model and the settings

  @Test func aSnapshotOfAnotherModelIsRefused() throws {
    let result = try IncrementalAudit.run(bytes: try Self.bytes("rules/complete-twice.jsonl"), path: "x")
    var object = try #require(
      try JSONSerialization.jsonObject(with: try result.snapshot.json()) as? [String: Any])
    object["fingerprint"] = "0000000000000000"
    let tampered = try JSONSerialization.data(withJSONObject: object)
    #expect(throws: AuditSnapshotError.self) { try AuditSnapshot(json: tampered) }
    do {
      _ = try AuditSnapshot(json: tampered)
    } catch {
      #expect(error.message.contains("taken with another model"))
    }
    #expect(throws: AuditSnapshotError.self) { try AuditSnapshot(json: Data(#"{"format":"other"}"#.utf8)) }
    object["fingerprint"] = ModelFingerprint.current
    for version in [2, AuditSnapshot.supportedVersion - 1] {
      object["version"] = version
      let older = try JSONSerialization.data(withJSONObject: object)
      do {
        _ = try AuditSnapshot(json: older)
        Issue.record("a version \(version) snapshot was read")
      } catch {
        #expect(error.message.contains("snapshot version \(version) is not supported"))
        #expect(error.message.contains("audit the whole trace again without --resume"))
      }
    }
  }

  @Test func otherSettingsAreRefused() throws {
    let path = BundledTracesTests.tracesDirectory.appendingPathComponent("rules/complete-twice.jsonl").path
    let first = try IncrementalAudit.run(path: path)
    #expect(throws: AuditSnapshotError.self) {
      try IncrementalAudit.run(
        path: path, resumingFrom: first.snapshot, configuration: AuditConfiguration(grace: 9))
    }
  }

  @Test func theFingerprintIsStable() {
    #expect(ModelFingerprint.current.count == 16)
    #expect(ModelFingerprint.fnv1a("") == "cbf29ce484222325")
    #expect(ModelFingerprint.fnv1a("a") == "af63dc4c8601ec8c")
  }
}

extension Auditor {
  /// The auditor as sorted-key JSON: two equal states give equal text.
  func jsonForComparison() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
    return String(decoding: try encoder.encode(self), as: UTF8.self)
  }
}
