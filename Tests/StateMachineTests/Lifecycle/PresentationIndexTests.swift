import Testing

@testable import PresentationStateMachine

/// The session's id index against a `Dictionary` model: random inserts, removals and lookups, with ids that
/// collide in the table and ids long enough to hash in several words.
@Suite struct PresentationIndexTests {
  @Test(arguments: [1, 2, 3, 42] as [UInt64])
  func behavesLikeADictionary(seed: UInt64) {
    var random = SeededRandom(seed: seed)
    var index = PresentationIndex()
    var model: [String: Int] = [:]
    let ids = (0..<300).map { $0 % 3 == 0 ? "p\($0)" : "scene-\($0 % 7).presentation-with-a-long-id-\($0)" }
    for step in 0..<20_000 {
      let id = ids[random.below(ids.count)]
      switch random.below(3) {
      case 0 where model[id] == nil:
        index.insert(id, slot: step)
        model[id] = step
      case 1 where model[id] != nil:
        index.remove(id)
        model[id] = nil
      default:
        #expect(index.slot(of: id) == model[id], "seed \(seed), step \(step), id \(id)")
      }
      #expect(index.count == model.count, "seed \(seed), step \(step)")
    }
    for id in ids { #expect(index.slot(of: id) == model[id], "seed \(seed), id \(id)") }
  }

  @Test func equalStringsHashAlikeWhateverTheirStorage() {
    let literal = "card-presentation-7"
    let built = String(["card", "presentation", "7"].joined(separator: "-"))
    let bytes = Array(literal.utf8)
    #expect(WordHash.hash(literal) == WordHash.hash(built))
    #expect(bytes.withUnsafeBytes { WordHash.hash($0) } == WordHash.hash(literal))
    #expect(WordHash.hash("p1") != WordHash.hash("p2"))
  }

  @Test(arguments: 0...16)
  func aShortIdHashesTheSameInlineAndInAHeapBuffer(length: Int) {
    let text = String("abcdefghijklmnopq".prefix(length))
    var heap = String()
    heap.reserveCapacity(64)  // a native buffer, not the inline form, whatever the length
    heap += text
    let bytes = Array(text.utf8)
    let expected = bytes.withUnsafeBytes { WordHash.hash($0) }
    #expect(WordHash.hash(text) == expected)
    #expect(WordHash.hash(heap) == expected)
    var index = PresentationIndex()
    index.insert(text, slot: 3)
    #expect(index.slot(of: heap) == 3)
  }

  /// Ids compare as Swift strings (TraceFormat: by canonical equivalence), so the index must find an id by
  /// any spelling `==` accepts, short or long, inline or in a heap buffer; and ids that differ stay apart.
  @Test(arguments: [
    ("caf\u{E9}", "cafe\u{301}"),
    ("\u{212A}", "K"),  // KELVIN SIGN is canonically "K": a non-ASCII spelling of an ASCII id
    ("s1.\u{1E69}", "s1.s\u{323}\u{307}"),  // two combining marks, in the other order as well
    ("s1.\u{1E69}", "s1.s\u{307}\u{323}"),
    ("scene-12.caf\u{E9}-with-a-long-tail", "scene-12.cafe\u{301}-with-a-long-tail"),
  ])
  func canonicallyEqualIdsAreOneEntry(_ pair: (String, String)) {
    let (stored, asked) = pair
    #expect(stored == asked)
    #expect(WordHash.hash(stored) == WordHash.hash(asked))
    var heap = String()
    heap.reserveCapacity(64)
    heap += asked
    for table in [["filler-a", stored, "filler-b"], [stored]] {
      var index = PresentationIndex()
      for (slot, id) in table.enumerated() { index.insert(id, slot: slot) }
      let slot = table.firstIndex(of: stored)
      #expect(index.slot(of: asked) == slot)
      #expect(index.slot(of: heap) == slot)
      #expect(index.slot(remembering: asked) == slot)
      #expect(index.slot(of: "cafe") == nil)
      #expect(index.slot(of: "k") == nil)
      index.remove(asked)
      #expect(index.slot(of: stored) == nil)
    }
  }
}
