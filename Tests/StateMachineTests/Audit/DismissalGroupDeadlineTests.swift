import Testing

@testable import StateMachine

/// A stacked member that logged its own `dismissalTransitionWillBegin` cannot hang while another member's
/// animation carries the dismissal, and owes its `*DidEnd` within the grace window once that member ended.
@Suite struct DismissalGroupDeadlineTests {
  static func findings(_ relative: String) -> [Finding] {
    FileReport.audit(path: BundledTracesTests.tracesDirectory.appendingPathComponent(relative).path).findings
  }

  @Test func aMemberHangsWhenItsCarrierEndedLongEnoughAgo() {
    let hangs = Self.findings("regressions/group-member-hang-after-carrier-ended.jsonl")
      .filter { $0.rule == .transitionNeverCompleted }
    // p2, the carrier, hangs on its own; p1 hangs 2 s after p2 ended, though no event of p1 shows it.
    #expect(hangs.map(\.id).sorted() == ["p1", "p2"])
    let member = hangs.first { $0.id == "p1" }
    #expect(member?.line == 13)
    #expect(
      member?.message.contains("counted from the end of the stacked presentation that carried its dismissal")
        == true)
    #expect(member?.message.contains("due by t=7.6 but the trace reached t=8.0") == true)
  }

  @Test func aMemberStillPresentingKeepsItsOwnDeadline() {
    let hang = Self.findings("regressions/group-presenting-member-keeps-its-deadline.jsonl")
      .first { $0.rule == .transitionNeverCompleted }
    #expect(hang?.id == "p2")
    #expect(hang?.message.contains("due by t=3.01 but the trace reached t=3.5") == true)
  }

  @Test func aMemberEndingRightAfterItsCarrierIsClean() {
    #expect(Self.findings("near-miss/group-member-ends-with-its-carrier.jsonl").isEmpty)
  }

  @Test func theGraceCountsFromTheCarriersEnd() {
    var record = TransitionRecord(direction: .dismissing, line: 1, t: 0, animated: true, serial: 1)
    record.willBeginT = 1
    let alone = TransitionDeadline(
      phase: .dismissingBegan, record: record, gesture: nil, carriedByAnotherMember: false, grace: 2)
    let afterCarrier = TransitionDeadline(
      phase: .dismissingBegan, record: record, gesture: nil, carriedByAnotherMember: false, carriedUntil: 5,
      grace: 2)
    let carried = TransitionDeadline(
      phase: .dismissingBegan, record: record, gesture: nil, carriedByAnotherMember: true, carriedUntil: 5,
      grace: 2)
    #expect(alone?.t == 3)
    #expect(afterCarrier?.t == 7)
    #expect(afterCarrier?.reason == "the end of the stacked presentation that carried its dismissal")
    #expect(carried == nil)
  }
}
