/// Writes events and headers as canonical trace format v1 lines.
///
/// ```swift
/// let event = Event(t: 0.5, id: "p1", kind: .completeTransition, payload: Payload(didComplete: true))
/// TraceWriter.line(for: event)
/// // {"t":0.5,"id":"p1","event":"completeTransition","didComplete":true}
/// ```
///
/// Canonical means: `t`, `id`, `event`, then the event's payload keys in `EventKind.payloadKeys` order,
/// then unknown keys sorted; numbers as `JSONText.number`. So encode, decode, encode is byte-identical.
///
/// Every line it writes of a valid event is one the reader accepts: an `extra` key that the format
/// reserves for the event (`t`, `id`, `event`, or one of the kind's payload keys) or that repeats an
/// earlier one is left out, since writing it would give a duplicate key or change what the line means.
/// A valid event has a finite `t`, a non-empty id and finite payload numbers (JSON has no NaN or
/// infinity: one is written as `null`, which the reader refuses), and a header is one of this version
/// (``TraceHeader/supportedVersion``); `TraceRecorder` refuses other events before they are written.
public enum TraceWriter {
  /// One event as a line, without the terminating newline.
  public static func line(for event: Event) -> String {
    var out = "{\"t\":"
    out.append(JSONText.number(event.t))
    out.append(",\"id\":")
    JSONText.appendString(event.id, to: &out)
    out.append(",\"event\":")
    JSONText.appendString(event.kind.rawValue, to: &out)
    for key in event.kind.payloadKeys {
      guard let value = event.payload[key] else { continue }
      out.append(",")
      JSONText.appendString(key.rawValue, to: &out)
      out.append(":")
      JSONText.appendValue(value, to: &out)
    }
    var written: Set<String> = ["t", "id", "event"]
    for key in event.kind.payloadKeys { written.insert(key.rawValue) }
    for member in event.extra.sorted(by: { $0.key < $1.key }) where written.insert(member.key).inserted {
      out.append(",")
      JSONText.appendString(member.key, to: &out)
      out.append(":")
      JSONText.appendValue(member.value, to: &out)
    }
    out.append("}")
    return out
  }

  /// A header as a line: `format`, `version`, `expect` and `ignore` when set, then metadata in its order
  /// (metadata named `format`, `version`, `expect` or `ignore`, or repeating an earlier key, is left out).
  public static func line(for header: TraceHeader) -> String {
    var out = "{\"format\":"
    JSONText.appendString(TraceHeader.formatName, to: &out)
    out.append(",\"version\":\(header.version)")
    if let expect = header.expect {
      out.append(",\"expect\":")
      JSONText.appendValue(.array(expect.map(JSONValue.string)), to: &out)
    }
    if let ignore = header.ignore {
      out.append(",\"ignore\":")
      JSONText.appendValue(.array(ignore.map { JSONValue.string($0.rawValue) }), to: &out)
    }
    var written: Set<String> = ["format", "version", "expect", "ignore"]
    for member in header.metadata where written.insert(member.key).inserted {
      out.append(",")
      JSONText.appendString(member.key, to: &out)
      out.append(":")
      JSONText.appendValue(member.value, to: &out)
    }
    out.append("}")
    return out
  }

  /// A whole trace: the header (if any) and every event, each line ending in `\n`.
  public static func trace(header: TraceHeader?, events: [Event]) -> String {
    var out = ""
    if let header { out += line(for: header) + "\n" }
    for event in events { out += line(for: event) + "\n" }
    return out
  }
}
