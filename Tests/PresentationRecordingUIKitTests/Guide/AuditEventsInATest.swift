import PresentationStateMachine
import Testing

@Test func aSecondCompleteTransitionIsFound() {
  let events = [
    Event(t: 1.000, id: "card", kind: .present, payload: Payload(presenter: "root", animated: true)),
    Event(t: 1.001, id: "card", kind: .presentationTransitionWillBegin),
    Event(t: 1.002, id: "card", kind: .animateTransition, payload: Payload(duration: 0.35)),
    Event(t: 1.352, id: "card", kind: .completeTransition, payload: Payload(didComplete: true)),
    Event(t: 1.353, id: "card", kind: .completeTransition, payload: Payload(didComplete: true)),  // the bug
    Event(t: 1.354, id: "card", kind: .presentationTransitionDidEnd, payload: Payload(completed: true)),
  ]
  let findings = TraceAudit.findings(of: events)
  #expect(findings.map(\.rule) == [.completeTwice])
  #expect(findings.map(\.line) == [5])
}
