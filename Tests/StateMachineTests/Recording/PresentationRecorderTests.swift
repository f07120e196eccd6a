import Testing

@testable import PresentationStateMachine

@Suite struct PresentationRecorderTests {
  final class FeedViewController {}
  final class CardViewController {}

  /// A recorder on a virtual clock that moves 1 ms per event, writing to memory.
  static func make(live: LiveAuditor? = nil) -> (PresentationRecorder, MemoryTraceSink) {
    let sink = MemoryTraceSink()
    let trace = TraceRecorder(sink: sink, clock: VirtualTraceClock(start: 1, step: 0.001), liveAuditor: live)
    return (PresentationRecorder(trace), sink)
  }

  static func events(_ sink: MemoryTraceSink) -> [Event] {
    TraceReader(bytes: Array(sink.text.utf8)).compactMap { record in
      if case .event(let event, _) = record { event } else { nil }
    }
  }

  @Test func eachTypedCallWritesItsEventWithTypedPayload() {
    let (recorder, sink) = Self.make()
    let feed = FeedViewController()
    let card = CardViewController()
    recorder.registerRoot(feed)
    recorder.present(card, presenter: feed, animated: true, style: .custom)
    recorder.presentationTransitionWillBegin(card)
    recorder.viewWillAppear(card, animated: true)
    recorder.viewIsAppearing(card, animated: true)
    recorder.startInteractiveTransition(card, duration: 0.4, wantsInteractiveStart: false)
    recorder.interruptibleAnimator(card, duration: 0.4)
    recorder.containerViewWillLayoutSubviews(card, width: 390, height: 844)
    recorder.containerViewDidLayoutSubviews(card, width: 390, height: 844)
    recorder.pauseInteractiveTransition(card)
    recorder.updateInteractiveTransition(card, percent: 0.5)
    recorder.finishInteractiveTransition(card, completionSpeed: 1.5)
    recorder.completeTransition(card, didComplete: true)
    recorder.presentationTransitionDidEnd(card, completed: true)
    recorder.viewDidAppear(card, animated: true)
    recorder.animationEnded(card, completed: true)
    recorder.completion(card)
    let events = Self.events(sink)
    #expect(
      events.map(\.id) == ["CardViewController#1"] + Array(repeating: "CardViewController#1", count: 15))
    #expect(
      events.map(\.kind) == [
        .present, .presentationTransitionWillBegin, .viewWillAppear, .viewIsAppearing,
        .startInteractiveTransition, .interruptibleAnimator, .containerViewWillLayoutSubviews,
        .containerViewDidLayoutSubviews, .pauseInteractiveTransition, .updateInteractiveTransition,
        .finishInteractiveTransition, .completeTransition, .presentationTransitionDidEnd, .viewDidAppear,
        .animationEnded, .completion,
      ])
    #expect(events[0].payload == Payload(presenter: "root", animated: true, style: "custom"))
    #expect(events[4].payload == Payload(duration: 0.4, wantsInteractiveStart: false))
    #expect(events[6].payload == Payload(width: 390, height: 844))
    #expect(events[10].payload == Payload(completionSpeed: 1.5))
  }

  /// `wantsInteractiveStart` true is the format's default, so it is not written.
  @Test func aDefaultInteractiveStartIsNotWritten() {
    let (recorder, sink) = Self.make()
    let card = CardViewController()
    recorder.startInteractiveTransition(card, duration: 0.3)
    #expect(Self.events(sink).first?.payload == Payload(duration: 0.3))
  }

  @Test func theStyleOfTheRequestIsCarried() {
    let (recorder, sink) = Self.make()
    let feed = FeedViewController()
    recorder.registerRoot(feed, scene: "s1")
    recorder.present(CardViewController(), presenter: feed, animated: false, style: .pageSheet)
    recorder.present(
      CardViewController(), presenter: feed, animated: true, style: PresentationStyle(rawValue: "zoom"))
    let payloads = Self.events(sink).map(\.payload)
    #expect(payloads[0] == Payload(presenter: "root:s1", animated: false, style: "pageSheet"))
    #expect(payloads[1].style == "zoom")
    #expect(Self.events(sink).map(\.id) == ["CardViewController#1", "CardViewController#2"])
  }

  /// Presenting the same object again reuses its id, which the format allows after a dismissal: the
  /// trace audits clean.
  @Test func representingTheSameObjectReusesItsIdAndAuditsClean() {
    let live = LiveAuditor()
    let (recorder, sink) = Self.make(live: live)
    let feed = FeedViewController()
    let card = CardViewController()
    recorder.registerRoot(feed)
    for _ in 0..<2 {
      recorder.present(card, presenter: feed, animated: true, style: .pageSheet)
      recorder.viewWillAppear(card, animated: true)
      recorder.viewIsAppearing(card, animated: true)
      recorder.viewDidAppear(card, animated: true)
      recorder.completion(card)
      recorder.dismiss(card, animated: true)
      recorder.viewWillDisappear(card, animated: true)
      recorder.viewDidDisappear(card, animated: true)
      recorder.completion(card)
    }
    live.finish()
    #expect(Set(Self.events(sink).map(\.id)) == ["CardViewController#1"])
    #expect(live.findings.isEmpty, "\(live.findings.map(\.message))")
  }

  /// Out-of-order calls are written as they came and the live auditor reports them.
  @Test func outOfOrderCallsAreRecordedAsTheyHappened() {
    let live = LiveAuditor()
    let (recorder, sink) = Self.make(live: live)
    let feed = FeedViewController()
    let card = CardViewController()
    recorder.registerRoot(feed)
    recorder.present(card, presenter: feed, animated: true, style: .custom)
    recorder.presentationTransitionWillBegin(card)
    recorder.animateTransition(card, duration: 0.001)
    recorder.completeTransition(card, didComplete: true)
    recorder.completeTransition(card, didComplete: true)
    #expect(Self.events(sink).map(\.kind).filter { $0 == .completeTransition }.count == 2)
    #expect(live.findings.map(\.rule).contains(.completeTwice))
  }
}
