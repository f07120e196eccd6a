import Foundation
import Testing

@testable import PresentationStateMachine

/// A session is a value although its slots live in a buffer it owns (`SlotBuffer`): an auditor copied
/// mid-trace and stepped on leaves the original as it was, and the original then audits the rest of the
/// trace as an auditor that was never copied does. A mutating entry point of the session that wrote the
/// slots without `SessionStorage.makeUnique()` first would let the copy's steps show in the original.
@Suite struct SessionCopyTests {
  @Test(arguments: [51, 52] as [UInt64])
  func aCopySteppedOnLeavesTheOriginalAsItWas(seed: UInt64) throws {
    var copiesStepped = 0
    for (number, trace) in DeadlineShortcutTests.traces(seed: seed).enumerated() where trace.count >= 3 {
      let whole = try Self.audit(trace, from: Auditor(), at: 0)
      for cut in [trace.count / 3, trace.count * 2 / 3] {
        var original = Auditor()
        var findings: [Finding] = []
        for (index, event) in trace[..<cut].enumerated() {
          original.audit(event, line: index + 1, into: &findings)
        }
        // The copy audits the rest of the trace first, then the original does.
        let copy = try Self.audit(trace, from: original, at: cut)
        let rest = try Self.audit(trace, from: original, at: cut)
        copiesStepped += 1
        #expect(copy.findings == rest.findings, "seed \(seed) trace \(number) cut \(cut)")
        #expect(findings + rest.findings == whole.findings, "seed \(seed) trace \(number) cut \(cut)")
        #expect(rest.document == whole.document, "seed \(seed) trace \(number) cut \(cut)")
      }
    }
    #expect(copiesStepped > 50)
  }

  /// Two copies stepped in turn, event by event, on the same rest of the trace: each as if alone.
  @Test func copiesSteppedInTurnStayApart() throws {
    for (number, trace) in DeadlineShortcutTests.traces(seed: 53).enumerated() where trace.count >= 2 {
      let cut = trace.count / 2
      var first = Auditor()
      var ignored: [Finding] = []
      for (index, event) in trace[..<cut].enumerated() { first.audit(event, line: index + 1, into: &ignored) }
      var second = first
      var (firstFindings, secondFindings): ([Finding], [Finding]) = ([], [])
      for (offset, event) in trace[cut...].enumerated() {
        first.audit(event, line: cut + offset + 1, into: &firstFindings)
        second.audit(event, line: cut + offset + 1, into: &secondFindings)
      }
      first.finish(into: &firstFindings)
      second.finish(into: &secondFindings)
      let alone = try Self.audit(trace, from: Self.prefix(trace, upTo: cut), at: cut)
      #expect(firstFindings == alone.findings, "trace \(number)")
      #expect(secondFindings == alone.findings, "trace \(number)")
      #expect(
        try StayShortcutTests.document(of: first.session) == alone.document, "trace \(number)")
    }
  }

  /// An auditor after the first `cut` events of `trace`.
  static func prefix(_ trace: [Event], upTo cut: Int) -> Auditor {
    var auditor = Auditor()
    var ignored: [Finding] = []
    for (index, event) in trace[..<cut].enumerated() { auditor.audit(event, line: index + 1, into: &ignored) }
    return auditor
  }

  /// What `auditor` finds in `trace` from event `cut` on, and its session's document after the trace.
  static func audit(_ trace: [Event], from auditor: Auditor, at cut: Int) throws
    -> (findings: [Finding], document: Data)
  {
    var auditor = auditor
    var findings: [Finding] = []
    for (offset, event) in trace[cut...].enumerated() {
      auditor.audit(event, line: cut + offset + 1, into: &findings)
    }
    auditor.finish(into: &findings)
    return (findings, try StayShortcutTests.document(of: auditor.session))
  }
}
