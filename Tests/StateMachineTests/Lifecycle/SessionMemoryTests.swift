import Testing

@testable import PresentationStateMachine

/// The session's memory follows what is alive, not everything a trace ever named: roots included.
@Suite struct SessionMemoryTests {
  /// One presentation on its own window scene's root, presented and dismissed; every other one dismissed
  /// through the root itself (a root's own event), as a scene's `dismiss` does.
  static func scene(_ number: Int, at start: Double) -> [Event] {
    let (root, id) = ("root:s\(number)", "p\(number)")
    let kinds: [(String, EventKind, Payload)] = [
      (id, .present, Payload(presenter: root, animated: false, style: "fullScreen")),
      (id, .presentationTransitionWillBegin, Payload()),
      (id, .presentationTransitionDidEnd, Payload(completed: true)),
      (id, .completion, Payload()),
      (number % 2 == 0 ? id : root, .dismiss, Payload(animated: false)),
      (id, .dismissalTransitionWillBegin, Payload()),
      (id, .dismissalTransitionDidEnd, Payload(completed: true)),
      (id, .completion, Payload()),
    ]
    return kinds.enumerated().map { index, step in
      Event(t: start + Double(index) * 0.01, id: step.0, kind: step.1, payload: step.2)
    }
  }

  @Test func rootsThatComeAndGoKeepNoSlot() {
    var auditor = Auditor()
    var findings: [Finding] = []
    var line = 0
    var most = 0
    for number in 0..<3000 {
      // Three seconds apart: each scene's presentation is forgotten (its tail window closes) while the
      // next scenes run.
      for event in Self.scene(number, at: Double(number) * 3) {
        line += 1
        auditor.audit(event, line: line, into: &findings)
        most = max(most, auditor.session.slotsInUse)
      }
    }
    #expect(findings.isEmpty, "\(findings.prefix(3))")
    #expect(most <= 4, "slots in use reached \(most)")
    #expect(auditor.session.rootChildren.isEmpty)
  }
}
