/// Writes JSON text by hand, with the one number and string spelling every writer here shares.
///
/// ```swift
/// var out = ""
/// JSONText.appendString("p\"1", to: &out) // "p\"1" with the quote escaped
/// JSONText.number(390)                    // "390"
/// JSONText.number(0.35)                   // "0.35"
/// ```
///
/// Numbers are canonical: integral values below 2^53 without a fraction (and `-0` as `0`), others in
/// Swift's shortest round-trip form, so decoding and encoding again gives the same bytes.
package enum JSONText {
  /// The canonical spelling of a finite number; `null` for NaN and infinities, which JSON cannot spell.
  package static func number(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    if value == value.rounded(), abs(value) < 9_007_199_254_740_992 {
      if value == 0 { return "0" }
      return String(Int64(value))
    }
    return "\(value)"
  }

  /// Appends `value` as a JSON string literal, escaping quotes, backslashes and control characters.
  package static func appendString(_ value: String, to out: inout String) {
    out.append("\"")
    // Runs of bytes that need no escape are appended whole: appending scalar by scalar was most of the
    // time of every JSON writer (the audit report, the Chrome trace, the statistics). A run is cut only
    // at an ASCII byte, so each run is whole UTF-8 and the bytes are exactly the scalar loop's.
    var value = value
    let escapes = value.withUTF8 { bytes in
      var runStart = 0
      var escapes = 0
      for index in bytes.indices {
        let byte = bytes[index]
        guard byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F else { continue }
        if runStart < index {
          out.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<index]), as: UTF8.self))
        }
        appendEscape(byte, to: &out)
        runStart = index + 1
        escapes += 1
      }
      if escapes > 0, runStart < bytes.count {
        out.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart...]), as: UTF8.self))
      }
      return escapes
    }
    if escapes == 0 { out.append(value) }
    out.append("\"")
  }

  /// `appendString(_:to:)` for a writer that builds its text as bytes.
  static func appendString(_ value: String, to out: inout TextBuffer) {
    var value = value
    out.append("\"")
    value.withUTF8 { bytes in
      var runStart = 0
      for index in bytes.indices {
        let byte = bytes[index]
        guard byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F else { continue }
        out.append(bytes: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
        var escape = ""
        appendEscape(byte, to: &escape)
        out.append(escape)
        runStart = index + 1
      }
      out.append(bytes: UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }
    out.append("\"")
  }

  /// The escape of one ASCII byte that JSON does not allow in a string as it is.
  private static func appendEscape(_ byte: UInt8, to out: inout String) {
    switch byte {
    case 0x22: out.append("\\\"")
    case 0x5C: out.append("\\\\")
    case 0x0A: out.append("\\n")
    case 0x0D: out.append("\\r")
    case 0x09: out.append("\\t")
    case 0x08: out.append("\\b")
    case 0x0C: out.append("\\f")
    default:
      let hex = String(byte, radix: 16)
      out.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
    }
  }

  /// Appends any JSON value, with object keys sorted (canonical form); of keys that repeat, the first is
  /// kept, so the text never holds a duplicate key.
  package static func appendValue(_ value: JSONValue, to out: inout String) {
    switch value {
    case .null: out.append("null")
    case .bool(let flag): out.append(flag ? "true" : "false")
    case .number(let number): out.append(self.number(number))
    case .string(let string): appendString(string, to: &out)
    case .array(let items):
      out.append("[")
      for (index, item) in items.enumerated() {
        if index > 0 { out.append(",") }
        appendValue(item, to: &out)
      }
      out.append("]")
    case .object(let members):
      out.append("{")
      var previousKey: String?
      for member in members.sorted(by: { $0.key < $1.key }) where member.key != previousKey {
        if previousKey != nil { out.append(",") }
        previousKey = member.key
        appendString(member.key, to: &out)
        out.append(":")
        appendValue(member.value, to: &out)
      }
      out.append("}")
    }
  }
}
