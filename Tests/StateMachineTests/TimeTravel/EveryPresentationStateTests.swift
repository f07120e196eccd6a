import Testing

@testable import PresentationStateMachine

/// The state at chosen lines of the canonical traces of every kind of presentation (observed from outside,
/// recorded from the animator alone, interruptible, self-running), against expectations read off the files
/// by hand.
extension AuditStateTests {
  @Test func systemSheetObservedFromOutside() throws {
    // viewWillAppear (line 3) begins it; nothing but viewDidAppear can end it, due within the grace.
    let appearing = try Self.presentation("system-sheet-swipe-dismissed", "settings", at: 3)
    #expect(appearing.phase == .presentingBegan && Self.close(appearing.deadline?.t, 6218.4147 + 2))
    #expect(appearing.pendingAppearance == "viewWillAppear (line 3)")
    // The swipe (WillDismiss, line 7) begins at viewWillDisappear (line 8) and is never timed.
    let swiped = try Self.presentation("system-sheet-swipe-dismissed", "settings", at: 8)
    #expect(swiped.phase == .dismissingBegan && swiped.deadline == nil)
    #expect(try Self.state("valid/system-sheet-swipe-dismissed", .line(10)).presentations.isEmpty)
  }

  @Test func swipeRevertedThenDismissed() throws {
    // viewWillAppear + viewDidAppear (lines 8 to 10) after viewWillDisappear (line 7): presented again.
    let reverted = try Self.presentation("system-form-sheet-swipe-reverted-then-dismissed", "filters", at: 10)
    #expect(reverted.phase == .restored && reverted.deadline == nil && reverted.pendingAppearance == nil)
  }

  @Test func swipeHeardOfOnlyThroughViewWillDisappear() throws {
    let refused = try Self.presentation("system-sheet-swipe-without-will-dismiss", "compose", at: 6)
    #expect(refused.phase == .presented)
    let swiped = try Self.presentation("system-sheet-swipe-without-will-dismiss", "compose", at: 7)
    #expect(swiped.phase == .dismissingBegan && swiped.pendingAppearance == "viewWillDisappear (line 7)")
  }

  @Test func popoverWillDismissAfterItsViewWillDisappear() throws {
    let dismissing = try Self.presentation(
      "popover-tap-outside-will-dismiss-after-disappear", "colors", at: 7)
    #expect(
      dismissing.phase == .dismissingBegan && dismissing.pendingAppearance == "viewWillDisappear (line 6)")
  }

  @Test func alertSeenByItsRequestAndCompletionOnly() throws {
    let alert = try Self.presentation("system-alert-request-and-completion-only", "alert", at: 3)
    #expect(alert.phase == .presented && alert.deadline == nil)
    let requested = try Self.presentation("system-alert-request-and-completion-only", "alert", at: 4)
    // Nothing of the dismissal logged yet: its begin is due within the grace of the request.
    #expect(requested.phase == .dismissingRequested && Self.close(requested.deadline?.t, 3 + 2))
    #expect(try Self.state("valid/system-alert-request-and-completion-only", .line(5)).presentations.isEmpty)
  }

  @Test func animatorOnlyTransitions() throws {
    // completeTransition (line 5) ends the presentation: no presentationTransitionDidEnd is awaited.
    let presented = try Self.presentation("animator-only-present-dismiss", "card", at: 5)
    #expect(presented.phase == .presented && presented.deadline == nil)
    let dismissing = try Self.presentation("animator-only-present-dismiss", "card", at: 10)
    #expect(
      dismissing.phase == .dismissingAnimating && Self.close(dismissing.deadline?.t, 4414.1040 + 0.3 + 2))
    // Finished at 55 % of 0.3 s (line 17): 0.135 s remain.
    let finishing = try Self.presentation("animator-only-pan-to-dismiss", "photo", at: 17)
    #expect(finishing.phase == .dismissingFinishing && Self.close(finishing.deadline?.t, 803.151 + 0.135 + 2))
    // viewWillAppear (line 3) begins the presentation, completeTransition (line 5) ends it, and the
    // presentation controller's DidEnd (line 6), whose WillBegin the recording missed, is taken in the tail.
    let begun = try Self.presentation("did-end-without-logged-will-begin", "card", at: 3)
    #expect(begun.phase == .presentingBegan)
    let tail = try Self.state("valid/did-end-without-logged-will-begin", .line(6))
    #expect(tail.presentations.first?.phase == .presented && tail.findings.isEmpty)
  }

  @Test func interruptibleDismissalCaughtAndReversed() throws {
    // Finished at 30 % of 0.4 s (line 19): 0.28 s remain.
    let finishing = try Self.presentation("interruptible-dismiss-caught-and-reversed", "photo", at: 19)
    #expect(
      finishing.phase == .dismissingFinishing && Self.close(finishing.deadline?.t, 3344.8728 + 0.28 + 2))
    // The pause (line 21) catches it: interactive again, a finger down, no deadline.
    let caught = try Self.presentation("interruptible-dismiss-caught-and-reversed", "photo", at: 21)
    #expect(caught.phase == .dismissingInteractive && caught.progress == 0.3 && caught.deadline == nil)
    let cancelled = try Self.presentation("interruptible-dismiss-caught-and-reversed", "photo", at: 29)
    #expect(cancelled.phase == .dismissingCancelled && Self.close(cancelled.deadline?.t, 3345.1128 + 2))
  }

  @Test func selfRunningMenu() throws {
    // wantsInteractiveStart false on an interruptible transition (line 6): running, timed as an animation
    // from the first interruptibleAnimator (line 5).
    let running = try Self.presentation("self-running-menu-wants-interactive-start-false", "menu", at: 6)
    #expect(running.phase == .presentingRunning && Self.close(running.deadline?.t, 1507.2294 + 0.25 + 2))
  }

  @Test func completionAfterACancelledTransition() throws {
    let cancelled = try Self.state("valid/interactive-dismiss-cancelled-completion-runs", .line(23))
    #expect(cancelled.findings.isEmpty && cancelled.presentations.first?.phase == .restored)
    // Cancelled with no completion logged: none is required.
    let withdrawn = try Self.state("valid/interactive-present-cancelled-without-completion", .line(46))
    #expect(withdrawn.presentations.isEmpty && withdrawn.findings.isEmpty)
  }
}
