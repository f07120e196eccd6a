/// Exports a replayed trace as a self-contained SVG timeline a person can open in a browser or attach to a
/// bug report: one row per presentation, phases as coloured bars, findings as red markers with tooltips
/// (every finding of the report: one that belongs to no transition, a refused `present` say, is drawn on
/// its presentation's row, a row of its own when the presentation has no transition).
///
/// ```swift
/// let svg = SVGTimelineExporter.export(TraceReplay.run(path: "traces/valid/interactive-dismiss-finished.jsonl"))
/// ```
public enum SVGTimelineExporter {
  static let colors: [String: String] = [
    "requested": "#c7d2e0", "began": "#9fb3cc", "animating": "#3b82f6", "interactive": "#8b5cf6",
    "finishing": "#22c55e", "cancelling": "#f59e0b", "completing": "#64748b", "hung": "#ef4444",
  ]
  static let legendOrder = [
    "requested", "began", "animating", "interactive", "finishing", "cancelling", "completing", "hung",
  ]

  public static func export(_ replay: TraceReplay, width: Int = 1000) -> String {
    let origin = replay.startT ?? 0
    let traceEnd = replay.endT ?? origin
    let span = max(traceEnd - origin, 0.001)
    var ids: [String] = []
    for transition in replay.transitions where !ids.contains(transition.id) { ids.append(transition.id) }
    // Findings that belong to no transition (a refused present, a line about an id that never went live)
    // are drawn on their presentation's row; an id with no transition at all gets a row of its own.
    var unplaced = replay.report.findings
    for transition in replay.transitions {
      for finding in transition.findings {
        if let index = unplaced.firstIndex(of: finding) { unplaced.remove(at: index) }
      }
    }
    let transitionRows = ids.count
    for finding in unplaced where !ids.contains(finding.id) { ids.append(finding.id) }
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
    func f(_ value: Double) -> String { ReadableNumber.text(ReadableNumber.rounded(value, scale: 10)) }
    var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(f(height))\" "
    out +=
      "viewBox=\"0 0 \(width) \(f(height))\" font-family=\"-apple-system, Helvetica, Arial, sans-serif\" "
    out += "font-size=\"12\">\n"
    out += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
    out +=
      "<text x=\"12\" y=\"22\" font-size=\"15\" font-weight=\"600\">\(escape(replay.report.path))</text>\n"
    out += "<text x=\"12\" y=\"40\" fill=\"#475569\">\(replay.transitions.count) transitions, "
    out += "\(replay.report.findings.count) findings, \(f(span * 1000)) ms</text>\n"
    // Time axis with about eight ticks at round steps.
    let step = niceStep(span / 8)
    var tick = 0.0
    var ticks = 0
    while tick <= span + 1e-9, ticks <= 16 {
      ticks += 1
      let position = x(origin + tick)
      out += "<line x1=\"\(f(position))\" y1=\"\(f(top - 6))\" x2=\"\(f(position))\" "
      out += "y2=\"\(f(top + Double(ids.count) * row))\" stroke=\"#e2e8f0\"/>\n"
      out +=
        "<text x=\"\(f(position))\" y=\"\(f(top + Double(ids.count) * row + 16))\" text-anchor=\"middle\" "
      out += "fill=\"#64748b\">\(f(tick * 1000)) ms</text>\n"
      tick += step
    }
    func marker(_ finding: Finding, y: Double) -> String {
      let position = x(finding.t)
      let color = finding.severity == .error ? "#dc2626" : "#d97706"
      return "<path d=\"M \(f(position)) \(f(y + 2)) l 6 -8 h -12 z\" fill=\"\(color)\">"
        + "<title>line \(finding.line) [\(finding.rule.rawValue)] \(escape(finding.message))</title></path>\n"
    }
    for (index, id) in ids.enumerated() {
      let y = top + Double(index) * row
      out += "<text x=\"12\" y=\"\(f(y + row / 2 + 4))\">\(escape(id))</text>\n"
      if index >= transitionRows {
        out += "<text x=\"12\" y=\"\(f(y + row / 2 + 15))\" font-size=\"10\" fill=\"#64748b\">"
        out += "no transition</text>\n"
        out += "<line x1=\"\(f(label))\" y1=\"\(f(y + row / 2))\" x2=\"\(f(label + plot))\" "
        out += "y2=\"\(f(y + row / 2))\" stroke=\"#cbd5e1\" stroke-dasharray=\"4 4\"/>\n"
      }
      // On a row with bars the marker points at the top of the bars; on a row without, at its dashed line.
      let unplacedY = index >= transitionRows ? y + row / 2 - 2 : y
      for finding in unplaced where finding.id == id { out += marker(finding, y: unplacedY) }
      for transition in replay.transitions where transition.id == id {
        for segment in transition.segments(traceEnd: traceEnd) {
          let start = x(segment.start)
          let barWidth = max(x(segment.end) - start, 1.5)
          out +=
            "<rect x=\"\(f(start))\" y=\"\(f(y + 7))\" width=\"\(f(barWidth))\" height=\"\(f(row - 14))\" "
          out += "rx=\"2\" fill=\"\(colors[segment.name] ?? "#94a3b8")\">"
          out += "<title>\(escape(id)) \(transition.kind.rawValue): \(segment.name) "
          out +=
            "\(f((segment.start - origin) * 1000))–\(f((segment.end - origin) * 1000)) ms</title></rect>\n"
        }
        for finding in transition.findings { out += marker(finding, y: y) }
      }
    }
    var legendX = 12.0
    let legendY = height - 22
    for name in legendOrder {
      out += "<rect x=\"\(f(legendX))\" y=\"\(f(legendY - 10))\" width=\"12\" height=\"12\" rx=\"2\" "
      out += "fill=\"\(colors[name] ?? "")\"/>"
      out += "<text x=\"\(f(legendX + 16))\" y=\"\(f(legendY))\">\(name)</text>\n"
      legendX += 16 + Double(name.count) * 7 + 18
    }
    out += "<path d=\"M \(f(legendX + 6)) \(f(legendY)) l 6 -8 h -12 z\" fill=\"#dc2626\"/>"
    out += "<text x=\"\(f(legendX + 16))\" y=\"\(f(legendY))\">finding (hover for the message)</text>\n"
    return out + "</svg>\n"
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

  static func escape(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      default: out.append(character)
      }
    }
    return out
  }
}
