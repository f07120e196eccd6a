import StateMachine
import Testing

/// What the glue records legally but the machine on this branch rejects; owned by the machine, recorded
/// here so the round-trip test can audit stacked recordings once it is fixed (this test then fails).
@Suite struct KnownMachineIssueTests {
  /// A form sheet presents an over-full-screen editor, the editor is dismissed, then the sheet is
  /// dismissed: both observed from outside (decision 14). The sheet's own `viewWillDisappear` should begin
  /// its dismissal ("not while the id presents another"), but the machine's `presentsAnother` condition
  /// reads `hasPresented`, which stays true after the editor is gone.
  static let trace = """
    {"t":1.0,"id":"card","event":"present","presenter":"root","animated":true,"style":"formSheet"}
    {"t":1.001,"id":"card","event":"viewWillAppear","animated":true}
    {"t":1.4,"id":"card","event":"viewDidAppear","animated":true}
    {"t":1.401,"id":"card","event":"completion"}
    {"t":2.0,"id":"editor","event":"present","presenter":"card","animated":false,"style":"overFullScreen"}
    {"t":2.001,"id":"editor","event":"viewWillAppear","animated":false}
    {"t":2.002,"id":"editor","event":"viewDidAppear","animated":false}
    {"t":2.003,"id":"editor","event":"completion"}
    {"t":3.0,"id":"editor","event":"dismiss","animated":false}
    {"t":3.001,"id":"editor","event":"viewWillDisappear","animated":false}
    {"t":3.002,"id":"editor","event":"viewDidDisappear","animated":false}
    {"t":3.003,"id":"editor","event":"completion"}
    {"t":4.0,"id":"card","event":"dismiss","animated":false}
    {"t":4.001,"id":"card","event":"viewWillDisappear","animated":false}
    {"t":4.002,"id":"card","event":"viewDidDisappear","animated":false}
    {"t":4.003,"id":"card","event":"completion"}

    """

  @Test func anObservedDismissalAfterTheSheetPresentedAnotherIsRejected() {
    let live = LiveAuditor()
    var line = 0
    for record in TraceReader(bytes: Array(Self.trace.utf8)) {
      guard case .event(let event, _) = record else { continue }
      line += 1
      live.audit(event, line: line)
    }
    live.finish()
    withKnownIssue("the machine keeps hasPresented after the presented one is dismissed") {
      #expect(live.findings.isEmpty, "\(live.findings.map(\.message))")
    }
  }
}
