import Testing

@testable import PresentationStateMachine

/// The state at chosen lines of canonical traces, against expectations read off the files by hand.
@Suite struct AuditStateTests {
  static func state(_ trace: String, _ point: AuditState.Point) throws -> AuditState {
    let path = BundledTracesTests.tracesDirectory.appendingPathComponent("\(trace).jsonl").path
    return AuditState.at(point, in: try TraceReader(path: path))
  }

  @Test func midPresentationWithAnOpenLayoutPass() throws {
    // Line 6: containerViewWillLayoutSubviews, its Did on line 7 not yet folded in.
    let state = try Self.state("valid/interactive-dismiss-finished", .line(6))
    #expect(state.line == 6 && state.t == 2210.5885)
    let card = try #require(state.presentations.first)
    #expect(card.id == "card" && card.phase == .presentingAnimating && card.presenter == "root")
    #expect(card.openLayoutLine == 6)
    #expect(card.pendingAppearance == "viewWillAppear (line 4)")
    // animateTransition at 2210.5881 with duration 0.45, plus 2 s of grace.
    #expect(abs((card.deadline?.t ?? 0) - (2210.5881 + 0.45 + 2)) < 1e-9)
    #expect(state.stacks == [["root", "card"]])
  }

  @Test func presentedAndIdleHasNoDeadline() throws {
    let card = try #require(
      try Self.state("valid/interactive-dismiss-finished", .line(12)).presentations.first)
    #expect(card.phase == .presented && card.deadline == nil && card.pendingAppearance == nil)
  }

  @Test func duringTheInteractionTheProgressIsKnownAndAFingerIsDown() throws {
    let card = try #require(
      try Self.state("valid/interactive-dismiss-finished", .line(20)).presentations.first)
    #expect(card.phase == .dismissingInteractive)
    #expect(card.progress == 0.0083)
    #expect(card.deadline == nil)  // panChanged on line 19: the finger is down
  }

  @Test func timeTravelByTime() throws {
    let state = try Self.state("valid/interactive-dismiss-finished", .time(2211.0))
    #expect(state.line == 7)
    #expect(state.presentations.first?.phase == .presentingAnimating)
  }

  @Test func theStackOfADismissalLowerInTheStack() throws {
    let state = try Self.state("valid/dismiss-lower-in-stack", .line(20))
    #expect(state.stacks == [["root", "settings", "editor"]])
    #expect(state.presentations.map(\.phase) == [.presented, .presented])
  }

  @Test func findingsSoFarStopAtThePoint() throws {
    #expect(try Self.state("rules/complete-twice", .line(9)).findings.isEmpty)
    #expect(try Self.state("rules/complete-twice", .line(10)).findings.map(\.rule) == [.completeTwice])
  }

  // MARK: Every canonical trace under traces/valid, a few lines each, read off the files by hand

  /// The one presentation `id` at `line` of `trace`.
  static func presentation(_ trace: String, _ id: String, at line: Int) throws -> AuditState.Presentation {
    let state = try state("valid/\(trace)", .line(line))
    return try #require(state.presentations.first { $0.id == id }, "\(trace) line \(line): \(id) is not live")
  }

  static func close(_ value: Double?, _ expected: Double) -> Bool { abs((value ?? .nan) - expected) < 1e-9 }

  @Test func cardPresentDismiss() throws {
    let animating = try Self.presentation("card-present-dismiss", "card", at: 5)
    #expect(
      animating.phase == .presentingAnimating && animating.pendingAppearance == "viewWillAppear (line 4)")
    #expect(Self.close(animating.deadline?.t, 1843.2091 + 0.45 + 2))  // animateTransition + duration + grace
    #expect(try Self.presentation("card-present-dismiss", "card", at: 8).openLayoutLine == 8)
    let ended = try Self.presentation("card-present-dismiss", "card", at: 11)
    #expect(ended.phase == .presented && ended.deadline == nil)
    #expect(ended.pendingAppearance == "viewWillAppear (line 4)")  // its viewDidAppear is line 12
    let dismissing = try Self.presentation("card-present-dismiss", "card", at: 17)
    #expect(
      dismissing.phase == .dismissingBegan && dismissing.pendingAppearance == "viewWillDisappear (line 17)")
    #expect(Self.close(dismissing.deadline?.t, 1847.9015 + 2))  // WillBegin, no animator yet: grace
    #expect(try Self.state("valid/card-present-dismiss", .line(24)).presentations.isEmpty)
  }

  @Test func nonAnimatedPresentDismiss() throws {
    let began = try Self.presentation("non-animated-present-dismiss", "settings", at: 4)
    #expect(began.phase == .presentingBegan && Self.close(began.deadline?.t, 4408.0138 + 2))
    #expect(try Self.presentation("non-animated-present-dismiss", "settings", at: 5).openLayoutLine == 5)
    let presented = try Self.presentation("non-animated-present-dismiss", "settings", at: 7)
    #expect(presented.phase == .presented && presented.openLayoutLine == nil)
    let dismissing = try Self.presentation("non-animated-present-dismiss", "settings", at: 12)
    #expect(
      dismissing.phase == .dismissingBegan && dismissing.pendingAppearance == "viewWillDisappear (line 12)")
    #expect(try Self.state("valid/non-animated-present-dismiss", .line(15)).presentations.isEmpty)
  }

  @Test func idReuse() throws {
    let first = try Self.presentation("id-reuse", "bookDetail", at: 12)
    #expect(first.phase == .presented && first.deadline == nil && first.pendingAppearance == nil)
    #expect(try Self.state("valid/id-reuse", .line(22)).presentations.isEmpty)
    let again = try Self.presentation("id-reuse", "bookDetail", at: 26)
    #expect(again.phase == .presentingAnimating && again.pendingAppearance == "viewWillAppear (line 25)")
    #expect(Self.close(again.deadline?.t, 1192.5189 + 0.4 + 2))
    #expect(try Self.presentation("id-reuse", "bookDetail", at: 33).phase == .presented)
    #expect(try Self.state("valid/id-reuse", .line(43)).findings.isEmpty)
  }

  @Test func interactiveDismissCancelled() throws {
    let dragging = try Self.presentation("interactive-dismiss-cancelled", "card", at: 46)
    #expect(dragging.phase == .dismissingInteractive && dragging.progress == 0.21)
    #expect(dragging.deadline == nil)  // panChanged on line 45: the finger is down
    #expect(dragging.pendingAppearance == "viewWillDisappear (line 16)")
    let cancelling = try Self.presentation("interactive-dismiss-cancelled", "card", at: 60)
    #expect(cancelling.phase == .dismissingCancelling && cancelling.progress == nil)
    // After a cancel at 17 %: 0.17 × 0.4 s ÷ completionSpeed 1, plus grace.
    #expect(Self.close(cancelling.deadline?.t, 3075.5825 + 0.17 * 0.4 + 2))
    let back = try Self.presentation("interactive-dismiss-cancelled", "card", at: 64)
    // Presented again after the cancelled dismissal: `restored`, where the revert pair is still legal.
    #expect(back.phase == .restored && back.deadline == nil && back.pendingAppearance == nil)
    let again = try Self.presentation("interactive-dismiss-cancelled", "card", at: 70)
    // A lone containerViewDidLayoutSubviews while dismissing opens no pass.
    #expect(again.phase == .dismissingAnimating && again.openLayoutLine == nil)
    #expect(Self.close(again.deadline?.t, 3077.6114 + 0.4 + 2))
  }

  @Test func interactivePresentCancelled() throws {
    // A pan before present creates nothing (<doc:Rules#Gestures>).
    #expect(try Self.state("valid/interactive-present-cancelled", .line(2)).presentations.isEmpty)
    let dragging = try Self.presentation("interactive-present-cancelled", "drawer", at: 33)
    #expect(dragging.phase == .presentingInteractive && dragging.progress == 0.28 && dragging.deadline == nil)
    #expect(dragging.pendingAppearance == "viewWillAppear (line 5)")
    let cancelling = try Self.presentation("interactive-present-cancelled", "drawer", at: 41)
    #expect(cancelling.phase == .presentingCancelling)
    #expect(Self.close(cancelling.deadline?.t, 912.7153 + 0.26 * 0.35 + 2))
    #expect(try Self.state("valid/interactive-present-cancelled", .line(46)).presentations.isEmpty)
    let finishing = try Self.presentation("interactive-present-cancelled", "drawer", at: 88)
    #expect(finishing.phase == .presentingFinishing)
    #expect(Self.close(finishing.deadline?.t, 914.4001 + (1 - 0.62) * 0.35 + 2))
  }

  @Test func multiScene() throws {
    let both = try Self.state("valid/multi-scene", .line(12))
    #expect(both.presentations.map(\.id) == ["inspector", "slideshow"])
    #expect(both.presentations.map(\.phase) == [.presentingAnimating, .presentingAnimating])
    #expect(both.presentations.map(\.presenter) == ["root:main", "root:external"])
    #expect(both.presentations.map(\.openLayoutLine) == [nil, 12])
    #expect(both.stacks == [["root:external", "slideshow"], ["root:main", "inspector"]])
    #expect(Self.close(both.presentations.first?.deadline?.t, 20417.5545 + 0.5 + 2))
    let presented = try Self.state("valid/multi-scene", .line(23))
    #expect(presented.presentations.map(\.phase) == [.presented, .presented])
    let one = try Self.state("valid/multi-scene", .line(33))
    #expect(one.presentations.map(\.id) == ["slideshow"] && one.presentations.first?.phase == .presented)
  }

  @Test func resolvedStyleSheet() throws {
    // The viewWillAppear carrying resolvedStyle begins the observed sheet like any other (the key changes
    // nothing the machine tracks).
    let began = try Self.presentation("resolved-style-sheet", "settings", at: 3)
    #expect(began.phase == .presentingBegan && began.pendingAppearance == "viewWillAppear (line 3)")
    #expect(Self.close(began.deadline?.t, 410.1058 + 2))
    #expect(try Self.presentation("resolved-style-sheet", "settings", at: 5).phase == .presented)
    // The swipe is never timed; the viewWillAppear that takes it back carries no resolved style.
    let swiped = try Self.presentation("resolved-style-sheet", "settings", at: 8)
    #expect(swiped.phase == .dismissingBegan && swiped.deadline == nil)
    #expect(try Self.presentation("resolved-style-sheet", "settings", at: 11).phase == .restored)
    let done = try Self.presentation("resolved-style-sheet", "settings", at: 13)
    #expect(done.phase == .dismissingBegan && Self.close(done.deadline?.t, 416.0342 + 2))
    #expect(try Self.state("valid/resolved-style-sheet", .line(15)).presentations.isEmpty)
    // The custom card's resolvedStyle comes after its WillBegin, while it waits for its animator.
    let card = try Self.presentation("resolved-style-sheet", "card", at: 18)
    #expect(card.phase == .presentingBegan && card.pendingAppearance == "viewWillAppear (line 18)")
    #expect(Self.close(card.deadline?.t, 418.5005 + 2))
    #expect(try Self.state("valid/resolved-style-sheet", .line(32)).presentations.isEmpty)
  }

  @Test func rotationWhilePresented() throws {
    let rotating = try Self.state("valid/rotation-while-presented", .line(13))
    #expect(rotating.presentations.first?.phase == .presented && rotating.findings.isEmpty)
    let layout = try Self.presentation("rotation-while-presented", "photo", at: 14)
    #expect(layout.phase == .presented && layout.openLayoutLine == 14 && layout.deadline == nil)
    let dismissing = try Self.presentation("rotation-while-presented", "photo", at: 22)
    #expect(
      dismissing.phase == .dismissingAnimating
        && dismissing.pendingAppearance == "viewWillDisappear (line 21)")
    #expect(Self.close(dismissing.deadline?.t, 6129.2050 + 0.3 + 2))
  }

  @Test func sheetSwipeCallbacksOnly() throws {
    // presentationTransitionWillBegin of an absent id is an implicit present on the default root (<doc:Rules#Optional-request-events>).
    let implicit = try Self.state("valid/sheet-swipe-callbacks-only", .line(2))
    let sheet = try #require(implicit.presentations.first)
    #expect(sheet.phase == .presentingBegan && sheet.presenter == "root")
    #expect(Self.close(sheet.deadline?.t, 5533.7106 + 2))
    #expect(implicit.stacks == [["root", "nowPlaying"]])
    let presented = try Self.presentation("sheet-swipe-callbacks-only", "nowPlaying", at: 6)
    #expect(presented.phase == .presented && presented.pendingAppearance == "viewWillAppear (line 3)")
    // presentationControllerWillDismiss on a presented id starts a system dismissal.
    let swiped = try Self.presentation("sheet-swipe-callbacks-only", "nowPlaying", at: 10)
    // A swipe is never timed before its dismissal runs: the user may hold the sheet.
    #expect(swiped.phase == .dismissingRequested && swiped.deadline == nil)
    #expect(
      try Self.presentation("sheet-swipe-callbacks-only", "nowPlaying", at: 11).phase == .dismissingBegan)
    #expect(try Self.state("valid/sheet-swipe-callbacks-only", .line(16)).presentations.isEmpty)
  }

  @Test func stackedPresentDismissInOrder() throws {
    let stacked = try Self.state("valid/stacked-present-dismiss-in-order", .line(19))
    #expect(stacked.stacks == [["root", "sheet", "detail"]])
    let detail = try #require(stacked.presentations.first { $0.id == "detail" })
    #expect(detail.phase == .presentingAnimating && detail.presenter == "sheet")
    #expect(detail.pendingAppearance == "viewWillAppear (line 16)")
    #expect(Self.close(detail.deadline?.t, 15304.9131 + 0.4 + 2))
    let sheet = try #require(stacked.presentations.first { $0.id == "sheet" })
    #expect(sheet.phase == .presented && sheet.child == "detail")
    let back = try Self.state("valid/stacked-present-dismiss-in-order", .line(34))
    #expect(back.presentations.map(\.id) == ["sheet"] && back.stacks == [["root", "sheet"]])
    let last = try Self.presentation("stacked-present-dismiss-in-order", "sheet", at: 41)
    #expect(last.phase == .dismissingAnimating && Self.close(last.deadline?.t, 15311.0876 + 0.5 + 2))
  }

  @Test func unknownEventsAndMarks() throws {
    // Unknown events are skipped, but their line and time are where the state stands.
    let skipped = try Self.state("valid/unknown-events-and-marks", .line(4))
    #expect(skipped.line == 4 && skipped.t == 1844.9329 && skipped.presentations.isEmpty)
    let animating = try Self.presentation("unknown-events-and-marks", "card", at: 8)
    #expect(
      animating.phase == .presentingAnimating && Self.close(animating.deadline?.t, 1844.9344 + 0.45 + 2))
    let tapped = try Self.state("valid/unknown-events-and-marks", .line(17))
    #expect(tapped.line == 17 && tapped.t == 1849.0274 && tapped.presentations.first?.phase == .presented)
  }

  @Test func everyCanonicalTraceIsCovered() {
    let valid = BundledTracesTests.traceFiles.filter { $0.hasPrefix("valid/") }
    #expect(valid.count == 25, "a new canonical trace needs hand-checked lines here: \(valid)")
  }
}
