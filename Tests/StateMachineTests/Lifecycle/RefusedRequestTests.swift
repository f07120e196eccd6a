import Testing

@testable import PresentationStateMachine

/// What the session keeps of a request UIKit refused, and lets go of: the refusal's kind in the slot, a
/// refused `present`'s presenter beside it (`SessionStorage.refusedRequest(ofSlot:)`).
@Suite struct RefusedRequestTests {
  static func events(_ steps: [(Double, String, EventKind, Payload)]) -> [Event] {
    steps.map { Event(t: $0.0, id: $0.1, kind: $0.2, payload: $0.3) }
  }

  /// A `present` refused while its presenter was still presenting, then begun anyway: it stacks on the
  /// presenter the refused `present` named, not on the default root's top.
  @Test func aRefusedPresentThatBeginsStacksOnThePresenterItNamed() {
    let trace = Self.events([
      (1.00, "panel", .present, Payload(presenter: "root:other", animated: true, style: "custom")),
      (1.01, "panel", .presentationTransitionWillBegin, Payload()),
      (1.02, "card", .present, Payload(presenter: "panel", animated: true, style: "custom")),
      (1.30, "panel", .presentationTransitionDidEnd, Payload(completed: true)),
      (1.31, "card", .presentationTransitionWillBegin, Payload()),
    ])
    var auditor = Auditor()
    var findings: [Finding] = []
    for (index, event) in trace.enumerated() { auditor.audit(event, line: index + 1, into: &findings) }
    #expect(findings.map(\.line).contains(3), "the present at line 3 is refused: \(findings)")
    #expect(auditor.session.presenter(of: "card") == "panel")
  }

  /// A presentation dismissed twice (the second `dismiss` refused) and then left alone: once its tail
  /// window closes the session forgets it, refusal and all, and gives its slot back.
  @Test func aDoubleDismissedPresentationIsForgottenWithItsRefusal() {
    let trace = Self.events([
      (1.00, "card", .present, Payload(presenter: "root", animated: false, style: "fullScreen")),
      (1.01, "card", .presentationTransitionWillBegin, Payload()),
      (1.02, "card", .presentationTransitionDidEnd, Payload(completed: true)),
      (1.03, "card", .completion, Payload()),
      (2.00, "card", .dismiss, Payload(animated: false)),
      (2.01, "card", .dismissalTransitionWillBegin, Payload()),
      (2.02, "card", .dismissalTransitionDidEnd, Payload(completed: true)),
      (2.03, "card", .dismiss, Payload(animated: false)),
      (2.04, "card", .completion, Payload()),
      (2.05, "card", .completion, Payload()),
      (60.0, "other", .mark, Payload()),
    ])
    var auditor = Auditor()
    var findings: [Finding] = []
    for (index, event) in trace.enumerated() { auditor.audit(event, line: index + 1, into: &findings) }
    #expect(findings.map(\.line) == [8], "only the second dismiss is refused: \(findings)")
    #expect(auditor.session.storage.slot(of: "card") == nil)
    #expect(auditor.session.slotsInUse <= 1)
  }
}
