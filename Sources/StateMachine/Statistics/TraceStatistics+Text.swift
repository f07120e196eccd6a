extension TraceStatistics {
  /// The statistics as tables a person reads.
  public func text() -> String {
    let transitionCount = transitions.values.reduce(0, +)
    var out = "\(files) file\(files == 1 ? "" : "s"), \(events) events, \(transitionCount) transitions"
    out += inputErrors > 0 ? ", \(inputErrors) input errors\n" : "\n"
    let outcomes: [ReconstructedTransition.Outcome] = [.completed, .cancelled, .neverCompleted, .unfinished]
    out +=
      "\n"
      + ("transitions".padded(to: 16) + outcomes.map { $0.rawValue.padded(to: 17) }.joined())
      .trimmingTrailingSpaces() + "\n"
    for kind in [ReconstructedTransition.Kind.presentation, .dismissal] {
      out += "  " + kind.rawValue.padded(to: 14)
      out += outcomes.map { String(transitions["\(kind.rawValue) \($0.rawValue)"] ?? 0).padded(to: 17) }
        .joined()
      out = out.trimmingTrailingSpaces() + "\n"
    }
    out +=
      "\n" + "durations (s)".padded(to: 34)
      + ["n", "p50", "p90", "p99", "max"].map { $0.padded(to: 9) }.joined()
    out = out.trimmingTrailingSpaces() + "\n"
    for kind in [ReconstructedTransition.Kind.presentation, .dismissal] {
      guard let durations = durations[kind] else { continue }
      out += row("  \(kind.rawValue) measured", durations.measured)
      out += row("  \(kind.rawValue) declared", durations.declared)
      out += row("  \(kind.rawValue) measured÷declared", durations.ratio)
    }
    out += "\ninteractive: \(finished) finished, \(cancelled) cancelled"
    if finished + cancelled > 0 {
      out += " (\(Int((Double(finished) / Double(finished + cancelled) * 100).rounded()))% finished)"
    }
    out += "\n"
    out += row("  let go, finish (progress)", finishProgress)
    out += row("  let go, cancel (progress)", cancelProgress)
    out += "\n" + row("layout passes (s)", layoutPasses)
    out += "\nfindings by rule:"
    if findings.isEmpty { out += " none" }
    out += "\n"
    let width = findings.keys.map(\.count).max() ?? 0
    for (rule, count) in findings.sorted(by: { ($1.value, $0.key) < ($0.value, $1.key) }) {
      out += "  \(rule.padded(to: width))  \(count)\n"
    }
    return out
  }

  private func row(_ label: String, _ histogram: Histogram) -> String {
    var out = label.padded(to: 34) + String(histogram.count).padded(to: 9)
    for q in [0.5, 0.9, 0.99] {
      out += (histogram.percentile(q).map(Self.significant) ?? "–").padded(to: 9)
    }
    out += histogram.maximum.map(Self.significant) ?? "–"
    return out.trimmingTrailingSpaces() + "\n"
  }
}
