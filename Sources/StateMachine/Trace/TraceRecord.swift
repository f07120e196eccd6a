/// One thing the trace reader found on a line: the header, an event, an input error, or a note.
///
/// ```swift
/// for record in TraceReader(bytes: data) {
///   if case .event(let event, let line) = record { print(line, event.kind) }
/// }
/// ```
public enum TraceRecord: Sendable, Equatable {
  /// The header, which only a trace's first non-blank line can be: the format's version, `expect`,
  /// `ignore` and metadata.
  case header(TraceHeader, line: Int)
  /// An event and its line, the line every finding about it cites.
  case event(Event, line: Int)
  /// A line that could not be read: the audit skips it and reports it.
  case inputError(InputError)
  /// Something worth saying about a line that is not an error.
  case note(Note)
  /// A line with an event name the format does not define (an app's own mark): skipped, but its `t`
  /// still advances the trace's clock. `note` is set the first time the name appears.
  case skippedEvent(name: String, t: Double, id: String, line: Int, note: Note?)
}
