import Testing

@testable import PresentationStateMachine

/// `PresentationSession.isRoot` reads bytes; it must answer as the definition in characters does.
@Suite struct RootIdTests {
  static func byDefinition(_ id: String) -> Bool { id == "root" || id.hasPrefix("root:") }

  @Test(arguments: [
    "root", "root:", "root:s1", "root:tab-12", "roo", "rooted", "root;", "Root", "root ", " root", "",
    "root:\u{301}", "root\u{301}", "root:é", "root:カード", "rootroot:", "r", "root::", "root:\r\n",
    "ro\u{301}ot", "card", "s696.menu", "root:\u{0}", "root:a-window-scene-named-at-length",
    "root:\u{301}and-a-long-tail-after-it", "rootless-and-long-enough-to-be-large", "root:12345678901",
    "root:1234567890",
  ])
  func answersAsTheDefinition(_ id: String) {
    #expect(PresentationSession.isRoot(id) == Self.byDefinition(id), "\(id.debugDescription)")
  }

  @Test func answersAsTheDefinitionOnRandomIds() {
    var random = CodecRandom(seed: 0x0001_2007)
    let pieces = [
      "r", "o", "t", ":", "root", "root:", "\u{301}", "é", "x", "1", "\r", "\n", "\u{200D}", " ",
      "long-piece",
    ]
    for _ in 0..<5000 {
      let id = (0..<random.below(9)).map { _ in random.pick(pieces) }.joined()
      #expect(PresentationSession.isRoot(id) == Self.byDefinition(id), "\(id.debugDescription)")
    }
  }
}
