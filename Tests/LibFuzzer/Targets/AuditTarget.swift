// The `audit` target of Tests/LibFuzzer/run.sh: bytes → reader → audit, the path of `replay audit`, with
// `ReferenceTraceReader` as a second decoder. The byte scanner (`TraceReader`, read the way the audit
// reads it, sometimes through a tiny buffer) and the reference must give the same records for every line
// (events bit for bit, the same errors at the same columns, the same notes); a difference traps. Kept to
// one reading of each kind and the audit, no rendering, so that it runs over 10,000 inputs a second; the
// renderings have their own target (RenderTarget.swift).

@testable import PresentationStateMachine

/// The libFuzzer entry point of the `audit` target.
@_cdecl("LLVMFuzzerTestOneInput")
public func auditTargetTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  AuditTarget.run(FuzzCheck.bytes(data, size))
  return 0
}

/// Reads one input with both readers in step, compares every record as it comes, and audits the input as
/// `replay audit` does.
enum AuditTarget {
  static func run(_ bytes: [UInt8]) {
    // One input in four is read through a 9-byte buffer, which moves every line across reads and through
    // the long-line path; the others through the buffer `TraceReader(bytes:)` gives an audit.
    let bufferSize = bytes.count.isMultiple(of: 4) ? 9 : bytes.count + 1
    var reader = TraceReader(source: MemoryByteSource(bytes), bufferSize: bufferSize)
    var reference = ReferenceTraceReader(bytes: bytes)
    var audit = TraceAudit(path: "fuzz.jsonl")
    var index = 0
    // The loop of `TraceAudit.read`, the audit's own: each event in the form the machine steps, a line in
    // the writer's layout decoded straight into it. One input in three is read event by event, whole
    // (`read(into:)`, as `TraceRecord`s are read), each event held to the reference's bit for bit. Each
    // record is held against the reference's as it comes, so that no list of records is built.
    var event = Event(t: -1, id: "stale", kind: .mark, payload: Payload(presenter: "x", width: 1, name: "n"))
    let onRecord = { (record: TraceRecord) in
      let expected = reference.next()
      if expected != record || !SameBits.record(record, expected ?? record) {
        fail(index, "\(record)", expected, bufferSize)
      }
      index += 1
      audit.feed(record)
    }
    if bytes.count.isMultiple(of: 3) {
      reading: while true {
        switch reader.read(into: &event) {
        case .event(let line):
          let expected = reference.next()
          if case .event(let same, line)? = expected, same == event, SameBits.event(same, event) {
          } else {
            fail(index, "\(TraceRecord.event(event, line: line))", expected, bufferSize)
          }
          index += 1
          audit.driver.audit(event, line: line)
        case .record(let record): onRecord(record)
        case .end: break reading
        }
      }
    } else {
      var compact = CompactEvent(event)
      reader.readAll(
        into: &compact, through: &event,
        onEvent: { compact, line in
          let expected = reference.next()
          if case .event(let same, line)? = expected, SameBits.compact(compact, CompactEvent(same)) {
          } else {
            fail(index, "line \(line): \(compact.debugDescription)", expected, bufferSize)
          }
          index += 1
          audit.driver.audit(compact, line: line)
        }, onRecord: onRecord)
    }
    if let extra = reference.next() { fail(index, nil, extra, bufferSize) }
    audit.lines = max(audit.lines, reader.currentLine)
    let report = audit.finish()
    FuzzCheck.consume(report.findings.last?.message ?? "")
  }

  static func fail(_ index: Int, _ fast: String?, _ reference: TraceRecord?, _ bufferSize: Int) -> Never {
    FuzzCheck.fail(
      "TraceReader (buffer \(bufferSize)) and ReferenceTraceReader disagree at record \(index)\n"
        + "fast:      \(fast ?? "none")\nreference: \(reference.map { "\($0)" } ?? "none")")
  }
}
