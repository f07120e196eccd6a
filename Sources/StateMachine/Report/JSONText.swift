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
public enum JSONText {
  /// The canonical spelling of a finite number; `null` for NaN and infinities, which JSON cannot spell.
  public static func number(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    if value == value.rounded(), abs(value) < 9_007_199_254_740_992 {
      if value == 0 { return "0" }
      return String(Int64(value))
    }
    return "\(value)"
  }

  /// Appends `value` as a JSON string literal, escaping quotes, backslashes and control characters.
  public static func appendString(_ value: String, to out: inout String) {
    out.append("\"")
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": out.append("\\\"")
      case "\\": out.append("\\\\")
      case "\n": out.append("\\n")
      case "\r": out.append("\\r")
      case "\t": out.append("\\t")
      case "\u{08}": out.append("\\b")
      case "\u{0C}": out.append("\\f")
      case "\u{00}"..."\u{1F}", "\u{7F}":
        let hex = String(scalar.value, radix: 16)
        out.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
      default: out.unicodeScalars.append(scalar)
      }
    }
    out.append("\"")
  }

  /// Appends any JSON value, with object keys sorted (canonical form); of keys that repeat, the first is
  /// kept, so the text never holds a duplicate key.
  public static func appendValue(_ value: JSONValue, to out: inout String) {
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
