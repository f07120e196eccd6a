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
    var ids: [String] = []
    for transition in replay.transitions where !ids.contains(transition.id) { ids.append(transition.id) }
    var events: [String] = []
    var process = "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":1,\"tid\":0,\"args\":{\"name\":"
    JSONText.appendString(replay.report.path, to: &process)
    events.append(process + "}}")
    for (index, id) in ids.enumerated() {
      var thread = "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":\(index + 1),\"args\":{\"name\":"
      JSONText.appendString(id, to: &thread)
      events.append(thread + "}}")
    }
    for transition in replay.transitions {
      let tid = (ids.firstIndex(of: transition.id) ?? 0) + 1
      let segments = transition.segments(traceEnd: traceEnd)
      guard let first = segments.first, let last = segments.last else { continue }
      var whole = "{\"name\":\"\(transition.kind.rawValue)\",\"cat\":\"transition\",\"ph\":\"X\",\"pid\":1"
      whole +=
        ",\"tid\":\(tid),\"ts\":\(micros(first.start)),\"dur\":\(micros(last.end + origin - first.start))"
      whole += ",\"args\":{\"outcome\":\"\(transition.outcome.rawValue)\",\"animated\":\(transition.animated)"
      whole +=
        ",\"interactive\":\(transition.interactive),\"lines\":\"\(transition.firstLine)-\(transition.lastLine)\""
      if let declared = transition.declaredDuration {
        whole += ",\"declaredDuration\":\(JSONText.number(declared))"
      }
      if let measured = transition.measuredDuration {
        whole += ",\"measuredDuration\":\(JSONText.number(measured))"
      }
      events.append(whole + "}}")
      for segment in segments {
        var event =
          "{\"name\":\"\(segment.name)\",\"cat\":\"\(transition.kind.rawValue)\",\"ph\":\"X\",\"pid\":1"
        event +=
          ",\"tid\":\(tid),\"ts\":\(micros(segment.start)),\"dur\":\(micros(segment.end + origin - segment.start))}"
        events.append(event)
      }
    }
    // Every finding, on its presentation's track (track 0 when it belongs to no transition).
    for finding in replay.report.findings {
      let tid = ids.firstIndex(of: finding.id).map { $0 + 1 } ?? 0
      var event = "{\"name\":"
      JSONText.appendString("[\(finding.rule.rawValue)]", to: &event)
      event +=
        ",\"cat\":\"finding\",\"ph\":\"i\",\"s\":\"t\",\"pid\":1,\"tid\":\(tid),\"ts\":\(micros(finding.t))"
      event +=
        ",\"args\":{\"severity\":\"\(finding.severity.rawValue)\",\"line\":\(finding.line),\"message\":"
      JSONText.appendString(finding.message, to: &event)
      events.append(event + "}}")
    }
    return "{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n" + events.joined(separator: ",\n") + "\n]}\n"
  }
}
