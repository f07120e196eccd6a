/// Breaks valid traces in small, labelled ways from a seed: drop, duplicate, swap adjacent, retime (later,
/// earlier, or earlier than the previous event), corrupt a payload, inject an event of one presentation
/// under another presentation's id.
///
/// ```swift
/// var mutator = TraceMutator(seed: 7)
/// let (mutated, mutation) = mutator.mutate(events)
/// print(mutation)  // e.g. "swap events 12 and 13"
/// ```
///
/// The same seed and input give the same mutation. A mutated trace is not necessarily invalid (dropping a
/// `mark` changes nothing); audit it to know.
package struct TraceMutator: Sendable {
  /// The kinds of mutation, for choosing and for counting.
  package enum Kind: String, CaseIterable, Sendable {
    case drop, duplicate, swapAdjacent, retime, corruptPayload, inject
  }

  package private(set) var random: SeededRandom
  /// The kinds this mutator draws from, with equal weight.
  package var kinds: [Kind]

  /// A mutator that draws from `kinds` (all of them by default).
  package init(seed: UInt64, kinds: [Kind] = Kind.allCases) {
    random = SeededRandom(seed: seed)
    self.kinds = kinds
  }

  /// A mutation of `events` and the events it gives; `events` unchanged with `nil` if it is empty.
  package mutating func mutate(_ events: [Event]) -> (events: [Event], mutation: TraceMutation?) {
    guard let mutation = mutation(for: events) else { return (events, nil) }
    return (mutation.apply(to: events), mutation)
  }

  /// A mutation for `events`, drawn from `kinds`.
  package mutating func mutation(for events: [Event]) -> TraceMutation? {
    guard !events.isEmpty, let kind = random.pick(kinds) else { return nil }
    let index = random.below(events.count)
    switch kind {
    case .drop: return .drop(index: index)
    case .duplicate: return .duplicate(index: index)
    case .swapAdjacent: return .swapAdjacent(index: min(index, max(events.count - 2, 0)))
    case .retime:
      // Later, a little earlier (at most back to the previous event, so only the gaps change), or earlier
      // than the previous event, which is time going backwards.
      let shifted = events.count > 1 ? max(index, 1) : index
      let gap = shifted > 0 ? events[shifted].t - events[shifted - 1].t : 0
      let delta: Double
      switch random.below(3) {
      case 0: delta = Double(random.within(1...4000)) / 1000
      case 1: delta = -gap * random.unit()
      default: delta = -gap - Double(random.within(1...2000)) / 1000
      }
      return .retime(index: shifted, delta: (delta * 1_000_000).rounded() / 1_000_000)
    case .corruptPayload:
      let event = events[index]
      let keys = event.kind.payloadKeys
      guard let key = random.pick(keys) else { return .drop(index: index) }
      // A required key left out would make the line an input error, not an event: only optional ones go.
      if random.chance(25), !event.kind.requiredPayloadKeys.contains(key) {
        return .corruptPayload(index: index, key: key, value: nil)
      }
      let value: JSONValue
      switch key.valueType {
      case .bool: value = .bool(!(event.payload[key]?.boolValue ?? true))
      case .number: value = .number(Double(random.within(-500...1500)) / 1000)
      case .string:
        value = .string(random.pick(Array(Set(events.map(\.id))).sorted() + ["root", "nobody"]) ?? "root")
      }
      return .corruptPayload(index: index, key: key, value: value)
    case .inject:
      // An event of one presentation, renamed to another one of the trace (or a stranger), at any place.
      let ids = Array(Set(events.map(\.id))).sorted()
      var event = events[random.below(events.count)]
      let origin = event.id
      event.id = random.pick(ids.filter { $0 != origin } + ["intruder"]) ?? "intruder"
      let position = random.below(events.count + 1)
      event.t = position < events.count ? events[position].t : events[events.count - 1].t
      return .inject(index: position, event: event, from: origin)
    }
  }
}
