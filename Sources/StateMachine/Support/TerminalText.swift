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
    // Every escaped scalar's UTF-8 starts with a byte below 0x20, 0x5C, 0x7F, 0xC2 (U+0080–U+009F) or
    // 0xE2 (U+202A–U+2069): text without those bytes, nearly all of it, is passed over at byte speed.
    let suspect = text.utf8.contains { $0 < 0x20 || $0 == 0x5C || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }
    return suspect && text.unicodeScalars.contains { $0 == "\\" || isEscaped($0) }
  }

  /// The scalars written as `\u{HEX}`.
  static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
