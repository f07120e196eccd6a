/// Exports a replayed trace in the Chrome Trace Event format, which Perfetto (ui.perfetto.dev) and
/// chrome://tracing open: one track per presentation, each transition and its phases as duration events,
/// findings as instant events.
///
/// ```swift
/// let json = ChromeTraceExporter.export(TraceReplay.run(path: "traces/valid/card-present-dismiss.jsonl"))
/// ```
///
/// Times are microseconds from the trace's first event (`ts`, `dur`), as the format requires.
package enum ChromeTraceExporter {
  package static func export(_ replay: TraceReplay) -> String {
    let origin = replay.startT ?? 0
    let traceEnd = replay.endT ?? origin
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
    appendPrologue(path: replay.report.path, to: &out)
    for (index, id) in ids.enumerated() { appendTrackName(index + 1, id: id, to: &out) }
    for transition in replay.transitions {
      append(transition, track: trackOfID[transition.id] ?? 1, origin: origin, traceEnd: traceEnd, to: &out)
    }
    // Every finding, on its presentation's track (track 0 when it belongs to no transition).
    for finding in replay.report.findings {
      append(finding, track: trackOfID[finding.id] ?? 0, origin: origin, to: &out)
    }
    out.append("\n]}\n")
    return out.text
  }

  /// Replays the trace that `open` opens and writes its timeline: held whole and returned (`document`)
  /// while the trace has at most `window` transitions and findings, exactly as `export(_:)` writes it;
  /// past that, written through `write` a piece at a time as the replay settles it (`ReplayStream`),
  /// so that a trace of any length is exported in the memory of what is in flight.
  ///
  /// ```swift
  /// let (summary, document) = ChromeTraceExporter.export(path: "long.jsonl") { () throws(ReadFailure) in
  ///   try TraceReader(path: "long.jsonl")
  /// } write: { piece in print(piece, terminator: "") }
  /// if let document { print(document, terminator: "") }  // a short trace, held whole
  /// ```
  ///
  /// Written a piece at a time, the document is laid out as it settles rather than grouped: each track is
  /// named before its first transition, findings come between the transitions as the audit settles them
  /// (in the order of their lines), a finding that belongs to no transition is on track 0, and an id seen
  /// again after the machine forgot it gets a new track of the same name. A transition that hung or was
  /// cut by the trace's end is drawn up to that end, so it is written last. The viewers read the events in
  /// any order.
  package static func export(
    path: String, configuration: AuditConfiguration = AuditConfiguration(), window: Int = ReplayStream.window,
    opening open: () throws(ReadFailure) -> TraceReader, write: (String) -> Void
  ) -> (summary: ReplayStream.Summary, document: String?) {
    var held: [ReconstructedTransition] = []
    var heldFindings: [Finding] = []
    // Kept while held, for the moment the document starts to be written.
    var placements: [(track: Int, opensTrack: Bool)] = []
    var findingTracks: [Int?] = []
    var streaming = false
    var origin = 0.0
    var deferred: [(ReconstructedTransition, Int)] = []
    var out = TextBuffer(capacity: 4096)
    func flushIfLarge() {
      guard out.count >= 64 << 10 else { return }
      write(out.text)
      out = TextBuffer(capacity: 64 << 10)
    }
    func stream(_ transition: ReconstructedTransition, track: Int, opensTrack: Bool) {
      if opensTrack { appendTrackName(track, id: transition.id, to: &out) }
      if transition.outcome == .unfinished || transition.outcome == .neverCompleted {
        deferred.append((transition, track))  // drawn up to the trace's end, which only the end tells
      } else {
        append(transition, track: track, origin: origin, traceEnd: origin, to: &out)
      }
      flushIfLarge()
    }
    func stream(_ finding: Finding, track: Int?) {
      append(finding, track: track ?? 0, origin: origin, to: &out)
      flushIfLarge()
    }
    func startStreaming() {
      streaming = true
      appendPrologue(path: path, to: &out)
      for (transition, placement) in zip(held, placements) {
        stream(transition, track: placement.track, opensTrack: placement.opensTrack)
      }
      for (finding, track) in zip(heldFindings, findingTracks) { stream(finding, track: track) }
      held = []
      placements = []
      heldFindings = []
      findingTracks = []
    }
    let summary = ReplayStream.stream(
      path: path, configuration: configuration, window: window, opening: open,
      started: { origin = $0 },
      transition: { transition, track, opensTrack in
        if streaming {
          stream(transition, track: track, opensTrack: opensTrack)
          return
        }
        held.append(transition)
        placements.append((track, opensTrack))
        if held.count + heldFindings.count > window { startStreaming() }
      },
      finding: { finding, track in
        if streaming {
          stream(finding, track: track)
          return
        }
        heldFindings.append(finding)
        findingTracks.append(track)
        if held.count + heldFindings.count > window { startStreaming() }
      })
    guard streaming else {
      let replay = TraceReplay(summary, transitions: held, findings: heldFindings)
      return (summary, summary.readFailure == nil ? export(replay) : nil)
    }
    let traceEnd = summary.endT ?? origin
    for (transition, track) in deferred {
      append(transition, track: track, origin: origin, traceEnd: traceEnd, to: &out)
      flushIfLarge()
    }
    out.append("\n]}\n")
    write(out.text)
    return (summary, nil)
  }

  /// The document's opening and the process's name (the trace's path).
  private static func appendPrologue(path: String, to out: inout TextBuffer) {
    out.append("{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n")
    out.append("{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":1,\"tid\":0,\"args\":{\"name\":")
    JSONText.appendString(path, to: &out)
    out.append("}}")
  }

  private static func appendTrackName(_ track: Int, id: String, to out: inout TextBuffer) {
    out.append(",\n{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":")
    out.append(track)
    out.append(",\"args\":{\"name\":")
    JSONText.appendString(id, to: &out)
    out.append("}}")
  }

  /// A transition and its phases as duration events (nothing when it has no phase to draw); times are
  /// microseconds from `origin`, and a hung or cut transition's last phase runs to `traceEnd`.
  private static func append(
    _ transition: ReconstructedTransition, track tid: Int, origin: Double, traceEnd: Double,
    to out: inout TextBuffer
  ) {
    func micros(_ t: Double) -> String { JSONText.number(((t - origin) * 1_000_000).rounded()) }
    let segments = transition.segments(traceEnd: traceEnd)
    guard let first = segments.first, let last = segments.last else { return }
    /// The opening of a complete ("X") event: its name, category, track, start and duration.
    func appendSpan(_ name: String, category: String, from start: Double, to end: Double) {
      out.append(",\n{\"name\":\"")
      out.append(name)
      out.append("\",\"cat\":\"")
      out.append(category)
      out.append("\",\"ph\":\"X\",\"pid\":1,\"tid\":")
      out.append(tid)
      out.append(",\"ts\":")
      out.append(micros(start))
      out.append(",\"dur\":")
      out.append(micros(end + origin - start))
    }
    appendSpan(transition.kind.rawValue, category: "transition", from: first.start, to: last.end)
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
      appendSpan(segment.name, category: transition.kind.rawValue, from: segment.start, to: segment.end)
      out.append("}")
    }
  }

  /// A finding as an instant event on `tid`.
  private static func append(_ finding: Finding, track tid: Int, origin: Double, to out: inout TextBuffer) {
    func micros(_ t: Double) -> String { JSONText.number(((t - origin) * 1_000_000).rounded()) }
    out.append(",\n{\"name\":\"[")
    // A rule id is a plain ASCII word: inside the brackets it needs no escape.
    out.append(finding.rule.rawValue)
    out.append("]\",\"cat\":\"finding\",\"ph\":\"i\",\"s\":\"t\",\"pid\":1,\"tid\":")
    out.append(tid)
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
}
