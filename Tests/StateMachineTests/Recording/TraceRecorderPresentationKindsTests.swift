import Testing

@testable import PresentationStateMachine

/// The recorder records every kind of presentation an app has, as the UIKit guide's code records it: a
/// system sheet observed from outside (`style`, `viewIsAppearing`, the adaptive delegate), an interruptible
/// transition caught by the user (`interruptibleAnimator`), an interaction that starts running by itself
/// (`wantsInteractiveStart`), a transitioning delegate that vends only animators, and an animator that
/// aborts. Each recording is audited live as it is written and again through the library, and each must
/// read as the rules say.
@Suite struct TraceRecorderPresentationKindsTests {
  /// A recorder on a virtual clock with a live auditor, and the callbacks of one app, one at a time.
  final class App {
    let sink = MemoryTraceSink()
    let clock = VirtualTraceClock(start: 100)
    let live = LiveAuditor()
    let recorder: TraceRecorder
    let errors = ErrorLog()

    init() {
      let errors = errors
      recorder = TraceRecorder(
        sink: sink, clock: clock, header: TraceHeader(metadata: [("app", .string("Kinds"))]),
        liveAuditor: live
      ) { errors.append($0) }
    }

    /// Records `kind` for `id` after `seconds` more on the clock.
    func record(
      _ kind: EventKind, _ id: String, _ payload: Payload = Payload(), after seconds: Double = 0.001
    ) {
      clock.advance(by: seconds)
      recorder.record(kind, id: id, payload)
    }

    /// Closes the recording and replays what it wrote through the library's auditor and reconstructor.
    func finish() throws -> TraceReplay {
      try recorder.close()
      #expect(errors.errors.isEmpty, "\(errors.errors.map(\.message))")
      return TraceReplay.run(reader: TraceReader(bytes: Array(sink.text.utf8)), path: "recorded.jsonl")
    }

    /// The recorded lines of `event`, each without its `{"t":…,` prefix (the clock's sums are not round).
    func lines(_ event: EventKind) -> [String] {
      sink.lines.filter { $0.contains("\"event\":\"\(event.rawValue)\"") }.map { line in
        line.range(of: "\"id\":").map { String(line[$0.lowerBound...]) } ?? line
      }
    }
  }

  /// The audit of the replayed file and the live audit agree on `rules` (the findings' rule ids, in order).
  static func expectFindings(_ app: App, _ replay: TraceReplay, _ rules: [Rule]) {
    #expect(!replay.report.hasInputProblems, "\(replay.report.inputErrors)")
    #expect(replay.report.findings.map(\.rule) == rules, "\(replay.report.findings.map(\.message))")
    #expect(app.live.findings.map(\.rule) == rules, "\(app.live.findings.map(\.message))")
    #expect(replay.report.findings.map(\.line) == app.live.findingsByLine.map(\.line))
  }

  @Test func aSystemSheetSwipedDownIsObservedFromOutsideAndClean() throws {
    let app = App()
    app.record(.present, "settings", Payload(presenter: "root", animated: true, style: "pageSheet"))
    app.record(.viewWillAppear, "settings", Payload(animated: true))
    app.record(.viewIsAppearing, "settings", Payload(animated: true))
    app.record(.viewDidAppear, "settings", Payload(animated: true), after: 0.5)
    app.record(.completion, "settings")
    app.record(.presentationControllerWillDismiss, "settings", after: 4)
    app.record(.viewWillDisappear, "settings", Payload(animated: true))
    app.record(.viewDidDisappear, "settings", Payload(animated: true), after: 3)  // held: never timed
    app.record(.presentationControllerDidDismiss, "settings")
    let replay = try app.finish()

    #expect(
      app.lines(.present) == [
        #""id":"settings","event":"present","presenter":"root","animated":true,"style":"pageSheet"}"#
      ])
    #expect(app.lines(.viewIsAppearing) == [#""id":"settings","event":"viewIsAppearing","animated":true}"#])
    Self.expectFindings(app, replay, [])
    #expect(replay.transitions.map(\.source) == [.observed, .observed])
    #expect(replay.transitions.map(\.style) == ["pageSheet", "pageSheet"])
    #expect(replay.transitions.map(\.outcome) == [.completed, .completed])
    #expect(replay.transitions.last?.swipe == true)
  }

  @Test func anObservedSheetSwipedBackIsACancelledDismissal() throws {
    let app = App()
    app.record(.present, "sheet", Payload(presenter: "root", animated: true, style: "formSheet"))
    app.record(.viewWillAppear, "sheet", Payload(animated: true))
    app.record(.viewIsAppearing, "sheet", Payload(animated: true))
    app.record(.viewDidAppear, "sheet", Payload(animated: true), after: 0.4)
    // No adaptive delegate: the sheet's own viewWillDisappear is all the app hears of the swipe.
    app.record(.viewWillDisappear, "sheet", Payload(animated: true), after: 2)
    app.record(.viewWillAppear, "sheet", Payload(animated: true), after: 0.3)
    app.record(.viewIsAppearing, "sheet", Payload(animated: true))
    app.record(.viewDidAppear, "sheet", Payload(animated: true))
    app.record(.presentationControllerDidAttemptToDismiss, "sheet", after: 1)  // isModalInPresentation now
    let replay = try app.finish()

    Self.expectFindings(app, replay, [])
    #expect(replay.transitions.map(\.kind) == [.presentation, .dismissal])
    #expect(replay.transitions.map(\.outcome) == [.completed, .cancelled])
  }

  @Test func anInterruptibleDismissalCaughtAndReversedIsClean() throws {
    let app = App()
    app.record(.present, "photo", Payload(presenter: "root", animated: true, style: "custom"))
    app.record(.presentationTransitionWillBegin, "photo")
    app.record(.viewWillAppear, "photo", Payload(animated: true))
    app.record(.animateTransition, "photo", Payload(duration: 0.3))
    app.record(.completeTransition, "photo", Payload(didComplete: true), after: 0.3)
    app.record(.presentationTransitionDidEnd, "photo", Payload(completed: true))
    app.record(.viewDidAppear, "photo", Payload(animated: true))
    app.record(.completion, "photo")

    app.record(.panBegan, "photo", Payload(translation: 0, velocity: 310), after: 2)
    app.record(.dismiss, "photo", Payload(animated: true))
    app.record(.dismissalTransitionWillBegin, "photo")
    app.record(.viewWillDisappear, "photo", Payload(animated: true))
    app.record(.startInteractiveTransition, "photo", Payload(duration: 0.4))
    app.record(.interruptibleAnimator, "photo", Payload(duration: 0.4))
    app.record(.panChanged, "photo", Payload(translation: 182, velocity: 1840), after: 0.05)
    app.record(.updateInteractiveTransition, "photo", Payload(percent: 0.3))
    app.record(.panEnded, "photo", Payload(translation: 188, velocity: 1610), after: 0.05)
    app.record(.finishInteractiveTransition, "photo")
    // The user catches the finishing photo and drags it back.
    app.record(.panBegan, "photo", Payload(translation: 0, velocity: -40), after: 0.05)
    app.record(.pauseInteractiveTransition, "photo")
    app.record(.interruptibleAnimator, "photo")  // asked again, no duration: still legal
    app.record(.panChanged, "photo", Payload(translation: -121, velocity: -1180), after: 0.05)
    app.record(.updateInteractiveTransition, "photo", Payload(percent: 0.1))
    app.record(.panEnded, "photo", Payload(translation: -124, velocity: -160), after: 0.05)
    app.record(.cancelInteractiveTransition, "photo")
    app.record(.completeTransition, "photo", Payload(didComplete: false), after: 0.04)
    app.record(.viewWillAppear, "photo", Payload(animated: true))
    app.record(.viewIsAppearing, "photo", Payload(animated: true))
    app.record(.viewDidAppear, "photo", Payload(animated: true))
    app.record(.dismissalTransitionDidEnd, "photo", Payload(completed: false))
    app.record(.animationEnded, "photo", Payload(completed: false))
    app.record(.completion, "photo")  // UIKit runs the dismiss completion after a cancel too
    let replay = try app.finish()

    #expect(
      app.lines(.interruptibleAnimator) == [
        #""id":"photo","event":"interruptibleAnimator","duration":0.4}"#,
        #""id":"photo","event":"interruptibleAnimator"}"#,
      ])
    Self.expectFindings(app, replay, [])
    let dismissal = try #require(replay.transitions.last)
    #expect(dismissal.interruptible)
    #expect(dismissal.interruptions.count == 1)
    #expect(dismissal.commit?.kind == .cancel)
    #expect(dismissal.outcome == .cancelled)
  }

  @Test func theSameCatchWithoutAnInterruptibleAnimatorIsOneInteractionAfterEnd() throws {
    let app = App()
    app.record(.present, "photo", Payload(presenter: "root", animated: false))
    app.record(.presentationTransitionWillBegin, "photo")
    app.record(.presentationTransitionDidEnd, "photo", Payload(completed: true))
    app.record(.dismiss, "photo", Payload(animated: true), after: 1)
    app.record(.dismissalTransitionWillBegin, "photo")
    app.record(.startInteractiveTransition, "photo", Payload(duration: 0.4))
    app.record(.updateInteractiveTransition, "photo", Payload(percent: 0.3))
    app.record(.finishInteractiveTransition, "photo")
    app.record(.pauseInteractiveTransition, "photo", after: 0.05)
    app.record(.completeTransition, "photo", Payload(didComplete: true), after: 0.28)
    app.record(.dismissalTransitionDidEnd, "photo", Payload(completed: true))
    let replay = try app.finish()

    Self.expectFindings(app, replay, [.interactionAfterEnd])
  }

  @Test func aMenuThatWantsNoInteractiveStartRunsByItselfAndIsClean() throws {
    let app = App()
    app.record(.present, "menu", Payload(presenter: "root", animated: true, style: "custom"))
    app.record(.presentationTransitionWillBegin, "menu")
    app.record(.viewWillAppear, "menu", Payload(animated: true))
    app.record(.interruptibleAnimator, "menu", Payload(duration: 0.25))
    app.record(.startInteractiveTransition, "menu", Payload(duration: 0.25, wantsInteractiveStart: false))
    app.record(.interruptibleAnimator, "menu", Payload(duration: 0.25))
    app.record(.completeTransition, "menu", Payload(didComplete: true), after: 0.25)  // no finish: ran out
    app.record(.presentationTransitionDidEnd, "menu", Payload(completed: true))
    app.record(.viewIsAppearing, "menu", Payload(animated: true))
    app.record(.viewDidAppear, "menu", Payload(animated: true))
    app.record(.animationEnded, "menu", Payload(completed: true))
    app.record(.completion, "menu")
    let replay = try app.finish()

    #expect(
      app.lines(.startInteractiveTransition) == [
        #""id":"menu","event":"startInteractiveTransition","duration":0.25,"wantsInteractiveStart":false}"#
      ])
    Self.expectFindings(app, replay, [])
    #expect(replay.transitions.first?.startedRunning == true)
  }

  @Test func transitionsRecordedFromTheAnimatorAloneAreCleanAndAnAbortIsAWarning() throws {
    let app = App()
    // The transitioning delegate vends only animators: no presentation-controller callback is logged.
    app.record(.present, "card", Payload(presenter: "root", animated: true, style: "custom"))
    app.record(.viewWillAppear, "card", Payload(animated: true))
    app.record(.animateTransition, "card", Payload(duration: 0.35))
    app.record(.completeTransition, "card", Payload(didComplete: false))  // guard on view(forKey: .from)
    app.record(.viewWillDisappear, "card", Payload(animated: true))  // UIKit reverts the appearance
    app.record(.viewDidDisappear, "card", Payload(animated: true))
    app.record(.animationEnded, "card", Payload(completed: false))
    app.record(.completion, "card")  // the present's completion block still runs
    app.record(.present, "card", Payload(presenter: "root", animated: true, style: "custom"), after: 2)
    app.record(.viewWillAppear, "card", Payload(animated: true))
    app.record(.animateTransition, "card", Payload(duration: 0.35))
    app.record(.viewIsAppearing, "card", Payload(animated: true))
    app.record(.completeTransition, "card", Payload(didComplete: true), after: 0.35)
    app.record(.viewDidAppear, "card", Payload(animated: true))
    app.record(.animationEnded, "card", Payload(completed: true))
    app.record(.completion, "card")
    app.record(.dismiss, "card", Payload(animated: true), after: 3)
    app.record(.animateTransition, "card", Payload(duration: 0.3))
    app.record(.viewWillDisappear, "card", Payload(animated: true))
    app.record(.completeTransition, "card", Payload(didComplete: true), after: 0.3)
    app.record(.viewDidDisappear, "card", Payload(animated: true))
    app.record(.animationEnded, "card", Payload(completed: true))
    app.record(.completion, "card")
    let replay = try app.finish()

    Self.expectFindings(app, replay, [.transitionAborted])
    #expect(replay.report.findings.first?.severity == .warning)
    #expect(replay.report.findings.first?.line == 5)  // the header is line 1
    #expect(replay.transitions.map(\.source) == [.animator, .animator, .animator])
    #expect(replay.transitions.map(\.outcome) == [.cancelled, .completed, .completed])
  }

  @Test func anAlertOverASheetThatIsStillDismissingIsOnePresentWhileTransitioning() throws {
    let app = App()
    app.record(.present, "settings", Payload(presenter: "root", animated: true, style: "pageSheet"))
    app.record(.viewWillAppear, "settings", Payload(animated: true))
    app.record(.viewDidAppear, "settings", Payload(animated: true), after: 0.5)
    app.record(.presentationControllerWillDismiss, "settings", after: 2)
    app.record(.viewWillDisappear, "settings", Payload(animated: true))
    app.record(.present, "alert", Payload(presenter: "root", animated: true, style: "alert"), after: 0.2)
    app.record(.viewDidDisappear, "settings", Payload(animated: true), after: 0.2)
    app.record(.presentationControllerDidDismiss, "settings")
    let replay = try app.finish()

    Self.expectFindings(app, replay, [.presentWhileTransitioning])
  }
}
