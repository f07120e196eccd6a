/// One thing the trace reader found on a line: the header, an event, an input error, or a note.
///
/// ```swift
/// for record in TraceReader(bytes: data) {
///   if case .event(let event, let line) = record { print(line, event.kind) }
/// }
/// ```
public enum TraceRecord: Sendable, Equatable {
  case header(TraceHeader, line: Int)
  case event(Event, line: Int)
  case inputError(InputError)
  case note(Note)
  /// A line with an event name the format does not define (an app's own mark): skipped, but its `t`
  /// still advances the trace's clock. `note` is set the first time the name appears.
  case skippedEvent(name: String, t: Double, id: String, line: Int, note: Note?)
}
