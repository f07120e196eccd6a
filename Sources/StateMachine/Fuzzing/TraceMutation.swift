/// One change to a trace's events, as data: what a mutated trace is labelled with.
///
/// ```swift
/// let mutated = TraceMutation.drop(index: 3).apply(to: events)  // events without the fourth one
/// TraceMutation.drop(index: 3).description                       // "drop event 4"
/// ```
///
/// Indices are 0-based into the event list; descriptions count from 1 like lines. Applying a mutation
/// whose index is out of range returns the events unchanged.
package enum TraceMutation: Sendable, Hashable, CustomStringConvertible {
  /// Leaves the event out.
  case drop(index: Int)
  /// Repeats the event right after itself.
  case duplicate(index: Int)
  /// Exchanges the event with the next one (times stay in place, so the clock still rises).
  case swapAdjacent(index: Int)
  /// Moves the event and every later one by `delta` seconds.
  case retime(index: Int, delta: Double)
  /// Sets (or with `nil`, removes) one payload key of the event.
  case corruptPayload(index: Int, key: PayloadKey, value: JSONValue?)
  /// Inserts `event` before position `index`: an event taken from presentation `from` and renamed to
  /// another (`event.id`), when `from` is given.
  case inject(index: Int, event: Event, from: String? = nil)

  /// What was done, in words.
  package var description: String {
    switch self {
    case .drop(let index): "drop event \(index + 1)"
    case .duplicate(let index): "duplicate event \(index + 1)"
    case .swapAdjacent(let index): "swap events \(index + 1) and \(index + 2)"
    case .retime(let index, let delta): "retime event \(index + 1) and later by \(delta) s"
    case .corruptPayload(let index, let key, let value):
      "set \(key.rawValue) of event \(index + 1) to \(value.map(Self.render) ?? "nothing")"
    case .inject(let index, let event, let from):
      "inject \(event.kind.rawValue) of \(event.id)\(from.map { " (taken from \($0))" } ?? "") before event "
        + "\(index + 1)"
    }
  }

  private static func render(_ value: JSONValue) -> String {
    var out = ""
    JSONText.appendValue(value, to: &out)
    return out
  }

  /// The events with this mutation applied.
  package func apply(to events: [Event]) -> [Event] {
    var result = events
    switch self {
    case .drop(let index):
      guard result.indices.contains(index) else { return events }
      result.remove(at: index)
    case .duplicate(let index):
      guard result.indices.contains(index) else { return events }
      result.insert(result[index], at: index + 1)
    case .swapAdjacent(let index):
      guard result.indices.contains(index), result.indices.contains(index + 1) else { return events }
      let (first, second) = (result[index], result[index + 1])
      result[index] = second
      result[index].t = first.t
      result[index + 1] = first
      result[index + 1].t = second.t
    case .retime(let index, let delta):
      guard result.indices.contains(index), delta.isFinite else { return events }
      for position in index..<result.count { result[position].t += delta }
    case .corruptPayload(let index, let key, let value):
      guard result.indices.contains(index) else { return events }
      result[index].payload[key] = value
    case .inject(let index, let event, _):
      guard index >= 0, index <= result.count else { return events }
      result.insert(event, at: index)
    }
    return result
  }
}
