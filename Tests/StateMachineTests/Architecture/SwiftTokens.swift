/// Swift source as the few tokens ``FolderGraph`` reads: identifiers, dots and braces, with comments and
/// the text of string literals left out and the code of their interpolations kept.
///
/// ```swift
/// SwiftTokens.scan(#"Rule.x // Finding"#)       // [.identifier("Rule"), .dot, .identifier("x")]
/// SwiftTokens.scan(#""Finding \(Event.self)""#)
/// // [.other, .identifier("Event"), .dot, .identifier("self"), .other, .other]: "Finding" is only text
/// ```
///
/// Enough of the lexical grammar to keep a word inside a comment or a string from counting as a
/// reference: line and nested block comments, single-line, multi-line and raw strings (`#"…"#`) with
/// their escapes and interpolations (`\(…)`, `\#(…)`). Bare regex literals (`/…/`) are not told from
/// division, so a quote in one would be read as a string's start.
enum SwiftTokens {
  enum Token: Equatable {
    case identifier(String)
    case dot
    case open
    case close
    /// Anything else that stands between two names: an operator, a number, a string's text.
    case other
  }

  static func scan(_ text: String) -> [Token] {
    var lexer = Lexer(bytes: Array(text.utf8))
    lexer.code(untilClosingParenthesis: false)
    return lexer.tokens
  }

  private struct Lexer {
    let bytes: [UInt8]
    var index = 0
    var tokens: [Token] = []

    init(bytes: [UInt8]) { self.bytes = bytes }

    private func byte(at offset: Int) -> UInt8? {
      index + offset < bytes.count ? bytes[index + offset] : nil
    }

    private func starts(with pattern: [UInt8]) -> Bool {
      index + pattern.count <= bytes.count && bytes[index..<index + pattern.count].elementsEqual(pattern)
    }

    private static func isIdentifierHead(_ byte: UInt8) -> Bool {
      (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
        || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == UInt8(ascii: "_")
    }

    private static func isIdentifierBody(_ byte: UInt8) -> Bool {
      isIdentifierHead(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// Code up to the end of the text, or up to the parenthesis that closes an interpolation.
    mutating func code(untilClosingParenthesis: Bool) {
      var depth = 0
      while let byte = byte(at: 0) {
        if byte == UInt8(ascii: "/") && self.byte(at: 1) == UInt8(ascii: "/") {
          while let next = self.byte(at: 0), next != UInt8(ascii: "\n") { index += 1 }
        } else if byte == UInt8(ascii: "/") && self.byte(at: 1) == UInt8(ascii: "*") {
          blockComment()
        } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "#") && rawStringHashes() != nil {
          string()
        } else if Self.isIdentifierHead(byte) {
          let start = index
          while let next = self.byte(at: 0), Self.isIdentifierBody(next) { index += 1 }
          tokens.append(.identifier(String(decoding: bytes[start..<index], as: UTF8.self)))
        } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
          // A number, `1.5` or `0x1F` included: never a name, and its dot joins no chain.
          while let next = self.byte(at: 0), Self.isIdentifierBody(next) || next == UInt8(ascii: ".") {
            index += 1
          }
          tokens.append(.other)
        } else {
          index += 1
          switch byte {
          case UInt8(ascii: "."): tokens.append(.dot)
          case UInt8(ascii: "{"): tokens.append(.open)
          case UInt8(ascii: "}"): tokens.append(.close)
          case UInt8(ascii: "("):
            depth += 1
            tokens.append(.other)
          case UInt8(ascii: ")"):
            if untilClosingParenthesis && depth == 0 { return }
            depth -= 1
            tokens.append(.other)
          // A backticked name reads as the name; spaces and line breaks separate tokens without being one.
          case UInt8(ascii: "`"), UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"),
            UInt8(ascii: "\r"):
            break
          default: tokens.append(.other)
          }
        }
      }
    }

    private static let commentOpening = Array("/*".utf8)
    private static let commentClosing = Array("*/".utf8)

    private mutating func blockComment() {
      var depth = 0
      while index < bytes.count {
        if starts(with: Self.commentOpening) {
          depth += 1
          index += 2
        } else if starts(with: Self.commentClosing) {
          depth -= 1
          index += 2
          if depth == 0 { break }
        } else {
          index += 1
        }
      }
      tokens.append(.other)
    }

    /// How many `#` open the raw string starting here, if one does.
    private func rawStringHashes() -> Int? {
      var count = 0
      while byte(at: count) == UInt8(ascii: "#") { count += 1 }
      return byte(at: count) == UInt8(ascii: "\"") ? count : nil
    }

    /// A string literal from its opening delimiter past its closing one, reading its interpolations as code.
    private mutating func string() {
      let hashes = rawStringHashes() ?? 0
      index += hashes
      let quote = UInt8(ascii: "\"")
      let quotes = starts(with: [quote, quote, quote]) ? [quote, quote, quote] : [quote]
      index += quotes.count
      let closing = quotes + Array(repeating: UInt8(ascii: "#"), count: hashes)
      let escape = [UInt8(ascii: "\\")] + Array(repeating: UInt8(ascii: "#"), count: hashes)
      tokens.append(.other)
      while index < bytes.count {
        if starts(with: closing) {
          index += closing.count
          break
        }
        if starts(with: escape) {
          index += escape.count
          if byte(at: 0) == UInt8(ascii: "(") {
            index += 1
            code(untilClosingParenthesis: true)
            tokens.append(.other)
          } else {
            // The escaped character: a quote or a backslash here ends nothing.
            index += 1
          }
        } else {
          index += 1
        }
      }
      tokens.append(.other)
    }
  }
}
