/// The unknown event names a trace noted, each once, and the note for a name seen for the first time: the
/// one policy of the reader's decoder (names of its own run) and the audit's driver (names a resumed
/// snapshot noted too).
///
/// ```swift
/// var notes = UnknownEventNotes()
/// notes.note(for: "didTapCard", line: 7)?.message  // "unknown event \"didTapCard\" skipped (reported once per name)"
/// notes.note(for: "didTapCard", line: 9)           // nil: noted before
/// ```
///
/// Up to `limit` names, each spelt by at most its first `notedNameLength` Unicode scalars
/// (<doc:TraceFormat#Overview>); the first name past the limit gets the note that says later names go
/// unnoted, and none gets one after it, so a trace of a new name on every line keeps no more than that.
package struct UnknownEventNotes: Sendable {
  /// The most unknown event names noted in one trace: without it a trace of a new name on every line kept
  /// a note and a name per line (a 62 MB trace of 1.5 million names took `replay stats` to 281 MB), where
  /// every other command holds only what is in flight.
  package static let limit = 100
  /// The most Unicode scalars of a name a note spells, and tells names apart by: a name may be as long as
  /// a line (16 MiB), and a note of it would be kept whole.
  package static let notedNameLength = 100

  /// The names noted, as `notedName` spells them (a snapshot keeps them).
  package private(set) var names: Set<String>

  package init(names: Set<String> = []) { self.names = names }

  /// The note of `name` at `line` when the name was not noted before and no more than the limit were;
  /// the one that says later names go unnoted for the first name past it; else `nil`.
  package mutating func note(for name: String, line: Int) -> TraceNote? {
    guard names.count <= Self.limit else { return nil }
    let noted = Self.notedName(name)
    guard names.insert(noted).inserted else { return nil }
    guard names.count > Self.limit else {
      return TraceNote(line: line, message: "unknown event \"\(noted)\" skipped (reported once per name)")
    }
    return TraceNote(
      line: line,
      message: "unknown event \"\(noted)\" skipped; more than \(Self.limit) unknown event names in this "
        + "trace, so later ones are skipped without a note")
  }

  /// `name` as a note spells it: its first `notedNameLength` Unicode scalars, and "…" when it is longer.
  /// Scalars, not characters: one character may be a letter and any number of combining marks, and a name
  /// of a few such characters could be megabytes long (at most 4 bytes a scalar, so 400 bytes a name).
  package static func notedName(_ name: String) -> String {
    // Its bytes first: as many bytes are at least as many scalars, and most names are short.
    guard name.utf8.count > notedNameLength else { return name }
    let scalars = name.unicodeScalars
    guard let end = scalars.index(scalars.startIndex, offsetBy: notedNameLength, limitedBy: scalars.endIndex),
      end != scalars.endIndex
    else { return name }
    return String(scalars[..<end]) + "…"
  }
}
