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
  case note(TraceNote)
}
