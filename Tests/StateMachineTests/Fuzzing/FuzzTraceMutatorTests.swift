import Testing

@testable import PresentationStateMachine

/// Mutations are labelled, deterministic, and do what their label says.
@Suite struct FuzzTraceMutatorTests {
  static let events: [Event] = {
    var generator = TraceGenerator(seed: 11, configuration: GeneratorConfiguration(episodes: 6))
    return generator.events()
  }()

  @Test func eachMutationDoesWhatItsLabelSays() {
    let events = Self.events
    #expect(TraceMutation.drop(index: 0).apply(to: events) == Array(events.dropFirst()))
    #expect(TraceMutation.duplicate(index: 2).apply(to: events).count == events.count + 1)
    let swapped = TraceMutation.swapAdjacent(index: 1).apply(to: events)
    #expect(swapped[1].kind == events[2].kind && swapped[2].kind == events[1].kind)
    #expect(swapped[1].t == events[1].t)
    let retimed = TraceMutation.retime(index: 3, delta: 1).apply(to: events)
    #expect(retimed[2].t == events[2].t && retimed[3].t == events[3].t + 1)
    let intruder = Event(t: events[0].t, id: "intruder", kind: .dismiss)
    #expect(TraceMutation.inject(index: 0, event: intruder).apply(to: events).first == intruder)
    #expect(TraceMutation.drop(index: events.count).apply(to: events) == events)
    #expect(TraceMutation.drop(index: 3).description == "drop event 4")
  }

  @Test(arguments: [1, 2, 3, 99] as [UInt64])
  func sameSeedSameMutations(seed: UInt64) {
    var first = TraceMutator(seed: seed)
    var second = TraceMutator(seed: seed)
    for _ in 0..<50 {
      let a = first.mutate(Self.events)
      let b = second.mutate(Self.events)
      #expect(a.mutation == b.mutation, "seed \(seed)")
      #expect(a.events == b.events, "seed \(seed)")
    }
  }

  @Test func mutatorsBreakMostTracesAndDrawEveryKind() {
    var mutator = TraceMutator(seed: 5)
    var kinds: Set<String> = []
    var broken = 0
    let rounds = 120
    for _ in 0..<rounds {
      let (mutated, mutation) = mutator.mutate(Self.events)
      guard let mutation else { continue }
      kinds.insert(String(describing: mutation).split(separator: " ").first.map(String.init) ?? "")
      if !TraceAudit.findings(of: mutated).isEmpty { broken += 1 }
    }
    #expect(
      kinds.isSuperset(of: ["drop", "duplicate", "swap", "retime", "set", "inject"]), "seed 5: \(kinds)")
    #expect(broken > rounds / 3, "seed 5: only \(broken) of \(rounds) mutations produced a finding")
  }

  @Test func retimesSometimesGoBackInTimeAndInjectionsChangeTheId() {
    var mutator = TraceMutator(seed: 21, kinds: [.retime, .inject])
    var backwards = 0
    var injections = 0
    for _ in 0..<200 {
      guard let mutation = mutator.mutation(for: Self.events) else { continue }
      switch mutation {
      case .retime(let index, let delta):
        let mutated = mutation.apply(to: Self.events)
        if index > 0, mutated[index].t < mutated[index - 1].t {
          backwards += 1
          #expect(TraceAudit.findings(of: mutated).contains { $0.rule == .timeWentBackwards }, "\(mutation)")
        }
        #expect(mutated[index].t == Self.events[index].t + delta, "\(mutation): the label is the change")
      case .inject(let index, let event, let from):
        injections += 1
        #expect(from != nil && from != event.id, "\(mutation): not from another presentation")
        #expect(Self.events.contains { $0.id == from && $0.kind == event.kind }, "\(mutation)")
        #expect(mutation.description.contains("taken from"), "\(mutation)")
        #expect(mutation.apply(to: Self.events)[index] == event)
      default:
        Issue.record("seed 21: drew \(mutation), not a retime or an injection")
      }
    }
    #expect(backwards > 20, "seed 21: only \(backwards) retimes went back in time")
    #expect(injections > 50, "seed 21: only \(injections) injections")
  }
}
