/// Renders a replayed trace for people: each transition as a block of phases with times relative to the
/// trace's start, declared versus measured duration, outcome and findings, then a terminal timeline.
///
/// ```swift
/// let replay = TraceReplay.run(path: "traces/valid/card-present-dismiss.jsonl")
/// print(ShowRenderer.render(replay, width: 100, color: false))
/// ```
public enum ShowRenderer {
  public static func render(_ replay: TraceReplay, width: Int, color: Bool) -> String {
    let style = TextStyle(enabled: color)
    let origin = replay.startT ?? 0
    let span = max((replay.endT ?? origin) - origin, 0)
    var out = "\(replay.report.path): \(plural(replay.transitions.count, "transition")), "
    out += "\(plural(replay.report.events, "event")), \(seconds(span)) long\n"
    for transition in replay.transitions {
      out += "\n" + block(transition, origin: origin, style: style)
    }
    let unattached = replay.report.findings.filter { finding in
      !replay.transitions.contains { $0.findings.contains(finding) }
    }
    if !unattached.isEmpty {
      out += "\nfindings outside any transition:\n"
      for finding in unattached { out += "  " + findingLine(finding, style: style) + "\n" }
    }
    if !replay.transitions.isEmpty {
      out += "\n" + timeline(replay, origin: origin, span: span, width: width, style: style)
    }
    return out
  }

  private static func block(_ transition: ReconstructedTransition, origin: Double, style: TextStyle) -> String
  {
    var header = "\(transition.id) · \(transition.kind.rawValue) · "
    header += transition.animated ? "animated" : "not animated"
    header += transition.interactive ? " · interactive" : ""
    header += transition.interruptible ? " · interruptible" : ""
    switch transition.source {
    case .controller: break
    case .animator: header += " · animator only"
    // Nothing of the animation is visible from outside: it is drawn, never timed.
    case .observed: header += " · observed" + (transition.style.map { " (\($0))" } ?? "") + ", not timed"
    }
    let outcome: String
    switch transition.outcome {
    case .completed: outcome = style.success("completed")
    case .cancelled: outcome = style.warning("cancelled")
    case .neverCompleted: outcome = style.error("never completed")
    case .unfinished: outcome = "unfinished (the trace ends)"
    }
    var out = header + " · " + outcome + "   lines \(transition.firstLine)–\(transition.lastLine)\n"
    func row(_ name: String, _ t: Double?, _ detail: String = "") {
      guard let t else { return }
      let label = name.padded(to: 13)
      let time = ("+" + seconds(t - origin)).padded(to: 12)
      out += "  \(label)\(time)\(detail)".trimmingTrailingSpaces() + "\n"
    }
    row(
      "requested", transition.requestedT, transition.swipe ? "presentationControllerWillDismiss: a swipe" : ""
    )
    if let begunBy = transition.begunBy {
      row("began", transition.willBeginT, begunBy.label)
    } else {
      row("willBegin", transition.willBeginT)
    }
    var animation =
      transition.interactive
      ? (transition.startedRunning ? "interaction, running by itself" : "interaction")
      : (transition.interruptible ? "interruptibleAnimator" : "animateTransition")
    if let declared = transition.declaredDuration { animation += ", declared \(seconds(declared))" }
    row("animation", transition.animationStartT, animation)
    if !transition.progress.isEmpty {
      let first = transition.progress[0].percent
      let last = transition.progress[transition.progress.count - 1].percent
      row(
        "progress", transition.progress[0].t,
        "\(plural(transition.progress.count, "update")), \(percent(first)) → \(percent(last))")
    }
    func commitRow(_ commit: ReconstructedTransition.Commit, _ suffix: String) {
      var detail = "\(commit.kind.rawValue)InteractiveTransition at \(percent(commit.progress))"
      if commit.completionSpeed != 1 {
        detail += ", completionSpeed \(ReadableNumber.text(commit.completionSpeed))"
      }
      row(commit.kind.rawValue, commit.t, detail + suffix)
    }
    for interruption in transition.interruptions {
      if let caught = interruption.caught { commitRow(caught, ", caught") }
      row(
        "caught", interruption.t,
        "pauseInteractiveTransition: the user caught it " + (interruption.caught == nil ? "running" : "again")
      )
    }
    if let commit = transition.commit {
      commitRow(commit, transition.interruptions.isEmpty ? "" : " (won)")
    }
    var complete = transition.didComplete.map { "completeTransition(\($0))" } ?? ""
    if let measured = transition.measuredDuration { complete += ", measured \(seconds(measured))" }
    row("complete", transition.completeT, complete)
    row("didEnd", transition.didEndT)
    // A completeTransition that ended the transition is on its own row already.
    if transition.didEndT == nil, let endedBy = transition.endedBy, endedBy != .completeTrue,
      endedBy != .completeFalse
    {
      row("ended", transition.endedT, endedBy.label)
    }
    if !transition.layoutPasses.isEmpty {
      let longest = transition.layoutPasses.compactMap(\.duration).max()
      out += "  layout       \(plural(transition.layoutPasses.count, "pass"))"
      out += longest.map { ", longest \(milliseconds($0))" } ?? ""
      out += "\n"
    }
    for finding in transition.findings { out += "  " + findingLine(finding, style: style) + "\n" }
    return out
  }

  private static func findingLine(_ finding: Finding, style: TextStyle) -> String {
    let severity = finding.severity == .error ? style.error("error") : style.warning("warning")
    return "\(severity) [\(finding.rule.rawValue)] line \(finding.line): \(finding.message)"
  }

  /// One row per presentation id; each transition drawn as bars over the trace's span.
  private static func timeline(
    _ replay: TraceReplay, origin: Double, span: Double, width: Int, style: TextStyle
  ) -> String {
    var ids: [String] = []
    for transition in replay.transitions where !ids.contains(transition.id) { ids.append(transition.id) }
    let labelWidth = min(max(ids.map(\.count).max() ?? 0, 4), 24)
    let columns = max(width - labelWidth - 3, 10)
    let scale = span > 0 ? Double(columns - 1) / span : 0
    func column(_ t: Double) -> Int {
      min(max(Int(saturating: ((t - origin) * scale).rounded(.down)), 0), columns - 1)
    }
    var out = "timeline: 0 … \(seconds(span)), one column ≈ \(seconds(span / Double(columns)))\n"
    for id in ids {
      var cells = [Character](repeating: " ", count: columns)
      var kinds = [ReconstructedTransition.Kind?](repeating: nil, count: columns)
      for transition in replay.transitions where transition.id == id {
        paint(transition, into: &cells, kinds: &kinds, column: column, traceEnd: replay.endT ?? origin)
      }
      var marks = Set<Int>()
      for transition in replay.transitions where transition.id == id {
        for finding in transition.findings { marks.insert(column(finding.t)) }
      }
      var row = ""
      for index in 0..<columns {
        if marks.contains(index) {
          row += style.error("!")
        } else if let kind = kinds[index] {
          row +=
            kind == .presentation ? style.success(String(cells[index])) : style.note(String(cells[index]))
        } else {
          row += String(cells[index])
        }
      }
      let label = String(id.prefix(labelWidth)).padded(to: labelWidth)
      out += "\(label) |\(row)|\n"
    }
    out += "legend: ░ requested/began  █ animation  ▓ interaction  ▒ finishing/cancelling  ? never completed"
    out += "  ! finding\n"
    return out
  }

  private static func paint(
    _ transition: ReconstructedTransition, into cells: inout [Character],
    kinds: inout [ReconstructedTransition.Kind?], column: (Double) -> Int, traceEnd: Double
  ) {
    func fill(_ from: Double?, _ to: Double?, _ character: Character) {
      guard let from, let to, to >= from else { return }
      for index in column(from)...column(to) {
        cells[index] = character
        kinds[index] = transition.kind
      }
    }
    let start = transition.startT
    let animation = transition.animationStartT
    let commit = transition.commit?.t
    let end = transition.didEndT ?? transition.completeT ?? transition.endedT
    fill(start, animation ?? end ?? transition.endT, "░")
    fill(
      animation, commit ?? transition.completeT ?? (end == nil ? transition.endT : end),
      transition.interactive ? "▓" : "█")
    fill(commit, transition.completeT ?? transition.endT, "▒")
    if transition.outcome == .neverCompleted || transition.outcome == .unfinished, let last = transition.endT
    {
      fill(last, traceEnd, "?")
    }
  }

  static func seconds(_ value: Double) -> String {
    let rounded = ReadableNumber.rounded(value, scale: 1000)
    var text = ReadableNumber.text(rounded)
    if rounded.isFinite, !text.contains("."), !text.contains("e") { text += ".0" }
    return text + " s"
  }

  static func milliseconds(_ value: Double) -> String {
    ReadableNumber.milliseconds(value)
  }

  static func percent(_ value: Double) -> String { "\(Int(saturating: (value * 100).rounded()))%" }

  static func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : (noun.hasSuffix("s") ? "es" : "s"))"
  }
}

extension String {
  /// The string followed by spaces up to `width` characters (unchanged when already as long).
  ///
  /// ```swift
  /// "id".padded(to: 4) + "|" // "id  |"
  /// ```
  public func padded(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }

  func trimmingTrailingSpaces() -> String {
    var copy = self
    while copy.last == " " { copy.removeLast() }
    return copy
  }
}
