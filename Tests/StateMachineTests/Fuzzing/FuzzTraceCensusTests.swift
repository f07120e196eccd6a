import Foundation
import Testing

@testable import PresentationStateMachine

/// `TraceCensus` counts its kinds from a trace's events as the contract reads them, and expects a
/// `transition-aborted` exactly where the machine reports one.
@Suite struct FuzzTraceCensusTests {
  static func census(ofBundled path: String) throws -> (census: TraceCensus, header: TraceHeader?) {
    let url = BundledTracesTests.tracesDirectory.appendingPathComponent(path)
    let decoded = FuzzSupport.decode(try String(contentsOf: url, encoding: .utf8))
    return (TraceCensus(events: decoded.events), decoded.header)
  }

  static func counts(_ census: TraceCensus) -> [TraceCensus.Kind: Int] {
    Dictionary(uniqueKeysWithValues: TraceCensus.Kind.allCases.map { ($0, census[$0]) })
  }

  static func only(_ counts: [TraceCensus.Kind: Int]) -> [TraceCensus.Kind: Int] {
    Dictionary(uniqueKeysWithValues: TraceCensus.Kind.allCases.map { ($0, counts[$0] ?? 0) })
  }

  @Test(
    arguments: [
      (
        "valid/system-sheet-swipe-dismissed.jsonl",
        [.observedPresentation: 1, .observedSwipe: 1, .viewIsAppearing: 1]
      ),
      ("valid/interruptible-dismiss-caught-and-reversed.jsonl", [.interruptibleCatch: 1]),
      ("valid/self-running-menu-wants-interactive-start-false.jsonl", [.selfRunning: 1]),
      ("valid/animator-only-present-dismiss.jsonl", [.animatorOnly: 2]),
      ("valid/interactive-dismiss-cancelled-completion-runs.jsonl", [:]),
      ("rules/transition-aborted.jsonl", [.abort: 1, .animatorOnly: 2]),
    ] as [(String, [TraceCensus.Kind: Int])])
  func theBundledRecordingsOfTheCensusKindsAreCountedAsTheyRead(
    path: String, expected: [TraceCensus.Kind: Int]
  )
    throws
  {
    let (census, header) = try Self.census(ofBundled: path)
    #expect(Self.counts(census) == Self.only(expected), "\(path): \(census.summary)")
    // The header's expect (written with the header on line 1) is what the census expects.
    let expect = census.expectedFindings(firstLine: 2).map(\.description)
    #expect(expect == header?.expect, "\(path): \(expect)")
  }

  @Test func aSwipeIsCountedByHowItEndsAndOnlyOnAPresentationObservedFromOutside() {
    func event(_ id: String, _ kind: EventKind, _ payload: Payload = Payload()) -> Event {
      Event(t: 0, id: id, kind: kind, payload: payload)
    }
    let events = [
      // An observed sheet: a swipe with no adaptive delegate that reverts, then one that dismisses it.
      event("sheet", .present, Payload(presenter: "root", style: "pageSheet")),
      event("sheet", .viewWillAppear), event("sheet", .viewDidAppear),
      event("sheet", .presentationControllerDidAttemptToDismiss),
      event("sheet", .viewWillDisappear), event("sheet", .viewWillAppear), event("sheet", .viewDidAppear),
      event("sheet", .presentationControllerWillDismiss), event("sheet", .viewWillDisappear),
      event("sheet", .viewDidDisappear),
      // A custom full-screen presentation: its presenter's appearance is no swipe, and a refused swipe of
      // a sheet the app owns is not one observed from outside.
      event("card", .present, Payload(presenter: "root", style: "custom")),
      event("card", .presentationTransitionWillBegin),
      event("card", .presentationTransitionDidEnd, Payload(completed: true)),
      event("cover", .present, Payload(presenter: "card", style: "fullScreen")),
      event("card", .viewWillDisappear), event("cover", .viewWillAppear), event("cover", .viewDidAppear),
      event("card", .viewDidDisappear),
      event("card", .presentationControllerDidAttemptToDismiss),
    ]
    let census = TraceCensus(events: events)
    #expect(census[.observedPresentation] == 2, "\(census.summary)")
    #expect(census[.observedSwipe] == 3, "\(census.summary)")
    #expect(census.swipes == TraceCensus.Swipes(dismissed: 1, reverted: 1, refused: 1), "\(census.summary)")
  }

  @Test func abortsAreWhereTheMachineReportsTransitionAbortedAndNowhereElse() {
    var generator = TraceGenerator(seed: 31)
    var aborts = 0
    for round in 0..<FuzzSupport.iterations(10) {
      let events = generator.events()
      let census = TraceCensus(events: events)
      let reported = TraceAudit.findings(of: events).filter { $0.rule == .transitionAborted }
      #expect(
        reported.map { ExpectEntry(rule: $0.rule, line: $0.line) }.sorted()
          == census.expectedFindings().sorted(),
        "seed 31 trace \(round)")
      aborts += census[.abort]
      // Counted from the events: every viewIsAppearing line, no more.
      #expect(
        census[.viewIsAppearing] == events.count { $0.kind == .viewIsAppearing }, "seed 31 trace \(round)")
    }
    #expect(aborts > 0, "seed 31: no abort in the traces")
  }

  @Test func addingCensusesSumsTheirCounts() {
    var generator = TraceGenerator(seed: 32)
    let first = TraceCensus(events: generator.events())
    let second = TraceCensus(events: generator.events())
    var total = TraceCensus()
    total.add(first)
    total.add(second)
    for kind in TraceCensus.Kind.allCases { #expect(total[kind] == first[kind] + second[kind], "\(kind)") }
    #expect(total.swipes.dismissed == first.swipes.dismissed + second.swipes.dismissed)
    #expect(total.aborts.isEmpty, "abort positions belong to one trace")
  }
}
