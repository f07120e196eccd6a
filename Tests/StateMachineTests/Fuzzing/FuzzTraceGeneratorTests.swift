import Testing

@testable import PresentationStateMachine

/// Generated traces are valid, deterministic and round-trip through the canonical writer.
@Suite struct FuzzTraceGeneratorTests {
  static let seeds: [UInt64] = [1, 2, 3, 7, 42, 2026, 0xDEAD_BEEF]

  @Test(arguments: seeds)
  func generatedTracesAuditClean(seed: UInt64) {
    var generator = TraceGenerator(seed: seed)
    for round in 0..<FuzzSupport.iterations(20) {
      let events = generator.events()
      // Clean but for the transition-aborted warning of each abort the events show.
      let problems = FuzzSupport.unexpectedFindings(events)
      #expect(problems.isEmpty, "seed \(seed) trace \(round): \(problems.prefix(3))")
      if !problems.isEmpty { return }
    }
  }

  @Test(arguments: seeds)
  func sameSeedSameBytes(seed: UInt64) {
    var first = TraceGenerator(seed: seed)
    var second = TraceGenerator(seed: seed)
    #expect(first.text() == second.text(), "seed \(seed)")
    #expect(first.text() == second.text(), "seed \(seed), second trace")
    var other = TraceGenerator(seed: seed &+ 1)
    var third = TraceGenerator(seed: seed)
    #expect(third.text() != other.text(), "seeds \(seed) and \(seed &+ 1) gave the same trace")
  }

  @Test(arguments: seeds)
  func encodeDecodeRoundTripsByteForByte(seed: UInt64) {
    var generator = TraceGenerator(seed: seed)
    let text = generator.text()
    let decoded = FuzzSupport.decode(text)
    #expect(decoded.problems == 0, "seed \(seed)")
    #expect(TraceWriter.trace(header: decoded.header, events: decoded.events) == text, "seed \(seed)")
  }

  @Test func eventsOneAtATimeMatchWholeTraces() {
    var streaming = TraceGenerator(seed: 9)
    var whole = TraceGenerator(seed: 9)
    var received: [Event] = []
    streaming.generate { received.append($0) }
    #expect(received == whole.events(), "seed 9")
  }

  @Test func coversEveryScenario() {
    var generator = TraceGenerator(seed: 5, configuration: GeneratorConfiguration(episodes: 200, roots: 3))
    let events = generator.events()
    let kinds = Set(events.map(\.kind))
    for kind in EventKind.allCases {
      #expect(kinds.contains(kind), "seed 5: no \(kind.rawValue)")
    }
    #expect(
      events.contains { $0.kind == .present && $0.payload.animated == false }, "seed 5: no non-animated")
    #expect(
      Set(events.compactMap { $0.kind == .present ? $0.payload.presenter : nil }).count > 3,
      "seed 5: no stacks")
    #expect(Set(events.map(\.id)).contains("root:s2"), "seed 5: one root only")
    let presents = events.filter { $0.kind == .present }.map(\.id)
    #expect(Set(presents).count < presents.count, "seed 5: no id reuse")
    #expect(
      FuzzSupport.unexpectedFindings(events).isEmpty,
      "seed 5: \(FuzzSupport.unexpectedFindings(events).prefix(3))")

    // Walk the trace with the machine to see what kind of episode each event belonged to.
    var session = PresentationSession()
    var implicitPresents = 0
    var systemDismissals = 0
    var presenterAppearance = 0
    var rootAppearance = 0
    var overlapping = 0
    for (index, event) in events.enumerated() {
      let before = session.phase(of: event.id)
      if event.kind.rawValue.hasPrefix("view"), event.kind != .viewWillTransitionToSize {
        if PresentationSession.isRoot(event.id) {
          rootAppearance += 1
        } else if session.child(of: event.id) != nil {
          presenterAppearance += 1
        }
      }
      let step = session.handle(event, line: index + 1)
      if event.kind == .presentationTransitionWillBegin, !before.isLive, step.to == .presentingBegan {
        implicitPresents += 1
      }
      if event.kind == .dismissalTransitionWillBegin, before.isPresentedAndIdle { systemDismissals += 1 }
      // Transitions of two window scenes in flight at once: the scenes run concurrently.
      let scenes = Set(
        session.inFlight.map { $0.split(separator: ".").count > 1 ? $0.split(separator: ".")[0] : "" })
      if scenes.count > 1 { overlapping += 1 }
    }
    #expect(implicitPresents > 0, "seed 5: no callbacks-only present")
    #expect(systemDismissals > 0, "seed 5: no callbacks-only dismissal")
    #expect(presenterAppearance > 0, "seed 5: no presenter appearance under a full-screen presentation")
    #expect(rootAppearance > 0, "seed 5: no root appearance")
    #expect(overlapping > 0, "seed 5: the window scenes never had transitions in flight at once")
  }

  /// The census kinds (`TraceCensus.Kind`), mixed with the others in one long trace, each in the variants the
  /// generator writes.
  @Test func coversEveryCensusKind() {
    var generator = TraceGenerator(seed: 5, configuration: GeneratorConfiguration(episodes: 200, roots: 3))
    let events = generator.events()
    let census = TraceCensus(events: events)
    for kind in TraceCensus.Kind.allCases {
      #expect(census[kind] > 0, "seed 5: no \(kind.rawValue) (\(census.summary))")
    }
    #expect(
      census.swipes.dismissed > 0 && census.swipes.reverted > 0 && census.swipes.refused > 0,
      "seed 5: \(census.summary)")
    #expect(
      FuzzSupport.unexpectedFindings(events).isEmpty,
      "seed 5: \(FuzzSupport.unexpectedFindings(events).prefix(3))")
    let styles = Set(events.compactMap { $0.kind == .present ? $0.payload.style : nil })
    #expect(styles.isSuperset(of: ["popover", "alert", "pageSheet", "custom"]), "seed 5: styles \(styles)")
    // Per id and trace, the kinds of its events in order, to find the variants (rarer ones need a few
    // more traces: a popover is one system style of seven).
    var byId: [String: [EventKind]] = [:]
    var more = TraceGenerator(seed: 5)
    let traces = [events] + (0..<80).map { _ in more.events() }
    for (number, trace) in traces.enumerated() {
      for event in trace { byId["\(number) \(event.id)", default: []].append(event.kind) }
    }
    func somewhere(_ pattern: [EventKind]) -> Bool {
      byId.values.contains { kinds in
        kinds.count >= pattern.count
          && (0...(kinds.count - pattern.count)).contains {
            Array(kinds[$0..<($0 + pattern.count)]) == pattern
          }
      }
    }
    // A popover tapped outside: the adaptive delegate just after viewWillDisappear.
    #expect(
      somewhere([.viewWillDisappear, .presentationControllerWillDismiss]), "seed 5: no late WillDismiss")
    // A swipe with no adaptive delegate: presented, then viewWillDisappear and viewDidDisappear alone.
    #expect(
      somewhere([.viewDidAppear, .viewWillDisappear, .viewDidDisappear]),
      "seed 5: no swipe without a delegate")
    // The completion block after a cancelled transition, and after an abort.
    #expect(
      events.indices.contains { index in
        events[index].kind == .completion
          && events[..<index].last(where: { $0.id == events[index].id && $0.kind == .completeTransition })?
            .payload
            .didComplete == false
      }, "seed 5: no completion after a cancelled transition")
    // wantsInteractiveStart false, with and without a finish before completeTransition(true).
    #expect(
      events.contains { $0.kind == .startInteractiveTransition && $0.payload.wantsInteractiveStart == false },
      "seed 5: no self-running start")
    #expect(
      somewhere([.startInteractiveTransition, .interruptibleAnimator, .completeTransition])
        || somewhere([.startInteractiveTransition, .completeTransition]), "seed 5: no self-running run-out")
  }

  @Test func scenesInterleaveInTimeOrder() {
    var generator = TraceGenerator(seed: 12, configuration: GeneratorConfiguration(episodes: 6, roots: 5))
    let events = generator.events()
    #expect(zip(events, events.dropFirst()).allSatisfy { $0.t <= $1.t }, "seed 12: time went backwards")
    // Count how often the scene changes from one event to the next: interleaved, not one after another.
    func scene(_ event: Event) -> Substring {
      PresentationSession.isRoot(event.id) ? Substring(event.id) : event.id.split(separator: ".").first ?? ""
    }
    let switches = zip(events, events.dropFirst()).count { scene($0) != scene($1) }
    #expect(switches > 50, "seed 12: only \(switches) switches between scenes")
  }

  @Test func anUnboundedStreamFeedsAThousandScenesWithoutEnding() {
    let configuration = GeneratorConfiguration(episodes: .max, roots: 1000)
    var generator = TraceGenerator(seed: 42, configuration: configuration)
    var stream = generator.stream()
    var audit = TraceAudit()
    var census = TraceCensus()
    var reader = CensusReader()
    var last = -Double.infinity
    var roots: Set<String> = []
    let count = FuzzSupport.iterations(50_000)
    for line in 1...count {
      guard let event = stream.next() else {
        Issue.record("seed 42: the unbounded stream ended after \(line - 1) events")
        return
      }
      #expect(event.t >= last, "seed 42: event \(line) goes back in time")
      last = event.t
      if event.kind == .present, let presenter = event.payload.presenter,
        PresentationSession.isRoot(presenter)
      {
        roots.insert(presenter)
      }
      audit.feed(event, line: line)
      reader.read(event, at: line - 1, into: &census)
    }
    // The stream never ends, so the audit is not finished: only what the events settled counts.
    let findings = audit.findings
    // Nothing but the transition-aborted warning of each abort the stream showed.
    let expected = census.expectedFindings()
    let unexpected = findings.filter { finding in !expected.contains { $0.matches(finding) } }
    #expect(
      unexpected.isEmpty && findings.count == expected.count,
      "seed 42: \(unexpected.prefix(3).map { "\($0.line) [\($0.rule.rawValue)] \($0.message)" })")
    #expect(roots.count > 500, "seed 42: only \(roots.count) of 1000 scenes presented anything")
    var again = TraceGenerator(seed: 42, configuration: configuration)
    var replayed = again.stream()
    var first: [Event] = []
    for _ in 0..<100 { if let event = replayed.next() { first.append(event) } }
    var freshGenerator = TraceGenerator(seed: 42, configuration: configuration)
    var fresh = freshGenerator.stream()
    #expect(first == (0..<100).compactMap { _ in fresh.next() }, "seed 42: not deterministic")
  }
}
