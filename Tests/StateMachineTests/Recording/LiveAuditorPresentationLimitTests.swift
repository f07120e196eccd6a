import Testing

@testable import PresentationStateMachine

/// A live auditor past the presentation limit stops as `replay audit` and `replay tail` do, and says so:
/// it once stopped with nothing said, so an app's live audit went quiet for the rest of the session.
@Suite struct LiveAuditorPresentationLimitTests {
  @Test func pastTheLimitItStopsAndItsInputErrorsSayWhere() {
    var configuration = AuditConfiguration()
    configuration.presentationLimit = 2
    let live = LiveAuditor(configuration: configuration)
    live.audit(Event(t: 1, id: "a", kind: .present, payload: Payload(presenter: "root:1")), line: 1)
    #expect(live.inputErrors.isEmpty)
    live.audit(Event(t: 2, id: "b", kind: .present, payload: Payload(presenter: "root:2")), line: 2)
    #expect(live.inputErrors.map(\.line) == [2])
    #expect(live.inputErrors.first?.message.contains("past the limit of 2") == true)
    // A double dismiss, an error in an audit that goes on: not audited once stopped.
    let after = live.audit(Event(t: 3, id: "zz", kind: .dismiss), line: 3)
    #expect(after.isEmpty)
    #expect(live.events == 2)
  }
}
