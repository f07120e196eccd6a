import Testing

@testable import PresentationStateMachine

/// The auditor's behaviour whatever the rule: a clean trace, one finding per root cause, recovery after a
/// violation, stack dismissals, and the clock of lines it does not know. The tests of each rule live in
/// its home under `Rules/`.
@Suite struct AuditorTests {
  @Test func cleanPresentAndDismissHasNoFindings() {
    #expect(audit(presentation("p1", at: 1) + dismissal("p1", at: 3)).isEmpty)
  }

  /// The end of a trace reports each `viewWill*` never resolved in the order of the presentations' ids,
  /// not in the order the session met them (`Auditor.finish(into:)` hands them on as they come).
  @Test func theEndReportsUnresolvedAppearancesInTheOrderOfTheirIds() {
    // Met zeta, alpha, mid, each on a root of its own; each presentation's viewDidAppear never comes.
    let lines = [("zeta", "root:z", 1.0), ("alpha", "root:a", 2.0), ("mid", "root:m", 3.0)].flatMap {
      id, root, t in
      var presented = presentation(id, at: t, from: root)
      presented.insert(line(t + 0.0015, id, "viewWillAppear"), at: 2)
      return presented
    }
    var auditor = Auditor()
    var findings: [Finding] = []
    let trace = lines + [line(20, "app", "mark", #""name":"later""#)]
    for case .event(let event, let line) in TraceReader(bytes: Array(trace.joined(separator: "\n").utf8)) {
      auditor.audit(event, line: line, into: &findings)
    }
    #expect(findings.isEmpty)
    auditor.finish(into: &findings)
    #expect(findings.map(\.id) == ["alpha", "mid", "zeta"])
    #expect(findings.allSatisfy { $0.rule == .appearanceUnbalanced })
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

  @Test func outOfPhaseEventMovesTheTransitionOn() {
    // dismissalTransitionWillBegin with the presentation's DidEnd never logged: reported once, taken as
    // presented and dismissing (<doc:Rules#Recovery-follows-the-evidence>); the dismissal then hangs and that
    // is reported too.
    let lines = [
      line(1, "p1", "present"), line(1.001, "p1", "presentationTransitionWillBegin"),
      line(1.002, "p1", "animateTransition", #""duration":0.3"#),
      line(1.302, "p1", "completeTransition", #""didComplete":true"#),
      line(1.5, "p1", "dismissalTransitionWillBegin"), line(9, "other", "mark", #""name":"later""#),
    ]
    #expect(summary(audit(lines)) == ["5 p1 event-out-of-phase", "5 p1 transition-never-completed"])
  }

  // MARK: Lines of events the auditor does not know still carry time (<doc:Rules#Time-evidence>)

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
