import Foundation
import Testing

@testable import PresentationStateMachine

/// The machine and the independent `OrderingAcceptor` must name the same first violation of the ordering
/// rules (or both none), on generated traces, on mutated whole traces and on mutated projections, inside
/// the acceptor's subset (see its documentation); and on every bundled trace, those saved with
/// `"check":"differential"` included.
@Suite struct FuzzDifferentialTests {
  static func render(_ events: [Event]) -> String {
    events.map { TraceWriter.line(for: $0) }.joined(separator: "\n")
  }

  /// Records the disagreement on `projected`, shrunk, with the seed; returns whether there was one.
  static func disagreement(_ projected: [Event], context: String) -> Bool {
    let comparison = OrderingAcceptor.compare(projected)
    guard comparison.agrees == false else { return false }
    let minimal = TraceShrinker.shrink(projected) { OrderingAcceptor.compare($0).agrees == false }
    Issue.record(
      """
      \(context): \(comparison.description); minimal trace:
      \(render(minimal))
      \(OrderingAcceptor.compare(minimal).description)
      """)
    return true
  }

  @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
  func machineAndAcceptorNameTheSameFirstViolation(seed: UInt64) {
    var generator = TraceGenerator(seed: seed)
    var mutator = TraceMutator(seed: seed)
    var agreed = 0
    var violations = 0
    var undefined = 0
    for round in 0..<FuzzSupport.iterations(30) {
      let trace = generator.events()
      let valid = OrderingAcceptor.projection(of: trace)
      let verdict = OrderingAcceptor.verdict(valid)
      if case .violation = verdict {
        Issue.record("seed \(seed) trace \(round): the acceptor rejects a valid trace: \(verdict)")
      }
      var candidates: [(events: [Event], label: String)] = [(valid, "generated")]
      for _ in 0..<3 {
        // A mutation of the whole trace, as recorded, judged on its projection.
        let (whole, wholeMutation) = mutator.mutate(trace)
        candidates.append((OrderingAcceptor.projection(of: whole), wholeMutation?.description ?? "none"))
        // A mutation of the projection itself, so every mutation hits a judged event.
        let (mutated, mutation) = mutator.mutate(valid)
        candidates.append(
          (OrderingAcceptor.projection(of: mutated), "projection, " + (mutation?.description ?? "none")))
      }
      for (events, label) in candidates {
        let comparison = OrderingAcceptor.compare(events)
        switch comparison.agrees {
        case true?:
          agreed += 1
          if comparison.machine != nil { violations += 1 }
        case nil: undefined += 1
        case false?:
          if Self.disagreement(events, context: "seed \(seed) trace \(round) (\(label))") { return }
        }
      }
    }
    // A dismissal of a stack leaves the subset (about half the default traces have one); everything
    // before it is still compared, so a trace counted as undefined was judged up to that point.
    #expect(
      agreed * 3 > agreed + undefined, "seed \(seed): the two agreed on \(agreed), undefined \(undefined)")
    // Since transitions recorded from the animator alone and observed from outside are legal, fewer
    // mutations break a trace (a dropped WillBegin or controller callback no longer does): a fifth, not a
    // quarter, of the judged traces carry a violation.
    #expect(
      violations > agreed / 5, "seed \(seed): only \(violations) of \(agreed) judged traces had a violation")
  }

  /// Traces saved by `replay fuzz` because the two judges disagreed carry `"check":"differential"`: their
  /// `expect` is the machine's opinion, so the two must also agree on them before the case is closed.
  static func isDifferential(_ header: TraceHeader?) -> Bool {
    header?.metadata.contains { $0.key == "check" && $0.value == .string("differential") } ?? false
  }

  /// The two judges on the lifecycle events of `text`.
  static func comparison(_ text: String) -> OrderingAcceptor.Comparison {
    OrderingAcceptor.compare(OrderingAcceptor.projection(of: FuzzSupport.decode(text).events))
  }

  /// Why the two judges do not agree on each text (none when they name the same first violation): a text
  /// marked `"check":"differential"` must be judged by both; any other may leave the acceptor's subset,
  /// but not disagree before it does.
  static func differentialProblems(_ files: [(path: String, text: String)]) -> [String] {
    files.compactMap { path, text in
      let comparison = comparison(text)
      switch comparison.agrees {
      case true?: return nil
      case nil where !isDifferential(FuzzSupport.decode(text).header): return nil
      case false?, nil: return "\(path): \(comparison.description)"
      }
    }
  }

  /// Every bundled trace (rule samples, near misses, sessions, regressions) through both judges.
  @Test func theJudgesAgreeOnEveryBundledTrace() throws {
    let files = try BundledTracesTests.traceFiles.map { path in
      let url = BundledTracesTests.tracesDirectory.appendingPathComponent(path)
      return (path: path, text: try String(contentsOf: url, encoding: .utf8))
    }
    let problems = Self.differentialProblems(files)
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    // Most of them lie inside the acceptor's subset (112 of 123 when this was written, 35 of those with a
    // violation), so the agreement above is not an empty one.
    let judged = files.map { Self.comparison($0.text) }.filter { $0.agrees == true }
    let violations = judged.filter { $0.machine != nil }.count
    #expect(
      judged.count * 2 > files.count && violations * 4 > judged.count,
      "of \(files.count) traces both judges judged \(judged.count), \(violations) with a violation")
  }

  @Test func aDifferentialTraceTheJudgesDoNotBothJudgeFails() {
    let marked = #"{"format":"presentation-trace","version":1,"expect":[],"check":"differential"}"#
    let unmarked = #"{"format":"presentation-trace","version":1,"expect":[]}"#
    // Dismissing p1 with p2 above it leaves the acceptor's subset: no agreement to show.
    let stack = """
      {"t":0,"id":"p1","event":"present"}
      {"t":0,"id":"p1","event":"presentationTransitionWillBegin"}
      {"t":0,"id":"p1","event":"presentationTransitionDidEnd","completed":true}
      {"t":0,"id":"p2","event":"present","presenter":"p1"}
      {"t":0,"id":"p2","event":"presentationTransitionWillBegin"}
      {"t":0,"id":"p2","event":"presentationTransitionDidEnd","completed":true}
      {"t":0,"id":"p1","event":"dismiss"}
      """
    let twice = """
      {"t":0,"id":"p1","event":"present"}
      {"t":0,"id":"p1","event":"present"}
      """
    let problems = Self.differentialProblems([
      ("stack", marked + "\n" + stack), ("unmarked", unmarked + "\n" + stack),
      ("twice", marked + "\n" + twice),
    ])
    #expect(problems.count == 1 && problems.first?.hasPrefix("stack: ") == true, "\(problems)")
  }

  /// The census kinds (`TraceCensus.Kind`: observed, animator-only, aborted, interruptible), mutated on their
  /// own (few other episodes, so every mutation lands near one): the two judges agree, and find violations
  /// there.
  @Test(arguments: [41, 42] as [UInt64])
  func theJudgesAgreeOnCensusKindsMutated(seed: UInt64) {
    var weights = GeneratorConfiguration.Weights(
      presentAnimated: 1, presentInteractiveFinish: 0, presentInteractiveCancel: 0, presentNonAnimated: 0,
      presentCallbacksOnly: 0, dismissAnimated: 1, dismissInteractiveFinish: 0, dismissInteractiveCancel: 0,
      dismissNonAnimated: 0, dismissCallbacksOnly: 0, dismissFromBelow: 0, sheetSwipe: 0,
      sheetSwipeCancelled: 0,
      sheetSwipeRefused: 1, rotation: 0, mark: 0)
    weights.presentObserved = 6
    var generator = TraceGenerator(
      seed: seed, configuration: GeneratorConfiguration(episodes: 16, roots: 2, weights: weights))
    var mutator = TraceMutator(seed: seed)
    var agreed = 0
    var violations: Set<Rule> = []
    for round in 0..<FuzzSupport.iterations(20) {
      let trace = generator.events()
      let valid = OrderingAcceptor.projection(of: trace)
      var candidates = [valid]
      for _ in 0..<4 { candidates.append(OrderingAcceptor.projection(of: mutator.mutate(valid).events)) }
      for events in candidates {
        let comparison = OrderingAcceptor.compare(events)
        if comparison.agrees == true {
          agreed += 1
          if let rule = comparison.machineRule { violations.insert(rule) }
        }
        if Self.disagreement(events, context: "seed \(seed) trace \(round) (census kinds)") { return }
      }
    }
    #expect(agreed > 30, "seed \(seed): the two agreed on \(agreed)")
    #expect(
      violations.isSuperset(of: [.eventOutOfPhase, .interactionAfterEnd, .unknownPresentation]),
      "seed \(seed): \(violations.map(\.rawValue).sorted())")
  }

  /// The acceptor's reading of each new kind, with the machine's beside it.
  @Test(
    arguments: [
      // Observed from outside: a page sheet presented, swiped and reverted, swiped and dismissed.
      (
        """
        present p1 root pageSheet; viewWillAppear p1; viewIsAppearing p1; viewDidAppear p1; completion p1;
        viewWillDisappear p1; viewWillAppear p1; viewDidAppear p1; presentationControllerWillDismiss p1;
        viewWillDisappear p1; viewDidDisappear p1
        """, OrderingAcceptor.Verdict.clean
      ),
      // An alert over a sheet that is still dismissing.
      (
        "present p1 root pageSheet; viewWillAppear p1; viewDidAppear p1; dismiss p1; viewWillDisappear p1; "
          + "present p2 root alert", .violation(at: 5)
      ),
      // A refused swipe only while presented and idle.
      (
        "present p1 root pageSheet; viewWillAppear p1; presentationControllerDidAttemptToDismiss p1",
        .violation(at: 2)
      ),
      // Animator-only: begun by the animator, ended by completeTransition; not ended, no dismiss.
      (
        "present p1 root custom; animateTransition p1; completeTransition(true) p1; animationEnded(true) p1; "
          + "dismiss p1; viewWillDisappear p1; animateTransition p1; completeTransition(true) p1; completion p1",
        .clean
      ),
      ("present p1 root custom; animateTransition p1; dismiss p1", .violation(at: 2)),
      // An abort is a legal cancel, its completion too; the id may be presented again.
      (
        "present p1 root custom; animateTransition p1; completeTransition(false) p1; completion p1; "
          + "present p1 root custom; animateTransition p1; completeTransition(true) p1", .clean
      ),
      // A catch of an interruptible transition, and of one that is not.
      (
        "present p1 root custom; startInteractiveTransition p1; interruptibleAnimator p1; update(0.3) p1; "
          + "finishInteractiveTransition p1; pauseInteractiveTransition p1; update(0.1) p1; "
          + "cancelInteractiveTransition p1; completeTransition(false) p1; completion p1", .clean
      ),
      (
        "present p1 root custom; startInteractiveTransition p1; update(0.3) p1; finishInteractiveTransition p1; "
          + "pauseInteractiveTransition p1", .violation(at: 4)
      ),
      // Self-running: runs out with an interruptible animator; the contract leaves a frozen one open.
      (
        "present p1 root custom; startInteractiveTransition(false) p1; interruptibleAnimator p1; "
          + "completeTransition(true) p1", .clean
      ),
      (
        "present p1 root custom; startInteractiveTransition(false) p1; completeTransition(true) p1",
        .undefined(at: 2, "")
      ),
      // Still interactive with the default wantsInteractiveStart: out of phase.
      (
        "present p1 root custom; startInteractiveTransition p1; completeTransition(true) p1",
        .violation(at: 2)
      ),
      // completeTransition(true) after a cancel.
      (
        "present p1 root custom; startInteractiveTransition p1; cancelInteractiveTransition p1; "
          + "completeTransition(true) p1", .violation(at: 3)
      ),
    ] as [(String, OrderingAcceptor.Verdict)])
  func theAcceptorReadsTheCensusKinds(script: String, expected: OrderingAcceptor.Verdict) {
    let events = Self.events(script)
    let comparison = OrderingAcceptor.compare(OrderingAcceptor.projection(of: events))
    switch (comparison.acceptor, expected) {
    case (.undefined(let at, _), .undefined(let expectedAt, _)):
      #expect(at == expectedAt, "\(script): \(comparison.description)")
    case (.clean, _), (.violation, _), (.undefined, _):
      #expect(comparison.acceptor == expected, "\(script): \(comparison.description)")
      #expect(comparison.agrees == true, "\(script): \(comparison.description)")
    }
  }

  /// Events from a short script: `KIND ID [PRESENTER STYLE]`, `KIND(true|false) ID`, `update(P) ID`,
  /// `startInteractiveTransition(false) ID`, separated by `;`.
  static func events(_ script: String) -> [Event] {
    script.split(separator: ";").compactMap { item in
      let words = item.split(whereSeparator: \.isWhitespace).map(String.init)
      guard words.count >= 2 else { return nil }
      var name = words[0]
      var argument: String?
      if let open = name.firstIndex(of: "("), name.hasSuffix(")") {
        argument = String(name[name.index(after: open)..<name.index(before: name.endIndex)])
        name = String(name[..<open])
      }
      let alias = name == "update" ? "updateInteractiveTransition" : name
      guard let kind = EventKind(rawValue: alias) else { return nil }
      var payload = Payload()
      if kind == .present {
        payload.presenter = words.count > 2 ? words[2] : "root"
        payload.style = words.count > 3 ? words[3] : nil
      }
      if kind == .completeTransition { payload.didComplete = argument != "false" }
      if [.animationEnded, .presentationTransitionDidEnd, .dismissalTransitionDidEnd].contains(kind) {
        payload.completed = argument != "false"
      }
      if kind == .updateInteractiveTransition { payload.percent = argument.flatMap(Double.init) ?? 0.5 }
      if [.animateTransition, .interruptibleAnimator, .startInteractiveTransition].contains(kind) {
        payload.duration = 0.3
      }
      if kind == .startInteractiveTransition, argument == "false" { payload.wantsInteractiveStart = false }
      return Event(t: 0, id: words[1], kind: kind, payload: payload)
    }
  }

  @Test func comparisonNamesTheFirstViolation() {
    let events = [
      Event(t: 0, id: "p1", kind: .present),
      Event(t: 0, id: "p1", kind: .presentationTransitionWillBegin),
      Event(t: 0, id: "p1", kind: .completion),
      Event(t: 0, id: "p1", kind: .completeTransition, payload: Payload(didComplete: true)),
    ]
    let comparison = OrderingAcceptor.compare(OrderingAcceptor.projection(of: events))
    #expect(comparison.machine == 2)
    #expect(comparison.acceptor == .violation(at: 2))
    #expect(comparison.agrees == true)
    var wrong = comparison
    wrong.acceptor = .violation(at: 3)
    #expect(wrong.agrees == false)
    wrong.acceptor = .undefined(at: 3, "beyond")
    #expect(wrong.agrees == false, "the acceptor accepted the machine's violation before leaving its subset")
    wrong.acceptor = .undefined(at: 1, "before")
    #expect(wrong.agrees == nil)
  }
}
