import Testing

@testable import PresentationStateMachine

extension Rules {
  /// The unit tests of `transition-never-completed` (a begun transition with no completeTransition/*DidEnd
  /// within its expected time plus grace): traces that must trigger it, and near misses that must stay clean.
  @Suite("transition-never-completed") struct TransitionNeverCompletedTests {
    let begun = [
      line(1, "p1", "present"), line(1.001, "p1", "presentationTransitionWillBegin"),
      line(1.002, "p1", "animateTransition", #""duration":0.5"#),
    ]

    @Test func hangIsJudgedByALaterEventOfAnyPresentation() {
      // Deadline 1.002 + 0.5 + 2 = 3.502.
      #expect(summary(audit(begun + [line(3.6, "p2", "panBegan")])) == ["3 p1 transition-never-completed"])
      #expect(audit(begun + [line(3.4, "p2", "panBegan")]).isEmpty)
    }

    @Test func markLinesAdvanceTheClock() {
      #expect(
        summary(audit(begun + [line(4, "app", "mark", #""name":"tick""#)])) == [
          "3 p1 transition-never-completed"
        ])
    }

    @Test func aTraceCutBeforeTheDeadlineIsNotAHang() {
      #expect(audit(begun + [line(1.1, "p1", "containerViewWillLayoutSubviews")]).isEmpty)
    }

    @Test func graceIsConfigurable() {
      #expect(audit(begun + [line(3.6, "p2", "panBegan")], grace: 5).isEmpty)
    }

    @Test func graceMovesTheHang() {
      #expect(
        bundledRuleIDs("rules/transition-never-completed-at-end.jsonl", AuditConfiguration(grace: 1000))
          .isEmpty)
    }

    @Test func afterAHangADismissIsRefused() {
      let lines = begun + [line(5, "p1", "dismiss")]
      #expect(
        summary(audit(lines)) == ["3 p1 transition-never-completed", "4 p1 dismiss-while-transitioning"])
    }

    @Test func completeWithoutDidEndHangsAfterGrace() {
      let lines = begun + [line(1.502, "p1", "completeTransition", #""didComplete":true"#)]
      #expect(audit(lines + [line(3.4, "c", "mark", #""name":"x""#)]).isEmpty)
      #expect(
        summary(audit(lines + [line(3.6, "c", "mark", #""name":"x""#)])) == [
          "4 p1 transition-never-completed"
        ])
    }

    @Test func anInteractionNothingDrivesIsAHang() {
      var lines = presentation("sheet", at: 1)
      lines += [
        line(2, "sheet", "dismiss"), line(2.001, "sheet", "dismissalTransitionWillBegin"),
        line(2.002, "sheet", "startInteractiveTransition", #""duration":0.4"#),
        line(4.1, "clock", "mark", #""name":"later""#),
      ]
      // Undriven for over 1 s (a warning), then a hang once grace passed with no pan and no update.
      #expect(
        summary(audit(lines)) == ["8 sheet interaction-undriven", "8 sheet transition-never-completed"])
    }

    @Test func anInteractionWhoseGestureEndedIsAHangAfterGrace() {
      var lines = presentation("sheet", at: 1)
      lines += [
        line(2, "sheet", "panBegan"), line(2.01, "sheet", "dismiss"),
        line(2.011, "sheet", "dismissalTransitionWillBegin"),
        line(2.012, "sheet", "startInteractiveTransition", #""duration":0.4"#),
        line(2.05, "sheet", "updateInteractiveTransition", #""percent":0.2"#), line(2.1, "sheet", "panEnded"),
        line(4.2, "clock", "mark", #""name":"later""#),
      ]
      #expect(summary(audit(lines)) == ["10 sheet transition-never-completed"])
    }

    @Test func aUserHoldingASheetHalfDraggedIsNotAHang() {
      var lines = presentation("sheet", at: 1)
      lines += [
        line(2, "sheet", "panBegan"), line(2.01, "sheet", "dismiss"),
        line(2.011, "sheet", "dismissalTransitionWillBegin"),
        line(2.012, "sheet", "startInteractiveTransition", #""duration":0.4"#),
        line(2.05, "sheet", "panChanged"),
        line(2.05, "sheet", "updateInteractiveTransition", #""percent":0.2"#),
        line(30, "clock", "mark", #""name":"user still holding""#),
      ]
      #expect(audit(lines).isEmpty)
    }

    @Test func aSheetHeldBySwipeIsNotAHangUntilTheFingerLifts() {
      let lines = [
        #"{"t":0,"id":"p1","event":"present"}"#,
        #"{"t":0.01,"id":"p1","event":"presentationTransitionWillBegin"}"#,
        #"{"t":0.02,"id":"p1","event":"presentationTransitionDidEnd","completed":true}"#,
        #"{"t":1,"id":"p1","event":"panBegan"}"#,
        #"{"t":1,"id":"p1","event":"presentationControllerWillDismiss"}"#,
        #"{"t":1.01,"id":"p1","event":"dismissalTransitionWillBegin"}"#,
        #"{"t":1.5,"id":"p1","event":"panChanged"}"#,
        #"{"t":4.5,"id":"p1","event":"panChanged"}"#,
        #"{"t":5.0,"id":"p1","event":"panEnded"}"#,
        #"{"t":5.3,"id":"p1","event":"dismissalTransitionDidEnd","completed":false}"#,
      ]
      #expect(summary(audit(lines)) == [])
    }

    @Test func afterFinishTheDeadlineIsUIKitsRemainingTime() {
      var lines = presentation("sheet", at: 1)
      lines += [
        line(2, "sheet", "dismiss"), line(2.001, "sheet", "dismissalTransitionWillBegin"),
        line(2.002, "sheet", "startInteractiveTransition", #""duration":1.0"#),
        line(2.1, "sheet", "updateInteractiveTransition", #""percent":0.2"#),
        line(2.2, "sheet", "finishInteractiveTransition", #""completionSpeed":0.5"#),
      ]
      // Remaining (1 - 0.2) * 1.0 / 0.5 = 1.6 s; deadline 2.2 + 1.6 + 2 = 5.8.
      #expect(audit(lines + [line(5.7, "clock", "mark", #""name":"x""#)]).isEmpty)
      #expect(
        summary(audit(lines + [line(5.9, "clock", "mark", #""name":"x""#)])) == [
          "10 sheet transition-never-completed"
        ])
    }

    // MARK: Dismissal groups

    // A stacked member that logged its own `dismissalTransitionWillBegin` cannot hang while another member's
    // animation carries the dismissal, and owes its `*DidEnd` within the grace window once that member ended.

    @Test func aStackedMemberWaitingOnTheCarriersLongAnimationIsNotAHang() {
      let lines = [
        #"{"t":0,"id":"p1","event":"presentationTransitionWillBegin"}"#,
        #"{"t":0.01,"id":"p1","event":"presentationTransitionDidEnd","completed":true}"#,
        #"{"t":0.1,"id":"p2","event":"presentationTransitionWillBegin"}"#,
        #"{"t":0.11,"id":"p2","event":"presentationTransitionDidEnd","completed":true}"#,
        #"{"t":1,"id":"p1","event":"dismiss"}"#,
        #"{"t":1.01,"id":"p1","event":"dismissalTransitionWillBegin"}"#,
        #"{"t":1.01,"id":"p2","event":"dismissalTransitionWillBegin"}"#,
        #"{"t":1.02,"id":"p2","event":"animateTransition","duration":3}"#,
        #"{"t":4.02,"id":"p2","event":"completeTransition","didComplete":true}"#,
        #"{"t":4.03,"id":"p2","event":"dismissalTransitionDidEnd","completed":true}"#,
        #"{"t":4.03,"id":"p1","event":"dismissalTransitionDidEnd","completed":true}"#,
      ]
      #expect(summary(audit(lines)) == [])
    }

    @Test func aMemberHangsWhenItsCarrierEndedLongEnoughAgo() {
      let hangs = bundledFindings("regressions/group-member-hang-after-carrier-ended.jsonl")
        .filter { $0.rule == .transitionNeverCompleted }
      // p2, the carrier, hangs on its own; p1 hangs 2 s after p2 ended, though no event of p1 shows it.
      #expect(hangs.map(\.id).sorted() == ["p1", "p2"])
      let member = hangs.first { $0.id == "p1" }
      #expect(member?.line == 13)
      #expect(
        member?.message.contains(
          "counted from the end of the stacked presentation that carried its dismissal")
          == true)
      #expect(member?.message.contains("due by t=7.6 but the trace reached t=8.0") == true)
    }

    @Test func aMemberStillPresentingKeepsItsOwnDeadline() {
      let hang = bundledFindings("regressions/group-presenting-member-keeps-its-deadline.jsonl")
        .first { $0.rule == .transitionNeverCompleted }
      #expect(hang?.id == "p2")
      #expect(hang?.message.contains("due by t=3.01 but the trace reached t=3.5") == true)
    }

    @Test func aMemberEndingRightAfterItsCarrierIsClean() {
      #expect(bundledFindings("near-miss/group-member-ends-with-its-carrier.jsonl").isEmpty)
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
}
