import PresentationStateMachine

/// Helpers shared by the fuzzing tests: the findings a census does not expect, and text read back.
enum FuzzSupport {
  /// The findings of an audit of `events` that its census does not expect: anything but the
  /// `transition-aborted` warning on each abort the events show (rendered for a failure message).
  static func unexpectedFindings(_ events: [Event]) -> [String] {
    let expected = TraceCensus(events: events).expectedFindings()
    let findings = TraceAudit.findings(of: events)
    let unexpected = findings.filter { finding in !expected.contains { $0.matches(finding) } }
    let unreported = expected.filter { entry in !findings.contains(where: entry.matches) }
    return unexpected.map { "\($0.line) [\($0.rule.rawValue)] \($0.message)" }
      + unreported.map { "\($0.description) expected, not reported" }
  }

  /// The events of `text`, and whether anything else (input errors) was read.
  static func decode(_ text: String) -> (header: TraceHeader?, events: [Event], problems: Int) {
    var header: TraceHeader?
    var events: [Event] = []
    var problems = 0
    for record in TraceReader(bytes: Array(text.utf8)) {
      switch record {
      case .header(let value, _): header = value
      case .event(let event, _): events.append(event)
      case .inputError, .skippedEvent: problems += 1
      case .note: break
      }
    }
    return (header, events, problems)
  }

  /// How many iterations a property runs: `fallback`, or `REPLAY_FUZZ_ITERATIONS` when set.
  static func iterations(_ fallback: Int) -> Int {
    guard let text = FuzzEnvironment.value("REPLAY_FUZZ_ITERATIONS"), let value = Int(text), value > 0
    else { return fallback }
    return value
  }
}
