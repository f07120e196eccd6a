/// A presentation (or a root) the session holds, named by where it keeps it: its slot, and the slot's
/// generation, so that a reference kept after the id was forgotten reads as "not held" instead of naming
/// whichever id the slot holds next.
///
/// ```swift
/// let ref = storage.ref(ofSlot: 3)
/// storage.slot(of: ref) // 3, until slot 3 is given back
/// ```
struct PresentationRef: Sendable, Hashable {
  var slot: Int32
  var generation: UInt32
}

/// Who presents a presentation: a window scene's root (`"root"` or `"root:NAME"`, always present, so named
/// by its id: the session keeps a slot for a root while it presents something, and for up to 64 idle
/// roots), or another presentation. Decided once, when the presentation joins a stack.
///
/// ```swift
/// switch presenter { case .root(let root): …; case .presentation(let ref): … }
/// ```
enum PresenterRef: Sendable, Hashable {
  case root(String)
  case presentation(PresentationRef)
}
