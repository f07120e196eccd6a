import Testing

@testable import StateMachine

/// The words of a finding never contradict themselves: an event reported as a violation is not among the
/// events the message says were expected.
@Suite struct FindingMessageTests {
  @Test func aSecondCompletionIsNotListedAsExpected() throws {
    var lines = Array(presentation("p1", at: 1).prefix(4))
    lines += [line(1.303, "p1", "completion"), line(1.304, "p1", "completion")]
    let finding = try #require(audit(lines).first)
    #expect(finding.rule == .eventOutOfPhase && finding.line == 6)
    #expect(finding.message.contains("completion was already delivered in this transition"))
    #expect(
      finding.message.hasSuffix("expected one of: presentationTransitionDidEnd(true), animationEnded"),
      "\(finding.message)")
  }

  @Test func aSecondWillDismissIsNotListedAsExpected() throws {
    var lines = presentation("p1", at: 1)
    lines += [
      line(2, "p1", "presentationControllerWillDismiss"),
      line(2.01, "p1", "presentationControllerWillDismiss"),
    ]
    let finding = try #require(audit(lines).first)
    #expect(finding.rule == .eventOutOfPhase && finding.line == 7)
    #expect(finding.message.hasSuffix("expected one of: dismissalTransitionWillBegin"), "\(finding.message)")
  }

  @Test func noMessageListsItsOwnEventAsExpected() {
    // Every (phase, trigger) the table rejects or the session refuses, in the bundled rule traces too.
    for path in BundledTracesTests.traceFiles {
      let report = FileReport.audit(
        path: BundledTracesTests.tracesDirectory.appendingPathComponent(path).path)
      for finding in report.findings {
        guard let expected = finding.message.range(of: "; expected one of: ") else { continue }
        let what = finding.message.drop { $0 != ":" }.dropFirst(2).prefix { $0 != " " }
        let listed = finding.message[expected.upperBound...].components(separatedBy: ", ")
        #expect(!listed.contains(String(what)), "\(path):\(finding.line): \(finding.message)")
      }
    }
  }
}
