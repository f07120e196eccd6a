/// A line the reader could not turn into an event, with where and why.
///
/// ```swift
/// InputError(line: 3, column: 5, message: "expected ',' or '}'")
/// ```
///
/// Input errors are about the file, not the app: the audit reports them and goes on with the next line.
public struct InputError: Error, Sendable, Equatable, Hashable {
  /// The line, counted from 1, to open the file at.
  public var line: Int
  /// The column, counted from 1 in bytes, where the line stopped making sense.
  public var column: Int
  /// What was wrong and what was expected there.
  public var message: String

  /// An input error at `line` and `column`, as the reader reports one.
  public init(line: Int, column: Int, message: String) {
    self.line = line
    self.column = column
    self.message = message
  }
}

extension TraceRecord {
  /// Something the reader noticed that is not an error, such as an event name it does not know.
  ///
  /// ```swift
  /// TraceRecord.Note(line: 7, message: "unknown event \"didTapCard\" skipped (reported once)")
  /// ```
  public struct Note: Sendable, Equatable, Hashable {
    /// The line the note is about, counted from 1.
    public var line: Int
    /// What the reader noticed, in words.
    public var message: String

    /// A note about `line`, as the reader writes one.
    public init(line: Int, message: String) {
      self.line = line
      self.message = message
    }
  }
}

/// `TraceRecord.Note` as the package's own code names it; users write `TraceRecord.Note`.
package typealias TraceNote = TraceRecord.Note
