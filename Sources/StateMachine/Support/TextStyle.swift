/// ANSI styling for terminal output, a no-op when disabled (not a terminal, or `NO_COLOR` set).
///
/// ```swift
/// let style = TextStyle(enabled: true)
/// style.error("error:")  // "\u{1B}[1;31merror:\u{1B}[0m"
/// var row = ""
/// style.append("█", as: .success, to: &row)  // the same codes, appended in place
/// ```
struct TextStyle {
  /// What a piece of text says, which picks its colour.
  enum Role {
    case error, warning, note, success

    var code: String {
      switch self {
      case .error: "1;31"
      case .warning: "1;33"
      case .note: "1;36"
      case .success: "32"
      }
    }
  }

  var enabled: Bool
  func error(_ text: String) -> String { wrap(text, .error) }
  func warning(_ text: String) -> String { wrap(text, .warning) }
  func note(_ text: String) -> String { wrap(text, .note) }
  func success(_ text: String) -> String { wrap(text, .success) }

  /// `wrap(String(character), role)` appended to `out` without building the wrapped string: a timeline
  /// styles every cell of every row.
  func append(_ character: Character, as role: Role, to out: inout String) {
    guard enabled else {
      out.append(character)
      return
    }
    out.append("\u{1B}[")
    out.append(role.code)
    out.append("m")
    out.append(character)
    out.append("\u{1B}[0m")
  }

  private func wrap(_ text: String, _ role: Role) -> String {
    enabled ? "\u{1B}[\(role.code)m\(text)\u{1B}[0m" : text
  }
}
