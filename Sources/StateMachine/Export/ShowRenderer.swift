/// Renders a replayed trace for people: each transition as a block of phases with times relative to the
/// trace's start, declared versus measured duration, outcome and findings, then a terminal timeline.
///
/// ```swift
/// let replay = TraceReplay.run(path: "traces/valid/card-present-dismiss.jsonl")
/// print(ShowRenderer.render(replay, width: 100, color: false))
/// ```
///
/// The path, ids, styles and messages are escaped for the terminal (`TerminalText`). The timeline is at
/// most ``maximumWidth`` columns wide, whatever `width` asks for.
package enum ShowRenderer {
  /// The widest timeline drawn, in columns: wide enough for any terminal, and a bound on the memory a
  /// row takes whatever width a caller passes.
  ///
  /// ```swift
  /// ShowRenderer.render(replay, width: .max, color: false)  // a timeline 1000 columns wide
  /// ```
  package static let maximumWidth = 1000

  /// The most transitions, and the most findings, `replay show` draws: it holds the trace whole (its
  /// header counts every transition, its timeline spans all of them), so it reads at most this many of
  /// each (``TraceReplay/run(path:configuration:limit:opening:)``) and says so past it, instead of growing
  /// with the trace.
  ///
  /// ```swift
  /// ShowRenderer.limit  // 10000
  /// ```
  package static let limit = 10_000

  package static func render(_ replay: TraceReplay, width: Int, color: Bool) -> String {
    let style = TextStyle(enabled: color)
    let origin = replay.startT ?? 0
    let span = max((replay.endT ?? origin) - origin, 0)
    // Written as bytes, piece by piece: a long trace has thousands of rows.
    var out = TextBuffer(capacity: 4096)
    out += "\(TerminalText.escaped(replay.report.path)): \(plural(replay.transitions.count, "transition")), "
    out += "\(plural(replay.report.events, "event")), \(seconds(span)) long\n"
    for transition in replay.transitions {
      out += "\n"
      block(transition, origin: origin, style: style, to: &out)
    }
    // A set of every transition's findings: asking each transition for each finding was quadratic.
    var attached = Set<FindingKey>()
    for transition in replay.transitions {
      for finding in transition.findings { attached.insert(FindingKey(finding)) }
    }
    let unattached = replay.report.findings.filter { !attached.contains(FindingKey($0)) }
    if !unattached.isEmpty {
      out += "\nfindings outside any transition:\n"
      for finding in unattached { findingLine(finding, style: style, to: &out) }
    }
    if !replay.transitions.isEmpty {
      out += "\n"
      timeline(replay, origin: origin, span: span, width: min(width, maximumWidth), style: style, to: &out)
    }
    return out.text
  }

  /// The transition's block, appended to `out` piece by piece (every renderer of a long trace writes
  /// thousands of these rows; building each as its own string and concatenating was most of the time).
  private static func block(
    _ transition: ReconstructedTransition, origin: Double, style: TextStyle, to out: inout TextBuffer
  ) {
    out += TerminalText.escaped(transition.id)
    out += " · "
    out += transition.kind.rawValue
    out += " · "
    out += transition.animated ? "animated" : "not animated"
    if transition.interactive { out += " · interactive" }
    if transition.interruptible { out += " · interruptible" }
    switch transition.source {
    case .controller: break
    case .animator: out += " · animator only"
    // Nothing of the animation is visible from outside: it is drawn, never timed.
    case .observed:
      out += " · observed"
      if let presentationStyle = transition.style {
        out += " ("
        out += TerminalText.escaped(presentationStyle)
        out += ")"
      }
      out += ", not timed"
    }
    let outcome: String
    switch transition.outcome {
    case .completed: outcome = style.success("completed")
    case .cancelled: outcome = style.warning("cancelled")
    case .neverCompleted: outcome = style.error("never completed")
    case .unfinished: outcome = "unfinished (the trace ends)"
    }
    out += " · "
    out += outcome
    out += "   lines "
    out.append(transition.firstLine)
    out += "–"
    out.append(transition.lastLine)
    out += "\n"
    func row(_ name: String, _ t: Double?, _ detail: String = "") {
      guard let t else { return }
      let rowStart = out.count
      out += "  "
      out.append(name, paddedTo: 13)
      var time = "+"
      appendSeconds(t - origin, to: &time)
      out.append(time, paddedTo: 12)
      out += detail
      out.trimTrailingSpaces(after: rowStart)
      out += "\n"
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
    if transition.didEndT == nil, let endedBy = transition.endedBy,
      !endedBy.traits.contains(.completeTransition)
    {
      row("ended", transition.endedT, endedBy.label)
    }
    if !transition.layoutPasses.isEmpty {
      let longest = transition.layoutPasses.compactMap(\.duration).max()
      out += "  layout       \(plural(transition.layoutPasses.count, "pass"))"
      out += longest.map { ", longest \(milliseconds($0))" } ?? ""
      out += "\n"
    }
    for finding in transition.findings { findingLine(finding, style: style, to: &out) }
  }

  /// `  severity [rule] line N: message` and its line end.
  private static func findingLine(_ finding: Finding, style: TextStyle, to out: inout TextBuffer) {
    out += "  "
    out += finding.severity == .error ? style.error("error") : style.warning("warning")
    out += " ["
    out += finding.rule.rawValue
    out += "] line "
    out.append(finding.line)
    out += ": "
    out += TerminalText.escaped(finding.message)
    out += "\n"
  }

  /// One row per presentation id; each transition drawn as bars over the trace's span.
  private static func timeline(
    _ replay: TraceReplay, origin: Double, span: Double, width: Int, style: TextStyle,
    to out: inout TextBuffer
  ) {
    // Each id's transitions, grouped once; the labels are the ids as printed (escaped).
    let (rowIDs, _, transitionsOfRow) = replay.rows()
    let ids = rowIDs.map(TerminalText.escaped)
    let labelWidth = min(max(ids.map(\.count).max() ?? 0, 4), 24)
    let columns = max(width - labelWidth - 3, 10)
    let scale = span > 0 ? Double(columns - 1) / span : 0
    func column(_ t: Double) -> Int {
      min(max(Int(saturating: ((t - origin) * scale).rounded(.down)), 0), columns - 1)
    }
    out += "timeline: 0 … "
    out += seconds(span)
    out += ", one column ≈ "
    out += seconds(span / Double(columns))
    out += "\n"
    let pieces = style.enabled ? coloredCells : plainCells
    var cells = [Int](repeating: 0, count: columns)
    for (rowIndex, id) in ids.enumerated() {
      // Each cell as the index of what it shows in `pieces`: its glyph, in its transition's colour or
      // marked as a finding.
      for index in cells.indices { cells[index] = 0 }
      for transitionIndex in transitionsOfRow[rowIndex] {
        let transition = replay.transitions[transitionIndex]
        paint(transition, into: &cells, column: column, traceEnd: replay.endT ?? origin)
      }
      for transitionIndex in transitionsOfRow[rowIndex] {
        for finding in replay.transitions[transitionIndex].findings { cells[column(finding.t)] = findingCell }
      }
      out.append(String(id.prefix(labelWidth)), paddedTo: labelWidth)
      out += " |"
      // Runs of equal cells are appended at once: the row is the cells' pieces one after another.
      var index = 0
      while index < columns {
        let cell = cells[index]
        var end = index + 1
        while end < columns, cells[end] == cell { end += 1 }
        out.append(pieces[cell], times: end - index)
        index = end
      }
      out += "|\n"
    }
    out += "legend: ░ requested/began  █ animation  ▓ interaction  ▒ finishing/cancelling  ? never completed"
    out += "  ! finding\n"
  }

  /// What a timeline cell can show: nothing, then each glyph in a presentation's colour, then in a
  /// dismissal's (`paint` picks one), and a finding's mark, which wins.
  private static let cellGlyphs: [Character] = ["░", "█", "▓", "▒", "?"]
  private static let findingCell = 1 + 2 * cellGlyphs.count
  private static func cell(_ glyph: Character, _ kind: ReconstructedTransition.Kind) -> Int {
    let offset = kind == .presentation ? 1 : 1 + cellGlyphs.count
    return offset + (cellGlyphs.firstIndex(of: glyph) ?? 0)
  }
  private static let plainCells = cellPieces(TextStyle(enabled: false))
  private static let coloredCells = cellPieces(TextStyle(enabled: true))
  private static func cellPieces(_ style: TextStyle) -> [String] {
    func styled(_ glyph: Character, _ role: TextStyle.Role) -> String {
      var piece = ""
      style.append(glyph, as: role, to: &piece)
      return piece
    }
    return [" "] + cellGlyphs.map { styled($0, .success) } + cellGlyphs.map { styled($0, .note) }
      + [styled("!", .error)]
  }

  private static func paint(
    _ transition: ReconstructedTransition, into cells: inout [Int], column: (Double) -> Int,
    traceEnd: Double
  ) {
    func fill(_ from: Double?, _ to: Double?, _ glyph: Character) {
      guard let from, let to, to >= from else { return }
      let value = cell(glyph, transition.kind)
      for index in column(from)...column(to) { cells[index] = value }
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
    var out = ""
    appendSeconds(value, to: &out)
    return out
  }

  /// `value` seconds to the millisecond, with at least one decimal: `0.35 s`, `1.0 s`.
  static func appendSeconds(_ value: Double, to out: inout String) {
    let rounded = ReadableNumber.rounded(value, scale: 1000)
    let text = ReadableNumber.text(rounded)
    out += text
    // Byte tests: `contains` with a string argument is Foundation's search, slow for one ASCII byte.
    if rounded.isFinite, !text.utf8.contains(0x2E), !text.utf8.contains(0x65) { out += ".0" }
    out += " s"
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
  package func padded(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }

  func trimmingTrailingSpaces() -> String {
    // Only a string whose last byte is a space can end in the character " ".
    guard utf8.last == 0x20 else { return self }
    var copy = self
    while copy.last == " " { copy.removeLast() }
    return copy
  }
}
