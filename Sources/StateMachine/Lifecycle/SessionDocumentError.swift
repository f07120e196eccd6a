/// Why a session's document cannot be one a session wrote: it contradicts itself, as only an edit can make
/// it. A snapshot holding it is refused as edited (`AuditSnapshot`), in the words of the other checks.
///
/// ```swift
/// // {"lifecycles": {"card": {"id": "sheet", "phase": 10, …}}, …}
/// SessionDocumentError(reason: "the presentation filed as card is named sheet")
/// ```
///
/// A lifecycle in the absent phase is not read at all (a session holds none), so its id is not checked.
struct SessionDocumentError: Error, Sendable, Equatable {
  /// What the document says against itself.
  let reason: String
}
