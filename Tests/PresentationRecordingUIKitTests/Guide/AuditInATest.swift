import PresentationStateMachine
import Testing

@Test func aSecondCompleteTransitionIsReported() {
  let live = LiveAuditor()
  let clock = VirtualTraceClock(start: 1, step: 0.001)
  let recorder = TraceRecorder(sink: MemoryTraceSink(), clock: clock, liveAuditor: live)
  recorder.record(.present, id: "card", Payload(presenter: "root", animated: true))
  recorder.record(.presentationTransitionWillBegin, id: "card")
  recorder.record(.animateTransition, id: "card", Payload(duration: 0.35))
  clock.advance(by: 0.35)
  recorder.record(.completeTransition, id: "card", Payload(didComplete: true))
  recorder.record(.completeTransition, id: "card", Payload(didComplete: true))  // the bug
  recorder.record(.presentationTransitionDidEnd, id: "card", Payload(completed: true))
  live.finish()
  #expect(live.findingsByLine.map(\.rule) == [.completeTwice])
  #expect(live.findingsByLine.map(\.line) == [5])
}
