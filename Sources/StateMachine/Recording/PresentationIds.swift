/// The ids of the objects a `PresentationRecorder` has seen: one id per object for its lifetime, derived
/// from its type and never given to another object.
///
/// ```swift
/// let ids = PresentationIds()
/// ids.id(of: cardController)   // "CardViewController#1"
/// ids.id(of: cardController)   // "CardViewController#1" again: the same object, the same id
/// ```
///
/// Objects are held weakly and keyed by `ObjectIdentifier`; an identifier whose object is gone (its address
/// reused by a new object) is a new object with a new id. The default id is the type's name and a per-type
/// ordinal, so it never holds user content (titles, model values). `naming` may propose another id for an
/// object when it is first seen; a proposal already given to another object, alive or not, gets a `#2`, `#3`
/// suffix, because a trace cannot tell two objects apart that shared an id (and so does a proposal that
/// names a root, which only `registerRoot` gives). Every id ever issued is kept (a few bytes each) so that
/// none is issued twice.
package final class PresentationIds: Sendable {
  /// A weak reference to a registered object and the id it was given.
  private struct Entry {
    weak var object: AnyObject?
    let id: String
  }

  private struct State {
    var entries: [ObjectIdentifier: Entry] = [:]
    var roots: [ObjectIdentifier: Entry] = [:]
    var ordinals: [String: Int] = [:]
    var issued: Set<String> = []
    /// Entry count after which dead entries are swept, doubled after each sweep that keeps most.
    var sweepAt = 64
  }

  private let state = LockedState(State())
  private let naming: (@Sendable (AnyObject) -> String?)?

  /// A registry deriving ids from types, or from `naming` where it returns a non-empty name.
  ///
  /// ```swift
  /// let ids = PresentationIds { ($0 as? Screen)?.screenName }
  /// ```
  package init(naming: (@Sendable (AnyObject) -> String?)? = nil) {
    self.naming = naming
  }

  /// The id of `object`: a root's name if it was registered as a root, else the id given to it when it
  /// was first seen.
  package func id(of object: AnyObject) -> String {
    let key = ObjectIdentifier(object)
    if let known = state.withLock({ state in Self.live(key, object, in: state) }) { return known }
    // The naming closure runs outside the lock: it is app code and may call back into the registry.
    let proposal = naming?(object).flatMap { $0.isEmpty ? nil : $0 }
    let typeName = String(describing: type(of: object))
    return state.withLock { state in
      if let known = Self.live(key, object, in: &state) { return known }
      let id: String
      if let proposal {
        id = Self.unique(proposal, in: &state)
      } else {
        var ordinal = state.ordinals[typeName, default: 0]
        var candidate: String
        repeat {
          ordinal += 1
          candidate = "\(typeName)#\(ordinal)"
        } while state.issued.contains(candidate)
        state.ordinals[typeName] = ordinal
        id = candidate
      }
      state.issued.insert(id)
      state.entries[key] = Entry(object: object, id: id)
      Self.sweepIfDue(&state)
      return id
    }
  }

  /// Whether `object` was registered as a root (`registerRoot`) and is still alive.
  package func isRoot(_ object: AnyObject) -> Bool {
    let key = ObjectIdentifier(object)
    return state.withLock { state in state.roots[key].map { $0.object === object } ?? false }
  }

  /// Registers `object` as the root of a window scene: its id is `"root"`, or `"root:SCENE"` for one
  /// scene of several, as trace format v1 names roots.
  ///
  /// ```swift
  /// ids.registerRoot(window.rootViewController!, scene: nil)   // "root"
  /// ```
  @discardableResult
  package func registerRoot(_ object: AnyObject, scene: String? = nil) -> String {
    let id = scene.map { $0.isEmpty ? "root" : "root:\($0)" } ?? "root"
    let key = ObjectIdentifier(object)
    state.withLock { state in state.roots[key] = Entry(object: object, id: id) }
    return id
  }

  /// The id already given to the live object at `key`, if any (a root's name first).
  private static func live(_ key: ObjectIdentifier, _ object: AnyObject, in state: State) -> String? {
    if let root = state.roots[key], root.object === object { return root.id }
    if let entry = state.entries[key], entry.object === object { return entry.id }
    return nil
  }

  private static func live(_ key: ObjectIdentifier, _ object: AnyObject, in state: inout State) -> String? {
    live(key, object, in: state)
  }

  /// `proposal`, or `proposal#2`, `#3`, … if it was issued before or names a root (`root`, `root:NAME`):
  /// a presentation named like a root would be read as one.
  private static func unique(_ proposal: String, in state: inout State) -> String {
    let namesRoot = proposal == "root" || proposal.hasPrefix("root:")
    guard state.issued.contains(proposal) || namesRoot else { return proposal }
    var suffix = 2
    while state.issued.contains("\(proposal)#\(suffix)") { suffix += 1 }
    return "\(proposal)#\(suffix)"
  }

  /// Drops the entries of deallocated objects once the table has grown, so a long session that creates
  /// many view controllers keeps only the live ones (their ids stay in `issued`).
  private static func sweepIfDue(_ state: inout State) {
    guard state.entries.count >= state.sweepAt else { return }
    state.entries = state.entries.filter { $0.value.object != nil }
    state.roots = state.roots.filter { $0.value.object != nil }
    state.sweepAt = max(64, state.entries.count * 2)
  }
}
