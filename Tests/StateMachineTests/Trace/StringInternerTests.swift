import Testing

@testable import PresentationStateMachine

/// The interner hands back exactly the string the bytes spell, whichever way it takes: its cache, read
/// byte by byte or a word at a time, or a short string built from its bytes.
@Suite struct StringInternerTests {
  static func randomText(_ random: inout CodecRandom) -> String {
    let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.:-_/ ")
    let count = random.below(61)
    return String((0..<count).map { _ in random.pick(alphabet) })
  }

  @Test func everyWayGivesTheStringTheBytesSpell() {
    var random = CodecRandom(seed: 0x1A7E_5000)
    var interner = StringInterner()
    var texts: [String] = []
    for _ in 0..<3000 {
      // Repeats, so that the cache answers some of them.
      let text = texts.isEmpty || random.chance(60) ? Self.randomText(&random) : random.pick(texts)
      texts.append(text)
      var bytes = Array(text.utf8)
      let count = bytes.count
      bytes += Array("\",\"event\":\"".utf8)
      bytes.withUnsafeBufferPointer { buffer in
        guard let base = buffer.baseAddress else { return }
        let byBytes = interner.string(base, count: count)
        let byWords = interner.string(wordReadable: base, count: count)
        #expect(byBytes == text)
        #expect(byWords == text)
        #expect(byWords.utf8.count == count)
        #expect(Array(byWords.utf8) == Array(text.utf8))
      }
    }
  }

  @Test func aShortStringIsLaidOutAsTheStandardLibraryLaysItOut() {
    // The interner builds strings of up to 15 ASCII bytes itself; their bits must be the ones
    // `String(decoding:as:)` produces, or hashing and comparing them would go wrong.
    var interner = StringInterner()
    for count in 0...15 {
      let text = String("p1.sheet-card-xyz".prefix(count))
      var bytes = Array(text.utf8) + Array("\"}".utf8) + [UInt8](repeating: 0x20, count: 8)
      bytes.withUnsafeMutableBufferPointer { buffer in
        guard let base = buffer.baseAddress else { return }
        let built = interner.string(wordReadable: base, count: count)
        let ordinary = String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
        #expect(built == ordinary)
        #expect(built.hashValue == ordinary.hashValue)
        #expect(WordHash.hash(built) == WordHash.hash(ordinary))
        #expect(
          unsafeBitCast(built, to: (UInt64, UInt64).self)
            == unsafeBitCast(ordinary, to: (UInt64, UInt64).self))
      }
    }
  }

  @Test func assigningWritesTheStringOverAnyString() {
    // `assign` writes a short string's words over a string without storage, and assigns over any other:
    // either way the target must then be the string the bytes spell, laid out as the standard library
    // lays it out.
    var interner = StringInterner()
    let targets = [
      "", "card", "p1.sheet-card-x", "a literal longer than fifteen bytes",
      String(repeating: "stored", count: 8), String(decoding: Array("s696.menu".utf8), as: UTF8.self),
    ]
    let copies = targets.map { String(decoding: Array($0.utf8), as: UTF8.self) }
    for (target, copy) in zip(targets, copies) {
      for count in 0...20 {
        let text = String("root:s696.menu-presented".prefix(count))
        var bytes = Array(text.utf8) + Array("\",\"event\":\"".utf8)
        var assigned = target
        bytes.withUnsafeMutableBufferPointer { buffer in
          guard let base = buffer.baseAddress else { return }
          interner.assign(wordReadable: base, count: count, to: &assigned)
        }
        #expect(assigned == text, "\(text) over \(target)")
        #expect(assigned.utf8.count == count)
        if count <= 15 {
          #expect(
            unsafeBitCast(assigned, to: (UInt64, UInt64).self)
              == unsafeBitCast(text, to: (UInt64, UInt64).self))
        }
        // Only the target changed: a string that shared its storage still holds what it held.
        #expect(target == copy)
      }
    }
  }
}
