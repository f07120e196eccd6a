/// Exports a replayed trace as a self-contained SVG timeline a person can open in a browser or attach to a
/// bug report: one row per presentation, phases as coloured bars, findings as red markers with tooltips
/// (every finding of the report: one that belongs to no transition, a refused `present` say, is drawn on
/// its presentation's row, a row of its own when the presentation has no transition).
///
/// ```swift
/// let svg = SVGTimelineExporter.export(TraceReplay.run(path: "traces/valid/interactive-dismiss-finished.jsonl"))
/// ```
///
/// The document is well-formed XML whatever the trace holds: the trace's text is spelt as the text outputs
/// spell it (`TerminalText`), so no character XML 1.0 forbids reaches it.
package enum SVGTimelineExporter {
  /// The colour of a segment (``ReconstructedTransition/Segment/name``): compared as a few literals, not
  /// hashed into a dictionary for every bar.
  static func color(of segment: String) -> String? {
    switch segment {
    case "requested": "#c7d2e0"
    case "began": "#9fb3cc"
    case "animating": "#3b82f6"
    case "interactive": "#8b5cf6"
    case "finishing": "#22c55e"
    case "cancelling": "#f59e0b"
    case "completing": "#64748b"
    case "hung": "#ef4444"
    default: nil
    }
  }
  static let legendOrder = [
    "requested", "began", "animating", "interactive", "finishing", "cancelling", "completing", "hung",
  ]

  /// The most transitions, and the most findings, a timeline draws: it holds the trace whole (a row per
  /// presentation sized from all of them), so `replay export --format svg` reads at most this many of
  /// each (``TraceReplay/run(path:configuration:limit:opening:)``) and says so past it, instead of
  /// growing with the trace.
  ///
  /// ```swift
  /// SVGTimelineExporter.limit  // 10000
  /// ```
  package static let limit = 10_000

  package static func export(_ replay: TraceReplay, width: Int = 1000) -> String {
    let origin = replay.startT ?? 0
    let traceEnd = replay.endT ?? origin
    let span = max(traceEnd - origin, 0.001)
    // Each id's row, in the order the ids first appear, with its transitions (grouped once).
    var (ids, rowOfID, transitionsOfRow) = replay.rows()
    // Findings that belong to no transition (a refused present, a line about an id that never went live)
    // are drawn on their presentation's row; an id with no transition at all gets a row of its own. Each
    // finding of a transition takes away the first equal finding of the report.
    var placed: [FindingKey: Int] = [:]
    for transition in replay.transitions {
      for finding in transition.findings { placed[FindingKey(finding), default: 0] += 1 }
    }
    var unplacedOfRow: [[Finding]] = Array(repeating: [], count: ids.count)
    let transitionRows = ids.count
    for finding in replay.report.findings {
      if let count = placed[FindingKey(finding)], count > 0 {
        placed[FindingKey(finding)] = count - 1
        continue
      }
      if let row = rowOfID[finding.id] {
        unplacedOfRow[row].append(finding)
      } else {
        rowOfID[finding.id] = ids.count
        ids.append(finding.id)
        unplacedOfRow.append([finding])
      }
    }
    let label = 150.0
    let right = 20.0
    let top = 56.0
    let row = 34.0
    let plot = Double(width) - label - right
    let height = top + Double(max(ids.count, 1)) * row + 70
    // A trace can hold any finite times, so a span or a position can overflow: draw it at the axis' edge.
    func x(_ t: Double) -> Double {
      let position = label + (t - origin) / span * plot
      return position.isFinite ? min(max(position, label), label + plot) : label
    }
    func f(_ value: Double) -> String { tenths(value) }
    // Written as bytes, piece by piece: a long trace's timeline has thousands of bars and markers.
    var out = TextBuffer(capacity: 4096)
    out.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
    out.append(width)
    out.append("\" height=\"")
    out.append(f(height))
    out.append("\" viewBox=\"0 0 ")
    out.append(width)
    out.append(" ")
    out.append(f(height))
    out.append("\" font-family=\"-apple-system, Helvetica, Arial, sans-serif\" font-size=\"12\">\n")
    out.append("<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n")
    out.append("<text x=\"12\" y=\"22\" font-size=\"15\" font-weight=\"600\">")
    out.append(escape(replay.report.path))
    out.append("</text>\n<text x=\"12\" y=\"40\" fill=\"#475569\">")
    out.append(replay.transitions.count)
    out.append(" transitions, ")
    out.append(replay.report.findings.count)
    out.append(" findings, ")
    out.append(f(span * 1000))
    out.append(" ms</text>\n")
    // Time axis with about eight ticks at round steps.
    let step = niceStep(span / 8)
    var tick = 0.0
    var ticks = 0
    let axisBottom = f(top + Double(ids.count) * row)
    let tickLabelY = f(top + Double(ids.count) * row + 16)
    while tick <= span + 1e-9, ticks <= 16 {
      ticks += 1
      let position = f(x(origin + tick))
      out.append("<line x1=\"")
      out.append(position)
      out.append("\" y1=\"")
      out.append(f(top - 6))
      out.append("\" x2=\"")
      out.append(position)
      out.append("\" y2=\"")
      out.append(axisBottom)
      out.append("\" stroke=\"#e2e8f0\"/>\n<text x=\"")
      out.append(position)
      out.append("\" y=\"")
      out.append(tickLabelY)
      out.append("\" text-anchor=\"middle\" fill=\"#64748b\">")
      out.append(f(tick * 1000))
      out.append(" ms</text>\n")
      tick += step
    }
    func marker(_ finding: Finding, y: Double) {
      out.append("<path d=\"M ")
      out.append(f(x(finding.t)))
      out.append(" ")
      out.append(f(y + 2))
      out.append(" l 6 -8 h -12 z\" fill=\"")
      out.append(finding.severity == .error ? "#dc2626" : "#d97706")
      out.append("\"><title>line ")
      out.append(finding.line)
      out.append(" [")
      out.append(finding.rule.rawValue)
      out.append("] ")
      out.append(escape(finding.message))
      out.append("</title></path>\n")
    }
    for (index, id) in ids.enumerated() {
      let y = top + Double(index) * row
      let escapedID = escape(id)
      out.append("<text x=\"12\" y=\"")
      out.append(f(y + row / 2 + 4))
      out.append("\">")
      out.append(escapedID)
      out.append("</text>\n")
      if index >= transitionRows {
        out.append("<text x=\"12\" y=\"")
        out.append(f(y + row / 2 + 15))
        out.append("\" font-size=\"10\" fill=\"#64748b\">no transition</text>\n<line x1=\"")
        out.append(f(label))
        out.append("\" y1=\"")
        out.append(f(y + row / 2))
        out.append("\" x2=\"")
        out.append(f(label + plot))
        out.append("\" y2=\"")
        out.append(f(y + row / 2))
        out.append("\" stroke=\"#cbd5e1\" stroke-dasharray=\"4 4\"/>\n")
      }
      // On a row with bars the marker points at the top of the bars; on a row without, at its dashed line.
      let unplacedY = index >= transitionRows ? y + row / 2 - 2 : y
      for finding in unplacedOfRow[index] { marker(finding, y: unplacedY) }
      for transitionIndex in index < transitionRows ? transitionsOfRow[index] : [] {
        let transition = replay.transitions[transitionIndex]
        for segment in transition.segments(traceEnd: traceEnd) {
          let start = x(segment.start)
          let barWidth = max(x(segment.end) - start, 1.5)
          out.append("<rect x=\"")
          out.append(f(start))
          out.append("\" y=\"")
          out.append(f(y + 7))
          out.append("\" width=\"")
          out.append(f(barWidth))
          out.append("\" height=\"")
          out.append(f(row - 14))
          out.append("\" rx=\"2\" fill=\"")
          out.append(color(of: segment.name) ?? "#94a3b8")
          out.append("\"><title>")
          out.append(escapedID)
          out.append(" ")
          out.append(transition.kind.rawValue)
          out.append(": ")
          out.append(segment.name)
          out.append(" ")
          out.append(f((segment.start - origin) * 1000))
          out.append("–")
          out.append(f((segment.end - origin) * 1000))
          out.append(" ms</title></rect>\n")
        }
        for finding in transition.findings { marker(finding, y: y) }
      }
    }
    var legendX = 12.0
    let legendY = height - 22
    for name in legendOrder {
      out.append("<rect x=\"")
      out.append(f(legendX))
      out.append("\" y=\"")
      out.append(f(legendY - 10))
      out.append("\" width=\"12\" height=\"12\" rx=\"2\" fill=\"")
      out.append(color(of: name) ?? "")
      out.append("\"/><text x=\"")
      out.append(f(legendX + 16))
      out.append("\" y=\"")
      out.append(f(legendY))
      out.append("\">")
      out.append(name)
      out.append("</text>\n")
      legendX += 16 + Double(name.count) * 7 + 18
    }
    out.append("<path d=\"M ")
    out.append(f(legendX + 6))
    out.append(" ")
    out.append(f(legendY))
    out.append(" l 6 -8 h -12 z\" fill=\"#dc2626\"/><text x=\"")
    out.append(f(legendX + 16))
    out.append("\" y=\"")
    out.append(f(legendY))
    out.append("\">finding (hover for the message)</text>\n</svg>\n")
    return out.text
  }

  /// `value` to a tenth as people read it: `ReadableNumber.text(ReadableNumber.rounded(value, scale: 10))`,
  /// spelled from the integer count of tenths when there are fewer than 10^14 of them (then the shortest
  /// spelling of the rounded value is exactly its digits with one decimal), since the timeline spells
  /// every coordinate this way.
  static func tenths(_ value: Double) -> String {
    let scaled = (value * 10).rounded()
    guard scaled.isFinite, abs(scaled) < 1e14 else {
      return ReadableNumber.text(ReadableNumber.rounded(value, scale: 10))
    }
    let count = Int64(scaled)
    let (whole, tenth) = count.quotientAndRemainder(dividingBy: 10)
    if tenth == 0 { return String(whole) }
    return (count < 0 ? "-" : "") + String(abs(whole)) + "." + String(abs(tenth))
  }

  /// 1, 2 or 5 times a power of ten, at least `raw`.
  static func niceStep(_ raw: Double) -> Double {
    guard raw > 0 else { return 1 }
    guard raw < 1e300 else { return raw }  // past that, a power of ten would not stay finite
    var magnitude = 1e-6
    while magnitude * 10 <= raw { magnitude *= 10 }
    for factor in [1.0, 2, 5, 10] where magnitude * factor >= raw { return magnitude * factor }
    return magnitude * 10
  }

  /// Text from the trace (its path, ids and messages) as XML character data: spelt as the text outputs
  /// spell it (`TerminalText`), so that no character XML 1.0 forbids is left (the C0 controls other than
  /// tab, line feed and carriage return are invalid even as character references) and a bidirectional
  /// override cannot reorder what the viewer shows; then the XML marks as entities. U+FFFE and U+FFFF,
  /// which XML forbids too, are written as `\u{FFFE}` and `\u{FFFF}`.
  static func escape(_ text: String) -> String {
    // Most text has nothing to escape (0xEF starts U+FFFE and U+FFFF); only then is it walked scalar by
    // scalar. By scalars, not characters: a `<` with a combining mark after it is still a `<` to XML.
    var bytes = text
    let plain = bytes.withUTF8 { utf8 in
      !utf8.contains { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0xEF }
    }
    guard !plain || TerminalText.needsEscaping(text) else { return text }
    var out = ""
    for scalar in TerminalText.escaped(text).unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "\u{FFFE}": out += "\\u{FFFE}"
      case "\u{FFFF}": out += "\\u{FFFF}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
