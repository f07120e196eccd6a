/// Exports a replayed trace in the Chrome Trace Event format, which Perfetto (ui.perfetto.dev) and
/// chrome://tracing open: one track per presentation, each transition and its phases as duration events,
/// findings as instant events.
///
/// ```swift
/// let json = ChromeTraceExporter.export(TraceReplay.run(path: "traces/valid/card-present-dismiss.jsonl"))
/// ```
///
/// Times are microseconds from the trace's first event (`ts`, `dur`), as the format requires.
public enum ChromeTraceExporter {
  public static func export(_ replay: TraceReplay) -> String {
    let origin = replay.startT ?? 0
    let traceEnd = replay.endT ?? origin
    func micros(_ t: Double) -> String { JSONText.number(((t - origin) * 1_000_000).rounded()) }
    // Each id's track, numbered in the order the ids first appear: looked up in a dictionary, since
    // finding it again in the list for every transition and finding was quadratic.
    var ids: [String] = []
    var trackOfID: [String: Int] = [:]
    for transition in replay.transitions where trackOfID[transition.id] == nil {
      ids.append(transition.id)
      trackOfID[transition.id] = ids.count
    }
    // The events are written one after another into the document, each after ",\n", as bytes.
    var out = TextBuffer(capacity: 4096)
    out.append("{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n")
    out.append("{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":1,\"tid\":0,\"args\":{\"name\":")
    JSONText.appendString(replay.report.path, to: &out)
    out.append("}}")
    for (index, id) in ids.enumerated() {
      out.append(",\n{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":")
      out.append(index + 1)
      out.append(",\"args\":{\"name\":")
      JSONText.appendString(id, to: &out)
      out.append("}}")
    }
    for transition in replay.transitions {
      let tid = trackOfID[transition.id] ?? 1
      let segments = transition.segments(traceEnd: traceEnd)
      guard let first = segments.first, let last = segments.last else { continue }
      out.append(",\n{\"name\":\"")
      out.append(transition.kind.rawValue)
      out.append("\",\"cat\":\"transition\",\"ph\":\"X\",\"pid\":1,\"tid\":")
      out.append(tid)
      out.append(",\"ts\":")
      out.append(micros(first.start))
      out.append(",\"dur\":")
      out.append(micros(last.end + origin - first.start))
      out.append(",\"args\":{\"outcome\":\"")
      out.append(transition.outcome.rawValue)
      out.append("\",\"animated\":")
      out.append(transition.animated ? "true" : "false")
      out.append(",\"interactive\":")
      out.append(transition.interactive ? "true" : "false")
      out.append(",\"lines\":\"")
      out.append(transition.firstLine)
      out.append("-")
      out.append(transition.lastLine)
      out.append("\"")
      if let declared = transition.declaredDuration {
        out.append(",\"declaredDuration\":")
        out.append(JSONText.number(declared))
      }
      if let measured = transition.measuredDuration {
        out.append(",\"measuredDuration\":")
        out.append(JSONText.number(measured))
      }
      out.append("}}")
      for segment in segments {
        out.append(",\n{\"name\":\"")
        out.append(segment.name)
        out.append("\",\"cat\":\"")
        out.append(transition.kind.rawValue)
        out.append("\",\"ph\":\"X\",\"pid\":1,\"tid\":")
        out.append(tid)
        out.append(",\"ts\":")
        out.append(micros(segment.start))
        out.append(",\"dur\":")
        out.append(micros(segment.end + origin - segment.start))
        out.append("}")
      }
    }
    // Every finding, on its presentation's track (track 0 when it belongs to no transition).
    for finding in replay.report.findings {
      out.append(",\n{\"name\":\"[")
      // A rule id is a plain ASCII word: inside the brackets it needs no escape.
      out.append(finding.rule.rawValue)
      out.append("]\",\"cat\":\"finding\",\"ph\":\"i\",\"s\":\"t\",\"pid\":1,\"tid\":")
      out.append(trackOfID[finding.id] ?? 0)
      out.append(",\"ts\":")
      out.append(micros(finding.t))
      out.append(",\"args\":{\"severity\":\"")
      out.append(finding.severity.rawValue)
      out.append("\",\"line\":")
      out.append(finding.line)
      out.append(",\"message\":")
      JSONText.appendString(finding.message, to: &out)
      out.append("}}")
    }
    out.append("\n]}\n")
    return out.text
  }
}
