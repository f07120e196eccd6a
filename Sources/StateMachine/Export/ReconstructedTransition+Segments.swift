extension ReconstructedTransition {
  /// One phase of a transition drawn on a timeline.
  package struct Segment: Sendable, Hashable {
    /// `requested`, `began`, `animating`, `interactive`, `finishing`, `cancelling`, `completing`, `hung`.
    package var name: String
    package var start: Double
    package var end: Double
  }

  /// The transition's phases as consecutive segments, for timeline exports; a hung or cut transition's last
  /// phase runs to `traceEnd`.
  package func segments(traceEnd: Double) -> [Segment] {
    var marks: [(String, Double?)] = [
      ("requested", requestedT), ("began", willBeginT),
      (interactive ? "interactive" : "animating", animationStartT),
      (commit?.kind == .cancel ? "cancelling" : "finishing", commit?.t), ("completing", completeT),
    ]
    marks = marks.filter { $0.1 != nil }
    var segments: [Segment] = []
    for (index, mark) in marks.enumerated() {
      guard let start = mark.1 else { continue }
      let next = index + 1 < marks.count ? marks[index + 1].1 : nil
      let end: Double
      if let stop = next ?? didEndT ?? endedT {
        end = stop
      } else if outcome == .neverCompleted {
        // The phase ran as long as it was expected to; from there the transition hung.
        let expected = mark.0 == "animating" ? start + (declaredDuration ?? 0) : start
        end = min(max(expected, endT ?? start), traceEnd)
      } else {
        end = outcome == .unfinished ? traceEnd : start
      }
      segments.append(Segment(name: mark.0, start: start, end: max(end, start)))
    }
    if outcome == .neverCompleted, let last = segments.last, last.end < traceEnd {
      segments.append(Segment(name: "hung", start: last.end, end: traceEnd))
    }
    return segments
  }
}
