/// Values keyed by objects the table holds weakly: an entry whose object is gone (its address maybe
/// reused by a new object) is never returned, and dead entries are swept as the table grows.
///
/// ```swift
/// var animators = WeakTable<TransitionLink>()
/// animators[animator] = link
/// animators[animator]  // link, while `animator` lives
/// ```
struct WeakTable<Value> {
  private struct Entry {
    weak var object: AnyObject?
    var value: Value
  }

  private var entries: [ObjectIdentifier: Entry] = [:]
  /// Entry count after which dead entries are swept, doubled after a sweep that keeps most.
  private var sweepAt = 64

  var count: Int { entries.count }

  subscript(object: AnyObject) -> Value? {
    get {
      guard let entry = entries[ObjectIdentifier(object)], entry.object === object else { return nil }
      return entry.value
    }
    set {
      let key = ObjectIdentifier(object)
      guard let newValue else {
        entries[key] = nil
        return
      }
      entries[key] = Entry(object: object, value: newValue)
      if entries.count >= sweepAt {
        entries = entries.filter { $0.value.object != nil }
        sweepAt = max(64, entries.count * 2)
      }
    }
  }

  func contains(_ object: AnyObject) -> Bool { self[object] != nil }

  /// The objects still alive.
  var objects: [AnyObject] { entries.values.compactMap(\.object) }

  /// Removes every entry whose value matches `predicate`.
  mutating func removeAll(where predicate: (Value) -> Bool) {
    entries = entries.filter { !predicate($0.value.value) }
  }
}
