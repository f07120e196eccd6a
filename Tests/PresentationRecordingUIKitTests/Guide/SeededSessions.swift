import PresentationStateMachine
import Testing

/// Feeds the session generated from `seed` through `deliver`, the app's code under test; when what it
/// delivers audits otherwise than what went in, shrinks the session to the events that show it and fails
/// the calling test, naming the seed.
func expectDeliveredIntact(
  seed: UInt64, sourceLocation: SourceLocation = #_sourceLocation, through deliver: ([Event]) -> [Event]
) {
  var generator = TraceGenerator(seed: seed)
  let session = generator.events()
  func changesTheAudit(_ events: [Event]) -> Bool {
    TraceAudit.findings(of: deliver(events)) != TraceAudit.findings(of: events)
  }
  guard changesTheAudit(session) else { return }
  let shrunk = TraceWriter.trace(
    header: generator.header(), events: TraceShrinker.shrink(session, keeping: changesTheAudit))
  Issue.record(
    "seed \(seed): delivered, the session audits otherwise; shrunk, these events still do:\n\(shrunk)",
    sourceLocation: sourceLocation)
}

@Test(arguments: 1...10 as ClosedRange<UInt64>)
func theUploadQueueDeliversGeneratedSessionsIntact(seed: UInt64) {
  expectDeliveredIntact(seed: seed) { events in
    var queue = UploadQueue(batchSize: 16)
    return events.flatMap { queue.append($0) } + queue.flush()
  }
}

// Not in the article: a queue that sends each batch newest first is caught, shrunk, and named by its seed.
@Test func aQueueThatReordersABatchFailsNamingTheSeed() {
  withKnownIssue {
    expectDeliveredIntact(seed: 3) { events in
      var queue = UploadQueue(batchSize: 16)
      return events.flatMap { queue.append($0).reversed() } + queue.flush().reversed()
    }
  } matching: { issue in
    issue.comments.contains { $0.rawValue.hasPrefix("seed 3: ") }
  }
}
