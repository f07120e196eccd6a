/// A strict JSON parser for one line of a trace, reporting errors by byte column.
///
/// ```swift
/// let bytes = Array(#"{"t":0.5,"id":"p1","event":"completion"}"#.utf8)
/// let object = try bytes.withUnsafeBufferPointer { try JSONLineParser.parseObject($0) }
/// object.members[0].key // "t"
/// ```
///
/// Foundation's JSON decoders report no positions and accept NaN in some modes; traces need
/// `line:column` on every error and a refusal of anything RFC 8259 does not allow.
package enum JSONLineParser {
  /// How deep arrays and objects may nest before the line is refused (a guard against stack exhaustion).
  package static let maximumDepth = 64

  /// One key of the top-level object with the 1-based byte columns of its key and value.
  package struct Member: Sendable {
    package var key: String
    package var value: JSONValue
    package var keyColumn: Int
    package var valueColumn: Int
  }

  /// The top-level object of a line.
  package struct Object: Sendable {
    package var members: [Member]
    package subscript(key: String) -> Member? { members.first { $0.key == key } }
  }

  /// Parses `bytes` (one line without its terminator) as a single JSON object.
  package static func parseObject(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> Object {
    var cursor = Cursor(bytes: bytes)
    cursor.skipWhitespace()
    guard cursor.peek == UInt8(ascii: "{") else {
      if cursor.atEnd { throw cursor.error("expected a JSON object, found the end of the line") }
      throw cursor.unexpected("expected a JSON object starting with '{'")
    }
    let members = try cursor.parseObjectMembers(depth: 1)
    cursor.skipWhitespace()
    if !cursor.atEnd { throw cursor.unexpected("unexpected text after the JSON object") }
    return Object(members: members)
  }
}

/// A JSON syntax error at a 1-based byte column of the line.
package struct JSONSyntaxError: Error, Sendable, Equatable {
  package var column: Int
  package var message: String
}

private struct Cursor {
  /// Objects with up to this many keys look for a duplicate key by scanning them.
  static let keysScanned = 16

  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0

  var atEnd: Bool { index >= bytes.count }
  var peek: UInt8? { index < bytes.count ? bytes[index] : nil }
  var column: Int { index + 1 }

  func error(_ message: String, at position: Int? = nil) -> JSONSyntaxError {
    JSONSyntaxError(column: (position ?? index) + 1, message: message)
  }

  /// An error at the current byte for input that is not what `expected` names: says when the line
  /// ended there (a cut-off line) or when the byte is not ASCII (only strings may hold other bytes).
  func unexpected(_ expected: String) -> JSONSyntaxError {
    if atEnd { return error("\(expected), found the end of the line (truncated line?)") }
    if let byte = peek, byte >= 0x80 {
      return error("\(expected), found byte 0x\(hex(byte)) (non-ASCII is only allowed inside strings)")
    }
    return error(expected)
  }

  mutating func skipWhitespace() {
    while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
  }

  mutating func expect(_ byte: UInt8, _ what: String) throws(JSONSyntaxError) {
    guard peek == byte else { throw unexpected("expected \(what)") }
    index += 1
  }

  mutating func parseObjectMembers(depth: Int) throws(JSONSyntaxError) -> [JSONLineParser.Member] {
    if depth > JSONLineParser.maximumDepth {
      throw error("nesting deeper than \(JSONLineParser.maximumDepth) levels")
    }
    index += 1  // '{'
    var members: [JSONLineParser.Member] = []
    // A small object's keys are compared one by one; a set is built only for a large one (a 16 MiB line
    // may hold a million keys), since building one for every object cost more than parsing it.
    var keys: Set<String> = []
    skipWhitespace()
    if peek == UInt8(ascii: "}") {
      index += 1
      return members
    }
    while true {
      skipWhitespace()
      let keyColumn = column
      guard peek == UInt8(ascii: "\"") else { throw unexpected("expected a key in double quotes") }
      let key = try parseString()
      let duplicate: Bool
      if members.count < Self.keysScanned {
        duplicate = members.contains { $0.key == key }
      } else {
        if keys.isEmpty { keys = Set(members.map(\.key)) }
        duplicate = !keys.insert(key).inserted
      }
      guard !duplicate else {
        throw error("duplicate key \"\(key)\"", at: keyColumn - 1)
      }
      skipWhitespace()
      try expect(UInt8(ascii: ":"), "':' after the key")
      skipWhitespace()
      let valueColumn = column
      let value = try parseValue(depth: depth)
      members.append(.init(key: key, value: value, keyColumn: keyColumn, valueColumn: valueColumn))
      skipWhitespace()
      switch peek {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "}"):
        index += 1
        return members
      default: throw unexpected("expected ',' or '}'")
      }
    }
  }

  mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
    guard let byte = peek else {
      throw error("expected a value, found the end of the line (truncated line?)")
    }
    switch byte {
    case UInt8(ascii: "{"):
      return .object(try parseObjectMembers(depth: depth + 1).map { (key: $0.key, value: $0.value) })
    case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
    case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
    case UInt8(ascii: "n"): return try parseLiteral("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
    case UInt8(ascii: "N"), UInt8(ascii: "I"):
      throw error("NaN and Infinity are not JSON numbers")
    default: throw unexpected("expected a value (object, array, string, number, true, false or null)")
    }
  }

  mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
    if depth > JSONLineParser.maximumDepth {
      throw error("nesting deeper than \(JSONLineParser.maximumDepth) levels")
    }
    index += 1  // '['
    var elements: [JSONValue] = []
    skipWhitespace()
    if peek == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      elements.append(try parseValue(depth: depth))
      skipWhitespace()
      switch peek {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "]"):
        index += 1
        return .array(elements)
      default: throw unexpected("expected ',' or ']'")
      }
    }
  }

  mutating func parseLiteral(_ word: StaticString, _ value: JSONValue) throws(JSONSyntaxError) -> JSONValue {
    let start = index
    let utf8 = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
    for expected in utf8 {
      guard peek == expected else {
        if atEnd { throw unexpected("expected '\(word)'") }
        throw error("expected '\(word)'", at: start)
      }
      index += 1
    }
    return value
  }

  mutating func parseNumber() throws(JSONSyntaxError) -> Double {
    let start = index
    if peek == UInt8(ascii: "-") { index += 1 }
    guard let first = peek, isDigit(first) else {
      if peek == UInt8(ascii: "I") || peek == UInt8(ascii: "N") {
        throw error("NaN and Infinity are not JSON numbers", at: start)
      }
      throw unexpected("expected a digit")
    }
    if first == UInt8(ascii: "0") {
      index += 1
      if let next = peek, isDigit(next) {
        throw error("leading zeros are not allowed in JSON numbers", at: start)
      }
    } else {
      while let byte = peek, isDigit(byte) { index += 1 }
    }
    // An integer of up to 15 digits is exact in a Double: built from its digits, as `Double(_:)` of its
    // text would give it (-0 included), without making a string (statistics files are mostly counts).
    let digitsStart = bytes[start] == UInt8(ascii: "-") ? start + 1 : start
    if index - digitsStart <= 15, peek != UInt8(ascii: "."), peek != UInt8(ascii: "e"),
      peek != UInt8(ascii: "E")
    {
      var magnitude = 0
      for offset in digitsStart..<index {
        magnitude = magnitude * 10 + Int(bytes[offset] &- UInt8(ascii: "0"))
      }
      let value = Double(magnitude)
      return digitsStart > start ? -value : value
    }
    if peek == UInt8(ascii: ".") {
      index += 1
      guard let byte = peek, isDigit(byte) else {
        throw unexpected("expected a digit after the decimal point")
      }
      while let byte = peek, isDigit(byte) { index += 1 }
    }
    if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
      index += 1
      if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
      guard let byte = peek, isDigit(byte) else { throw unexpected("expected a digit in the exponent") }
      while let byte = peek, isDigit(byte) { index += 1 }
    }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      throw error("number \(text.prefix(40)) is out of range for a double", at: start)
    }
    return value
  }

  func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

  mutating func parseString() throws(JSONSyntaxError) -> String {
    index += 1  // opening quote
    var result = ""
    var runStart = index
    while true {
      guard let byte = peek else { throw error("unterminated string (truncated line?)") }
      switch byte {
      case UInt8(ascii: "\""):
        appendRun(from: runStart, to: &result)
        index += 1
        return result
      case UInt8(ascii: "\\"):
        appendRun(from: runStart, to: &result)
        result.unicodeScalars.append(try parseEscape())
        runStart = index
      case 0..<0x20:
        throw error("control character U+00\(hex(byte)) must be escaped inside a string")
      case 0x80...:
        try skipUTF8Sequence()
      default:
        index += 1
      }
    }
  }

  /// Appends the already validated bytes `runStart..<index` to `result`.
  func appendRun(from runStart: Int, to result: inout String) {
    guard index > runStart else { return }
    result += String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<index]), as: UTF8.self)
  }

  mutating func parseEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
    let start = index
    index += 1  // backslash
    guard let byte = peek else { throw error("unterminated escape (truncated line?)") }
    index += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let high = try parseHex4()
      if (0xD800...0xDBFF).contains(high) {
        guard peek == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
        else {
          if index + 1 >= bytes.count {
            throw error("unpaired UTF-16 surrogate in \\u escape (truncated line?)", at: start)
          }
          throw error("unpaired UTF-16 surrogate in \\u escape", at: start)
        }
        index += 2
        let low = try parseHex4()
        guard (0xDC00...0xDFFF).contains(low) else {
          throw error("unpaired UTF-16 surrogate in \\u escape", at: start)
        }
        let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
        guard let scalar = Unicode.Scalar(value) else { throw error("invalid \\u escape", at: start) }
        return scalar
      }
      guard let scalar = Unicode.Scalar(high) else {
        throw error("unpaired UTF-16 surrogate in \\u escape", at: start)
      }
      return scalar
    default:
      throw error("invalid escape '\\\(Character(Unicode.Scalar(byte)))'", at: start)
    }
  }

  mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = peek else { throw error("\\u escape needs four hex digits (truncated line?)") }
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: throw error("\\u escape needs four hex digits")
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }

  /// Validates one UTF-8 encoded scalar starting at `index` (RFC 3629: no overlongs, no surrogates).
  mutating func skipUTF8Sequence() throws(JSONSyntaxError) {
    let start = index
    let lead = bytes[index]
    let length: Int
    let minimum: UInt32
    var value: UInt32
    switch lead {
    case 0xC2...0xDF: (length, minimum, value) = (2, 0x80, UInt32(lead & 0x1F))
    case 0xE0...0xEF: (length, minimum, value) = (3, 0x800, UInt32(lead & 0x0F))
    case 0xF0...0xF4: (length, minimum, value) = (4, 0x10000, UInt32(lead & 0x07))
    default: throw error("invalid UTF-8 byte 0x\(hex(lead))", at: start)
    }
    for offset in 1..<length {
      guard start + offset < bytes.count else { throw error("truncated UTF-8 sequence", at: start) }
      let next = bytes[start + offset]
      guard next & 0xC0 == 0x80 else { throw error("invalid UTF-8 sequence", at: start) }
      value = value << 6 | UInt32(next & 0x3F)
    }
    if value < minimum || (0xD800...0xDFFF).contains(value) || value > 0x10FFFF {
      throw error("invalid UTF-8 sequence", at: start)
    }
    index = start + length
  }

  func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
  }
}
