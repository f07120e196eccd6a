// The `resume` target of Tests/LibFuzzer/run.sh: a snapshot plus a trace → `replay audit --resume`.
//
// An input is a snapshot, a NUL byte and the trace (run.sh makes its seeds with `replay audit
// --snapshot-out` on the first half of each sample trace). The snapshot's checksum is computed anew, so
// that mutations reach the decoding and the consistency checks behind it instead of all stopping at the
// checksum. What the snapshot says is then resumed on the trace: refusals are fine, traps are not, and a
// snapshot the resumed audit writes must read back.
//
// An input without a NUL is a trace alone, cut at a line end in its middle: the first half is audited
// and snapshotted, the snapshot read back and resumed on the whole. That must succeed and settle the same
// findings as one pass over the whole trace.

@testable import PresentationStateMachine

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The libFuzzer entry point of the `resume` target.
@_cdecl("LLVMFuzzerTestOneInput")
public func resumeTargetTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  ResumeTarget.run(FuzzCheck.bytes(data, size))
  return 0
}

/// Resumes audits from fuzzed snapshots, and checks that cutting a trace in two changes no finding.
enum ResumeTarget {
  static func run(_ bytes: [UInt8]) {
    if let nul = bytes.firstIndex(of: 0) {
      resume(snapshot: Array(bytes[..<nul]), trace: Array(bytes[(nul + 1)...]))
    } else {
      cutInTwo(bytes)
    }
  }

  /// The key of the member `AuditSnapshot.json()` writes last.
  static let checksumKey = Array(#","checksum":""#.utf8)

  /// Reads `snapshot` (signed anew) and resumes it on `trace` with the settings it was taken with.
  static func resume(snapshot: [UInt8], trace: [UInt8]) {
    var body = snapshot
    if let start = lastIndex(of: checksumKey, in: snapshot) { body = Array(snapshot[..<start]) + [0x7D] }
    guard body.last == 0x7D, let read = try? AuditSnapshot(json: AuditSnapshot.signed(Data(body))) else {
      return
    }
    let configuration = read.auditor.configuration
    guard
      let run = try? IncrementalAudit.run(
        bytes: trace, path: "fuzz.jsonl", resumingFrom: read,
        configuration: configuration)
    else { return }
    FuzzCheck.consume(AuditReport(files: [run.report], strict: true).text(color: false))
    readBack(run.snapshot)
  }

  /// Audits the first half of `trace`, snapshots it, and resumes on the whole; the findings of the two
  /// runs must be those of one run over the whole.
  static func cutInTwo(_ trace: [UInt8]) {
    let newlines = trace.indices.filter { trace[$0] == 0x0A }
    guard !newlines.isEmpty else { return }
    let cut = newlines[newlines.count / 2] + 1
    let configuration = AuditConfiguration()
    let whole: IncrementalAudit.Result
    let first: IncrementalAudit.Result
    let second: IncrementalAudit.Result
    do {
      whole = try IncrementalAudit.run(bytes: trace, path: "fuzz.jsonl", configuration: configuration)
      first = try IncrementalAudit.run(
        bytes: Array(trace[..<cut]), path: "fuzz.jsonl", configuration: configuration)
      let snapshot = readBack(first.snapshot)
      second = try IncrementalAudit.run(
        bytes: trace, path: "fuzz.jsonl", resumingFrom: snapshot, configuration: configuration)
    } catch {
      FuzzCheck.fail("an audit of its own snapshot was refused: \(error.message)")
    }
    // The second run settles some findings of lines before the cut (a hang is settled by a later clock).
    let inTwo = sorted(first.report.findings + second.report.findings)
    guard inTwo == sorted(whole.report.findings) else {
      FuzzCheck.fail(
        "cut at byte \(cut), the two runs found\n\(inTwo)\none run found\n\(sorted(whole.report.findings))")
    }
  }

  /// `snapshot` written and read again: a snapshot the audit writes must always read back.
  @discardableResult
  static func readBack(_ snapshot: AuditSnapshot) -> AuditSnapshot {
    do {
      return try AuditSnapshot(json: snapshot.json())
    } catch {
      FuzzCheck.fail("a snapshot the audit wrote does not read back: \(error.message)")
    }
  }

  static func sorted(_ findings: [Finding]) -> [String] {
    findings.map { "\($0.line) \($0.rule.rawValue) \($0.message)" }.sorted()
  }

  static func lastIndex(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
    guard bytes.count >= needle.count else { return nil }
    return stride(from: bytes.count - needle.count, through: 0, by: -1).first {
      bytes[$0..<($0 + needle.count)].elementsEqual(needle)
    }
  }
}
