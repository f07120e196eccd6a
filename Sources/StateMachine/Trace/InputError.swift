/// A line the reader could not turn into an event, with where and why.
///
/// ```swift
/// InputError(line: 3, column: 5, message: "expected ',' or '}'")
/// ```
///
/// Input errors are about the file, not the app: the audit reports them and goes on with the next line.
public struct InputError: Error, Sendable, Equatable, Hashable {
  public var line: Int
  public var column: Int
  public var message: String

  public init(line: Int, column: Int, message: String) {
    self.line = line
    self.column = column
    self.message = message
  }
}

/// Something the reader noticed that is not an error, such as an event name it does not know.
///
/// ```swift
/// TraceNote(line: 7, message: "unknown event \"didTapCard\" skipped (reported once)")
/// ```
public struct TraceNote: Sendable, Equatable, Hashable {
  public var line: Int
  public var message: String

  public init(line: Int, message: String) {
    self.line = line
    self.message = message
  }
}
