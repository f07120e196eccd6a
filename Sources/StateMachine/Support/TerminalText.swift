/// Text from a trace, a file name or a command line made safe to print on a terminal: every control
/// character, the backslash and the bidirectional controls written as Swift-style escapes.
///
/// ```swift
/// TerminalText.escaped("card\u{1B}[2J")        // "card\\u{1B}[2J": printed as card\u{1B}[2J
/// TerminalText.escaped("a\nx.jsonl:1:1: note")  // "a\\u{A}x.jsonl:1:1: note": stays on one line
/// TerminalText.escaped("C:\\traces")            // "C:\\\\traces": printed as C:\\traces
/// TerminalText.escaped("card-1")                // "card-1", the same string
/// ```
///
/// A trace's ids and messages and the names of its files are written by whoever wrote the trace: printed
/// raw, an ESC or a CSI (U+009B) would drive the reader's terminal (clear it, retitle it, hide what
/// follows), a line break would forge a line of the report (`x.jsonl:1:1: note: all clean`), and a
/// bidirectional override would show the text in another order than it has. Escaped, each is visible and
/// none acts. The backslash is escaped too, so an escape in the output always stands for the character
/// and never for the same text written in the trace.
///
/// Escaped: the C0 controls (U+0000–U+001F), DEL (U+007F), the C1 controls (U+0080–U+009F), the
/// backslash (as `\\`), and the bidirectional embeddings, overrides and isolates (U+202A–U+202E,
/// U+2066–U+2069). Every other character, non-ASCII ones included, is printed as it is, so text without
/// any of these is returned unchanged. The JSON documents need none of this: JSON escapes its strings
/// itself.
package enum TerminalText {
  /// `text` with every character a terminal would act on written as `\u{HEX}` (the backslash as `\\`).
  ///
  /// ```swift
  /// print("\(TerminalText.escaped(path)):\(line):1: error: …")  // the path as it is, or escaped
  /// ```
  package static func escaped(_ text: String) -> String {
    guard needsEscaping(text) else { return text }
    var out = ""
    out.reserveCapacity(text.utf8.count + 8)
    for scalar in text.unicodeScalars {
      if scalar == "\\" {
        out += "\\\\"
      } else if isEscaped(scalar) {
        out += "\\u{"
        out += String(scalar.value, radix: 16, uppercase: true)
        out += "}"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// Whether `escaped(text)` differs from `text`.
  ///
  /// ```swift
  /// TerminalText.needsEscaping("card-1")      // false
  /// TerminalText.needsEscaping("card\u{9B}")  // true: a C1 control (CSI)
  /// ```
  package static func needsEscaping(_ text: String) -> Bool {
    var text = text
    // Native strings are contiguous UTF-8, so this always reads bytes in place.
    return text.withUTF8 { containsEscapedScalar($0) }
  }

  /// Whether the UTF-8 of a string holds an escaped scalar, read as bytes: each escaped scalar is one
  /// byte below 0x20, 0x5C or 0x7F, `C2 80`–`C2 9F` (U+0080–U+009F), `E2 80 AA`–`E2 80 AE`
  /// (U+202A–U+202E) or `E2 81 A6`–`E2 81 A9` (U+2066–U+2069). Through the string's `utf8` view, the same
  /// filter cost about 30 instructions a byte (10,000 for each finding's message `replay audit` prints, as
  /// much as the rest of the audit spends on 60 events). `bytes` must be valid UTF-8, as a `String`'s are.
  static func containsEscapedScalar(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    let raw = UnsafeRawPointer(base)
    let count = bytes.count
    var index = 0
    while index < count {
      // Eight printable ASCII bytes other than the backslash start no escaped scalar and continue none.
      if index &+ 8 <= count, !mayStartEscape(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
        index &+= 8
        continue
      }
      let byte = bytes[index]
      if byte < 0x20 || byte == 0x5C || byte == 0x7F { return true }
      if byte == 0xC2, index + 1 < count, (0x80...0x9F).contains(bytes[index + 1]) { return true }
      if byte == 0xE2, index + 2 < count {
        let (second, third) = (bytes[index + 1], bytes[index + 2])
        if second == 0x80, (0xAA...0xAE).contains(third) { return true }
        if second == 0x81, (0xA6...0xA9).contains(third) { return true }
      }
      index += 1
    }
    return false
  }

  /// Whether any of the eight bytes of `word` is below 0x20, above 0x7E or a backslash (the known
  /// "has less", "has more" and "has zero" word tests; each finds whether such a byte exists exactly).
  @inline(__always)
  private static func mayStartEscape(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let below = (word &- ones &* 0x20) & ~word & highs
    let above = ((word &+ ones) | word) & highs
    let backslashes = word ^ (ones &* 0x5C)
    let backslash = (backslashes &- ones) & ~backslashes & highs
    return below | above | backslash != 0
  }

  /// The scalars written as `\u{HEX}`.
  static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
