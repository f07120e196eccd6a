/// Reduces a trace to a minimal one that still satisfies a predicate: chunks removed first, then single
/// events, then values simplified, until nothing more can go.
///
/// ```swift
/// let minimal = TraceShrinker.shrink(events, keeping: TraceShrinker.reports(.completeTwice))
/// // minimal still reports complete-twice, and removing any one event would lose it
/// ```
///
/// Deterministic: the same trace and predicate give the same result. The result is minimal under the
/// removal of any single event (if the predicate is deterministic). The predicate is called many times
/// (a few times the trace's length, times its logarithm), so keep it cheap.
public enum TraceShrinker {
  /// A predicate that holds when an audit of the events reports `rule`.
  ///
  /// ```swift
  /// TraceShrinker.reports(.layoutHitch)(events)  // true if the audit finds a layout hitch
  /// ```
  public static func reports(
    _ rule: Rule, configuration: AuditConfiguration = AuditConfiguration()
  ) -> @Sendable ([Event]) -> Bool {
    { events in
      var audit = TraceAudit(configuration: configuration)
      // Stops at the first event that settles the rule: the shrinker asks this many times.
      for (index, event) in events.enumerated() {
        let settled = audit.findings.count
        audit.feed(event, line: index + 1)
        if audit.findings[settled...].contains(where: { $0.rule == rule }) { return true }
      }
      return audit.finish().findings.contains { $0.rule == rule }
    }
  }

  /// The smallest trace found that still satisfies `predicate`; `events` itself if it does not.
  public static func shrink(_ events: [Event], keeping predicate: ([Event]) -> Bool) -> [Event] {
    guard predicate(events) else { return events }
    var current = events
    while true {
      let before = current
      current = removeChunks(current, keeping: predicate)
      current = removeSingles(current, keeping: predicate)
      current = simplifyValues(current, keeping: predicate)
      if current == before { return current }
    }
  }

  /// Removes runs of events, halving the run length down to 2.
  static func removeChunks(_ events: [Event], keeping predicate: ([Event]) -> Bool) -> [Event] {
    var current = events
    var size = current.count / 2
    while size >= 2 {
      var start = 0
      while start < current.count {
        var candidate = current
        candidate.removeSubrange(start..<min(start + size, current.count))
        if predicate(candidate) {
          current = candidate
        } else {
          start += size
        }
      }
      size /= 2
    }
    return current
  }

  /// Removes single events until no one can go.
  static func removeSingles(_ events: [Event], keeping predicate: ([Event]) -> Bool) -> [Event] {
    var current = events
    var changed = true
    while changed {
      changed = false
      var index = current.count - 1
      while index >= 0 {
        if index < current.count {
          var candidate = current
          candidate.remove(at: index)
          if predicate(candidate) {
            current = candidate
            changed = true
          }
        }
        index -= 1
      }
    }
    return current
  }

  /// Simpler values: optional payload keys and unknown keys left out, times rounded to milliseconds
  /// (while they still rise), ids renamed to short ones.
  static func simplifyValues(_ events: [Event], keeping predicate: ([Event]) -> Bool) -> [Event] {
    var current = events
    func attempt(_ change: (inout [Event]) -> Void) {
      var candidate = current
      change(&candidate)
      if candidate != current, predicate(candidate) { current = candidate }
    }
    for index in current.indices {
      let kind = current[index].kind
      for key in kind.payloadKeys where !kind.requiredPayloadKeys.contains(key) && key != .presenter {
        attempt { $0[index].payload[key] = nil }
      }
      attempt { $0[index].extra = [] }
    }
    attempt { events in
      guard let origin = events.first?.t else { return }
      for index in events.indices { events[index].t = ((events[index].t - origin) * 1000).rounded() / 1000 }
    }
    let ids = current.map(\.id).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
    var next = 1
    for id in ids where !PresentationSession.isRoot(id) {
      let short = "p\(next)"
      next += 1
      guard !ids.contains(short) else { continue }
      attempt { events in
        for index in events.indices {
          if events[index].id == id { events[index].id = short }
          if events[index].payload.presenter == id { events[index].payload.presenter = short }
        }
      }
    }
    return current
  }
}
