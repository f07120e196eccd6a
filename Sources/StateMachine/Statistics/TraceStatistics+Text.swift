extension TraceStatistics {
  /// The statistics as tables a person reads.
  ///
  /// ```swift
  /// print(statistics.text())  // "3 files, 120 events, 8 transitions\n\ntransitions …"
  /// ```
  ///
  /// Rule ids and style names are escaped for the terminal (`TerminalText`): a trace's styles and merged
  /// statistics JSON may hold any text.
  public func text() -> String {
    let transitionCount = transitions.values.reduce(0) { $0.addingSaturating($1) }
    // Written as bytes, piece by piece.
    var out = TextBuffer(capacity: 1024)
    out += "\(files) file\(files == 1 ? "" : "s"), \(events) events, \(transitionCount) transitions"
    out += inputErrors > 0 ? ", \(inputErrors) input errors\n" : "\n"
    out += "\n"
    out += Self.transitionsHeader
    for kind in [ReconstructedTransition.Kind.presentation, .dismissal] {
      let rowStart = out.count
      out += "  "
      out.append(kind.rawValue, paddedTo: 14)
      for outcome in Self.outcomes {
        out.append(String(transitions[Self.transitionKey(kind, outcome)] ?? 0), paddedTo: 17)
      }
      out.trimTrailingSpaces(after: rowStart)
      out += "\n"
    }
    let sourceCounts = ReconstructedTransition.Source.allCases.map { sources[$0.rawValue] ?? 0 }
    out +=
      "\nrecorded: \(sourceCounts[0]) with the app's presentation controller, \(sourceCounts[1]) animator only, "
    out += "\(sourceCounts[2]) observed from outside (not timed)\n"
    out += "\n"
    styleTable(to: &out)
    out += Self.durationsHeader
    for kind in [ReconstructedTransition.Kind.presentation, .dismissal] {
      guard let durations = durations[kind] else { continue }
      row("  \(kind.rawValue) measured", durations.measured, to: &out)
      row("  \(kind.rawValue) declared", durations.declared, to: &out)
      row("  \(kind.rawValue) measured÷declared", durations.ratio, to: &out)
    }
    out += "\ninteractive: \(finished) finished, \(cancelled) cancelled"
    // In Double: the two counts may come from merged files and add up beyond Int.max. Only a share of a
    // positive total (the counts are public: negative ones, set by hand, gave a NaN that trapped).
    let total = Double(finished) + Double(cancelled)
    if finished >= 0, cancelled >= 0, total > 0 {
      let share = Double(finished) / total * 100
      out += " (\(Int(share.rounded()))% finished)"
    }
    out += "\n"
    row("  let go, finish (progress)", finishProgress, to: &out)
    row("  let go, cancel (progress)", cancelProgress, to: &out)
    out +=
      "interruptible: \(interruptible) transition\(interruptible == 1 ? "" : "s"), \(interrupted) caught by the user"
    out += " (\(interruptions) catch\(interruptions == 1 ? "" : "es"))\n"
    out += "\n"
    row("layout passes (s)", layoutPasses, to: &out)
    out += "\nfindings by rule:"
    if findings.isEmpty { out += " none" }
    out += "\n"
    let width = findings.keys.map { TerminalText.escaped($0).count }.max() ?? 0
    for (rule, count) in findings.sorted(by: { ($1.value, $0.key) < ($0.value, $1.key) }) {
      out += "  "
      out.append(TerminalText.escaped(rule), paddedTo: width)
      out += "  "
      out.append(count)
      out += "\n"
    }
    return out.text
  }

  /// Transitions by the style they were shown in, presentations and dismissals, the most frequent first;
  /// nothing when no transition was counted.
  private func styleTable(to out: inout TextBuffer) {
    var counts: [String: (presentations: Int, dismissals: Int)] = [:]
    for (key, count) in styles {
      // Keys come from `styleKey`, or from a merged file that may hold anything: others are left out.
      guard let space = key.firstIndex(of: " ") else { continue }
      // Escaped before it is measured, so the columns line up as printed (escaping keeps names apart).
      let style = TerminalText.escaped(String(key[key.index(after: space)...]))
      switch key[..<space] {
      case "presentation": counts[style, default: (0, 0)].presentations.addSaturating(count)
      case "dismissal": counts[style, default: (0, 0)].dismissals.addSaturating(count)
      default: continue
      }
    }
    guard !counts.isEmpty else { return }
    // Wide enough for the usual names (`overCurrentContext`); an app's own long name overflows its cell.
    let width = max(14, min(counts.keys.map(\.count).max() ?? 0, 40) + 1)
    let rows = counts.map { style, counts in
      (style: style, counts: counts, total: counts.presentations.addingSaturating(counts.dismissals))
    }
    let header = "styles".padded(to: width + 2) + "presentation".padded(to: 17) + "dismissal"
    out += header
    out += "\n"
    for row in rows.sorted(by: { ($1.total, $0.style) < ($0.total, $1.style) }) {
      out += "  "
      out.append(row.style, paddedTo: width)
      if row.style.count >= width { out += " " }
      out.append(String(row.counts.presentations), paddedTo: 17)
      out.append(row.counts.dismissals)
      out += "\n"
    }
    out += "\n"
  }

  private static let outcomes: [ReconstructedTransition.Outcome] = [
    .completed, .cancelled, .neverCompleted, .unfinished,
  ]

  /// The header rows of the two tables, the same in every report.
  private static let transitionsHeader =
    ("transitions".padded(to: 16) + outcomes.map { $0.rawValue.padded(to: 17) }.joined())
    .trimmingTrailingSpaces() + "\n"
  private static let durationsHeader =
    ("durations (s)".padded(to: 34) + ["n", "p50", "p90", "p99", "max"].map { $0.padded(to: 9) }.joined())
    .trimmingTrailingSpaces() + "\n"

  private func row(_ label: String, _ histogram: Histogram, to out: inout TextBuffer) {
    let rowStart = out.count
    out.append(label, paddedTo: 34)
    out.append(String(histogram.count), paddedTo: 9)
    for percentile in histogram.percentiles([0.5, 0.9, 0.99]) {
      out.append(percentile.map(Self.cell) ?? "–", paddedTo: 9)
    }
    out += histogram.maximum.map(Self.cell) ?? "–"
    out.trimTrailingSpaces(after: rowStart)
    out += "\n"
  }

  /// A value for a table cell: three significant digits, and with an exponent (`9.93e8`, `1e-8`) when
  /// that spelling would not fit the 9-column cell, so that even an absurd duration from a broken clock
  /// keeps the columns apart.
  static func cell(_ value: Double) -> String {
    let plain = significant(value)
    guard plain.count > 8, value.isFinite, value > 0 else { return plain }
    var exponent = Int(log10(value).rounded(.down))
    var mantissa = value / pow(10, Double(exponent))
    if Double(significant(mantissa)) ?? mantissa >= 10 {
      exponent += 1
      mantissa /= 10
    }
    return significant(mantissa) + "e\(exponent)"
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
