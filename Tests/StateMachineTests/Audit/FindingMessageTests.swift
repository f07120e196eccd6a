import Testing

@testable import PresentationStateMachine

/// The words of a finding never contradict themselves: an event reported as a violation is not among the
/// events the message says were expected.
@Suite struct FindingMessageTests {
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
