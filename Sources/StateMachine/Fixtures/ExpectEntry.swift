/// One entry of a trace header's `expect`: a rule an audit must report on some line, or on one line.
///
/// ```swift
/// try ExpectEntry(parsing: "complete-twice")     // reported at least once, on any line
/// try ExpectEntry(parsing: "complete-twice@12")  // a finding of complete-twice on line 12
/// ExpectEntry(rule: .layoutHitch, line: 7).description  // "layout-hitch@7", as a header holds it
/// ```
///
/// A plain rule id keeps a fixture valid while lines are added above its findings; a line also catches a
/// finding that moved to another event, or a second finding of the same rule.
package struct ExpectEntry: Sendable, Hashable, Comparable, CustomStringConvertible {
  package var rule: Rule
  /// The line the finding must be on (1-based, as findings count them), or `nil` for any line.
  package var line: Int?

  package init(rule: Rule, line: Int? = nil) {
    self.rule = rule
    self.line = line
  }

  /// Reads `RULE` or `RULE@LINE`; an unknown rule names the closest valid id, and a line must be a
  /// number of at least 1.
  package init(parsing text: String) throws(ExpectHeaderError) {
    let advice = "write RULE or RULE@LINE (a line number >= 1)"
    guard let at = text.firstIndex(of: "@") else {
      self.init(rule: try Self.rule(text), line: nil)
      return
    }
    let name = String(text[..<at])
    let digits = text[text.index(after: at)...]
    guard !name.isEmpty else {
      throw ExpectHeaderError(message: "'\(text)' names no rule before '@'; \(advice)")
    }
    guard !digits.isEmpty else {
      throw ExpectHeaderError(message: "'\(text)' has no line after '@'; \(advice)")
    }
    // Only digits: Int("+3") would read a sign the writer never writes.
    guard digits.allSatisfy({ $0.isASCII && $0.isNumber }), let line = Int(digits), line >= 1 else {
      throw ExpectHeaderError(message: "the line in '\(text)' must be a number >= 1, not '\(digits)'")
    }
    self.init(rule: try Self.rule(name), line: line)
  }

  private static func rule(_ id: String) throws(ExpectHeaderError) -> Rule {
    do {
      return try Rule.named(id)
    } catch {
      throw ExpectHeaderError(message: error.message)
    }
  }

  /// `rule` or `rule@line`: the entry as `replay expect` writes it into a header.
  package var description: String { line.map { "\(rule.rawValue)@\($0)" } ?? rule.rawValue }

  /// Whether `finding` is one this entry expects: the same rule, on the entry's line if it names one.
  package func matches(_ finding: Finding) -> Bool {
    finding.rule == rule && (line == nil || line == finding.line)
  }

  /// Rule ids first, then entries by line, then by rule id: the order of a trace's own findings.
  package static func < (lhs: ExpectEntry, rhs: ExpectEntry) -> Bool {
    (lhs.line ?? 0, lhs.rule.rawValue) < (rhs.line ?? 0, rhs.rule.rawValue)
  }
}
