/// Breaks valid traces in small, labelled ways from a seed: drop, duplicate, swap adjacent, retime,
/// corrupt a payload, inject an event from another presentation.
///
/// ```swift
/// var mutator = TraceMutator(seed: 7)
/// let (mutated, mutation) = mutator.mutate(events)
/// print(mutation)  // e.g. "swap events 12 and 13"
/// ```
///
/// The same seed and input give the same mutation. A mutated trace is not necessarily invalid (dropping a
/// `mark` changes nothing); audit it to know.
public struct TraceMutator: Sendable {
  /// The kinds of mutation, for choosing and for counting.
  public enum Kind: String, CaseIterable, Sendable {
    case drop, duplicate, swapAdjacent, retime, corruptPayload, inject
  }

  public private(set) var random: SeededRandom
  /// The kinds this mutator draws from, with equal weight.
  public var kinds: [Kind]

  /// A mutator that draws from `kinds` (all of them by default).
  public init(seed: UInt64, kinds: [Kind] = Kind.allCases) {
    random = SeededRandom(seed: seed)
    self.kinds = kinds
  }

  /// A mutation of `events` and the events it gives; `events` unchanged with `nil` if it is empty.
  public mutating func mutate(_ events: [Event]) -> (events: [Event], mutation: TraceMutation?) {
    guard let mutation = mutation(for: events) else { return (events, nil) }
    return (mutation.apply(to: events), mutation)
  }

  /// A mutation for `events`, drawn from `kinds`.
  public mutating func mutation(for events: [Event]) -> TraceMutation? {
    guard !events.isEmpty, let kind = random.pick(kinds) else { return nil }
    let index = random.below(events.count)
    switch kind {
    case .drop: return .drop(index: index)
    case .duplicate: return .duplicate(index: index)
    case .swapAdjacent: return .swapAdjacent(index: min(index, max(events.count - 2, 0)))
    case .retime:
      let gap = index > 0 ? events[index].t - events[index - 1].t : 0
      let delta: Double =
        random.chance(50)
        ? -gap * random.unit()
        : Double(random.within(1...4000)) / 1000
      return .retime(index: index, delta: (delta * 1_000_000).rounded() / 1_000_000)
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
      let ids = Array(Set(events.map(\.id))).sorted()
      var event = events[random.below(events.count)]
      let others = ids.filter { $0 != event.id } + ["intruder"]
      if random.chance(50), let other = random.pick(others) { event.id = other }
      let position = random.below(events.count + 1)
      event.t = position < events.count ? events[position].t : events[events.count - 1].t
      return .inject(index: position, event: event)
    }
  }
}
