import Testing

@testable import PresentationStateMachine

/// The presentation limit (<doc:Rules#How-many-presentations-an-audit-holds>): a trace that keeps more
/// presentations alive than the limit stops at the line that passes it, with one input error naming the
/// line and the limit, and nothing after it is audited; a trace at the limit is audited whole.
@Suite struct PresentationLimitTests {
  /// `count` presentations from roots of their own, presented and never dismissed (line 1 is the first
  /// `present`; each presentation takes two lines).
  static func neverDismissed(_ count: Int) -> [Event] {
    var events: [Event] = []
    for index in 0..<count {
      let id = "p\(index)"
      let payload = Payload(presenter: "root:\(index)", style: "alert")
      events.append(Event(t: Double(2 * index + 1), id: id, kind: .present, payload: payload))
      events.append(Event(t: Double(2 * index + 2), id: id, kind: .completion))
    }
    return events
  }

  static func audit(_ events: [Event], limit: Int) -> AuditDriver {
    var configuration = AuditConfiguration()
    configuration.presentationLimit = limit
    var driver = AuditDriver(configuration: configuration)
    for (offset, event) in events.enumerated() { driver.consume(.event(event, line: offset + 1)) }
    driver.finish()
    return driver
  }

  @Test func aTracePastTheLimitStopsAtTheLineThatPassesIt() throws {
    // Each presentation holds its root too: the second `present` (line 3) makes four held at once, past
    // a limit of 3.
    let driver = Self.audit(Self.neverDismissed(10), limit: 3)
    #expect(driver.stoppedAtPresentationLimit)
    #expect(driver.inputErrors.count == 1)
    let error = try #require(driver.inputErrors.first)
    #expect(error.line == 3)
    #expect(error.column == 1)
    #expect(error.message.contains("makes 4 presentations held at once"))
    #expect(error.message.contains("past the limit of 3"))
    #expect(error.message.contains("--max-presentations"))
    // The lines after it are not audited, nor counted as events.
    #expect(driver.events == 3)
    #expect(driver.auditor.heldPresentations == 4)
  }

  @Test func aTraceAtTheLimitIsAuditedWhole() {
    // Three presentations and their three roots.
    let driver = Self.audit(Self.neverDismissed(3), limit: 6)
    #expect(!driver.stoppedAtPresentationLimit)
    #expect(driver.inputErrors.isEmpty)
    #expect(driver.events == 6)
    #expect(driver.findings.isEmpty)
  }

  @Test func presentationsThatEndAreForgottenAndDoNotCount() {
    // Ten presentations presented and dismissed, far apart: the session forgets each once it ended
    // longer ago than the grace window, so a limit of 3 is never reached.
    var events: [Event] = []
    for index in 0..<10 {
      let (id, t) = ("p\(index)", Double(10 * index))
      events += [
        Event(t: t + 1, id: id, kind: .present, payload: Payload(presenter: "root", style: "alert")),
        Event(t: t + 2, id: id, kind: .completion),
        Event(t: t + 3, id: id, kind: .dismiss),
        Event(t: t + 4, id: id, kind: .completion),
      ]
    }
    let driver = Self.audit(events, limit: 3)
    #expect(!driver.stoppedAtPresentationLimit)
    #expect(driver.inputErrors.isEmpty)
    #expect(driver.findings.isEmpty)
  }

  @Test func theDefaultIsFiftyThousand() {
    #expect(AuditConfiguration().presentationLimit == 50_000)
  }
}
