import Testing

@testable import StateMachine

@Suite struct AuditorTests {
  @Test func cleanPresentAndDismissHasNoFindings() {
    #expect(audit(presentation("p1", at: 1) + dismissal("p1", at: 3)).isEmpty)
  }

  @Test func severalIndependentViolationsAreEachReportedOnce() {
    var lines = presentation("p1", at: 1)
    lines.append(line(1.31, "p1", "completeTransition", #""didComplete":true"#))  // 6: complete-twice
    // 7: presenter-busy, then p2's callbacks follow silently.
    lines += presentation("p2", at: 2, from: "root")
    lines += dismissal("p1", at: 3)
    lines.append(line(3.5, "p1", "dismiss"))  // 17: dismiss-not-presented
    lines.append(line(3.6, "p9", "containerViewDidLayoutSubviews"))  // 18: unknown-presentation
    lines.append(line(3.7, "p9", "containerViewDidLayoutSubviews"))  // same root cause: not again
    #expect(
      summary(audit(lines)) == [
        "6 p1 complete-twice", "7 p2 presenter-busy", "17 p1 dismiss-not-presented",
        "18 p9 unknown-presentation",
      ])
  }

  @Test func messageNamesThePhaseAndTheLegalEvents() throws {
    let findings = audit([
      line(1, "p1", "present"), line(1.01, "p1", "presentationTransitionWillBegin"),
      line(1.02, "p1", "animateTransition", #""duration":0.3"#),
      line(1.03, "p1", "dismissalTransitionWillBegin"),
    ])
    let finding = try #require(findings.first)
    #expect(finding.rule == .eventOutOfPhase)
    #expect(finding.line == 4)
    #expect(finding.t == 1.03)
    #expect(finding.message.contains("dismissalTransitionWillBegin in presenting.animating"))
    #expect(finding.message.contains("expected one of: startInteractiveTransition, completeTransition(true)"))
  }

  @Test func presentRulesFollowTheOrderOfDecisionTwo() {
    // p1 is presenting (in flight) and live: a second present of p1 is id-in-use, not present-while-transitioning.
    let findings = audit([
      line(1, "p1", "present"), line(1.001, "p1", "presentationTransitionWillBegin"),
      line(1.002, "p1", "present"), line(1.003, "p2", "present"),
    ])
    #expect(summary(findings) == ["3 p1 id-in-use", "4 p2 present-while-transitioning"])
  }

  @Test func presenterUnknownAndPresentOverAPresentedOne() {
    var lines = presentation("sheet", at: 1)
    lines += presentation("detail", at: 2, from: "sheet")
    lines.append(line(3, "x", "present", #""presenter":"ghost""#))
    #expect(summary(audit(lines)) == ["11 x presenter-unknown"])
  }

  @Test func presentFromRootWhileItsSheetIsDismissingIsPresentWhileTransitioning() {
    var lines = presentation("sheet", at: 1)
    lines += [line(2, "sheet", "dismiss"), line(2.001, "sheet", "dismissalTransitionWillBegin")]
    lines.append(line(2.05, "alert", "present", #""presenter":"root""#))
    #expect(summary(audit(lines)) == ["8 alert present-while-transitioning"])
  }

  @Test func dismissingLowerInTheStackDismissesEverythingAboveIt() {
    var lines = presentation("a", at: 1)
    lines += presentation("b", at: 2, from: "a")
    // Only the top logs the animated dismissal; `a` logs nothing; one completion.
    lines += [
      line(3, "a", "dismiss"), line(3.001, "b", "dismissalTransitionWillBegin"),
      line(3.002, "b", "animateTransition", #""duration":0.3"#),
      line(3.302, "b", "completeTransition", #""didComplete":true"#),
      line(3.302, "b", "dismissalTransitionDidEnd", #""completed":true"#), line(3.302, "a", "completion"),
    ]
    lines += presentation("a", at: 5)  // both ids are free again, root presents nothing
    lines += presentation("b", at: 6, from: "a")
    #expect(audit(lines).isEmpty)
  }

  @Test func aSecondCompletionInAStackedDismissalIsOutOfPhase() {
    var lines = presentation("a", at: 1)
    lines += presentation("b", at: 2, from: "a")
    lines += [
      line(3, "a", "dismiss"), line(3.001, "a", "dismissalTransitionWillBegin"),
      line(3.002, "a", "animateTransition", #""duration":0.3"#),
      line(3.302, "a", "completeTransition", #""didComplete":true"#),
      line(3.302, "a", "dismissalTransitionDidEnd", #""completed":true"#), line(3.302, "a", "completion"),
      line(3.303, "b", "completion"),
    ]
    #expect(summary(audit(lines)) == ["17 b event-out-of-phase"])
  }

  @Test func dismissWhileOneAboveIsTransitioning() {
    var lines = presentation("a", at: 1)
    lines += [
      line(2, "b", "present", #""presenter":"a""#), line(2.001, "b", "presentationTransitionWillBegin"),
    ]
    lines.append(line(2.01, "a", "dismiss"))
    #expect(summary(audit(lines)) == ["8 a dismiss-while-transitioning"])
  }

  @Test func idsMayBeReusedAfterDismissal() {
    #expect(audit(presentation("p1", at: 1) + dismissal("p1", at: 2) + presentation("p1", at: 3)).isEmpty)
  }

  @Test func implicitPresentAndSystemDismissalFromCallbacksOnly() {
    let lines = [
      line(1, "sheet", "presentationTransitionWillBegin"),
      line(1.001, "sheet", "animateTransition", #""duration":0.3"#),
      line(1.301, "sheet", "completeTransition", #""didComplete":true"#),
      line(1.301, "sheet", "presentationTransitionDidEnd", #""completed":true"#),
      line(2, "sheet", "presentationControllerWillDismiss"),
      line(2.001, "sheet", "dismissalTransitionWillBegin"),
      line(2.002, "sheet", "animateTransition", #""duration":0.3"#),
      line(2.302, "sheet", "completeTransition", #""didComplete":true"#),
      line(2.302, "sheet", "dismissalTransitionDidEnd", #""completed":true"#),
      line(2.302, "sheet", "presentationControllerDidDismiss"),
    ]
    #expect(audit(lines).isEmpty)
  }

  @Test func refusedPresentFollowedByItsCallbacksIsReportedOnce() {
    var lines = presentation("p1", at: 1)
    // presenter-busy at line 6; the callbacks that follow show it happened.
    lines += presentation("p2", at: 2)
    #expect(summary(audit(lines)) == ["6 p2 presenter-busy"])
  }

  @Test func outOfPhaseEventMovesTheTransitionOn() {
    // animateTransition with no WillBegin: reported once; the transition then hangs and that is reported too.
    let lines = [
      line(1, "p1", "present"), line(1.01, "p1", "animateTransition", #""duration":0.3"#),
      line(9, "other", "mark", #""name":"later""#),
    ]
    #expect(summary(audit(lines)) == ["2 p1 event-out-of-phase", "2 p1 transition-never-completed"])
  }
}

@Suite struct DeadlineTests {
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

  @Test func afterAHangADismissIsRefused() {
    let lines = begun + [line(5, "p1", "dismiss")]
    #expect(summary(audit(lines)) == ["3 p1 transition-never-completed", "4 p1 dismiss-while-transitioning"])
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

  @Test func anInteractionNothingDrivesIsAHang() {
    var lines = presentation("sheet", at: 1)
    lines += [
      line(2, "sheet", "dismiss"), line(2.001, "sheet", "dismissalTransitionWillBegin"),
      line(2.002, "sheet", "startInteractiveTransition", #""duration":0.4"#),
      line(4.1, "clock", "mark", #""name":"later""#),
    ]
    // Undriven for over 1 s (a warning), then a hang once grace passed with no pan and no update.
    #expect(summary(audit(lines)) == ["8 sheet interaction-undriven", "8 sheet transition-never-completed"])
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

  @Test func completeWithoutDidEndHangsAfterGrace() {
    let lines = begun + [line(1.502, "p1", "completeTransition", #""didComplete":true"#)]
    #expect(audit(lines + [line(3.4, "c", "mark", #""name":"x""#)]).isEmpty)
    #expect(
      summary(audit(lines + [line(3.6, "c", "mark", #""name":"x""#)])) == ["4 p1 transition-never-completed"])
  }
}

@Suite struct TimeTests {
  @Test func timeGoingBackwardsIsReportedAtEachStepBack() {
    let lines = [
      line(1, "p1", "mark", #""name":"a""#), line(5, "p1", "mark", #""name":"b""#),
      line(2, "p1", "mark", #""name":"c""#), line(3, "p1", "mark", #""name":"d""#),
      line(3, "p1", "mark", #""name":"equal is fine""#),
    ]
    #expect(summary(audit(lines)) == ["3 p1 time-went-backwards"])
  }
}

@Suite struct UnknownEventClockTests {
  @Test func anUnknownEventLineStillAdvancesTheClock() {
    var report = FileReport(path: "inline")
    let lines = [
      line(1, "p1", "present"), line(1.001, "p1", "presentationTransitionWillBegin"),
      line(1.002, "p1", "animateTransition", #""duration":0.3"#), line(5, "p1", "didTapCard"),
    ]
    report.consume(TraceReader(bytes: Array(lines.joined(separator: "\n").utf8)))
    #expect(summary(report.findings) == ["3 p1 transition-never-completed"])
    #expect(report.notes.map(\.line) == [4])
  }

  @Test func anUnknownEventLineGoingBackInTimeIsReported() {
    var report = FileReport(path: "inline")
    let lines = [line(5, "p1", "present"), line(1, "app", "didTapCard")]
    report.consume(TraceReader(bytes: Array(lines.joined(separator: "\n").utf8)))
    #expect(summary(report.findings) == ["2 app time-went-backwards"])
  }
}
