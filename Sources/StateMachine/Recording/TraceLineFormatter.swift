/// Formats a recorded event as its canonical line, byte for byte what `TraceWriter.line(for:)` writes,
/// without the writer's general machinery (sorting and de-duplicating extra keys): the recorder's hot path.
///
/// ```swift
/// let body = TraceLineFormatter.body(for: event)        // ,"id":"card","event":"completeTransition",…}
/// let line = TraceLineFormatter.line(t: 12.5, body: body) // {"t":12.5,"id":"card",…}
/// ```
///
/// `TraceWriter` stays the definition of the canonical form (`t`, `id`, `event`, then the kind's payload
/// keys in `EventKind.payloadKeys` order, numbers and strings as `JSONText` spells them); the recorder
/// tests check that both write the same bytes for every kind. An event with `extra` keys (which the
/// recorder never makes) goes through `TraceWriter` itself.
enum TraceLineFormatter {
  /// Everything of the line after the value of `t`: `,"id":…,"event":…, payload}`.
  static func body(for event: Event) -> String {
    guard event.extra.isEmpty else {
      var copy = event
      copy.t = 0
      let line = TraceWriter.line(for: copy)
      return String(line.dropFirst("{\"t\":0".count))
    }
    var out = ",\"id\":"
    out.reserveCapacity(64 + event.id.utf8.count)
    appendString(event.id, to: &out)
    // Event names and payload keys are plain ASCII identifiers: JSONText would write them as they are.
    out += ",\"event\":\""
    out += event.kind.rawValue
    out += "\""
    for key in event.kind.payloadKeys {
      guard let value = event.payload[key] else { continue }
      out += ",\""
      out += key.rawValue
      out += "\":"
      switch value {
      case .string(let text): appendString(text, to: &out)
      default: JSONText.appendValue(value, to: &out)
      }
    }
    out += "}"
    return out
  }

  /// The whole line: `{"t":` and the number, then `body`.
  static func line(t: Double, body: String) -> String {
    var out = "{\"t\":"
    out.reserveCapacity(body.utf8.count + 24)
    out += JSONText.number(t)
    out += body
    return out
  }

  /// `JSONText.appendString`, with a fast path for the common case of printable ASCII without `"` or `\`.
  private static func appendString(_ text: String, to out: inout String) {
    let plain = text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }
    guard plain else {
      JSONText.appendString(text, to: &out)
      return
    }
    out += "\""
    out += text
    out += "\""
  }
}
