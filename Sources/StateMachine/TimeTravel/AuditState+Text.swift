extension AuditState {
  /// The state as a person reads it; input errors are named `path:line:column` when `path` is given.
  ///
  /// ```swift
  /// print(state.text(path: "session.jsonl"))  // "after line 12 (t=3.4):\n  card: presented…"
  /// ```
  ///
  /// Ids, the path and messages are escaped for the terminal (`TerminalText`).
  public func text(path: String? = nil) -> String {
    let escaped = TerminalText.escaped
    var out = "after line \(line)" + (t.map { " (t=\(ReadableNumber.text($0)))" } ?? "") + ":\n"
    if presentations.isEmpty { out += "no live presentation\n" }
    for presentation in presentations {
      out += "  \(escaped(presentation.id)): \(presentation.phase.name)"
      if let presenter = presentation.presenter { out += ", presented from \(escaped(presenter))" }
      if let progress = presentation.progress { out += ", progress \(Int((progress * 100).rounded()))%" }
      if let layout = presentation.openLayoutLine { out += ", layout pass open since line \(layout)" }
      if let pending = presentation.pendingAppearance {
        out += ", waiting for the Did of \(escaped(pending))"
      }
      out += "\n"
      if let deadline = presentation.deadline {
        // What passing it means: a hang, or a request UIKit dropped
        // (<doc:Rules#Recovery-follows-the-evidence>).
        let verdict = deadline.dropsRequest ? "dropped" : "a hang"
        out +=
          "    in flight: \(verdict) after t=\(ReadableNumber.text(deadline.t)) (from \(deadline.reason))\n"
      } else if presentation.phase.isInFlight {
        out +=
          "    in flight: cannot hang yet (a finger is down, or another member of its stack carries it)\n"
      }
    }
    if !stacks.isEmpty {
      out += "stacks:\n"
      for stack in stacks { out += "  " + stack.map(escaped).joined(separator: " → ") + "\n" }
    }
    out += "findings so far: \(findings.count)\n"
    for finding in findings {
      out += "  line \(finding.line): \(finding.severity.rawValue) [\(finding.rule.rawValue)] "
      out += "\(escaped(finding.message))\n"
    }
    if !inputErrors.isEmpty {
      out += "input errors so far: \(inputErrors.count) (those lines were skipped)\n"
      for error in inputErrors {
        let place =
          path.map { "\(escaped($0)):\(error.line):\(error.column)" } ?? "line \(error.line):\(error.column)"
        out += "  \(place): error: [input] \(escaped(error.message))\n"
      }
    }
    return out
  }

  /// The state as one JSON document.
  public func json() -> String {
    var out = "{\"line\":\(line),\"t\":" + (t.map(JSONText.number) ?? "null") + ",\"presentations\":["
    for (index, presentation) in presentations.enumerated() {
      if index > 0 { out += "," }
      out += "{\"id\":"
      JSONText.appendString(presentation.id, to: &out)
      out += ",\"phase\":\"\(presentation.phase.name)\",\"presenter\":"
      out += presentation.presenter.map { quoted($0) } ?? "null"
      out += ",\"child\":" + (presentation.child.map { quoted($0) } ?? "null")
      out += ",\"progress\":" + (presentation.progress.map(JSONText.number) ?? "null")
      out += ",\"openLayoutLine\":" + (presentation.openLayoutLine.map { String($0) } ?? "null")
      out += ",\"pendingAppearance\":" + (presentation.pendingAppearance.map { quoted($0) } ?? "null")
      out += ",\"deadline\":"
      if let deadline = presentation.deadline {
        out += "{\"t\":\(JSONText.number(deadline.t)),\"from\":" + quoted(deadline.reason) + "}"
      } else {
        out += "null"
      }
      out += "}"
    }
    out += "],\"stacks\":["
    out += stacks.map { "[" + $0.map { quoted($0) }.joined(separator: ",") + "]" }.joined(separator: ",")
    out += "],\"findings\":["
    for (index, finding) in findings.enumerated() {
      if index > 0 { out += "," }
      out +=
        "{\"rule\":\"\(finding.rule.rawValue)\",\"line\":\(finding.line),\"id\":" + quoted(finding.id) + "}"
    }
    out += "],\"inputErrors\":["
    out += inputErrors.map {
      "{\"line\":\($0.line),\"column\":\($0.column),\"message\":" + quoted($0.message) + "}"
    }.joined(separator: ",")
    return out + "]}"
  }

  private func quoted(_ text: String) -> String {
    var out = ""
    JSONText.appendString(text, to: &out)
    return out
  }
}
