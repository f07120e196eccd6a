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

  /// Thousands of roots, each used once: the memory stays bounded (the idle roots kept, and the few ids
  /// alive at once), and what the presentation limit counts is only what is alive.
  @Test func rootsThatComeAndGoKeepBoundedSlots() {
    var auditor = Auditor()
    var findings: [Finding] = []
    var line = 0
    var most = 0
    var mostHeld = 0
    for number in 0..<3000 {
      // Three seconds apart: each scene's presentation is forgotten (its tail window closes) while the
      // next scenes run.
      for event in Self.scene(number, at: Double(number) * 3) {
        line += 1
        auditor.audit(event, line: line, into: &findings)
        most = max(most, auditor.session.slotsInUse)
        mostHeld = max(mostHeld, auditor.heldPresentations)
      }
    }
    #expect(findings.isEmpty, "\(findings.prefix(3))")
    #expect(most <= 4 + SessionStorage.idleRootLimit, "slots in use reached \(most)")
    #expect(mostHeld <= 4, "held presentations reached \(mostHeld)")
    #expect(auditor.session.rootChildren.isEmpty)
  }

  /// One root presenting card after card keeps its slot while idle: the slots in use stay at the root's and
  /// the card's, and an idle root is not counted as held.
  @Test func aRootPresentingAgainKeepsItsSlot() {
    var auditor = Auditor()
    var findings: [Finding] = []
    var line = 0
    var most = 0
    for number in 0..<200 {
      for event in Self.scene(number, at: Double(number) * 3) {
        line += 1
        let id = event.id.hasPrefix("root") ? "root" : event.id
        let payload =
          event.payload.presenter == nil
          ? event.payload : Payload(presenter: "root", animated: false, style: "fullScreen")
        auditor.audit(
          Event(t: event.t, id: id, kind: event.kind, payload: payload), line: line, into: &findings)
        most = max(most, auditor.session.slotsInUse)
      }
    }
    #expect(findings.isEmpty, "\(findings.prefix(3))")
    #expect(most <= 2, "slots in use reached \(most)")
    // The root presents nothing now and keeps its slot; only the last card, until its tail window closes,
    // counts as held.
    #expect(auditor.session.storage.slot(of: "root") != nil)
    #expect(auditor.session.rootChildren.isEmpty)
    #expect(auditor.heldPresentations == 1)
  }
}
