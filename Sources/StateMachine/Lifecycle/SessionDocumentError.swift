/// Why a session's document cannot be one a session wrote: it contradicts itself, as only an edit can make
/// it. A snapshot holding it is refused as edited (`AuditSnapshot`), in the words of the other checks.
///
/// ```swift
/// // {"lifecycles": {"card": {"id": "sheet", "phase": "presented", …}}, …}
/// SessionDocumentError(reason: "the presentation filed as card is named sheet")
/// ```
struct SessionDocumentError: Error, Sendable, Equatable {
  /// What the document says against itself.
  let reason: String
}
