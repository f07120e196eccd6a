import Foundation
import Testing

@testable import PresentationStateMachine

// Traces for the audit and rule tests, written inline or bundled under `traces/`: every suite that audits
// one uses these, so one spelling of each event, and one way to find a bundled trace, serves them all.

/// Audits a trace given as lines of JSON (no header) and returns its findings sorted by line.
///
/// A line the audit would pass over fails the calling test: an unknown event name (a misspelt one is
/// skipped as an app's own mark), a bad line, any note. Skipped, the event a near miss meant would be
/// missing, and the near miss could pass for the wrong reason.
func audit(_ lines: [String], grace: Double = 2, sourceLocation: SourceLocation = #_sourceLocation)
  -> [Finding]
{
  audit(lines, AuditConfiguration(grace: grace), sourceLocation: sourceLocation)
}

/// Audits a trace given as lines of JSON (no header) with `configuration`; a line the audit would pass
/// over fails the calling test, as for `audit(_:grace:)`.
func audit(
  _ lines: [String], _ configuration: AuditConfiguration, sourceLocation: SourceLocation = #_sourceLocation
) -> [Finding] {
  var trace = TraceAudit(path: "inline", configuration: configuration)
  for record in TraceReader(bytes: Array(lines.joined(separator: "\n").utf8)) {
    switch record {
    case .skippedEvent(let name, _, _, let line, _):
      Issue.record(
        "line \(line): unknown event \"\(name)\" would be skipped; name only events the format defines",
        sourceLocation: sourceLocation)
    case .inputError(let error):
      Issue.record("line \(error.line): input error: \(error.message)", sourceLocation: sourceLocation)
    case .note(let note):
      Issue.record("line \(note.line): note: \(note.message)", sourceLocation: sourceLocation)
    case .header, .event:
      break
    }
    trace.feed(record)
  }
  return trace.finish().findings
}

/// One line of trace JSON.
func line(_ t: Double, _ id: String, _ event: String, _ payload: String = "") -> String {
  #"{"t":\#(t),"id":"\#(id)","event":"\#(event)"\#(payload.isEmpty ? "" : "," + payload)}"#
}

/// A complete animated presentation of `id` from `presenter`, starting at `t`.
func presentation(_ id: String, at t: Double, from presenter: String = "root", duration: Double = 0.3)
  -> [String]
{
  [
    line(t, id, "present", #""presenter":"\#(presenter)""#),
    line(t + 0.001, id, "presentationTransitionWillBegin"),
    line(t + 0.002, id, "animateTransition", #""duration":\#(duration)"#),
    line(t + 0.002 + duration, id, "completeTransition", #""didComplete":true"#),
    line(t + 0.002 + duration, id, "presentationTransitionDidEnd", #""completed":true"#),
  ]
}

/// A complete animated dismissal of `id`, starting at `t`.
func dismissal(_ id: String, at t: Double, duration: Double = 0.3) -> [String] {
  [
    line(t, id, "dismiss"),
    line(t + 0.001, id, "dismissalTransitionWillBegin"),
    line(t + 0.002, id, "animateTransition", #""duration":\#(duration)"#),
    line(t + 0.002 + duration, id, "completeTransition", #""didComplete":true"#),
    line(t + 0.002 + duration, id, "dismissalTransitionDidEnd", #""completed":true"#),
  ]
}

/// An interactive dismissal of `id` starting at `t`: one update to `percent`, then a finish (or a cancel),
/// and `completeTransition` with its `*DidEnd` after UIKit's remaining time, or `completingAfter` seconds.
///
/// ```swift
/// interactiveDismissal("card", at: 2, to: 0.3, finishing: false)  // 7 lines, the last DidEnd(false)
/// ```
func interactiveDismissal(
  _ id: String, at t: Double, to percent: Double, finishing: Bool, duration: Double = 0.4,
  completionSpeed: Double = 1, completingAfter: Double? = nil
) -> [String] {
  let remaining = (finishing ? 1 - percent : percent) * duration / completionSpeed
  let completeT = t + 0.2 + (completingAfter ?? remaining)
  return [
    line(t, id, "dismiss"),
    line(t + 0.001, id, "dismissalTransitionWillBegin"),
    line(t + 0.002, id, "startInteractiveTransition", #""duration":\#(duration)"#),
    line(t + 0.1, id, "updateInteractiveTransition", #""percent":\#(percent)"#),
    line(
      t + 0.2, id, finishing ? "finishInteractiveTransition" : "cancelInteractiveTransition",
      #""completionSpeed":\#(completionSpeed)"#),
    line(completeT, id, "completeTransition", #""didComplete":\#(finishing)"#),
    line(completeT, id, "dismissalTransitionDidEnd", #""completed":\#(finishing)"#),
  ]
}

func summary(_ findings: [Finding]) -> [String] { findings.map { "\($0.line) \($0.id) \($0.rule.rawValue)" } }

/// The findings of the bundled trace at `relative`, a path under `traces/` (`"rules/layout-hitch.jsonl"`).
func bundledFindings(_ relative: String, _ configuration: AuditConfiguration = AuditConfiguration())
  -> [Finding]
{
  FileReport.audit(
    path: BundledTracesTests.tracesDirectory.appendingPathComponent(relative).path,
    configuration: configuration
  ).findings
}

/// The rule ids of the findings of the bundled trace at `relative`, sorted, each once.
func bundledRuleIDs(_ relative: String, _ configuration: AuditConfiguration = AuditConfiguration())
  -> [String]
{
  FileReport.audit(
    path: BundledTracesTests.tracesDirectory.appendingPathComponent(relative).path,
    configuration: configuration
  ).ruleIDs
}
