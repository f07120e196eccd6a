import Testing

@testable import PresentationStateMachine

/// What `TerminalText` escapes (controls, the backslash, bidirectional controls) and what it leaves alone.
@Suite struct TerminalTextTests {
  @Test(arguments: [
    ("card\u{1B}[2J", "card\\u{1B}[2J"),
    ("a\nb\r\tc\u{0}", "a\\u{A}b\\u{D}\\u{9}c\\u{0}"),
    ("del\u{7F}", "del\\u{7F}"),
    // C1: U+009B is a one-character CSI on terminals that read 8-bit controls.
    ("csi\u{9B}2J\u{80}\u{9F}", "csi\\u{9B}2J\\u{80}\\u{9F}"),
    ("C:\\traces\\", "C:\\\\traces\\\\"),
    // Typed as \u{1B}: the backslash is escaped, so the output tells it from an ESC.
    ("\\u{1B}", "\\\\u{1B}"),
    ("evil\u{202E}lmth.jsonl", "evil\\u{202E}lmth.jsonl"),
    ("\u{202A}\u{202B}\u{202C}\u{202D}", "\\u{202A}\\u{202B}\\u{202C}\\u{202D}"),
    ("\u{2066}x\u{2067}\u{2068}\u{2069}", "\\u{2066}x\\u{2067}\\u{2068}\\u{2069}"),
  ])
  func controlsAndTheBackslashAreEscaped(text: String, expected: String) {
    #expect(TerminalText.escaped(text) == expected)
    #expect(TerminalText.needsEscaping(text))
  }

  /// Text with none of them, non-ASCII text included (and the neighbours of the escaped ranges), is
  /// returned as it is.
  @Test(arguments: [
    "card-1", "", "présentation → fiche", "\u{A0}\u{A9}\u{2029}\u{2065}\u{206A}\u{2030}",
    "\u{2029}\u{202F}", "emoji 👍🏽", "日本語", "\u{E2}\u{C2}",
  ])
  func otherTextIsUnchanged(text: String) {
    #expect(TerminalText.escaped(text) == text)
    #expect(!TerminalText.needsEscaping(text))
  }

  /// The byte-level check agrees with the scalars' definition (`isEscaped`, and the backslash) for every
  /// scalar of the Basic Multilingual Plane and a few beyond it: alone, and at offsets that put it inside,
  /// across and after the eight-byte words the check skips.
  @Test func theByteCheckAgreesWithTheScalars() {
    var disagreements: [UInt32] = []
    for value in Array(UInt32(0)...0xFFFF) + [0x1_0000, 0x1_F44D, 0x10_FFFF] {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let expected = scalar == "\\" || TerminalText.isEscaped(scalar)
      var alone = ""
      alone.unicodeScalars.append(scalar)
      let placed = [0, 6, 7, 8, 15].map { String(repeating: "a", count: $0) + alone + "é→xyzxyzxyz" }
      if ([alone] + placed).contains(where: { TerminalText.needsEscaping($0) != expected }) {
        disagreements.append(value)
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(10).map { String($0, radix: 16) })")
  }

  /// Whatever the input, the result holds no scalar that is escaped, and only backslashes that start an
  /// escape.
  @Test func noEscapedScalarSurvives() {
    var text = ""
    for value in UInt32(0)...0x2100 {
      if let scalar = Unicode.Scalar(value) { text.unicodeScalars.append(scalar) }
    }
    let escaped = TerminalText.escaped(text)
    #expect(!escaped.unicodeScalars.contains { TerminalText.isEscaped($0) })
    #expect(!TerminalText.needsEscaping(String(escaped.map { $0 == "\\" ? "/" : $0 })))
  }
}
