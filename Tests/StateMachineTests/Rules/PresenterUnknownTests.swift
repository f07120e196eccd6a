import Testing

@testable import PresentationStateMachine

extension Rules {
  /// The unit tests of `presenter-unknown` (present from a presenter that is neither a root nor presented,
  /// or a present that never began by its deadline, which UIKit dropped): traces that must trigger it, and
  /// near misses that must stay clean.
  @Suite("presenter-unknown") struct PresenterUnknownTests {
    @Test func presenterUnknownAndPresentOverAPresentedOne() {
      var lines = presentation("sheet", at: 1)
      lines += presentation("detail", at: 2, from: "sheet")
      lines.append(line(3, "x", "present", #""presenter":"ghost""#))
      #expect(summary(audit(lines)) == ["11 x presenter-unknown"])
    }

    /// A dismissed presentation is no presenter, even in the tail window before it is forgotten.
    @Test func presentingFromADismissedPresentationIsPresenterUnknown() {
      var lines = presentation("sheet", at: 1) + dismissal("sheet", at: 2)
      lines.append(line(2.5, "x", "present", #""presenter":"sheet""#))
      #expect(summary(audit(lines)) == ["11 x presenter-unknown"])
    }

    /// A present nothing begins (UIKit dropped it: the presenter's view was not in the window hierarchy) is
    /// reported once, at its line, when a later line of another presentation shows its deadline passed; it
    /// then stops holding root, so root's next presentation is no `present-while-transitioning`.
    @Test func aRequestNothingBeganIsDroppedAtItsDeadline() {
      var lines = [line(1, "welcome", "present")]
      lines += presentation("login", at: 3.5) + dismissal("login", at: 5)
      #expect(summary(audit(lines)) == ["1 welcome presenter-unknown"])
      // Before its deadline (1 + 2 s grace) the request still holds root.
      #expect(
        summary(audit([line(1, "welcome", "present")] + presentation("login", at: 2.5))) == [
          "2 login present-while-transitioning"
        ])
    }

    /// Only a `present` is dropped: the deadline of a `dismiss` nothing began is a hang.
    @Test func aDismissNothingBeganIsAHang() {
      let lines =
        presentation("sheet", at: 1) + [
          line(2, "sheet", "dismiss"), line(4.5, "app", "mark", #""name":"later""#),
        ]
      #expect(summary(audit(lines)) == ["6 sheet transition-never-completed"])
    }

    /// The request's own line past its deadline shows it began late (the main thread was blocked, nothing
    /// could log): a hang, followed from there, not a dropped request.
    @Test func aRequestWhoseOwnCallbackComesLateIsAHang() {
      let lines = [
        line(1, "sheet", "present", #""style":"pageSheet""#), line(3.5, "sheet", "viewWillAppear"),
        line(3.9, "sheet", "viewDidAppear"), line(5, "sheet", "dismiss"),
        line(5.1, "sheet", "viewWillDisappear"), line(5.5, "sheet", "viewDidDisappear"),
      ]
      #expect(summary(audit(lines)) == ["1 sheet transition-never-completed"])
    }

    /// After the drop the id is absent: presenting it again is no `id-in-use`, and callbacks that show the
    /// dropped request ran after all are followed as after any refused present, with no second finding.
    @Test func aDroppedRequestIsRefusedAfterTheFact() {
      let retried =
        [line(1, "welcome", "present"), line(4, "app", "mark", #""name":"later""#)]
        + presentation("welcome", at: 5)
      #expect(summary(audit(retried)) == ["1 welcome presenter-unknown"])
      let lateEvidence =
        [line(1, "welcome", "present"), line(4, "app", "mark", #""name":"later""#)]
        + Array(presentation("welcome", at: 5).dropFirst()) + dismissal("welcome", at: 7)
      #expect(summary(audit(lateEvidence)) == ["1 welcome presenter-unknown"])
    }

    /// Grace sets the deadline of the drop as of any hang.
    @Test func graceMovesTheDrop() {
      let lines = [line(1, "welcome", "present")] + presentation("login", at: 3.5)
      #expect(summary(audit(lines, grace: 5)) == ["2 login present-while-transitioning"])
    }

    /// Roots always exist: one never mentioned before may present.
    @Test func aRootNeverMentionedBeforeMayPresent() {
      #expect(audit(presentation("toast", at: 1, from: "root:external")).isEmpty)
    }
  }
}
